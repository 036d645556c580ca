"""What one seat may see of a game, in the shape every game's view shares: the seat, the
rules, the scores, the round in play as that seat sees it (each game's own ``RoundView``),
the finished rounds' results, the seats that left and the settlement.

Each game's ``PlayerView`` is a :class:`SeatView` of its own types, and its engine's
``view_for`` builds the round's part and hands the rest to :meth:`SeatView.of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, Self, TypeVar

RulesT = TypeVar("RulesT")
RoundT = TypeVar("RoundT")
ResultT = TypeVar("ResultT")
FinalT = TypeVar("FinalT")
_Rules_co = TypeVar("_Rules_co", covariant=True)
_Result_co = TypeVar("_Result_co", covariant=True)
_Final_co = TypeVar("_Final_co", covariant=True)


class ViewedGame(Protocol[_Rules_co, _Result_co, _Final_co]):
    """A game state, as far as :meth:`SeatView.of` reads it (the public part)."""

    @property
    def rules(self) -> _Rules_co: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def rounds(self) -> tuple[_Result_co, ...]: ...

    @property
    def left(self) -> tuple[int, ...]:
        """The seats that left a game that goes on without them, in order."""
        ...

    @property
    def final(self) -> _Final_co | None: ...


@dataclass(frozen=True, slots=True)
class SeatView(Generic[RulesT, RoundT, ResultT, FinalT]):
    """Everything one seat may see: never the stock order, never another seat's hand
    (those appear only in finished rounds' results)."""

    seat: int
    """The seat this view is for."""
    rules: RulesT
    """The rules (public)."""
    scores: tuple[int, ...]
    """Every seat's total."""
    round: RoundT
    """The current (or last) round, as this seat sees it."""
    rounds: tuple[ResultT, ...]
    """Finished rounds' results."""
    left: tuple[int, ...]
    """Seats that left, in order (none in a game a concession ends)."""
    final: FinalT | None
    """The settlement, once the game is over."""

    @classmethod
    def of(
        cls, state: ViewedGame[RulesT, ResultT, FinalT], seat: int, round_view: RoundT
    ) -> Self:
        """``seat``'s view of ``state``, whose round it sees as ``round_view``."""
        return cls(
            seat=seat,
            rules=state.rules,
            scores=state.scores,
            round=round_view,
            rounds=state.rounds,
            left=state.left,
            final=state.final,
        )


__all__ = ["SeatView", "ViewedGame"]
