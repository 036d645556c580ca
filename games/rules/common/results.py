"""How a finished game is settled, in the terms the server records: every game's
:meth:`~games.rules.common.game.GameRules.outcome` is :func:`game_outcome` of its state.

A seat's record counts the rounds it won (each round result names its ``winner``) and the
points they brought it, which each game reckons its own way (``hand_points``); a game may
count kinds of wins too (Gin Rummy's gins, big gins and undercuts).

A game of places (Rummy, Indian Rummy: two seats or more, placed first to last by the
game's own order) settles to a :class:`FinalResult` through :func:`settle`.

>>> settle((2, 0, 1), (10, -5, 30), "rounds")
FinalResult(winner=2, reason='rounds', totals=(10, -5, 30), placement=(2, 0, 1))
>>> from types import SimpleNamespace as Result
>>> rounds_won([Result(winner=1), Result(winner=None), Result(winner=1)], seats=3)
[0, 2, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class FinalResult:
    """How a finished game of places was settled."""

    winner: int
    """The winning seat (``placement[0]``)."""
    reason: str
    """Why the game ended: one of the game's own reasons (its codec's ``FINAL_REASONS``:
    its end, ``concede`` or ``timeout``)."""
    totals: tuple[int, ...]
    """Every seat's total."""
    placement: tuple[int, ...]
    """The seats from first to last."""


def settle(placement: tuple[int, ...], totals: tuple[int, ...], reason: str) -> FinalResult:
    """The final result of a game that ends now for ``reason`` with the seats placed in
    ``placement`` order (the first place wins) and ``totals`` their totals."""
    return FinalResult(winner=placement[0], reason=reason, totals=totals, placement=placement)


def rounds_won(rounds: Iterable[WonRound], seats: int) -> list[int]:
    """How many of ``rounds`` each of ``seats`` seats won."""
    wins = [0] * seats
    for result in rounds:
        if result.winner is not None:
            wins[result.winner] += 1
    return wins


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


__all__ = [
    "FinalResult",
    "SettledGame",
    "Settlement",
    "WonRound",
    "game_outcome",
    "rounds_won",
    "settle",
]
