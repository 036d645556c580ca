"""The state of a game, its results and what one seat may see of it.

All values are frozen; :mod:`games.rules.gin.engine` builds new ones from old.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.rules.common.cards import Card, mask_of, sort_cards
from games.rules.common.game import Match
from games.rules.common.pile import PileEvent, pile_events
from games.rules.common.view import SeatView
from games.rules.gin.melds import Meld
from games.rules.gin.ruleset import RuleSet


class Phase(StrEnum):
    """Where a round stands.

    ``first_upcard``: the non-dealer, then the dealer, may take the first upcard or pass.
    ``draw``: the player to move draws (stock or discard pile). ``discard``: the player
    holds 11 cards and discards, knocks or declares big gin. ``round_over``: the round
    has a result; the game is over or awaits the next deal.
    """

    FIRST_UPCARD = "first_upcard"
    DRAW = "draw"
    DISCARD = "discard"
    ROUND_OVER = "round_over"


class Outcome(StrEnum):
    """How a round ended."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    UNDERCUT = "undercut"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One applied action as it happened, in a round's history.

    ``card`` is the card that moved: the card drawn (stock or discard pile), discarded or
    knocked with; ``None`` for a pass or big gin. A stock draw's card is private to the
    drawer: :func:`games.rules.gin.engine.public_move` hides it from the opponent.
    """

    seat: int
    """The seat that acted."""
    type: str
    """The action type (``pass``, ``draw_stock``, ...)."""
    card: Card | None = None
    """The card that moved, if any (``None`` also for a hidden stock draw)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One seat's hand at the end of a round, as settled."""

    seat: int
    """The seat."""
    cards: tuple[Card, ...]
    """The cards held (10; 11 for a big gin), in mask order."""
    melds: tuple[Meld, ...]
    """The seat's own melds."""
    deadwood: tuple[Card, ...]
    """Cards neither melded nor laid off."""
    deadwood_points: int
    """Their value."""
    layoffs: tuple[tuple[Card, int], ...] = ()
    """``(card, index into the knocker's melds)`` for each card laid off (defender only)."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The public result of a finished round (both hands revealed)."""

    number: int
    """Round number, from 1."""
    dealer: int
    """The dealer's seat."""
    outcome: Outcome
    """``knock``, ``gin``, ``big_gin``, ``undercut`` or ``draw``."""
    knocker: int | None
    """The seat that knocked (or declared gin / big gin); ``None`` on a draw."""
    winner: int | None
    """The seat that scored; ``None`` on a draw."""
    points: int
    """Points scored by ``winner`` (0 on a draw)."""
    scores_after: tuple[int, int]
    """Both seats' scores after the round."""
    hands: tuple[HandResult, HandResult]
    """Seat 0's hand, then seat 1's."""


@dataclass(frozen=True, slots=True)
class SeatTotal:
    """One seat's line in the final settlement."""

    seat: int
    """The seat."""
    hand_points: int
    """Sum of the seat's round points (already doubled on a shutout)."""
    game_bonus: int
    """Game bonus (to the player who reached the target)."""
    line_bonus: int
    """Line bonus: ``line_bonus`` per hand won."""
    shutout: bool
    """Whether this seat's hand points were doubled for a shutout."""
    total: int
    """``hand_points + game_bonus + line_bonus``."""


@dataclass(frozen=True, slots=True)
class FinalResult:
    """How a finished game was settled."""

    winner: int
    """The winning seat."""
    reason: str
    """``target``, ``concede`` or ``timeout``."""
    totals: tuple[int, int]
    """Both seats' grand totals."""
    breakdown: tuple[SeatTotal, SeatTotal]
    """Seat 0's line, then seat 1's."""

    @property
    def placement(self) -> tuple[int, int]:
        """The winner first, then the other seat."""
        return (self.winner, 1 - self.winner)


@dataclass(frozen=True, slots=True)
class RoundState:
    """One deal: hands, stock, discard pile and whose move it is.

    Conservation: ``hands[0] + hands[1] + stock + discard_pile`` plus ``knock_discard``
    (when set) are always the 52 cards.
    """

    number: int
    """Round number, from 1."""
    dealer: int
    """The dealer's seat; the other seat acts first."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Each seat's cards, in mask order."""
    stock: tuple[Card, ...]
    """The stock, next card first (hidden from both seats)."""
    discard_pile: tuple[Card, ...]
    """The face-up discards, top last."""
    phase: Phase
    """The phase."""
    turn: int | None
    """The seat to act; ``None`` once the round is over."""
    upcard: Card
    """The first upcard (``deck[20]``)."""
    knock_limit: int
    """The round's effective knock limit (Oklahoma lowers it)."""
    passes: int = 0
    """How many players passed the first upcard (0-2)."""
    stock_only: bool = False
    """True after both passed the first upcard, until the non-dealer draws."""
    drawn_from_discard: Card | None = None
    """The card the seat to act took from the discard pile this turn."""
    knock_discard: Card | None = None
    """The card discarded face down by a knock."""
    history: tuple[MoveRecord, ...] = ()
    """Every action applied in this round, in order."""
    hand_masks: tuple[int, int] = field(init=False, repr=False, compare=False)
    """Each seat's hand as a mask (:func:`~games.rules.common.cards.mask_of`), derived from
    ``hands`` on construction (not an argument, not compared, not stored): the engine
    reads and updates a hand through its mask instead of a pass over its cards."""

    def __post_init__(self) -> None:
        # hands are kept in mask order: the engine adds and removes a card at the place
        # its mask gives, so a hand given in another order is put in that order here
        hands = self.hands
        if any(hand != sort_cards(hand) for hand in hands):
            hands = (sort_cards(hands[0]), sort_cards(hands[1]))
            object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "hand_masks", (mask_of(hands[0]), mask_of(hands[1])))


@dataclass(frozen=True, slots=True)
class GameState(Match):
    """The whole match: rules, scores, the current round and the finished ones.

    After an action ends a round and the game goes on, ``awaiting_deal`` is true (the
    round's phase is ``round_over``) until :func:`games.rules.gin.engine.deal_next_round`.
    """

    rules: RuleSet
    """The game's rules."""
    scores: tuple[int, int]
    """Both seats' scores (sum of round points)."""
    round: RoundState
    """The current (or last) round."""
    rounds: tuple[RoundResult, ...] = ()
    """Results of the finished rounds, oldest first."""
    final: FinalResult | None = None
    """The settlement, once the game is over."""

    @property
    def left(self) -> tuple[int, ...]:
        """Nobody leaves a game of Gin Rummy: a concession or a timeout ends it."""
        return ()


def _slot_setters(kind: type, names: tuple[str, ...]) -> tuple[Any, ...]:
    setters = tuple(getattr(kind, name).__set__ for name in names)
    slots = getattr(kind, "__slots__", ())
    assert names == tuple(slots), f"{kind.__name__} fields changed: update its builder"
    return setters


(
    _set_number,
    _set_dealer,
    _set_hands,
    _set_stock,
    _set_discard_pile,
    _set_phase,
    _set_turn,
    _set_upcard,
    _set_knock_limit,
    _set_passes,
    _set_stock_only,
    _set_drawn,
    _set_knock_discard,
    _set_history,
    _set_hand_masks,
) = _slot_setters(
    RoundState,
    (
        "number",
        "dealer",
        "hands",
        "stock",
        "discard_pile",
        "phase",
        "turn",
        "upcard",
        "knock_limit",
        "passes",
        "stock_only",
        "drawn_from_discard",
        "knock_discard",
        "history",
        "hand_masks",
    ),
)
_set_rules, _set_scores, _set_round, _set_rounds, _set_final = _slot_setters(
    GameState, ("rules", "scores", "round", "rounds", "final")
)
_new = object.__new__


def build_round(
    number: int,
    dealer: int,
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    hand_masks: tuple[int, int],
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    phase: Phase,
    turn: int | None,
    upcard: Card,
    knock_limit: int,
    passes: int,
    stock_only: bool,
    drawn_from_discard: Card | None,
    knock_discard: Card | None,
    history: tuple[MoveRecord, ...],
) -> RoundState:
    """A :class:`RoundState` from every value, the hand masks included, for the engine's
    steps: it sets the slots directly, as the generated ``__init__`` would but several
    times faster (a frozen dataclass's ``__init__`` pays an ``object.__setattr__`` per
    field). The caller guarantees that ``hands`` are in mask order and ``hand_masks``
    are their masks."""
    rnd: RoundState = _new(RoundState)
    _set_number(rnd, number)
    _set_dealer(rnd, dealer)
    _set_hands(rnd, hands)
    _set_stock(rnd, stock)
    _set_discard_pile(rnd, discard_pile)
    _set_phase(rnd, phase)
    _set_turn(rnd, turn)
    _set_upcard(rnd, upcard)
    _set_knock_limit(rnd, knock_limit)
    _set_passes(rnd, passes)
    _set_stock_only(rnd, stock_only)
    _set_drawn(rnd, drawn_from_discard)
    _set_knock_discard(rnd, knock_discard)
    _set_history(rnd, history)
    _set_hand_masks(rnd, hand_masks)
    return rnd


def build_game(
    rules: RuleSet,
    scores: tuple[int, int],
    rnd: RoundState,
    rounds: tuple[RoundResult, ...],
    final: FinalResult | None,
) -> GameState:
    """A :class:`GameState` from every value, without the generated ``__init__``'s
    per-field ``object.__setattr__`` (see :func:`build_round`)."""
    state: GameState = _new(GameState)
    _set_rules(state, rules)
    _set_scores(state, scores)
    _set_round(state, rnd)
    _set_rounds(state, rounds)
    _set_final(state, final)
    return state


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of action a seat may take now; ``cards`` lists the cards it may use
    (discard and knock), else ``None``."""

    type: str
    """The action type."""
    cards: tuple[Card, ...] | None = None
    """For ``discard`` and ``knock``: the cards allowed, in mask order."""


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
    hand: tuple[Card, ...]
    """This seat's cards, in mask order."""
    opponent_hand_size: int
    """How many cards the opponent holds."""
    stock_size: int
    """How many cards are left in the stock."""
    discard_pile: tuple[Card, ...]
    """The face-up discards, top last."""
    drawn_from_discard: Card | None
    """The card this seat took from the discard pile this turn, else ``None``."""
    deadwood: int
    """Least deadwood of the hand; with 11 cards, the least after the best legal discard."""
    legal_actions: tuple[LegalAction, ...]
    """What this seat may do now."""
    knock_limit: int
    """The round's effective knock limit."""
    history: tuple[MoveRecord, ...]
    """This round's moves as this seat may see them (opponent's stock draws hide the card)."""

    @property
    def pile_history(self) -> tuple[PileEvent[Card], ...]:
        """The discard pile's public record, oldest first: the passes on the first upcard,
        every take from the pile and every discard onto it (from :attr:`history`; a stock
        draw and a knock's face-down card are not on the pile, so not in it)."""
        return pile_events(self.history)


@dataclass(frozen=True, slots=True)
class PlayerView(SeatView[RuleSet, RoundView, RoundResult, FinalResult]):
    """Everything one seat may see: never the stock order, never the opponent's cards
    before a round ends."""
