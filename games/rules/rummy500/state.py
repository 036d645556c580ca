"""The state of a Rummy 500 game, its results and what one seat may see of it.

All values are frozen; :mod:`games.rules.rummy500.engine` builds new ones from old.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.rules.common.game import Match
from games.rules.common.results import FinalResult
from games.rules.common.view import SeatView
from games.rules.rummy500.cards import AnyCard
from games.rules.rummy500.melds import End, TableMeld
from games.rules.rummy500.ruleset import RuleSet


class Phase(StrEnum):
    """Where a round stands: ``draw``, ``play`` (melds and lay-offs, then a discard),
    ``round_over`` (the round has a result; the game is over or awaits the next deal)."""

    DRAW = "draw"
    PLAY = "play"
    ROUND_OVER = "round_over"


class Outcome(StrEnum):
    """How a round ended: a player went out, or the stock ran out."""

    OUT = "out"
    STOCK_OUT = "stock_out"


@dataclass(frozen=True, slots=True)
class HandResult:
    """One seat's hand at the end of a round."""

    seat: int
    cards: tuple[AnyCard, ...]
    """The cards left in the hand, sorted."""
    value: int
    """Their value (2-10 face, J Q K 10, ace 15, joker 15)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The public result of a finished round."""

    number: int
    dealer: int
    outcome: Outcome
    went_out: int | None
    """The seat that went out (``None`` when the stock ran out)."""
    table_points: tuple[int, ...]
    """What each seat put on the table this round."""
    hand_points: tuple[int, ...]
    """What each seat still held."""
    points: tuple[int, ...]
    """``table_points - hand_points`` per seat, signed."""
    scores_after: tuple[int, ...]
    """Every seat's total after the round."""
    hands: tuple[HandResult, ...]
    """Every seat's hand, seat 0 first."""

    @property
    def winner(self) -> int | None:
        """The seat that went out: the round's winner, as the settlement counts rounds."""
        return self.went_out


@dataclass(frozen=True, slots=True)
class RoundState:
    """One deal.

    Conservation: the hands, the stock, the discard pile and the table's cards are always
    the whole deck (52 cards and the rules' jokers).
    """

    number: int
    dealer: int
    hands: tuple[tuple[AnyCard, ...], ...]
    """Each seat's cards, sorted."""
    stock: tuple[AnyCard, ...]
    """The stock, next card first (hidden from every seat)."""
    discard_pile: tuple[AnyCard, ...]
    """The open discard pile, oldest first (top last)."""
    table: tuple[TableMeld, ...]
    """The melds on the table, oldest first (``table[i].id == i``)."""
    phase: Phase
    turn: int | None
    """The seat to act; ``None`` once the round is over."""
    drawn_from_discard: AnyCard | None = None
    """The top card taken alone this turn (it may not be discarded this turn)."""
    picked_card: AnyCard | None = None
    """The card taken from under the top (or the top card when not free) that the next
    action must put on the table."""


@dataclass(frozen=True, slots=True)
class GameState(Match):
    """The whole match."""

    rules: RuleSet
    seats: int
    """How many seats (2-4)."""
    scores: tuple[int, ...]
    """Every seat's total (may be negative)."""
    round: RoundState
    rounds: tuple[RoundResult, ...] = ()
    """Results of the finished rounds, oldest first."""
    left: tuple[int, ...] = ()
    """Seats that conceded or forfeited on time, in the order they left (3-4 seats: a
    computer plays on for them and they are placed last)."""
    final: FinalResult | None = None


@dataclass(frozen=True, slots=True)
class LayoffOption:
    """One lay-off allowed now: ``card`` on table meld ``meld`` (at ``end`` of a run)."""

    card: AnyCard
    meld: int
    end: End | None = None


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of action a seat may take now: ``cards`` for ``draw_discard`` and
    ``discard``, ``options`` for ``layoff``."""

    type: str
    cards: tuple[AnyCard, ...] | None = None
    options: tuple[LayoffOption, ...] | None = None


@dataclass(frozen=True, slots=True)
class RoundView:
    """The current round as one seat may see it."""

    number: int
    dealer: int
    phase: Phase
    turn: int | None
    hand: tuple[AnyCard, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[AnyCard, ...]
    """Every card of the open pile, oldest first."""
    picked_card: AnyCard | None
    """The card that must still be played this turn (shown to every seat: it came from
    the open pile)."""
    table: tuple[TableMeld, ...]
    table_points: tuple[int, ...]
    """Per seat, this round so far."""
    legal_actions: tuple[LegalAction, ...]


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView[RuleSet, RoundView, RoundResult, FinalResult]):
    """Everything one seat may see: never the stock order, never another seat's hand."""


__all__ = [
    "FinalResult",
    "GameState",
    "HandResult",
    "LayoffOption",
    "LegalAction",
    "Outcome",
    "Phase",
    "PlayerView",
    "RoundResult",
    "RoundState",
    "RoundView",
]
