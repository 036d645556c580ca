"""Games whose players are chosen by another app (tournaments): every seat taken at once.

A tournament decides who plays whom; :func:`game_create_seated` makes that an ordinary
game -- active at once, timers on, counted for the leaderboards and ratings like any
other -- optionally dealt from decks fixed ahead (duplicate deals: every table of a round
deals the same decks with the same salts, so every table shows the same commitments).
:func:`game_seated_result` reads a game's result in the terms such an app needs (a place
per seat, the moves each seat made itself, who conceded), without naming anything of the
game's rules.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Count

from games import dealing
from games.models import (
    FORFEIT_REASONS,
    Difficulty,
    Game,
    GameStatus,
    Move,
    OpponentType,
    PlayerEvent,
    Seat,
    Visibility,
)
from games.services.commit import Before, game_commit_change
from games.services.events import player_event_add
from games.services.rounds import game_start
from games.variants import RulesError, variant_for


class InvalidGameRules(ValueError):
    """A ``rules`` object the game refuses: ``fields`` names each option (``rules.<key>``)."""

    def __init__(self, detail: str, fields: dict[str, list[str]]) -> None:
        super().__init__(detail)
        self.detail = detail
        self.fields = fields


def game_rules_for(*, variant: str, rules_data: object) -> dict[str, Any]:
    """Every rule option of ``variant``, defaults filled, from a ``rules`` object; raises
    :class:`InvalidGameRules` for an unknown, mistyped or out-of-range option."""
    game_variant = variant_for(variant)
    try:
        return game_variant.rules.rules_from_json(rules_data or {})
    except RulesError as exc:
        own = getattr(exc, "fields", None) or {"": [str(exc)]}
        fields = {
            f"rules.{key}" if key else "rules": list(messages) for key, messages in own.items()
        }
        raise InvalidGameRules(str(exc), fields) from exc


def deals_draw(*, variant: str, rules: dict[str, Any], count: int) -> list[tuple[list[str], str]]:
    """``count`` decks in dealing order, each with its secret salt, for games of
    ``variant`` with ``rules`` (from :func:`games.dealing.shuffler`: the CSPRNG)."""
    game_variant = variant_for(variant)
    source = dealing.shuffler()
    return [(source.deck(game_variant, rules), source.salt()) for _ in range(count)]


@transaction.atomic
def game_create_seated(
    *,
    variant: str,
    rules: dict[str, Any],
    user_ids: Sequence[int],
    computers: int = 0,
    difficulty: str = "",
    turn_seconds: int | None,
    deals: Sequence[tuple[Sequence[str], str]] | None = None,
    event_data: dict[str, Any] | None = None,
) -> Game:
    """A game with every seat taken at once, active at once: ``user_ids`` take seats 0, 1,
    ... in order, then ``computers`` at ``difficulty``; each person's turn is timed with
    ``turn_seconds`` (None: untimed).

    ``rules`` are complete (:func:`game_rules_for`). With ``deals`` (``[(deck, salt), ...]``
    in dealing order) the n-th deal of the game deals the n-th deck with its salt and seat
    0 deals first, so tables given the same ``deals`` play the same cards seat for seat;
    deals past the list are shuffled. Each person gets a ``tournament_game`` account event
    carrying ``event_data`` and the game's id (``your_turn`` follows for the first to act).
    """
    game_variant = variant_for(variant)
    seat_count = len(user_ids) + computers
    assert user_ids and len(set(user_ids)) == len(user_ids)
    assert game_variant.min_seats <= seat_count <= game_variant.max_seats
    assert difficulty in Difficulty.values or not computers
    game = Game.objects.create(
        variant=variant,
        seat_count=seat_count,
        opponent_type=OpponentType.HUMAN if len(user_ids) >= 2 else OpponentType.COMPUTER,
        difficulty=difficulty if computers else "",
        visibility=Visibility.PRIVATE,
        rules=rules,
        turn_seconds=turn_seconds,
        created_by_id=user_ids[0],
        planned_deals=[[list(deck), salt] for deck, salt in deals] if deals else None,
    )
    Seat.objects.bulk_create(
        [Seat(game=game, seat=number, user_id=user_id) for number, user_id in enumerate(user_ids)]
        + [
            Seat(game=game, seat=number, computer=difficulty)
            for number in range(len(user_ids), seat_count)
        ]
    )
    before = Before.of(game)
    game_start(game=game, dealer=0 if deals else None)
    for user_id in user_ids:
        player_event_add(
            user_id=user_id,
            kind=PlayerEvent.Kind.TOURNAMENT_GAME,
            data={**(event_data or {}), "game_id": str(game.pk)},
        )
    game_commit_change(game=game, before=before)
    return game


@dataclass(frozen=True, slots=True)
class SeatedResult:
    """Where a game stands, seat by seat, for an app that seated it."""

    game_id: uuid.UUID
    status: str
    """``active``, ``finished`` or ``abandoned`` (stopped by an operator: no result)."""
    places: tuple[int, ...] | None
    """Once finished: each seat's place, 1 the best (seat order)."""
    own_moves: tuple[int, ...]
    """Moves each seat made itself (the turn timer's moves and forfeits are not moves)."""
    conceded_seat: int | None
    """The seat that conceded or forfeited on time, if the game ended or went on so: in a
    game of two the loser; at a table the leaver who made fewest moves of their own."""
    finished_at: datetime | None
    turn_seat: int | None
    """The seat that must act now (active games)."""
    started_at: datetime | None


def game_seated_results(*, game_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, SeatedResult]:
    """:class:`SeatedResult` of each game (two queries, whatever the number of games)."""
    games = list(Game.objects.filter(pk__in=list(game_ids)).prefetch_related("seats"))
    moved: dict[uuid.UUID, dict[int, int]] = {}
    rows = (
        Move.objects.filter(game_id__in=[g.pk for g in games], automatic=False)
        .exclude(action__type__in=FORFEIT_REASONS)
        .values("game_id", "seat")
        .annotate(count=Count("id"))
    )
    for row in rows:
        moved.setdefault(row["game_id"], {})[row["seat"]] = row["count"]
    return {game.pk: _seated_result(game, moved.get(game.pk, {})) for game in games}


def _seated_result(game: Game, moved: dict[int, int]) -> SeatedResult:
    own_moves = tuple(moved.get(seat, 0) for seat in range(game.seat_count))
    places: tuple[int, ...] | None = None
    conceded: int | None = None
    if game.status == GameStatus.FINISHED:
        outcome = game.game_variant.rules.outcome(game.rules_state())
        place = {seat: index + 1 for index, seat in enumerate(outcome.placement)}
        places = tuple(place[seat] for seat in range(game.seat_count))
        if game.seat_count == 2 and game.finish_reason in FORFEIT_REASONS:
            conceded = next(seat for seat in range(2) if seat != outcome.winner)
    leavers = [row.seat for row in game.seats.all() if row.left_at is not None]
    if conceded is None and leavers:
        conceded = min(leavers, key=lambda seat: (own_moves[seat], seat))
    return SeatedResult(
        game_id=game.pk,
        status=game.status,
        places=places,
        own_moves=own_moves,
        conceded_seat=conceded,
        finished_at=game.finished_at,
        turn_seat=game.turn_seat if game.status == GameStatus.ACTIVE else None,
        started_at=game.started_at,
    )
