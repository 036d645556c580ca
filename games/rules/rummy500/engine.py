"""The Rummy 500 round state machine: dealing, legal actions, applying actions, views.

Edge rules, written down beside the code (docs/games/rummy500.md, and where it is silent,
the card-game books' rules):

* Deal: seat ``(dealer + 1 + i) % n`` gets ``deck[i*hand_size:(i+1)*hand_size]``, then
  ``deck[n*hand_size]`` is the first upcard (the discard pile), the stock is the rest,
  drawn in order. A hand size that leaves no stock for the table is refused
  (``validation_error``: 13 cards each at 4 seats). Round 1's dealer is seat 0; the dealer
  moves one seat every round; the seat after the dealer plays first.
* A turn is ``draw`` then ``play``: any number of melds and lay-offs, then a discard, which
  ends the turn. ``draw_discard`` takes the named card and every card above it.
* The picked card (a card taken from under the top, or the top card when
  ``top_card_free`` is off) must be put on the table by the very next action, a ``meld``
  whose melds hold it or a ``layoff`` of it (``picked_card_must_be_played`` for anything
  else). A take whose picked card no meld of the hand and the cards taken holds and no
  table meld takes is refused (``cannot_use_picked_card``), so the duty can always be met.
* The top card taken alone (when it is free) may not be discarded the same turn unless it
  is the last card in the hand (``cannot_discard_drawn_card``).
* There is no minimum for a first meld and no joker swap; a lay-off goes on any table
  meld and scores for the seat that lays it.
* Going out: the round ends as soon as a hand is empty, by a discard, a meld or a lay-off.
* Stock out: after a discard that does not go out, an empty stock ends the round (so the
  stock is never empty at a draw, and the pile never is: a turn that takes the whole pile
  ends with a discard or by going out).
* Scoring: each seat scores the table points of the cards it put down this round (melds
  and lay-offs) minus the value of its hand; totals accumulate.
* Game end, after a round: a total at ``target`` or more (reason ``target``, which wins
  over ``rounds`` when both hold), or ``rounds`` rounds played. Placement: highest total,
  then more rounds gone out, then the lower seat; seats that left come last.
* Leaving (:func:`concede`): as in Rummy, with 3-4 seats the seat is marked as left and
  play goes on (a computer plays it); with fewer than two seats left in the game it ends.
* Check order in :func:`apply_action`: game over (``game_not_active``); a round that is
  over (``wrong_phase``); not the seat to act (``not_your_turn``); the action type in the
  wrong phase (``wrong_phase``); a picked card owed (``picked_card_must_be_played``); then
  each action's own checks, as listed on its helper below.
"""

from __future__ import annotations

from collections.abc import Iterable

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
    without,
)
from games.rules.common.engine import is_legal as common_is_legal
from games.rules.common.errors import MELD_NAMED, brief_list
from games.rules.common.results import rounds_won, settle
from games.rules.rummy500.actions import Action, Discard, DrawDiscard, DrawStock, Layoff, Meld
from games.rules.rummy500.cards import AnyCard, Joker, card_value, check_deck, hand_value, sort_hand
from games.rules.rummy500.errors import (
    CannotDiscardDrawnCard,
    CannotUsePickedCard,
    CardNotInHand,
    CardNotInPile,
    GameNotActive,
    InvalidLayoff,
    InvalidMelds,
    NotYourTurn,
    PickedCardMustBePlayed,
    ValidationError,
)
from games.rules.rummy500.melds import (
    End,
    MeldKind,
    TableMeld,
    layoff_fits,
    meld_with,
    melds_in,
    read_meld,
)
from games.rules.rummy500.ruleset import RuleSet
from games.rules.rummy500.state import (
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
    Phase.PLAY: (Meld, Layoff, Discard),
    Phase.ROUND_OVER: (),
}
_ACTIONS = (DrawStock, DrawDiscard, Meld, Layoff, Discard)


def _text(cards: Iterable[AnyCard]) -> str:
    return brief_list(cards, limit=MELD_NAMED)


# --------------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------------


def deal_round(
    rules: RuleSet, seats: int, number: int, dealer: int, deck: Iterable[AnyCard | str]
) -> RoundState:
    """A freshly dealt round (see the module docstring for the dealing order)."""
    cards = check_deck(deck, rules.jokers)
    size = rules.hand_size_for(seats)
    if seats * size + 2 > len(cards):
        message = f"{size} cards each at {seats} seats leave no stock."
        raise ValidationError(message, {"hand_size": [message]})
    hands: list[tuple[AnyCard, ...]] = [()] * seats
    for i in range(seats):
        hands[(dealer + 1 + i) % seats] = sort_hand(cards[i * size : (i + 1) * size])
    return RoundState(
        number=number,
        dealer=dealer,
        hands=tuple(hands),
        stock=cards[seats * size + 1 :],
        discard_pile=(cards[seats * size],),
        table=(),
        phase=Phase.DRAW,
        turn=(dealer + 1) % seats,
    )


def new_game(
    rules: RuleSet, seats: int, deck: Iterable[AnyCard | str], dealer: int = 0
) -> GameState:
    """A new game of ``seats`` (2-4) with round 1 dealt by ``dealer`` from ``deck``."""
    if not isinstance(rules, RuleSet):
        raise ValidationError("rules must be a RuleSet.", {"rules": ["Must be a RuleSet."]})
    seats = check_seat_count(seats, 2, 4)
    dealer = check_seat(dealer, seats, "dealer")
    return GameState(
        rules=rules, seats=seats, scores=(0,) * seats,
        round=deal_round(rules, seats, 1, dealer, deck),
    )


def deal_next_round(state: GameState, deck: Iterable[AnyCard | str], salt: str = "") -> GameState:
    """Deal the next round from ``deck``; the dealer moves one seat on (``salt`` orders
    nothing: the pile is never turned over)."""
    check_deal_due(
        game_over=state.final is not None,
        round_over=state.round.phase is Phase.ROUND_OVER,
        number=state.round.number,
    )
    dealer = (state.round.dealer + 1) % state.seats
    rnd = deal_round(state.rules, state.seats, state.round.number + 1, dealer, deck)
    return evolve(state, round=rnd)


# --------------------------------------------------------------------------------------
# The picked card
# --------------------------------------------------------------------------------------


def layoffs_of(table: Iterable[TableMeld], card: AnyCard, seat: int) -> list[LayoffOption]:
    """Every lay-off of ``card`` by ``seat`` on the ``table``."""
    return [
        LayoffOption(card, meld.id, end)
        for meld in table
        for end in layoff_fits(meld, card, seat)
    ]


def can_use(card: AnyCard, held: Iterable[AnyCard], table: Iterable[TableMeld], seat: int) -> bool:
    """Whether ``card`` (one of the cards ``held``) can be put on the table by one meld of
    the cards ``held`` or one lay-off onto the ``table`` by ``seat``."""
    return meld_with(card, held) is not None or bool(layoffs_of(table, card, seat))


def pile_takes(rules: RuleSet, rnd: RoundState, seat: int) -> tuple[AnyCard, ...]:
    """The cards of the pile ``seat`` may name in ``draw_discard`` now, oldest first: the
    top card when it is free, and every card whose take would leave a way to play it."""
    pile = rnd.discard_pile
    hand = rnd.hands[seat]
    out = []
    for index, card in enumerate(pile):
        if index != pile_index(pile, card):
            continue  # a joker with the other one above it: naming it names the upper one
        top_alone = index == len(pile) - 1 and rules.top_card_free
        if top_alone or can_use(card, (*hand, *pile[index:]), rnd.table, seat):
            out.append(card)
    return tuple(out)


def pile_index(pile: tuple[AnyCard, ...], card: AnyCard) -> int:
    """Where ``card`` (on the pile) lies, the card ``draw_discard`` names: the upper of two
    jokers, the one a player sees first and whose take leaves the most on the pile."""
    return len(pile) - 1 - pile[::-1].index(card)


# --------------------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------------------


def _discard_cards(rnd: RoundState, seat: int) -> tuple[AnyCard, ...]:
    hand = rnd.hands[seat]
    if rnd.picked_card is not None:
        return ()
    drawn = rnd.drawn_from_discard
    if drawn is None or len(hand) == 1:
        return sort_hand(set(hand))
    return tuple(card for card in sort_hand(set(hand)) if card != drawn)


def legal_actions(state: GameState, seat: int) -> tuple[LegalAction, ...]:
    """What ``seat`` may do now (empty when it is not that seat's turn or the game is
    over): ``draw_stock`` and ``draw_discard`` with the pile's cards it may take; or
    ``meld`` (when the hand holds one; with a picked card, one that holds it),
    ``layoff`` with every allowed ``{card, meld, end}`` (``end`` for every lay-off on a
    run), and ``discard`` with its cards (none while a picked card is owed)."""
    seat = check_seat(seat, state.seats)
    rnd = state.round
    if state.final is not None or rnd.turn != seat:
        return ()
    if rnd.phase is Phase.DRAW:
        takes = pile_takes(state.rules, rnd, seat)
        out = [LegalAction(DrawStock.type)]
        if takes:
            out.append(LegalAction(DrawDiscard.type, cards=takes))
        return tuple(out)
    if rnd.phase is not Phase.PLAY:
        return ()
    hand = rnd.hands[seat]
    picked = rnd.picked_card
    entries = []
    if (meld_with(picked, hand) if picked is not None else melds_in(hand)):
        entries.append(LegalAction(Meld.type))
    cards = (picked,) if picked is not None else sort_hand(set(hand))
    layoffs = [option for card in cards for option in layoffs_of(rnd.table, card, seat)]
    if layoffs:
        entries.append(LegalAction(Layoff.type, options=tuple(layoffs)))
    entries.append(LegalAction(Discard.type, cards=_discard_cards(rnd, seat)))
    return tuple(entries)


def legal_moves(state: GameState, seat: int) -> list[Action]:
    """Concrete actions ``seat`` may apply now: every draw (each card of the pile it may
    name), every three-card meld of the hand (with a picked card, those holding it),
    every lay-off and every discard."""
    out: list[Action] = []
    rnd = state.round
    for entry in legal_actions(state, seat):
        if entry.type == DrawStock.type:
            out.append(DrawStock())
        elif entry.type == DrawDiscard.type:
            out.extend(DrawDiscard(card) for card in entry.cards or ())
        elif entry.type == Meld.type:
            picked = rnd.picked_card
            out.extend(
                Meld((meld,)) for meld in melds_in(rnd.hands[seat])
                if picked is None or picked in meld
            )
        elif entry.type == Layoff.type:
            out.extend(Layoff(o.card, o.meld, o.end) for o in entry.options or ())
        else:
            out.extend(Discard(card) for card in entry.cards or ())
    return out


def timeout_action(state: GameState, seat: int) -> Action:
    """The action the server plays for a seat whose turn timed out (docs/api.md#turn-timers:
    it plays the seat's whole turn): a stock draw; a picked card still owed goes on the
    table (a lay-off, else the first meld that holds it); then a discard of the
    highest-valued card allowed. Deterministic; call it until the turn passes."""
    legal = {entry.type: entry for entry in legal_actions(state, seat)}
    if not legal:
        if state.final is not None:
            raise GameNotActive("The game is over.")
        raise NotYourTurn(f"It is seat {state.turn}'s turn, not seat {seat}'s.")
    if DrawStock.type in legal:
        return DrawStock()
    rnd = state.round
    picked = rnd.picked_card
    if picked is not None:
        options = legal[Layoff.type].options or () if Layoff.type in legal else ()
        if options:
            first = options[0]
            return Layoff(first.card, first.meld, first.end)
        meld = meld_with(picked, rnd.hands[seat])
        assert meld is not None, "a picked card with no way to play it"
        return Meld((meld,))
    cards = legal[Discard.type].cards or ()
    return Discard(max(reversed(cards), key=card_value))


def is_legal(state: GameState, action: Action, seat: int) -> bool:
    """Whether :func:`apply_action` would accept the action."""
    return common_is_legal(apply_action, state, action, seat)


# --------------------------------------------------------------------------------------
# Applying actions
# --------------------------------------------------------------------------------------


def apply_action(state: GameState, action: Action, seat: int) -> GameState:
    """The state after ``seat`` plays ``action`` (check order: see the module
    docstring)."""
    seat = check_seat(seat, state.seats)
    check_turn(state, seat)
    check_phase(action, state.round.phase, _PHASE_ACTIONS, _ACTIONS)
    rnd = state.round
    picked = rnd.picked_card
    if picked is not None and not _plays_picked(action, picked):
        raise PickedCardMustBePlayed(
            f"{picked} was picked from the pile: meld it or lay it off now."
        )
    if isinstance(action, DrawStock):
        return _draw_stock(state, seat)
    if isinstance(action, DrawDiscard):
        return _draw_discard(state, seat, action)
    if isinstance(action, Meld):
        return _meld(state, seat, action)
    if isinstance(action, Layoff):
        return _layoff(state, seat, action)
    return _discard(state, seat, action.card)


def _plays_picked(action: Action, picked: AnyCard) -> bool:
    if isinstance(action, Meld):
        return isinstance(action.melds, tuple) and any(
            isinstance(meld, tuple) and picked in meld for meld in action.melds
        )
    return isinstance(action, Layoff) and action.card == picked


def _with_hand(
    rnd: RoundState, seat: int, hand: tuple[AnyCard, ...]
) -> tuple[tuple[AnyCard, ...], ...]:
    hands = list(rnd.hands)
    hands[seat] = hand
    return tuple(hands)


def _draw_stock(state: GameState, seat: int) -> GameState:
    rnd = state.round
    card = rnd.stock[0]
    new = evolve(
        rnd,
        hands=_with_hand(rnd, seat, sort_hand((*rnd.hands[seat], card))),
        stock=rnd.stock[1:],
        phase=Phase.PLAY,
        drawn_from_discard=None,
        picked_card=None,
    )
    return evolve(state, round=new)


def _draw_discard(state: GameState, seat: int, action: DrawDiscard) -> GameState:
    """Checks: the card named is on the pile (``card_not_in_pile``); a picked card can be
    put on the table with the hand and the cards taken (``cannot_use_picked_card``)."""
    rnd = state.round
    pile = rnd.discard_pile
    card = pile[-1] if action.card is None and pile else action.card
    if card is None or card not in pile:
        raise CardNotInPile(
            "The discard pile is empty." if card is None else f"{card} is not on the discard pile."
        )
    card = check_card(card)
    index = pile_index(pile, card)
    taken = pile[index:]
    hand = rnd.hands[seat]
    top_alone = index == len(pile) - 1 and state.rules.top_card_free
    if not top_alone and not can_use(card, (*hand, *taken), rnd.table, seat):
        raise CannotUsePickedCard(
            f"{card} could not go on the table this turn, in a meld of your hand and the "
            f"cards taken or on a table meld: it may not be picked."
        )
    new = evolve(
        rnd,
        hands=_with_hand(rnd, seat, sort_hand((*hand, *taken))),
        discard_pile=pile[:index],
        phase=Phase.PLAY,
        drawn_from_discard=card if top_alone else None,
        picked_card=None if top_alone else card,
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
    """Checks: each meld's shape (``invalid_melds``, naming it) and its cards in the hand
    (``invalid_melds``). Melding the last cards goes out."""
    rnd = state.round
    hand = rnd.hands[seat]
    if not isinstance(action.melds, tuple) or not action.melds:
        raise InvalidMelds("A meld action needs at least one meld.")
    available = set(hand)
    placed: list[TableMeld] = []
    for number, written in enumerate(action.melds, start=1):
        if not isinstance(written, tuple) or not all(isinstance(c, Card | Joker) for c in written):
            raise ValidationError(
                f"Meld {number} is not a list of cards.",
                {"melds": ["Each meld must be a list of cards."]},
            )
        try:
            kind, rank, suit = read_meld(written)
        except ValueError as error:
            raise InvalidMelds(
                f"Meld {number} [{_text(written)}] is not a meld: {error}."
            ) from error
        jokers_left = sum(1 for card in hand if isinstance(card, Joker)) - sum(
            1 for meld in placed for card in meld.cards if isinstance(card, Joker)
        )
        for card in written:
            missing = (
                jokers_left <= 0 if isinstance(card, Joker) else card not in available
            )
            if missing:
                raise InvalidMelds(
                    f"Meld {number} [{_text(written)}] uses {card}, and your hand holds no "
                    f"{'more ' if card in hand else ''}{card}."
                )
            if isinstance(card, Joker):
                jokers_left -= 1
            else:
                available.discard(card)
        placed.append(
            TableMeld(len(rnd.table) + len(placed), seat, kind, written, rank, suit,
                      (seat,) * len(written))
        )
    new_hand = list(hand)
    for meld in placed:
        for card in meld.cards:
            new_hand.remove(card)
    drawn = rnd.drawn_from_discard if rnd.drawn_from_discard in new_hand else None
    new = evolve(
        rnd,
        hands=_with_hand(rnd, seat, tuple(new_hand)),
        table=(*rnd.table, *placed),
        drawn_from_discard=drawn,
        picked_card=None,
    )
    if not new_hand:
        return _end_round(state, new, seat)
    return evolve(state, round=new)


def _layoff(state: GameState, seat: int, action: Layoff) -> GameState:
    """Checks: the card held (``card_not_in_hand``); the meld and end
    (``invalid_layoff``). Laying off the last card goes out."""
    rnd = state.round
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
    fits = layoff_fits(meld, card, seat)
    where = f"meld {meld.id} [{meld}]"
    if not fits:
        raise InvalidLayoff(f"{card} does not fit {where}.")
    if meld.kind is MeldKind.SET:
        if end is not None:
            raise InvalidLayoff(f"{where} is a set: it has no {end} end.")
        new_meld = fits[None]
    elif end is None:
        if len(fits) > 1:
            raise InvalidLayoff(f"{card} fits both ends of {where}: say end low or high.")
        new_meld = next(iter(fits.values()))
    else:
        if End(end) not in fits:
            raise InvalidLayoff(f"{card} does not fit the {end} end of {where}.")
        new_meld = fits[End(end)]
    new_hand = without(hand, card)
    table = (*rnd.table[: meld.id], new_meld, *rnd.table[meld.id + 1 :])
    new = evolve(
        rnd,
        hands=_with_hand(rnd, seat, new_hand),
        table=table,
        drawn_from_discard=None if card == rnd.drawn_from_discard else rnd.drawn_from_discard,
        picked_card=None,
    )
    if not new_hand:
        return _end_round(state, new, seat)
    return evolve(state, round=new)


def _discard(state: GameState, seat: int, card: object) -> GameState:
    """Checks: the card held (``card_not_in_hand``); not the top card just taken alone
    while the hand holds another (``cannot_discard_drawn_card``)."""
    rnd = state.round
    card = check_card(card)
    hand = rnd.hands[seat]
    if card not in hand:
        raise CardNotInHand(f"{card} is not in your hand.")
    if card == rnd.drawn_from_discard and len(hand) > 1:
        raise CannotDiscardDrawnCard(
            f"{card} was taken from the discard pile this turn; it cannot be discarded now."
        )
    new_hand = without(hand, card)
    rnd = evolve(
        rnd,
        hands=_with_hand(rnd, seat, new_hand),
        discard_pile=(*rnd.discard_pile, card),
        drawn_from_discard=None,
    )
    if not new_hand:
        return _end_round(state, rnd, seat)
    if not rnd.stock:
        return _end_round(state, rnd, None)
    new = evolve(rnd, phase=Phase.DRAW, turn=(seat + 1) % state.seats)
    return evolve(state, round=new)


# --------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------


def table_points(table: Iterable[TableMeld], seats: int) -> tuple[int, ...]:
    """What each seat put on the ``table``, in table points."""
    out = [0] * seats
    for meld in table:
        for seat, points in enumerate(meld.points_by(seats)):
            out[seat] += points
    return tuple(out)


def _end_round(state: GameState, rnd: RoundState, went_out: int | None) -> GameState:
    tabled = table_points(rnd.table, state.seats)
    held = tuple(hand_value(hand) for hand in rnd.hands)
    points = tuple(t - h for t, h in zip(tabled, held, strict=True))
    scores = tuple(score + gained for score, gained in zip(state.scores, points, strict=True))
    result = RoundResult(
        number=rnd.number,
        dealer=rnd.dealer,
        outcome=Outcome.STOCK_OUT if went_out is None else Outcome.OUT,
        went_out=went_out,
        table_points=tabled,
        hand_points=held,
        points=points,
        scores_after=scores,
        hands=tuple(HandResult(seat, hand, held[seat]) for seat, hand in enumerate(rnd.hands)),
    )
    over = evolve(rnd, phase=Phase.ROUND_OVER, turn=None, drawn_from_discard=None,
                  picked_card=None)
    state = evolve(state, scores=scores, round=over, rounds=(*state.rounds, result))
    if max(scores) >= state.rules.target:
        return evolve(state, final=settle_game(state, "target"))
    if state.rules.rounds is not None and rnd.number >= state.rules.rounds:
        return evolve(state, final=settle_game(state, "rounds"))
    return state


def placement(state: GameState) -> tuple[int, ...]:
    """The seats from first to last: highest total first, ties to more rounds gone out,
    then to the lower seat; seats that left come last, the first to leave last of all."""
    outs = rounds_won(state.rounds, state.seats)
    stayed = sorted(
        (seat for seat in range(state.seats) if seat not in state.left),
        key=lambda seat: (-state.scores[seat], -outs[seat], seat),
    )
    return (*stayed, *reversed(state.left))


def settle_game(state: GameState, reason: str) -> FinalResult:
    """The final result of a game ending now for ``reason``."""
    return settle(placement(state), state.scores, reason)


def concede(state: GameState, seat: int, reason: str = "concede") -> GameState:
    """``seat`` leaves the game (``concede`` or ``timeout``): with two seats the other
    seat wins at once; with 3-4 the seat is marked as left (a computer plays on for it and
    it is placed last) while two or more seats have not left."""
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
    order), the whole open pile, the picked card owed, the table with who laid each card,
    the table points so far, its legal actions, and the finished rounds' results."""
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
        picked_card=rnd.picked_card,
        table=rnd.table,
        table_points=table_points(rnd.table, state.seats),
        legal_actions=legal_actions(state, seat),
    )
    return PlayerView.of(state, seat, round_view)


def cards_in_play(state: GameState) -> list[AnyCard]:
    """Every card of the current round, wherever it lies (the whole deck when sound)."""
    rnd = state.round
    out = [card for hand in rnd.hands for card in hand]
    out += [*rnd.stock, *rnd.discard_pile]
    out += [card for meld in rnd.table for card in meld.cards]
    return out


__all__ = [
    "apply_action",
    "can_use",
    "cards_in_play",
    "concede",
    "deal_next_round",
    "deal_round",
    "is_legal",
    "layoffs_of",
    "legal_actions",
    "legal_moves",
    "new_game",
    "pile_index",
    "pile_takes",
    "placement",
    "settle_game",
    "table_points",
    "timeout_action",
    "view_for",
]
