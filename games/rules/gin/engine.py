"""The round state machine: dealing, legal actions, applying actions, views, replay.

Edge rules, written down beside the code:

* Deal (docs/api.md#fair-shuffle): ``deck[0:10]`` to the non-dealer, ``deck[10:20]`` to the
  dealer, ``deck[20]`` is the first upcard, the stock is ``deck[21:]`` drawn in order.
* First upcard: the non-dealer may take it (``draw_discard``) or ``pass``; then the dealer
  may; if both pass the non-dealer must draw from the stock (phase ``draw``, legal actions
  exactly ``draw_stock``; ``draw_discard`` raises ``stock_only``).
* A card taken from the discard pile may not be discarded, nor knocked with, in the same
  turn (``cannot_discard_drawn_card``). Big gin discards nothing, so it may use that card.
* The wall: a discard without a knock that leaves ``stock_floor`` cards or fewer in the
  stock ends the round as a draw. A knock is always allowed while its limit is met.
* Oklahoma: the round's knock limit is the first upcard's value capped by ``knock_limit``;
  an ace upcard means gin only (limit 0).
* Check order in :func:`apply_action`: game over (``game_not_active``); a round that is
  over and not yet followed by a deal (``wrong_phase``); wrong seat (``not_your_turn``);
  action type not allowed in the phase (``wrong_phase``); then the action's own checks.
* The dealer alternates every round, drawn rounds included.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

from games.rules.common.cards import DECK, SUIT_BITS, Card, cards_of, mask_of, sort_cards
from games.rules.common.engine import (
    check_deal_due,
    check_leaving,
    check_phase,
    check_seat,
    evolve,
    refuse_turn,
    shared_moves,
)
from games.rules.common.engine import is_legal as common_is_legal
from games.rules.common.errors import (
    MELD_NAMED,
    CannotDiscardDrawnCard,
    CardNotInHand,
    InvalidCard,
    InvalidMelds,
    ValidationError,
    brief_list,
    brief_repr,
)
from games.rules.gin.actions import Action, BigGin, Discard, DrawDiscard, DrawStock, Knock, Pass
from games.rules.gin.deck import value_of
from games.rules.gin.errors import KnockLimitExceeded, NotBigGin, StockOnly
from games.rules.gin.melds import (
    MELD_BY_MASK,
    deadwood_after_discard_mask,
    deadwood_mask,
)
from games.rules.gin.ruleset import RuleSet
from games.rules.gin.scoring import (
    settle_big_gin,
    settle_concession,
    settle_draw,
    settle_game,
    settle_knock,
)
from games.rules.gin.state import (
    GameState,
    HandResult,
    LegalAction,
    MoveRecord,
    Outcome,
    Phase,
    PlayerView,
    RoundResult,
    RoundState,
    RoundView,
    build_game,
    build_round,
)

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.FIRST_UPCARD: (Pass, DrawDiscard),
    Phase.DRAW: (DrawStock, DrawDiscard),
    Phase.DISCARD: (Discard, Knock, BigGin),
    Phase.ROUND_OVER: (),
}
_ACTIONS = (Pass, DrawStock, DrawDiscard, Discard, Knock, BigGin)

# Phases as module constants: reading ``Phase.DRAW`` goes through the enum's class
# attribute machinery, several times slower than a global, and this runs on every step.
_FIRST_UPCARD = Phase.FIRST_UPCARD
_DRAW = Phase.DRAW
_DISCARD = Phase.DISCARD
_ROUND_OVER = Phase.ROUND_OVER

# Actions and history records are immutable values, so the engine hands out shared ones
# instead of building equal copies on every step.
_PASS = Pass()
_DRAW_STOCK = DrawStock()
_DRAW_DISCARD = DrawDiscard()
_BIG_GIN = BigGin()
_DISCARD_OF: dict[int, Discard[Card]] = {card.mask: Discard(card) for card in DECK}
"""The discard of each card, by the card's one-bit mask."""
_SUIT_DISCARDS: tuple[list[tuple[Discard[Card], ...] | None], ...] = tuple(
    [None] * (1 << SUIT_BITS) for _ in range(4)
)
"""``_SUIT_DISCARDS[suit][field]``: the discards of the cards of one suit's 13-bit field,
in mask order; filled on first use (at most 8,192 entries a suit, shared values)."""
_KNOCK_OF: dict[int, Knock] = {card.mask: Knock(card) for card in DECK}
"""The knock (default melds) with each card, by the card's one-bit mask."""


def _records(kind: str) -> tuple[dict[int, MoveRecord], dict[int, MoveRecord]]:
    """For each seat: the history record of a ``kind`` move, by the card's one-bit mask."""
    return (
        {card.mask: MoveRecord(0, kind, card) for card in DECK},
        {card.mask: MoveRecord(1, kind, card) for card in DECK},
    )


_DRAW_STOCK_RECORD = _records(DrawStock.type)
_DRAW_DISCARD_RECORD = _records(DrawDiscard.type)
_DISCARD_RECORD = _records(Discard.type)
_PASS_RECORD = (MoveRecord(0, Pass.type, None), MoveRecord(1, Pass.type, None))
_LEGAL_UPCARD = (LegalAction(DrawDiscard.type), LegalAction(Pass.type))
_LEGAL_STOCK_ONLY = (LegalAction(DrawStock.type),)
_LEGAL_DRAW = (LegalAction(DrawStock.type), LegalAction(DrawDiscard.type))
_LEGAL_BIG_GIN = LegalAction(BigGin.type)
_ROUND_FIELDS = tuple(field.name for field in fields(RoundState))
_ROUND_INIT_FIELDS = {field.name for field in fields(RoundState) if field.init}


def _evolve_round(rnd: RoundState, **changes: Any) -> RoundState:
    """:func:`~games.rules.common.engine.evolve` for a round, through :func:`build_round`
    (the hand masks follow the hands). The steps of a round use :func:`build_round`
    directly; this serves the rarer ones (a knock, the end of a round)."""
    if not changes.keys() <= _ROUND_INIT_FIELDS:
        raise TypeError(f"unknown fields {sorted(set(changes) - _ROUND_INIT_FIELDS)}")
    values = {name: getattr(rnd, name) for name in _ROUND_FIELDS}
    values.update(changes)
    if "hands" in changes:
        hands = changes["hands"]
        values["hand_masks"] = (mask_of(hands[0]), mask_of(hands[1]))
    return build_round(**values)


# --------------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------------


def check_deck(deck: Iterable[Card | str]) -> tuple[Card, ...]:
    """The 52 distinct cards of a deck in dealing order (strings are parsed)."""
    try:
        cards = tuple(item if isinstance(item, Card) else Card.parse(item) for item in deck)
    except InvalidCard as error:
        raise ValidationError(error.detail, {"deck": [error.detail]}) from error
    if len(cards) != 52 or mask_of(cards).bit_count() != 52:
        raise ValidationError(
            "A deck must hold each of the 52 cards exactly once.",
            {"deck": ["Must hold each of the 52 cards exactly once."]},
        )
    return cards


def round_knock_limit(rules: RuleSet, upcard: Card) -> int:
    """The round's knock limit: ``knock_limit``, or under Oklahoma the upcard's value
    capped by it (an ace: 0, gin only)."""
    if not rules.oklahoma:
        return rules.knock_limit
    if upcard.rank == 1:
        return 0
    return min(upcard.value, rules.knock_limit)


def deal_round(rules: RuleSet, number: int, dealer: int, deck: Iterable[Card | str]) -> RoundState:
    """A freshly dealt round (see the module docstring for the dealing order)."""
    cards = check_deck(deck)
    dealer = check_seat(dealer, 2, "dealer")
    hands = [(), ()]  # type: list[tuple[Card, ...]]
    hands[1 - dealer] = sort_cards(cards[0:10])
    hands[dealer] = sort_cards(cards[10:20])
    upcard = cards[20]
    return build_round(
        number=number,
        dealer=dealer,
        hands=(hands[0], hands[1]),
        hand_masks=(mask_of(hands[0]), mask_of(hands[1])),
        stock=cards[21:],
        discard_pile=(upcard,),
        phase=_FIRST_UPCARD,
        turn=1 - dealer,
        upcard=upcard,
        knock_limit=round_knock_limit(rules, upcard),
        passes=0,
        stock_only=False,
        drawn_from_discard=None,
        knock_discard=None,
        history=(),
    )


def new_game(rules: RuleSet, dealer: int, deck: Iterable[Card | str]) -> GameState:
    """A new game with round 1 dealt by ``dealer`` from ``deck`` (52 cards, dealing order)."""
    if not isinstance(rules, RuleSet):
        raise ValidationError("rules must be a RuleSet.", {"rules": ["Must be a RuleSet."]})
    return GameState(rules=rules, scores=(0, 0), round=deal_round(rules, 1, dealer, deck))


def deal_next_round(state: GameState, deck: Iterable[Card | str], salt: str = "") -> GameState:
    """Deal the next round from ``deck``; the dealer alternates (drawn rounds included).
    ``salt``, the deal's secret salt, orders nothing in Gin Rummy: nothing is shuffled
    once a round is dealt."""
    check_deal_due(
        game_over=state.final is not None,
        round_over=state.round.phase is _ROUND_OVER,
        number=state.round.number,
    )
    number = state.round.number + 1
    return evolve(state, round=deal_round(state.rules, number, 1 - state.round.dealer, deck))


# --------------------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------------------


def _knock_mask(mask: int, allowed: int, limit: int) -> int:
    """The ``allowed`` cards of an 11-card hand mask whose discard leaves ``limit``
    deadwood or less. Callers first check that the best discard of all
    (:func:`deadwood_after_discard_mask`, a few table reads) is within the limit: most
    hands cannot knock at all, and that says so before any card is tried."""
    knock = 0
    rest = allowed
    while rest:
        low = rest & -rest
        if deadwood_mask(mask ^ low) <= limit:
            knock |= low
        rest ^= low
    return knock


def _may_big_gin(mask: int, least: int) -> bool:
    """Whether all the cards of ``mask`` meld, given ``least``, the least deadwood after
    any one discard. Melds of three cards never make eleven (nor any count that three
    does not divide), so a hand that melds whole holds a set of four or a run of four or
    more, and discarding one of its ends leaves deadwood 0: when ``least`` is above 0,
    no meld search is needed to say no."""
    if least and mask.bit_count() % 3:
        return False
    return deadwood_mask(mask) == 0


def _without(hand: tuple[Card, ...], mask: int, bit: int) -> tuple[Card, ...]:
    """``hand`` (in mask order, ``mask`` its mask) without the card ``bit`` (if held)."""
    if not mask & bit:
        return hand
    i = (mask & (bit - 1)).bit_count()
    return hand[:i] + hand[i + 1 :]


def legal_actions(state: GameState, seat: int) -> tuple[LegalAction, ...]:
    """What ``seat`` may do now, one entry per action type (with ``cards`` for discard and
    knock); empty when it is not that seat's turn or the game is over."""
    if seat.__class__ is not int or (seat != 0 and seat != 1):
        seat = check_seat(seat, 2)
    rnd = state.round
    if state.final is not None or rnd.turn != seat:
        return ()
    phase = rnd.phase
    if phase is _FIRST_UPCARD:
        return _LEGAL_UPCARD
    if phase is _DRAW:
        return _LEGAL_STOCK_ONLY if rnd.stock_only else _LEGAL_DRAW
    if phase is _DISCARD:
        hand = rnd.hands[seat]
        mask = rnd.hand_masks[seat]
        drawn = rnd.drawn_from_discard
        allowed = mask
        if drawn is not None:
            drawn_bit = drawn.mask
            hand = _without(hand, mask, drawn_bit)
            allowed &= ~drawn_bit
        out = [LegalAction(Discard.type, hand)]
        least = deadwood_after_discard_mask(mask)
        if least <= rnd.knock_limit:
            knock = _knock_mask(mask, allowed, rnd.knock_limit)
            if knock:
                out.append(LegalAction(Knock.type, cards_of(knock)))
        if state.rules.big_gin and _may_big_gin(mask, least):
            out.append(_LEGAL_BIG_GIN)
        return tuple(out)
    return ()


def expand_legal_actions(legal: Iterable[LegalAction]) -> list[Action]:
    """Concrete actions from :func:`legal_actions` entries (a knock without declared melds)."""
    out: list[Action] = []
    for entry in legal:
        shared = shared_moves(entry)
        if shared is not None:
            out.extend(shared)
        elif entry.type == Pass.type:
            out.append(Pass())
        elif entry.type == Knock.type:
            out.extend(Knock(card) for card in entry.cards or ())
        elif entry.type == BigGin.type:
            out.append(BigGin())
    return out


def _suit_discards(suit: int, field: int) -> tuple[Discard[Card], ...]:
    if not field:
        return ()
    found = tuple(
        _DISCARD_OF[1 << (suit * SUIT_BITS + rank)]
        for rank in range(SUIT_BITS)
        if field >> rank & 1
    )
    _SUIT_DISCARDS[suit][field] = found
    return found


def legal_moves(state: GameState, seat: int) -> list[Action]:
    """Every concrete action ``seat`` may apply now (knocks without declared melds).

    The same list as ``expand_legal_actions(legal_actions(state, seat))``, worked out on
    the hand's mask without the intermediate entries."""
    if seat.__class__ is not int or (seat != 0 and seat != 1):
        seat = check_seat(seat, 2)
    rnd = state.round
    if state.final is not None or rnd.turn != seat:
        return []
    phase = rnd.phase
    if phase is _DRAW:
        return [_DRAW_STOCK] if rnd.stock_only else [_DRAW_STOCK, _DRAW_DISCARD]
    if phase is _DISCARD:
        mask = rnd.hand_masks[seat]
        drawn = rnd.drawn_from_discard
        allowed = mask if drawn is None else mask & ~drawn.mask
        s, h, d, c = _SUIT_DISCARDS
        field = allowed & 8191
        out: list[Action] = [*(s[field] or _suit_discards(0, field))]
        field = allowed >> 13 & 8191
        out += h[field] or _suit_discards(1, field)
        field = allowed >> 26 & 8191
        out += d[field] or _suit_discards(2, field)
        field = allowed >> 39
        out += c[field] or _suit_discards(3, field)
        least = deadwood_after_discard_mask(mask)
        if least <= rnd.knock_limit:
            knock = _knock_mask(mask, allowed, rnd.knock_limit)
            while knock:
                low = knock & -knock
                out.append(_KNOCK_OF[low])
                knock ^= low
        if state.rules.big_gin and _may_big_gin(mask, least):
            out.append(_BIG_GIN)
        return out
    if phase is _FIRST_UPCARD:
        return [_DRAW_DISCARD, _PASS]
    return []


def is_legal(state: GameState, action: Action, seat: int) -> bool:
    """Whether :func:`apply_action` would accept the action."""
    return common_is_legal(apply_action, state, action, seat)


# --------------------------------------------------------------------------------------
# Applying actions
# --------------------------------------------------------------------------------------


def apply_action(state: GameState, action: Action, seat: int) -> GameState:
    """The state after ``seat`` plays ``action``; validates and raises a
    :class:`~games.rules.common.errors.RulesError` with the API's code when it is not allowed.

    The checks run in the order of the module docstring. The common steps (a discard, a
    draw, a pass, each of its exact class in a phase that allows it) go straight to their
    own checks; anything else takes the general path, which checks the action's type and
    phase as it always did."""
    if seat.__class__ is not int or (seat != 0 and seat != 1):
        seat = check_seat(seat, 2)
    rnd = state.round
    phase = rnd.phase
    if state.final is not None or phase is _ROUND_OVER or rnd.turn != seat:
        refuse_turn(
            game_over=state.final is not None,
            round_over=phase is _ROUND_OVER,
            number=rnd.number,
            turn=rnd.turn,
            seat=seat,
        )
    kind = action.__class__
    if kind is Discard:
        if phase is _DISCARD:
            return _discard(state, seat, action.card)  # type: ignore[union-attr]
    elif kind is DrawStock:
        if phase is _DRAW:
            return _draw_stock(state, seat)
    elif kind is DrawDiscard:
        if phase is _DRAW or phase is _FIRST_UPCARD:
            return _draw_discard(state, seat)
    elif kind is Pass and phase is _FIRST_UPCARD:
        return _pass(state, seat)
    return _apply_checked(state, action, seat)


def _apply_checked(state: GameState, action: Action, seat: int) -> GameState:
    """:func:`apply_action` past the seat and turn checks, for any action."""
    check_phase(action, state.round.phase, _PHASE_ACTIONS, _ACTIONS)
    if isinstance(action, Pass):
        return _pass(state, seat)
    if isinstance(action, DrawStock):
        return _draw_stock(state, seat)
    if isinstance(action, DrawDiscard):
        return _draw_discard(state, seat)
    if isinstance(action, Discard):
        return _discard(state, seat, action.card)
    if isinstance(action, Knock):
        return _knock(state, seat, action)
    return _big_gin(state, seat, action)


def _record(rnd: RoundState, seat: int, kind: str, card: Card | None) -> tuple[MoveRecord, ...]:
    return (*rnd.history, MoveRecord(seat, kind, card))


def _with_hand(
    rnd: RoundState, seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (hand, rnd.hands[1]) if seat == 0 else (rnd.hands[0], hand)


def _pass(state: GameState, seat: int) -> GameState:
    rnd = state.round
    history = (*rnd.history, _PASS_RECORD[seat])
    if rnd.passes == 0:
        passes, turn, phase, stock_only = 1, rnd.dealer, rnd.phase, rnd.stock_only
    else:
        passes, turn, phase, stock_only = 2, 1 - rnd.dealer, _DRAW, True
    new = build_round(
        rnd.number,
        rnd.dealer,
        rnd.hands,
        rnd.hand_masks,
        rnd.stock,
        rnd.discard_pile,
        phase,
        turn,
        rnd.upcard,
        rnd.knock_limit,
        passes,
        stock_only,
        rnd.drawn_from_discard,
        rnd.knock_discard,
        history,
    )
    return build_game(state.rules, state.scores, new, state.rounds, state.final)


def _add_card(
    rnd: RoundState, seat: int, card: Card
) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[int, int]]:
    """Both hands and their masks after ``seat`` takes ``card`` (kept in mask order: the
    card goes where its mask says, as a sort would put it)."""
    bit = card.mask
    mask = rnd.hand_masks[seat]
    hand = rnd.hands[seat]
    i = (mask & (bit - 1)).bit_count()
    hand = (*hand[:i], card, *hand[i:])
    mask |= bit
    if seat == 0:
        return (hand, rnd.hands[1]), (mask, rnd.hand_masks[1])
    return (rnd.hands[0], hand), (rnd.hand_masks[0], mask)


def _draw_stock(state: GameState, seat: int) -> GameState:
    rnd = state.round
    card = rnd.stock[0]
    hands, masks = _add_card(rnd, seat, card)
    new = build_round(
        rnd.number,
        rnd.dealer,
        hands,
        masks,
        rnd.stock[1:],
        rnd.discard_pile,
        _DISCARD,
        rnd.turn,
        rnd.upcard,
        rnd.knock_limit,
        rnd.passes,
        False,
        None,
        rnd.knock_discard,
        (*rnd.history, _DRAW_STOCK_RECORD[seat][card.mask]),
    )
    return build_game(state.rules, state.scores, new, state.rounds, state.final)


def _draw_discard(state: GameState, seat: int) -> GameState:
    rnd = state.round
    if rnd.stock_only or not rnd.discard_pile:
        raise StockOnly("Both players passed the first upcard: draw from the stock.")
    card = rnd.discard_pile[-1]
    hands, masks = _add_card(rnd, seat, card)
    new = build_round(
        rnd.number,
        rnd.dealer,
        hands,
        masks,
        rnd.stock,
        rnd.discard_pile[:-1],
        _DISCARD,
        rnd.turn,
        rnd.upcard,
        rnd.knock_limit,
        rnd.passes,
        rnd.stock_only,
        card,
        rnd.knock_discard,
        (*rnd.history, _DRAW_DISCARD_RECORD[seat][card.mask]),
    )
    return build_game(state.rules, state.scores, new, state.rounds, state.final)


def _check_discard(rnd: RoundState, seat: int, card: object, verb: str) -> Card:
    if not isinstance(card, Card):
        raise ValidationError(f"{card!r} is not a card.", {"card": ["Must be a card."]})
    if not rnd.hand_masks[seat] & card.mask:
        raise CardNotInHand(f"{card} is not in your hand.")
    drawn = rnd.drawn_from_discard
    if drawn is not None and card == drawn:
        raise CannotDiscardDrawnCard(
            f"{card} was taken from the discard pile this turn; it cannot be {verb} now."
        )
    return card


def _discard(state: GameState, seat: int, card: Card) -> GameState:
    rnd = state.round
    card = _check_discard(rnd, seat, card, "discarded")
    bit = card.mask
    mask = rnd.hand_masks[seat]
    hand = _without(rnd.hands[seat], mask, bit)
    mask ^= bit
    if seat == 0:
        hands, masks = (hand, rnd.hands[1]), (mask, rnd.hand_masks[1])
    else:
        hands, masks = (rnd.hands[0], hand), (rnd.hand_masks[0], mask)
    new = build_round(
        rnd.number,
        rnd.dealer,
        hands,
        masks,
        rnd.stock,
        (*rnd.discard_pile, card),
        _DRAW,
        1 - seat,
        rnd.upcard,
        rnd.knock_limit,
        rnd.passes,
        rnd.stock_only,
        None,
        rnd.knock_discard,
        (*rnd.history, _DISCARD_RECORD[seat][bit]),
    )
    if len(rnd.stock) <= state.rules.stock_floor:
        # the round ends drawn: _end_round sets the phase and clears the turn
        return _end_round(state, new, Outcome.DRAW, None, None, 0, settle_draw(hands))
    return build_game(state.rules, state.scores, new, state.rounds, state.final)


def _declared_melds(
    melds: Sequence[Sequence[object]], hand: tuple[Card, ...]
) -> tuple[tuple[int, ...], int]:
    """``(meld masks, cards melded)`` of declared melds; :class:`InvalidMelds` unless each
    is a legal meld of cards in ``hand``, and no card is used twice."""
    hand_mask = mask_of(hand)
    used = 0
    out = []
    if not isinstance(melds, (list, tuple)):
        raise InvalidMelds("melds must be a list of card lists.")
    for meld in melds:
        if not isinstance(meld, (list, tuple)) or not all(isinstance(c, Card) for c in meld):
            raise InvalidMelds(f"{brief_repr(meld)} is not a list of cards.")
        text = brief_list(meld, limit=MELD_NAMED)
        mask = mask_of(meld)
        if mask.bit_count() != len(meld) or mask not in MELD_BY_MASK:
            raise InvalidMelds(f"[{text}] is not a meld.")
        if mask & ~hand_mask:
            missing = brief_list(cards_of(mask & ~hand_mask))
            raise InvalidMelds(f"[{text}] uses {missing}, which is not in your hand.")
        if mask & used:
            twice = brief_list(cards_of(mask & used))
            raise InvalidMelds(f"[{text}] uses {twice} again: a card belongs to one meld.")
        used |= mask
        out.append(mask)
    return tuple(out), used


def _knock(state: GameState, seat: int, action: Knock) -> GameState:
    rnd = state.round
    card = _check_discard(rnd, seat, action.card, "knocked with")
    mask = rnd.hand_masks[seat]
    hand = _without(rnd.hands[seat], mask, card.mask)
    mask ^= card.mask
    melds: tuple[int, ...] | None = None
    if action.melds is not None:
        melds, used = _declared_melds(action.melds, hand)
        deadwood = value_of(mask & ~used)
    else:
        deadwood = deadwood_mask(mask)
    if deadwood > rnd.knock_limit:
        raise KnockLimitExceeded(
            f"Knocking with {card} leaves {deadwood} deadwood; the limit is {rnd.knock_limit}."
        )
    other = rnd.hands[1 - seat]
    outcome, winner, points, hands = settle_knock(state.rules, seat, hand, melds, other)
    rnd = _evolve_round(
        rnd,
        hands=_with_hand(rnd, seat, hand),
        knock_discard=card,
        drawn_from_discard=None,
        history=_record(rnd, seat, Knock.type, card),
    )
    return _end_round(state, rnd, outcome, seat, winner, points, hands)


def _big_gin(state: GameState, seat: int, action: BigGin) -> GameState:
    rnd = state.round
    if not state.rules.big_gin:
        raise NotBigGin("Big gin is not allowed by this game's rules.")
    hand = rnd.hands[seat]
    melds: tuple[int, ...] | None = None
    if action.melds is not None:
        melds, used = _declared_melds(action.melds, hand)
        left = cards_of(mask_of(hand) & ~used)
        if left:
            raise NotBigGin(
                f"Big gin needs all 11 cards melded; {brief_list(left)} are not."
            )
    else:
        deadwood = deadwood_mask(rnd.hand_masks[seat])
        if deadwood:
            raise NotBigGin(f"Big gin needs all 11 cards melded; the least deadwood is {deadwood}.")
    other = rnd.hands[1 - seat]
    outcome, winner, points, hands = settle_big_gin(state.rules, seat, hand, melds, other)
    rnd = _evolve_round(rnd, drawn_from_discard=None, history=_record(rnd, seat, BigGin.type, None))
    return _end_round(state, rnd, outcome, seat, winner, points, hands)


def _end_round(
    state: GameState,
    rnd: RoundState,
    outcome: Outcome,
    knocker: int | None,
    winner: int | None,
    points: int,
    hands: tuple[HandResult, HandResult],
) -> GameState:
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += points
    result = RoundResult(
        number=rnd.number,
        dealer=rnd.dealer,
        outcome=outcome,
        knocker=knocker,
        winner=winner,
        points=points,
        scores_after=(scores[0], scores[1]),
        hands=hands,
    )
    rounds = (*state.rounds, result)
    final = None
    if winner is not None and scores[winner] >= state.rules.target_score:
        final = settle_game(state.rules, rounds, winner)
    return evolve(
        state,
        scores=(scores[0], scores[1]),
        round=_evolve_round(rnd, phase=_ROUND_OVER, turn=None),
        rounds=rounds,
        final=final,
    )


def concede(state: GameState, seat: int, reason: str = "concede") -> GameState:
    """End the game: ``seat`` gives up (``reason`` ``concede`` or ``timeout``) and the
    other seat wins whatever the scores. The current round is left as it was and gets no
    result."""
    seat, reason = check_leaving(state, seat, reason)
    return evolve(state, final=settle_concession(state.rules, state.rounds, seat, reason))


def placement(state: GameState) -> tuple[int, ...]:
    """Both seats as the game stands: the higher score first, seat 0 on a tie."""
    return tuple(sorted(range(2), key=lambda seat: (-state.scores[seat], seat)))


# --------------------------------------------------------------------------------------
# Views
# --------------------------------------------------------------------------------------


def public_move(record: MoveRecord, viewer: int) -> MoveRecord:
    """A history record as ``viewer`` may see it: the opponent's stock draw loses its card;
    everything else (passes, discard-pile draws, discards, knocks) is public."""
    if record.type == DrawStock.type and record.seat != viewer and record.card is not None:
        return MoveRecord(record.seat, record.type, None)
    return record


def hand_deadwood(hand: Sequence[Card], drawn_from_discard: Card | None = None) -> int:
    """The deadwood shown in a view: the least deadwood of 10 cards; with 11 cards, the
    least after the best discard that is allowed (not the card just taken from the
    discard pile)."""
    mask = mask_of(hand)
    if len(hand) != 11:
        return deadwood_mask(mask)
    if drawn_from_discard is None:
        return deadwood_after_discard_mask(mask)
    keep = drawn_from_discard.mask
    return min(deadwood_mask(mask ^ card.mask) for card in hand if card.mask != keep)


def view_for(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see: its own hand, the opponent's hand size, the stock size, the
    face-up discards, its deadwood and legal actions, the public history of the round,
    and the finished rounds' results. Never the stock order nor the opponent's cards
    (those appear only in finished rounds' results)."""
    seat = check_seat(seat, 2)
    rnd = state.round
    hand = rnd.hands[seat]
    drawn = rnd.drawn_from_discard if rnd.turn == seat else None
    round_view = RoundView(
        number=rnd.number,
        dealer=rnd.dealer,
        phase=rnd.phase,
        turn=state.turn,
        hand=hand,
        opponent_hand_size=len(rnd.hands[1 - seat]),
        stock_size=len(rnd.stock),
        discard_pile=rnd.discard_pile,
        drawn_from_discard=drawn,
        deadwood=hand_deadwood(hand, drawn),
        legal_actions=legal_actions(state, seat),
        knock_limit=rnd.knock_limit,
        history=tuple(public_move(record, seat) for record in rnd.history),
    )
    return PlayerView.of(state, seat, round_view)


def cards_in_play(state: GameState) -> list[Card]:
    """Every card of the current round, wherever it lies (52 when the state is sound)."""
    rnd = state.round
    out = [*rnd.hands[0], *rnd.hands[1], *rnd.stock, *rnd.discard_pile]
    if rnd.knock_discard is not None:
        out.append(rnd.knock_discard)
    return out
