"""Builders for the tournament formats' tests: entries, times and finished games."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from tournaments.formats import Entry, Format, Game, Settings

START = datetime(2025, 6, 1, 18, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    """``minutes`` after :data:`START`."""
    return START + timedelta(minutes=minutes)


def arena(minutes: int = 60, table_size: int = 2) -> Settings:
    return Settings(
        format=Format.ARENA, starts_at=START, ends_at=at(minutes), table_size=table_size
    )


def swiss(rounds: int, table_size: int = 2) -> Settings:
    return Settings(format=Format.SWISS, rounds=rounds, table_size=table_size)


def entries(*ratings: float, first: int = 1) -> list[Entry]:
    """Players ``first, first + 1, ...`` with these ratings, joined in that order."""
    return [Entry(player=first + i, rating=rating, joined=i) for i, rating in enumerate(ratings)]


def win(winner: int, loser: int, *, round: int = 0, minute: float = 1.0, **kw) -> Game:
    return Game.decided(
        round=round, players=(winner, loser), winner=winner, ended_at=at(minute), **kw
    )


def draw(a: int, b: int, *, round: int = 0, minute: float = 1.0) -> Game:
    return Game.decided(round=round, players=(a, b), winner=None, ended_at=at(minute))


def sequence(player: int, results: str, *, start_minute: float = 1.0) -> list[Game]:
    """``player``'s games from a string of W, D, L and C (won: the other conceded at once),
    one a minute against fresh opponents 1000, 1001, ..."""
    games: list[Game] = []
    for i, result in enumerate(results):
        other = 1000 + i
        minute = start_minute + i
        if result == "W":
            games.append(win(player, other, minute=minute))
        elif result == "L":
            games.append(win(other, player, minute=minute))
        elif result == "D":
            games.append(draw(player, other, minute=minute))
        elif result == "C":
            games.append(win(player, other, minute=minute, conceded_by=other, own_moves=(3, 0)))
        else:
            raise ValueError(result)
    return games


def players_of(tables: Iterable[tuple[int, ...]]) -> list[int]:
    return [p for table in tables for p in table]
