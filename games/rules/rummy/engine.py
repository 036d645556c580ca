"""The rummy round state machine: dealing, legal actions, applying actions, views, replay.

Edge rules, written down beside the code (docs/games/rummy.md, and where it is silent, the
standard rules):

* Deal: seat ``(dealer + 1 + i) % n`` gets ``deck[i*hand_size:(i+1)*hand_size]``, then
  ``deck[n*hand_size]`` is the first upcard (the discard pile), the stock is the rest,
  drawn in order. Round 1's dealer is seat 0 (or ``dealer``); the dealer moves one seat
  every round; the seat after the dealer plays first.
* A turn is ``draw`` (stock or the discard pile's top card) then ``play``: any number of
  melds, lay-offs and joker swaps, then a discard, which ends the turn.
* The card taken from the discard pile this turn may not be discarded (nor another copy
  of it) unless the hand holds nothing else. Once a meld, lay-off or swap puts that card
  (or a copy of it) on the table, the rule no longer applies this turn.
* The first ``meld`` must be worth ``first_meld_points`` on its own; later melds in the
  same turn, lay-offs and swaps are then allowed at once.
* A meld or lay-off that would empty the hand is refused (``must_keep_discard``): a
  player goes out only by discarding the last card, which may be the card just taken
  from the discard pile.
* A joker taken by a swap must be melded or laid off before the discard
  (``joker_must_be_played``). So that a turn can always be finished, a swap is refused
  while such a joker is still owed, and any swap, meld or lay-off after which the owed
  joker could no longer be played (no table meld would take it and no two cards of the
  hand would meld with it, keeping a card to discard) is refused with the same code.
* Block: after a discard that does not go out, an empty stock ends the round. The stock
  is therefore never empty at a draw.
* Hand rummy: the player went out and had not come out before this turn (a player's
  table cards all come after coming out). The outcome is ``hand_rummy`` whether or not
  ``hand_rummy_doubles`` doubles the points.
* Game end, after a round: a total at ``-loss_limit`` or below (reason ``loss_limit``,
  which wins over ``rounds`` when both hold), or ``rounds`` rounds played.
* Leaving (:func:`concede`): with 3-4 seats the seat is marked as left and play goes on
  (the server seats a computer there); when fewer than two seats remain that have not
  left, the game ends with that reason. Leavers are placed last, the first to leave
  last of all.
* Check order in :func:`apply_action`: game over (``game_not_active``); a round that is
  over before the next deal (``wrong_phase``); not the seat to act (``not_your_turn``);
  the action type in the wrong phase (``wrong_phase``); then each action's own checks,
  as listed on its helper below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from games.rules.common.cards import Card
from games.rules.common.engine import (
    check_card,
    check_deal_due,
    check_leaving,
    check_phase,
    check_seat,
    check_seat_count,
    check_turn,
    evolve,
    replace_at,
    shared_moves,
    without,
)
from games.rules.common.engine import is_legal as common_is_legal
from games.rules.common.errors import MELD_NAMED, brief_list
from games.rules.common.melds import natural_at
from games.rules.common.pile import DISCARD, DRAW_DISCARD, PileEvent
from games.rules.common.results import rounds_won, settle
from games.rules.rummy.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Layoff,
    Meld,
    SwapJoker,
)
from games.rules.rummy.cards import (
    JOKER,
    Joker,
    RummyCard,
    card_value,
    check_deck,
    hand_value,
    sort_hand,
)
from games.rules.rummy.errors import (
    CannotDiscardDrawnCard,
    CardNotInHand,
    FirstMeldTooSmall,
    GameNotActive,
    InvalidLayoff,
    InvalidMelds,
    JokerMustBePlayed,
    MustKeepDiscard,
    NotOutYet,
    NotYourTurn,
    ValidationError,
    WrongPhase,
)
from games.rules.rummy.melds import (
    End,
    MeldKind,
    TableMeld,
    accepts_joker,
    best_melds,
    count_key,
    has_meld,
    joker_meld_in,
    layoff_fits,
    melds_in,
    reaches_key,
    read_meld,
    swap_cards,
    swap_joker_into,
)
from games.rules.rummy.ruleset import RuleSet
from games.rules.rummy.state import (
    FinalResult,
    GameState,
    HandResult,
    LayoffOption,
    LegalAction,
    Outcome,
    Phase,
    PlayerView,
    RoundResult,
    RoundState,
    RoundView,
)

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.DRAW: (DrawStock, DrawDiscard),
    Phase.PLAY: (Meld, Layoff, SwapJoker, Discard),
    Phase.ROUND_OVER: (),
}
_ACTIONS = (DrawStock, DrawDiscard, Meld, Layoff, SwapJoker, Discard)


def _text(cards: Iterable[RummyCard]) -> str:
    """A meld's cards in a message: a hand's worth named, then a count."""
    return brief_list(cards, limit=MELD_NAMED)


# --------------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------------


def deal_round(
    rules: RuleSet, seats: int, number: int, dealer: int, deck: Iterable[RummyCard | str]
) -> RoundState:
    """A freshly dealt round (see the module docstring for the dealing order)."""
    cards = check_deck(deck, rules.jokers)
    size = rules.hand_size
    hands: list[tuple[RummyCard, ...]] = [()] * seats
    for i in range(seats):
        hands[(dealer + 1 + i) % seats] = sort_hand(cards[i * size : (i + 1) * size])
    return RoundState(
        number=number,
        dealer=dealer,
        hands=tuple(hands),
        stock=cards[seats * size + 1 :],
        discard_pile=(cards[seats * size],),
        table=(),
        came_out=(False,) * seats,
        phase=Phase.DRAW,
        turn=(dealer + 1) % seats,
    )


def new_game(
    rules: RuleSet, seats: int, deck: Iterable[RummyCard | str], dealer: int = 0
) -> GameState:
    """A new game of ``seats`` (2-4) with round 1 dealt by ``dealer`` from ``deck`` (104
    cards and the rules' jokers, in dealing order)."""
    if not isinstance(rules, RuleSet):
        raise ValidationError("rules must be a RuleSet.", {"rules": ["Must be a RuleSet."]})
    seats = check_seat_count(seats, 2, 4)
    dealer = check_seat(dealer, seats, "dealer")
    return GameState(
        rules=rules,
        seats=seats,
        scores=(0,) * seats,
        round=deal_round(rules, seats, 1, dealer, deck),
    )


def deal_next_round(
    state: GameState, deck: Iterable[RummyCard | str], salt: str = ""
) -> GameState:
    """Deal the next round from ``deck``; the dealer moves one seat on. ``salt``, the
    deal's secret salt, orders nothing in Rummy: an empty stock ends the round rather
    than being made again from the discard pile."""
    check_deal_due(
        game_over=state.final is not None,
        round_over=state.round.phase is Phase.ROUND_OVER,
        number=state.round.number,
    )
    dealer = (state.round.dealer + 1) % state.seats
    rnd = deal_round(state.rules, state.seats, state.round.number + 1, dealer, deck)
    return evolve(state, round=rnd)


# --------------------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------------------


def _can_play_joker(hand: Sequence[RummyCard], table: Sequence[TableMeld]) -> bool:
    """Whether a joker of ``hand`` can still be melded or laid off, keeping a card."""
    if len(hand) >= 2 and any(accepts_joker(meld) for meld in table):
        return True
    return len(hand) >= 4 and joker_meld_in(count_key(hand)[0])


def _meld_available(rules: RuleSet, rnd: RoundState, seat: int) -> bool:
    hand = rnd.hands[seat]
    key, jokers = count_key(hand)
    if not rnd.came_out[seat]:
        return reaches_key(key, jokers, rules.first_meld_points)
    if len(hand) < 4:
        return False
    if rnd.jokers_owed:
        return joker_meld_in(key)
    return has_meld(key, jokers)


def _layoff_candidates(meld: TableMeld) -> tuple[RummyCard, ...]:
    if meld.kind is MeldKind.SET:
        return (*swap_cards_for_set(meld), JOKER)
    assert meld.suit is not None
    low, high = meld.rank, meld.rank + len(meld.cards) - 1
    out: list[RummyCard] = []
    if low >= 2:
        out.append(natural_at(meld.suit, low - 1))
    if high <= 13:
        card = natural_at(meld.suit, high + 1)
        if card not in out:
            out.append(card)
    out.append(JOKER)
    return tuple(out)


def swap_cards_for_set(meld: TableMeld) -> tuple[Card, ...]:
    """The natural cards a set still lacks (its rank in the suits it does not hold)."""
    suits = {card.suit for card in meld.cards if isinstance(card, Card)}
    return tuple(natural_at(suit, meld.rank) for suit in range(4) if suit not in suits)


def _layoff_options(rnd: RoundState, seat: int) -> list[LayoffOption]:
    hand = rnd.hands[seat]
    if len(hand) < 2:
        return []
    held = set(hand)
    out = []
    for meld in rnd.table:
        for card in _layoff_candidates(meld):
            if card not in held:
                continue
            for end, new in layoff_fits(meld, card).items():
                if rnd.jokers_owed and not isinstance(card, Joker):
                    table = _replace(rnd.table, new)
                    if not _can_play_joker(without(hand, card), table):
                        continue
                out.append(LayoffOption(card, meld.id, end))
    return out


def _swap_options(rnd: RoundState, seat: int) -> list[LayoffOption]:
    hand = rnd.hands[seat]
    held = set(hand)
    out = []
    for meld in rnd.table:
        for card in sorted(swap_cards(meld) & held):
            new = swap_joker_into(meld, card)
            assert new is not None
            if _can_play_joker(sort_hand((*without(hand, card), JOKER)), _replace(rnd.table, new)):
                out.append(LayoffOption(card, meld.id))
    return out


def _discard_cards(rnd: RoundState, seat: int) -> tuple[RummyCard, ...]:
    hand = rnd.hands[seat]
    drawn = rnd.drawn_from_discard
    distinct = sort_hand(set(hand))
    if drawn is None or all(card == drawn for card in hand):
        return distinct
    return tuple(card for card in distinct if card != drawn)


def legal_actions(state: GameState, seat: int) -> tuple[LegalAction, ...]:
    """What ``seat`` may do now (empty when it is not that seat's turn or the game is
    over): the draws; or ``meld`` (when some meld action is allowed, not enumerated),
    ``layoff`` and ``swap_joker`` with every allowed ``{card, meld, end}`` (``end`` given
    for every lay-off on a run, ``None`` on a set), and ``discard`` with its cards."""
    seat = check_seat(seat, state.seats)
    rnd = state.round
    if state.final is not None or rnd.turn != seat:
        return ()
    if rnd.phase is Phase.DRAW:
        out = [LegalAction(DrawStock.type)]
        if rnd.discard_pile:
            out.append(LegalAction(DrawDiscard.type))
        return tuple(out)
    if rnd.phase is not Phase.PLAY:
        return ()
    out = []
    if _meld_available(state.rules, rnd, seat):
        out.append(LegalAction(Meld.type))
    if rnd.came_out[seat]:
        layoffs = _layoff_options(rnd, seat)
        if layoffs:
            out.append(LegalAction(Layoff.type, options=tuple(layoffs)))
        if not rnd.jokers_owed:
            swaps = _swap_options(rnd, seat)
            if swaps:
                out.append(LegalAction(SwapJoker.type, options=tuple(swaps)))
    if not rnd.jokers_owed:
        out.append(LegalAction(Discard.type, cards=_discard_cards(rnd, seat)))
    return tuple(out)


def legal_moves(state: GameState, seat: int, melds: bool = True) -> list[Action]:
    """Concrete actions ``seat`` may apply now: every draw, lay-off, swap and discard,
    and (with ``melds``) every single meld of the hand that is allowed on its own; a
    player not yet out gets the one best first meld instead (:func:`best_melds`)."""
    out: list[Action] = []
    for entry in legal_actions(state, seat):
        shared = shared_moves(entry)
        if shared is not None:
            out.extend(shared)
        elif entry.type == Layoff.type:
            out.extend(Layoff(o.card, o.meld, o.end) for o in entry.options or ())
        elif entry.type == SwapJoker.type:
            out.extend(SwapJoker(o.card, o.meld) for o in entry.options or ())
        elif entry.type == Meld.type and melds:
            out.extend(meld_moves(state, seat))
    return out


def meld_moves(state: GameState, seat: int) -> list[Meld]:
    """Allowed ``meld`` actions: before coming out the best first meld
    (:func:`~games.rules.rummy.melds.best_melds`); after, each single meld of the hand
    that is allowed now."""
    rnd = state.round
    hand = rnd.hands[seat]
    if not rnd.came_out[seat]:
        points, melds = best_melds(hand)
        if melds and points >= state.rules.first_meld_points:
            return [Meld(melds)]
        return []
    out = []
    for meld in melds_in(hand):
        action = Meld((meld,))
        if is_legal(state, action, seat):
            out.append(action)
    return out


def timeout_action(state: GameState, seat: int) -> Action:
    """The action the server plays for a seat whose turn timed out (docs/api.md#turn-timers: it
    plays the
    seat's whole turn): a stock draw, then -- after playing a swapped joker still owed --
    a discard of the highest-valued card allowed. Deterministic; call it until the turn
    passes. Raises :class:`~games.rules.common.errors.IllegalAction` when it is not that seat's
    turn."""
    legal = {entry.type: entry for entry in legal_actions(state, seat)}
    if not legal:
        if state.final is not None:
            raise GameNotActive("The game is over.")
        raise NotYourTurn(f"It is seat {state.turn}'s turn, not seat {seat}'s.")
    if DrawStock.type in legal:
        return DrawStock()
    if Discard.type in legal:
        cards = legal[Discard.type].cards or ()
        return Discard(max(reversed(cards), key=card_value))
    for option in legal[Layoff.type].options or () if Layoff.type in legal else ():
        if isinstance(option.card, Joker):
            return Layoff(option.card, option.meld, option.end)
    hand = state.round.hands[seat]
    for meld in melds_in(hand):
        action = Meld((meld,))
        if JOKER in meld and is_legal(state, action, seat):
            return action
    raise AssertionError("an owed joker with no way to play it")  # pragma: no cover


def is_legal(state: GameState, action: Action, seat: int) -> bool:
    """Whether :func:`apply_action` would accept the action."""
    return common_is_legal(apply_action, state, action, seat)


# --------------------------------------------------------------------------------------
# Applying actions
# --------------------------------------------------------------------------------------


def apply_action(state: GameState, action: Action, seat: int) -> GameState:
    """The state after ``seat`` plays ``action``; validates everything and raises a
    :class:`~games.rules.common.errors.RulesError` carrying the API's code when it is not
    allowed (check order: see the module docstring)."""
    seat = check_seat(seat, state.seats)
    check_turn(state, seat)
    check_phase(action, state.round.phase, _PHASE_ACTIONS, _ACTIONS)
    if isinstance(action, DrawStock):
        return _draw(state, seat, from_stock=True)
    if isinstance(action, DrawDiscard):
        return _draw(state, seat, from_stock=False)
    if isinstance(action, Meld):
        return _meld(state, seat, action)
    if isinstance(action, Layoff):
        return _layoff(state, seat, action)
    if isinstance(action, SwapJoker):
        return _swap(state, seat, action)
    return _discard(state, seat, action.card)


def _with_hand(
    rnd: RoundState, seat: int, hand: tuple[RummyCard, ...]
) -> tuple[tuple[RummyCard, ...], ...]:
    return replace_at(rnd.hands, seat, hand)


def _replace(table: tuple[TableMeld, ...], meld: TableMeld) -> tuple[TableMeld, ...]:
    return replace_at(table, meld.id, meld)


def _draw(state: GameState, seat: int, from_stock: bool) -> GameState:
    rnd = state.round
    if from_stock:
        card = rnd.stock[0]
        changes: dict[str, Any] = {"stock": rnd.stock[1:], "drawn_from_discard": None}
    else:
        if not rnd.discard_pile:  # never after a deal or a discard; kept for safety
            raise WrongPhase("The discard pile is empty: draw from the stock.")
        card = rnd.discard_pile[-1]
        changes = {
            "discard_pile": rnd.discard_pile[:-1],
            "drawn_from_discard": card,
            "pile_history": (*rnd.pile_history, PileEvent(seat, DRAW_DISCARD, card)),
        }
    new = evolve(
        rnd,
        hands=_with_hand(rnd, seat, sort_hand((*rnd.hands[seat], card))),
        phase=Phase.PLAY,
        out_at_turn_start=rnd.came_out[seat],
        jokers_owed=0,
        **changes,
    )
    return evolve(state, round=new)


def _check_meld_id(rnd: RoundState, meld: object) -> TableMeld:
    if isinstance(meld, bool) or not isinstance(meld, int):
        raise ValidationError(
            f"meld must be a table meld id, not {meld!r}.", {"meld": ["Must be an integer."]}
        )
    if not 0 <= meld < len(rnd.table):
        raise InvalidLayoff(f"There is no table meld {meld} (the table has {len(rnd.table)}).")
    return rnd.table[meld]


def _meld(state: GameState, seat: int, action: Meld) -> GameState:
    """Checks: each meld's shape (``invalid_melds``, naming it), the cards in the hand
    (``invalid_melds``), keeping a card (``must_keep_discard``), the first meld's points
    (``first_meld_too_small``), an owed joker still playable (``joker_must_be_played``)."""
    rnd = state.round
    hand = rnd.hands[seat]
    if not isinstance(action.melds, tuple) or not action.melds:
        raise InvalidMelds("A meld action needs at least one meld.")
    available = Counter(hand)
    placed: list[TableMeld] = []
    used = 0
    jokers = 0
    for number, cards in enumerate(action.melds, start=1):
        if not isinstance(cards, tuple) or not all(isinstance(c, Card | Joker) for c in cards):
            raise ValidationError(
                f"Meld {number} is not a list of cards.",
                {"melds": ["Each meld must be a list of cards."]},
            )
        try:
            kind, rank, suit = read_meld(cards)
        except ValueError as error:
            raise InvalidMelds(f"Meld {number} [{_text(cards)}] is not a meld: {error}.") from error
        for card in cards:
            if available[card] <= 0:
                more = " more" if Counter(hand)[card] else ""
                raise InvalidMelds(
                    f"Meld {number} [{_text(cards)}] uses {card}, and your hand holds no{more} "
                    f"{card}."
                )
            available[card] -= 1
            jokers += isinstance(card, Joker)
        used += len(cards)
        placed.append(TableMeld(len(rnd.table) + len(placed), seat, kind, cards, rank, suit))
    if used >= len(hand):
        raise MustKeepDiscard(
            f"These melds would use all {len(hand)} cards of your hand: keep one to discard."
        )
    if not rnd.came_out[seat]:
        points = sum(meld.points for meld in placed)
        if points < state.rules.first_meld_points:
            raise FirstMeldTooSmall(
                f"Your first meld is worth {points} points; it must be worth at least "
                f"{state.rules.first_meld_points}."
            )
    new_hand = sort_hand(available.elements())
    table = (*rnd.table, *placed)
    owed = max(0, rnd.jokers_owed - jokers)
    if owed and not _can_play_joker(new_hand, table):
        raise JokerMustBePlayed(
            "After these melds the joker you took could not be played this turn."
        )
    came_out = tuple(out or i == seat for i, out in enumerate(rnd.came_out))
    drawn = rnd.drawn_from_discard
    if drawn is not None and available[drawn] < Counter(hand)[drawn]:
        drawn = None  # the card taken (or its copy) is on the table now
    new = evolve(
        rnd,
        hands=_with_hand(rnd, seat, new_hand),
        table=table,
        came_out=came_out,
        jokers_owed=owed,
        drawn_from_discard=drawn,
    )
    return evolve(state, round=new)


def _layoff(state: GameState, seat: int, action: Layoff) -> GameState:
    """Checks: ``not_out_yet``; the card held (``card_not_in_hand``); the meld and end
    (``invalid_layoff``); keeping a card (``must_keep_discard``); an owed joker still
    playable (``joker_must_be_played``)."""
    rnd = state.round
    if not rnd.came_out[seat]:
        raise NotOutYet("You may lay off only after coming out (your first meld).")
    card = check_card(action.card)
    end = action.end
    if end is not None and end not in (End.LOW, End.HIGH):
        raise ValidationError(
            f"end must be 'low' or 'high', not {end!r}.", {"end": ["Must be low or high."]}
        )
    hand = rnd.hands[seat]
    if card not in hand:
        raise CardNotInHand(f"{card} is not in your hand.")
    meld = _check_meld_id(rnd, action.meld)
    fits = layoff_fits(meld, card)
    where = f"meld {meld.id} [{meld}]"
    if not fits:
        raise InvalidLayoff(f"{card} does not fit {where}.")
    if meld.kind is MeldKind.SET:
        if end is not None:
            raise InvalidLayoff(f"{where} is a set: it has no {end} end.")
        new = fits[None]
    elif end is None:
        if len(fits) > 1:
            raise InvalidLayoff(f"{card} fits both ends of {where}: say end low or high.")
        new = next(iter(fits.values()))
    else:
        if End(end) not in fits:
            raise InvalidLayoff(f"{card} does not fit the {end} end of {where}.")
        new = fits[End(end)]
    if len(hand) == 1:
        raise MustKeepDiscard(f"Laying off {card} would empty your hand: discard it instead.")
    new_hand = without(hand, card)
    table = _replace(rnd.table, new)
    owed = rnd.jokers_owed - (1 if rnd.jokers_owed and isinstance(card, Joker) else 0)
    if owed and not _can_play_joker(new_hand, table):
        raise JokerMustBePlayed(
            f"After laying off {card} the joker you took could not be played this turn."
        )
    drawn = None if card == rnd.drawn_from_discard else rnd.drawn_from_discard
    new_rnd = evolve(
        rnd,
        hands=_with_hand(rnd, seat, new_hand),
        table=table,
        jokers_owed=owed,
        drawn_from_discard=drawn,
    )
    return evolve(state, round=new_rnd)


def _swap(state: GameState, seat: int, action: SwapJoker) -> GameState:
    """Checks: ``not_out_yet``; a joker already owed (``joker_must_be_played``); the card
    held (``card_not_in_hand``); the meld has a joker that card stands for
    (``invalid_layoff``); the joker playable afterwards (``joker_must_be_played``)."""
    rnd = state.round
    if not rnd.came_out[seat]:
        raise NotOutYet("You may swap a joker only after coming out (your first meld).")
    if rnd.jokers_owed:
        raise JokerMustBePlayed("Play the joker you took before swapping another.")
    card = check_card(action.card)
    hand = rnd.hands[seat]
    if card not in hand:
        raise CardNotInHand(f"{card} is not in your hand.")
    meld = _check_meld_id(rnd, action.meld)
    if not isinstance(card, Card):
        raise InvalidLayoff("A joker is swapped for the natural card it stands for, not a joker.")
    new = swap_joker_into(meld, card)
    if new is None:
        what = "holds no joker" if not meld.jokers else f"has no joker that {card} can replace"
        raise InvalidLayoff(f"Meld {meld.id} [{meld}] {what}.")
    new_hand = sort_hand((*without(hand, card), JOKER))
    table = _replace(rnd.table, new)
    if not _can_play_joker(new_hand, table):
        raise JokerMustBePlayed(
            "You could not meld or lay off that joker this turn, so it may not be taken."
        )
    drawn = None if card == rnd.drawn_from_discard else rnd.drawn_from_discard
    new_rnd = evolve(
        rnd,
        hands=_with_hand(rnd, seat, new_hand),
        table=table,
        jokers_owed=1,
        drawn_from_discard=drawn,
    )
    return evolve(state, round=new_rnd)


def _discard(state: GameState, seat: int, card: object) -> GameState:
    """Checks: the card held (``card_not_in_hand``); no owed joker
    (``joker_must_be_played``); not the card just taken from the discard pile while the
    hand holds another (``cannot_discard_drawn_card``)."""
    rnd = state.round
    card = check_card(card)
    hand = rnd.hands[seat]
    if card not in hand:
        raise CardNotInHand(f"{card} is not in your hand.")
    if rnd.jokers_owed:
        raise JokerMustBePlayed(
            "Meld or lay off the joker you took from the table before discarding."
        )
    if card == rnd.drawn_from_discard and any(held != card for held in hand):
        raise CannotDiscardDrawnCard(
            f"{card} was taken from the discard pile this turn; it cannot be discarded now."
        )
    new_hand = without(hand, card)
    rnd = evolve(
        rnd,
        hands=_with_hand(rnd, seat, new_hand),
        discard_pile=(*rnd.discard_pile, card),
        drawn_from_discard=None,
        pile_history=(*rnd.pile_history, PileEvent(seat, DISCARD, card)),
    )
    if not new_hand:
        return _end_round(state, rnd, seat)
    if not rnd.stock:
        return _end_round(state, rnd, None)
    new = evolve(
        rnd, phase=Phase.DRAW, turn=(seat + 1) % state.seats, out_at_turn_start=False, jokers_owed=0
    )
    return evolve(state, round=new)


# --------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------


def _end_round(state: GameState, rnd: RoundState, winner: int | None) -> GameState:
    values = [hand_value(hand) for hand in rnd.hands]
    if winner is None:
        outcome = Outcome.BLOCK
        points = [-value for value in values]
    else:
        hand_rummy = not rnd.out_at_turn_start
        outcome = Outcome.HAND_RUMMY if hand_rummy else Outcome.OUT
        points = [-value for value in values]
        points[winner] = sum(values)
        if hand_rummy and state.rules.hand_rummy_doubles:
            points = [2 * value for value in points]
    scores = tuple(score + gained for score, gained in zip(state.scores, points, strict=True))
    result = RoundResult(
        number=rnd.number,
        dealer=rnd.dealer,
        outcome=outcome,
        winner=winner,
        points=tuple(points),
        scores_after=scores,
        hands=tuple(HandResult(seat, hand, values[seat]) for seat, hand in enumerate(rnd.hands)),
    )
    rounds = (*state.rounds, result)
    state = evolve(
        state,
        scores=scores,
        round=evolve(rnd, phase=Phase.ROUND_OVER, turn=None, jokers_owed=0),
        rounds=rounds,
    )
    if min(scores) <= -state.rules.loss_limit:
        return evolve(state, final=settle_game(state, "loss_limit"))
    if state.rules.rounds is not None and rnd.number >= state.rules.rounds:
        return evolve(state, final=settle_game(state, "rounds"))
    return state


def placement(state: GameState) -> tuple[int, ...]:
    """The seats from first to last: highest total first, ties to more rounds won, then to
    the lower seat; seats that left come last, the first to leave last of all."""
    wins = rounds_won(state.rounds, state.seats)
    stayed = sorted(
        (seat for seat in range(state.seats) if seat not in state.left),
        key=lambda seat: (-state.scores[seat], -wins[seat], seat),
    )
    return (*stayed, *reversed(state.left))


def settle_game(state: GameState, reason: str) -> FinalResult:
    """The final result of a game ending now for ``reason``."""
    return settle(placement(state), state.scores, reason)


def concede(state: GameState, seat: int, reason: str = "concede") -> GameState:
    """``seat`` leaves the game (``reason`` ``concede`` or ``timeout``). With two seats the
    other seat wins at once; with 3-4 the seat is marked as left (a computer plays on for
    it and it is placed last) and the game goes on while two or more seats have not left."""
    seat, reason = check_leaving(state, seat, reason)
    state = evolve(state, left=(*state.left, seat))
    if state.seats - len(state.left) < 2:
        state = evolve(state, final=settle_game(state, reason))
    return state


# --------------------------------------------------------------------------------------
# Views
# --------------------------------------------------------------------------------------


def view_for(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see: its own hand, every hand's size, the stock's size (never its
    order), the discard pile and its public record (who took and who discarded which
    card), the table, who came out, its legal actions, and the finished rounds' results.
    ``drawn_from_discard`` is shown to the seat that drew it."""
    seat = check_seat(seat, state.seats)
    rnd = state.round
    round_view = RoundView(
        number=rnd.number,
        dealer=rnd.dealer,
        phase=rnd.phase,
        turn=state.turn,
        hand=rnd.hands[seat],
        hand_sizes=tuple(len(hand) for hand in rnd.hands),
        stock_size=len(rnd.stock),
        discard_pile=rnd.discard_pile,
        drawn_from_discard=rnd.drawn_from_discard if rnd.turn == seat else None,
        came_out=rnd.came_out,
        table=rnd.table,
        legal_actions=legal_actions(state, seat),
        pile_history=rnd.pile_history,
    )
    return PlayerView.of(state, seat, round_view)


def cards_in_play(state: GameState) -> list[RummyCard]:
    """Every card of the current round, wherever it lies (the whole deck when sound)."""
    rnd = state.round
    out = [card for hand in rnd.hands for card in hand]
    out += [*rnd.stock, *rnd.discard_pile]
    out += [card for meld in rnd.table for card in meld.cards]
    return out
