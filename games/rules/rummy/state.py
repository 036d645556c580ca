"""The state of a rummy game, its results and what one seat may see of it.

All values are frozen; :mod:`games.rules.rummy.engine` builds new ones from old.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.rules.common.game import Match
from games.rules.common.pile import PileEvent
from games.rules.common.results import FinalResult
from games.rules.common.view import SeatView
from games.rules.rummy.cards import RummyCard
from games.rules.rummy.melds import End, TableMeld
from games.rules.rummy.ruleset import RuleSet


class Phase(StrEnum):
    """Where a round stands: ``draw`` (the player to move draws), ``play`` (melds,
    lay-offs and joker swaps, then a discard), ``round_over`` (the round has a result; the
    game is over or awaits the next deal)."""

    DRAW = "draw"
    PLAY = "play"
    ROUND_OVER = "round_over"


class Outcome(StrEnum):
    """How a round ended."""

    OUT = "out"
    HAND_RUMMY = "hand_rummy"
    BLOCK = "block"


@dataclass(frozen=True, slots=True)
class HandResult:
    """One seat's hand at the end of a round."""

    seat: int
    """The seat."""
    cards: tuple[RummyCard, ...]
    """The cards left in the hand (none for the player who went out), sorted."""
    value: int
    """Their value (2-10 face, J Q K 10, ace 11, joker 20)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The public result of a finished round."""

    number: int
    """Round number, from 1."""
    dealer: int
    """The dealer's seat."""
    outcome: Outcome
    """``out``, ``hand_rummy`` or ``block``."""
    winner: int | None
    """The seat that went out (``None`` on a block)."""
    points: tuple[int, ...]
    """The round's points per seat, signed (doubled on a hand rummy when the rules say)."""
    scores_after: tuple[int, ...]
    """Every seat's total after the round."""
    hands: tuple[HandResult, ...]
    """Every seat's hand, seat 0 first."""


@dataclass(frozen=True, slots=True)
class RoundState:
    """One deal.

    Conservation: the hands, the stock, the discard pile and the table's cards are always
    the whole deck (every natural card twice and the rules' jokers).
    """

    number: int
    """Round number, from 1."""
    dealer: int
    """The dealer's seat; the seat after it plays first."""
    hands: tuple[tuple[RummyCard, ...], ...]
    """Each seat's cards, sorted (repeats kept)."""
    stock: tuple[RummyCard, ...]
    """The stock, next card first (hidden from every seat)."""
    discard_pile: tuple[RummyCard, ...]
    """The face-up discards, top last."""
    table: tuple[TableMeld, ...]
    """The melds on the table, oldest first (``table[i].id == i``)."""
    came_out: tuple[bool, ...]
    """Whether each seat has put down its first meld."""
    phase: Phase
    """The phase."""
    turn: int | None
    """The seat to act; ``None`` once the round is over."""
    drawn_from_discard: RummyCard | None = None
    """The card the seat to act took from the discard pile this turn."""
    out_at_turn_start: bool = False
    """Whether the seat to act had come out before this turn (for hand rummy)."""
    jokers_owed: int = 0
    """Jokers taken by a swap this turn and not yet melded or laid off (0 or 1)."""
    pile_history: tuple[PileEvent[RummyCard], ...] = ()
    """The discard pile's public record this round, oldest first: every take from it
    (``draw_discard``) and every discard onto it (public: every seat sees it)."""


@dataclass(frozen=True, slots=True)
class GameState(Match):
    """The whole match.

    After an action ends a round and the game goes on, ``awaiting_deal`` is true until
    :func:`games.rules.rummy.engine.deal_next_round`.
    """

    rules: RuleSet
    """The game's rules."""
    seats: int
    """How many seats (2-4)."""
    scores: tuple[int, ...]
    """Every seat's total (sum of its round points; may be negative)."""
    round: RoundState
    """The current (or last) round."""
    rounds: tuple[RoundResult, ...] = ()
    """Results of the finished rounds, oldest first."""
    left: tuple[int, ...] = ()
    """Seats that conceded or forfeited on time, in the order they left (3-4 seats: a
    computer plays on for them and they are placed last)."""
    final: FinalResult | None = None
    """The settlement, once the game is over."""


@dataclass(frozen=True, slots=True)
class LayoffOption:
    """One lay-off or joker swap allowed now: ``card`` on table meld ``meld`` (at ``end``
    of a run; ``None`` for a set or a swap)."""

    card: RummyCard
    """The card."""
    meld: int
    """The table meld's id."""
    end: End | None = None
    """The run's end for a lay-off on a run, else ``None``."""


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of action a seat may take now: ``cards`` for ``discard``, ``options`` for
    ``layoff`` and ``swap_joker``; ``meld`` and the draws carry neither."""

    type: str
    """The action type."""
    cards: tuple[RummyCard, ...] | None = None
    """For ``discard``: the cards allowed, each once, sorted."""
    options: tuple[LayoffOption, ...] | None = None
    """For ``layoff`` and ``swap_joker``: every ``{card, meld, end?}`` allowed."""


@dataclass(frozen=True, slots=True)
class RoundView:
    """The current round as one seat may see it."""

    number: int
    """Round number."""
    dealer: int
    """The dealer's seat."""
    phase: Phase
    """The phase."""
    turn: int | None
    """The seat to act (``None`` when nobody may)."""
    hand: tuple[RummyCard, ...]
    """This seat's cards, sorted."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_size: int
    """How many cards are left in the stock."""
    discard_pile: tuple[RummyCard, ...]
    """The face-up discards, top last."""
    drawn_from_discard: RummyCard | None
    """The card this seat took from the discard pile this turn, else ``None``."""
    came_out: tuple[bool, ...]
    """Whether each seat has come out."""
    table: tuple[TableMeld, ...]
    """The melds on the table, oldest first."""
    legal_actions: tuple[LegalAction, ...]
    """What this seat may do now."""
    pile_history: tuple[PileEvent[RummyCard], ...] = ()
    """Who took which card from the discard pile and who put which card on it this
    round, oldest first (never a stock draw)."""


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView[RuleSet, RoundView, RoundResult, FinalResult]):
    """Everything one seat may see: never the stock order, never another seat's hand
    (those appear only as the cards left in finished rounds' results)."""


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
