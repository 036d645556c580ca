"""The state of an Indian Rummy game, its results and what one seat may see of it.

All values are frozen; :mod:`games.rules.indian.engine` builds new ones from old.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.rules.common.game import Match
from games.rules.common.pile import PileEvent, pile_events
from games.rules.common.results import FinalResult
from games.rules.common.view import SeatView
from games.rules.indian.actions import Groups
from games.rules.indian.cards import IndianCard, wild_rank_of
from games.rules.indian.melds import Arrangement
from games.rules.indian.ruleset import RuleSet


class Phase(StrEnum):
    """Where a deal stands: ``draw`` (the player to move draws or drops), ``discard``
    (discard, declare or drop), ``round_over`` (the deal has a result; the game is over
    or awaits the next deal)."""

    DRAW = "draw"
    DISCARD = "discard"
    ROUND_OVER = "round_over"


class SeatStatus(StrEnum):
    """A seat in the current deal: ``in`` (playing), ``dropped``, ``wrong_show``,
    ``declared`` (made the valid show that ended the deal), ``out`` (not dealt in: out of
    a pool game, or left the game)."""

    IN = "in"
    DROPPED = "dropped"
    WRONG_SHOW = "wrong_show"
    DECLARED = "declared"
    OUT = "out"


class Outcome(StrEnum):
    """How a deal ended: a valid show, the last player left, or (``draw``) no winner,
    when the stock ran out with no discard pile to turn over."""

    SHOW = "show"
    LAST_PLAYER = "last_player"
    DRAW = "draw"


class HandStatus(StrEnum):
    """A seat's hand in a deal's result (docs/games/indian-rummy.md), plus ``in``: still in a deal
    that
    ended with no winner (it scores 0)."""

    DECLARED = "declared"
    LAST = "last"
    DROPPED = "dropped"
    WRONG_SHOW = "wrong_show"
    COUNTED = "counted"
    OUT = "out"
    IN = "in"


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One public event of a deal: who took what from, or left on, the discard pile."""

    seat: int | None
    """The seat (``None`` for a reshuffle of the discard pile into the stock)."""
    type: str
    """``draw_stock``, ``draw_discard``, ``discard``, ``declare``, ``drop``, ``concede``,
    ``timeout`` or ``reshuffle``."""
    card: IndianCard | None = None
    """The card taken from or put on the discard pile; ``None`` when it is hidden (a
    stock draw, a declaration's face-down card) or there is none."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One seat's hand at the end of a deal."""

    seat: int
    """The seat."""
    status: HandStatus
    """``declared``, ``last``, ``dropped``, ``wrong_show``, ``counted``, ``out`` or
    ``in``."""
    groups: Groups
    """The declared groups (a show, valid or wrong), or the least-points arrangement's
    groups (empty when they do not count; empty for ``out``)."""
    ungrouped: tuple[IndianCard, ...]
    """The hand's other cards (none for a show or ``out``)."""
    value: int
    """The points the seat scores for the deal (0, the drop or wrong-show cost, or the
    counted value capped at ``max_points``)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The public result of a finished deal."""

    number: int
    """Deal number, from 1."""
    dealer: int
    """The dealer's seat."""
    wild_card: IndianCard
    """The wild joker card."""
    outcome: Outcome
    """``show``, ``last_player`` or ``draw``."""
    winner: int | None
    """The seat that won the deal (``None`` on a ``draw``)."""
    points: tuple[int, ...]
    """The deal's points per seat (all >= 0)."""
    scores_after: tuple[int, ...]
    """Every seat's total after the deal."""
    hands: tuple[HandResult, ...]
    """Every seat's hand, seat 0 first."""

    @property
    def wild_rank(self) -> int:
        """The deal's wild rank."""
        return wild_rank_of(self.wild_card)


@dataclass(frozen=True, slots=True)
class RoundState:
    """One deal.

    Conservation: the hands (dropped and wrong-show hands included), the stock, the
    discard pile, the face-down cards and the wild joker card are always the whole deck.
    """

    number: int
    """Deal number, from 1."""
    dealer: int
    """The dealer's seat; the next seat dealt in plays first."""
    wild_card: IndianCard
    """The wild joker card, face up, never drawn."""
    salt: str
    """The deal's secret salt (docs/api.md#fair-shuffle), which orders reshuffles."""
    hands: tuple[tuple[IndianCard, ...], ...]
    """Each seat's cards, sorted (repeats kept); out of play unless the seat is ``in``."""
    status: tuple[SeatStatus, ...]
    """Each seat's status in the deal."""
    stock: tuple[IndianCard, ...]
    """The stock, next card first (hidden from every seat)."""
    discard_pile: tuple[IndianCard, ...]
    """The face-up discards, top last."""
    face_down: tuple[IndianCard, ...]
    """The cards put face down by declarations, oldest first."""
    phase: Phase
    """The phase."""
    turn: int | None
    """The seat to act; ``None`` once the deal is over."""
    penalties: tuple[int, ...]
    """Points each seat has already scored in the deal (drops and wrong shows)."""
    shows: tuple[Groups | None, ...]
    """The groups each seat declared (a valid or wrong show), else ``None``."""
    drawn_from_discard: IndianCard | None = None
    """The card the seat to act took from the discard pile this turn."""
    reshuffles: int = 0
    """How many times the discard pile has become the stock in this deal."""
    history: tuple[HistoryEntry, ...] = ()
    """The deal's public events, oldest first."""

    @property
    def wild_rank(self) -> int:
        """The deal's wild rank (the aces when the wild joker card is a printed joker)."""
        return wild_rank_of(self.wild_card)


@dataclass(frozen=True, slots=True)
class GameState(Match):
    """The whole match.

    After an action ends a deal and the game goes on, ``awaiting_deal`` is true until
    :func:`games.rules.indian.engine.deal_next_round`.
    """

    rules: RuleSet
    """The game's rules."""
    seats: int
    """How many seats (2-6)."""
    scores: tuple[int, ...]
    """Every seat's total of penalty points (lower is better)."""
    went_out: tuple[int | None, ...]
    """Pool format: the deal after which each seat's total reached ``pool`` (``None``
    while it has not)."""
    round: RoundState
    """The current (or last) deal."""
    rounds: tuple[RoundResult, ...] = ()
    """Results of the finished deals, oldest first."""
    left: tuple[int, ...] = ()
    """Seats that conceded or forfeited on time and left the game, in order (placed
    last, the first to leave last of all)."""
    final: FinalResult | None = None
    """The settlement, once the game is over."""

    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` is still dealt in: it has neither gone out nor left."""
        return self.went_out[seat] is None and seat not in self.left


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of action a seat may take now: ``cards`` for ``discard``, ``valid_with``
    for ``declare``; the draws and ``drop`` carry neither."""

    type: str
    """The action type."""
    cards: tuple[IndianCard, ...] | None = None
    """For ``discard``: the cards allowed, each once, sorted."""
    valid_with: tuple[IndianCard, ...] | None = None
    """For ``declare``: the cards whose discard leaves a valid show, sorted (any allowed
    discard may be declared with; the others make a wrong show)."""


@dataclass(frozen=True, slots=True)
class RoundView:
    """The current deal as one seat may see it."""

    number: int
    """Deal number."""
    dealer: int
    """The dealer's seat."""
    phase: Phase
    """The phase."""
    turn: int | None
    """The seat to act (``None`` when nobody may)."""
    hand: tuple[IndianCard, ...]
    """This seat's cards, sorted (none once it is out of the deal)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds in play (0 out of the deal)."""
    status: tuple[SeatStatus, ...]
    """Each seat's status in the deal."""
    stock_size: int
    """How many cards are left in the stock."""
    discard_pile: tuple[IndianCard, ...]
    """The face-up discards, top last."""
    wild_card: IndianCard
    """The wild joker card."""
    drawn_from_discard: IndianCard | None
    """The card this seat took from the discard pile this turn, else ``None``."""
    arrangement: Arrangement | None
    """The least-points arrangement of ``hand`` (capped at ``max_points``; with 14
    cards, after the best allowed discard), ``None`` without a hand."""
    legal_actions: tuple[LegalAction, ...]
    """What this seat may do now."""
    history: tuple[HistoryEntry, ...]
    """The deal's public events."""

    @property
    def wild_rank(self) -> int:
        """The deal's wild rank."""
        return wild_rank_of(self.wild_card)

    @property
    def pile_history(self) -> tuple[PileEvent[IndianCard], ...]:
        """The discard pile's public record, oldest first: every card a seat took from it
        or left on it (from :attr:`history`: no stock draw, whose card is its drawer's
        alone, no declaration, whose card lies face down, no reshuffle)."""
        return pile_events(self.history)


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView[RuleSet, RoundView, RoundResult, FinalResult]):
    """Everything one seat may see: never the stock order, never another seat's hand
    (those appear only in finished deals' results)."""


__all__ = [
    "Arrangement",
    "FinalResult",
    "GameState",
    "HandResult",
    "HandStatus",
    "HistoryEntry",
    "LegalAction",
    "Outcome",
    "Phase",
    "PlayerView",
    "RoundResult",
    "RoundState",
    "RoundView",
    "SeatStatus",
]
