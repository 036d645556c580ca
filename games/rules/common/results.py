"""How a finished game is settled, in the terms the server records: every game's
:meth:`~games.rules.common.game.GameRules.outcome` is :func:`game_outcome` of its state.

A seat's record counts the rounds it won (each round result names its ``winner``) and the
points they brought it, which each game reckons its own way (``hand_points``); a game may
count kinds of wins too (Gin Rummy's gins, big gins and undercuts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from games.rules.common.game import GameOutcome, SeatRecord


class WonRound(Protocol):
    """A finished round's result, as far as the settlement reads it."""

    @property
    def winner(self) -> int | None:
        """The seat that won the round (``None``: nobody did)."""
        ...


R = TypeVar("R", bound=WonRound)
R_co = TypeVar("R_co", bound=WonRound, covariant=True)


class Settlement(Protocol):
    """A game's final result, as far as the settlement reads it."""

    @property
    def winner(self) -> int: ...

    @property
    def reason(self) -> str: ...

    @property
    def totals(self) -> Sequence[int]:
        """Every seat's grand total, seat 0 first."""
        ...

    @property
    def placement(self) -> Sequence[int]:
        """The seats from first place to last."""
        ...


class SettledGame(Protocol[R_co]):
    """A game state, as far as the settlement reads it."""

    @property
    def rounds(self) -> Sequence[R_co]:
        """The finished rounds' results, oldest first."""
        ...

    @property
    def final(self) -> Settlement | None: ...


def game_outcome(
    state: SettledGame[R],
    hand_points: Callable[[R, int], int],
    **wins: Callable[[R], bool],
) -> GameOutcome:
    """The outcome of a finished game: each seat's total and the rounds it won, with
    ``hand_points(result, seat)`` the points a round ``seat`` won brought it, and each of
    ``wins`` (a :class:`~games.rules.common.game.SeatRecord` field) the number of those
    rounds it holds for."""
    final = state.final
    assert final is not None, "the game is not over"
    records = []
    for seat in range(len(final.totals)):
        won = [result for result in state.rounds if result.winner == seat]
        records.append(
            SeatRecord(
                seat=seat,
                total=final.totals[seat],
                hand_points=sum(hand_points(result, seat) for result in won),
                hands_won=len(won),
                **{name: sum(1 for result in won if test(result)) for name, test in wins.items()},
            )
        )
    return GameOutcome(
        winner=final.winner,
        reason=final.reason,
        hands=len(state.rounds),
        seats=tuple(records),
        placement=tuple(final.placement),
    )


__all__ = ["SettledGame", "Settlement", "WonRound", "game_outcome"]
