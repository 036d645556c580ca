"""Win trading: two accounts that play each other again and again, one side winning.

Over a window of rated games (30 days by default) every pair of people who sat at one
table is compared: a game of two is one result between them, a larger table one result
between each pair of its players by placement. :func:`win_trading` fires when a pair
played at least ``min_games`` such games, one side won at least ``win_share`` of them, and
those games are at least ``game_share`` of either player's rated games in the window (a
pair of friends who also play everyone else is left alone).

:func:`rating_flow` follows the ratings: the points one account gained from another, net of
what went back, above ``min_points`` in the window, over at least ``min_games`` games.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .findings import Finding


@dataclass(frozen=True, slots=True)
class PairResult:
    """One rated game between two people: ``winner`` placed above ``loser``."""

    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class RatingTransfer:
    """Rating points ``loser`` lost in one game, and ``winner`` won, against each other."""

    winner: int
    loser: int
    points: float


def win_trading(
    results: Iterable[PairResult],
    games_played: Mapping[int, int],
    *,
    min_games: int,
    win_share: float,
    game_share: float,
) -> list[Finding]:
    """A finding for each pair over the thresholds: ``user`` is the side that wins,
    ``other`` the side that loses. ``games_played``: each player's rated games in the
    window (at least the games listed here)."""
    wins: dict[tuple[int, int], int] = defaultdict(int)
    for result in results:
        wins[(result.winner, result.loser)] += 1
    findings = []
    pairs = {(min(a, b), max(a, b)) for a, b in wins}
    for low, high in sorted(pairs):
        low_wins, high_wins = wins.get((low, high), 0), wins.get((high, low), 0)
        together = low_wins + high_wins
        if together < max(min_games, 1):
            continue
        winner, loser, won = (
            (low, high, low_wins) if low_wins >= high_wins else (high, low, high_wins)
        )
        share = won / together
        shares = {
            player: together / max(games_played.get(player, together), together)
            for player in (winner, loser)
        }
        if share < win_share or max(shares.values()) < game_share:
            continue
        findings.append(
            Finding(
                kind="win_trading",
                user=winner,
                other=loser,
                score=round(share, 4),
                evidence={
                    "games_together": together,
                    "wins": won,
                    "losses": together - won,
                    "win_share": round(share, 4),
                    "share_of_winner_games": round(shares[winner], 4),
                    "share_of_loser_games": round(shares[loser], 4),
                },
            )
        )
    return findings


def rating_flow(
    transfers: Iterable[RatingTransfer], *, min_points: float, min_games: int
) -> list[Finding]:
    """A finding for each pair, over at least ``min_games`` rated games together, whose net
    flow of rating points from one (``other``) to the other (``user``) is above
    ``min_points`` (a new account's first games move a lot: one game is never enough)."""
    net: dict[tuple[int, int], float] = defaultdict(float)
    games: dict[tuple[int, int], int] = defaultdict(int)
    for transfer in transfers:
        low, high = sorted((transfer.winner, transfer.loser))
        sign = 1.0 if transfer.winner == low else -1.0
        net[(low, high)] += sign * transfer.points  # positive: from high to low
        games[(low, high)] += 1
    findings = []
    for (low, high), flow in sorted(net.items()):
        if abs(flow) <= min_points or games[(low, high)] < max(min_games, 1):
            continue
        gainer, giver = (low, high) if flow > 0 else (high, low)
        findings.append(
            Finding(
                kind="rating_flow",
                user=gainer,
                other=giver,
                score=round(abs(flow), 1),
                evidence={"net_points": round(abs(flow), 1), "games": games[(low, high)]},
            )
        )
    return findings
