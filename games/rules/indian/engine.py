"""The Indian Rummy state machine: dealing, legal actions, applying actions, settling
deals and the game, views (a move log is replayed by the one fold every game shares,
:func:`games.rules.common.game.replay`).

Edge rules, written down beside the code (docs/games/indian-rummy.md, and where it is silent, the
decisions listed in the package docstring):

* Deal: the players still in the game, counted from the seat after the dealer, get
  ``deck[i*13:(i+1)*13]``; ``deck[n*13]`` is the wild joker card, ``deck[n*13+1]`` the
  first upcard, the stock the rest, drawn in order. Round 1's dealer is seat 0 (or
  ``dealer``); the dealer moves to the next seat still in the game every deal; the
  next seat dealt in plays first.
* A turn is ``draw`` (stock, or the discard pile's top card: not a joker unless it is
  the deal's first upcard, never taken yet and never covered) then ``discard``:
  ``discard``, ``declare`` or ``drop``. ``drop`` is allowed in both phases.
* The card taken from the discard pile this turn (or a copy of it) may not be
  discarded, nor put face down by a declaration, in the same turn.
* Whenever a turn begins with an empty stock, the discard pile but its top card is
  reshuffled into the stock (ordered by ``sha256("{salt}:reshuffle:{k}:{i}")``); with
  nothing under the top card, the deal ends with no winner (``draw``).
* A drop or a wrong show takes the seat out of the deal (its cards stay in its hand,
  out of play, for the result); when one seat is left in the deal, it wins as
  ``last_player``. A valid show ends the deal: the others still in are counted.
* Game end, after a deal: points format always; pool when one seat at most is left in
  the game; deals format after ``deals`` deals.
* Check order in :func:`apply_action`: game over (``game_not_active``); a deal that is
  over before the next deal (``wrong_phase``); not the seat to act (``not_your_turn``);
  not an action (``validation_error``); the action type in the wrong phase
  (``wrong_phase``); then each action's own checks, as listed on its helper below.
"""

from __future__ import annotations

import hashlib
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
from games.rules.common.errors import brief_list
from games.rules.common.results import rounds_won, settle
from games.rules.indian.actions import (
    Action,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Groups,
)
from games.rules.indian.cards import (
    IndianCard,
    Joker,
    card_value,
    check_deck,
    is_joker,
    sort_hand,
)
from games.rules.indian.errors import (
    CannotDiscardDrawnCard,
    CannotTakeJoker,
    CardNotInHand,
    GameNotActive,
    GroupsDoNotMatchHand,
    NotYourTurn,
    StockOnly,
    ValidationError,
)
from games.rules.indian.melds import Arrangement, best_arrangement, show_problem, valid_with
from games.rules.indian.ruleset import RuleSet
from games.rules.indian.state import (
    FinalResult,
    GameState,
    HandResult,
    HandStatus,
    HistoryEntry,
    LegalAction,
    Outcome,
    Phase,
    PlayerView,
    RoundResult,
    RoundState,
    RoundView,
    SeatStatus,
)

MIN_SEATS = 2
"""The fewest seats at a table."""
MAX_SEATS = 6
"""The most seats at a table."""
HAND_SIZE = 13
"""Cards dealt to each player."""

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.DRAW: (DrawStock, DrawDiscard, Drop),
    Phase.DISCARD: (Discard, Declare, Drop),
    Phase.ROUND_OVER: (),
}
_ACTIONS = (DrawStock, DrawDiscard, Discard, Declare, Drop)

# --------------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------------


def check_salt(salt: object) -> str:
    """The deal's salt: printable ASCII without spaces, 1 to 128 characters (the server
    uses 32 lowercase hex characters); else a ``validation_error``."""
    if (
        not isinstance(salt, str)
        or not 1 <= len(salt) <= 128
        or not salt.isascii()
        or not salt.isprintable()
        or " " in salt
    ):
        message = "Must be 1 to 128 printable ASCII characters without spaces."
        raise ValidationError(f"salt: {message}", {"salt": [message]})
    return salt


def dealing_order(dealer: int, seats: int, playing: Sequence[bool]) -> list[int]:
    """The seats dealt in, from the seat after ``dealer``: the order of the hands in the
    deck and of play."""
    return [
        seat
        for seat in ((dealer + 1 + i) % seats for i in range(seats))
        if playing[seat]
    ]


def deal_round(
    rules: RuleSet,
    seats: int,
    number: int,
    dealer: int,
    deck: Iterable[IndianCard | str],
    salt: str,
    playing: Sequence[bool] | None = None,
) -> RoundState:
    """A freshly dealt deal to the seats ``playing`` (every seat when ``None``); see the
    module docstring for the order."""
    cards = check_deck(deck, rules.decks)
    salt = check_salt(salt)
    playing = [True] * seats if playing is None else list(playing)
    order = dealing_order(dealer, seats, playing)
    hands: list[tuple[IndianCard, ...]] = [()] * seats
    for i, seat in enumerate(order):
        hands[seat] = sort_hand(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])
    dealt = len(order) * HAND_SIZE
    return RoundState(
        number=number,
        dealer=dealer,
        wild_card=cards[dealt],
        salt=salt,
        hands=tuple(hands),
        status=tuple(SeatStatus.IN if playing[s] else SeatStatus.OUT for s in range(seats)),
        stock=cards[dealt + 2 :],
        discard_pile=(cards[dealt + 1],),
        face_down=(),
        phase=Phase.DRAW,
        turn=order[0],
        penalties=(0,) * seats,
        shows=(None,) * seats,
    )


def new_game(
    rules: RuleSet,
    seats: int,
    deck: Iterable[IndianCard | str],
    salt: str,
    dealer: int = 0,
) -> GameState:
    """A new game of ``seats`` (2-6) with deal 1 dealt by ``dealer`` from ``deck`` (the
    rules' decks, in dealing order); ``salt`` is the deal's commitment salt, which orders
    any reshuffle of the discard pile. One deck is allowed only at a table of two."""
    if not isinstance(rules, RuleSet):
        raise ValidationError("rules must be a RuleSet.", {"rules": ["Must be a RuleSet."]})
    seats = check_seat_count(seats, MIN_SEATS, MAX_SEATS)
    if rules.decks == 1 and seats > 2:
        message = "One deck is for a table of two; use two decks for more seats."
        raise ValidationError(f"decks: {message}", {"decks": [message]})
    dealer = check_seat(dealer, seats, "dealer")
    return GameState(
        rules=rules,
        seats=seats,
        scores=(0,) * seats,
        went_out=(None,) * seats,
        round=deal_round(rules, seats, 1, dealer, deck, salt),
    )


def next_dealer(state: GameState) -> int:
    """The next deal's dealer: the next seat after the last dealer still in the game."""
    seats = state.seats
    for step in range(1, seats + 1):
        seat = (state.round.dealer + step) % seats
        if state.in_game(seat):
            return seat
    raise AssertionError("nobody is left in the game")  # pragma: no cover


def deal_next_round(
    state: GameState, deck: Iterable[IndianCard | str], salt: str
) -> GameState:
    """Deal the next deal from ``deck`` with its ``salt`` to the seats still in the game;
    the dealer moves to the next of them."""
    check_deal_due(
        game_over=state.final is not None,
        round_over=state.round.phase is Phase.ROUND_OVER,
        number=state.round.number,
        called="deal",
    )
    playing = [state.in_game(seat) for seat in range(state.seats)]
    rnd = deal_round(
        state.rules,
        state.seats,
        state.round.number + 1,
        next_dealer(state),
        deck,
        salt,
        playing,
    )
    return evolve(state, round=rnd)


def reshuffle_order(cards: Sequence[IndianCard], salt: str, k: int) -> tuple[IndianCard, ...]:
    """The new stock made of ``cards`` (the discard pile but its top, oldest first) at the
    deal's ``k``-th reshuffle: card ``i`` is sorted by the lowercase hex
    ``sha256("{salt}:reshuffle:{k}:{i}")``, ascending; the first is drawn first.

    >>> from games.rules.indian.cards import indian_cards
    >>> reshuffle_order(indian_cards("2S 3S 4S 5S"), "00", 1)
    (Card.parse('3S'), Card.parse('2S'), Card.parse('5S'), Card.parse('4S'))
    """
    keys = [
        hashlib.sha256(f"{salt}:reshuffle:{k}:{i}".encode()).hexdigest()
        for i in range(len(cards))
    ]
    return tuple(card for _, card in sorted(zip(keys, cards, strict=True), key=_first))


def _first(pair: tuple[str, IndianCard]) -> str:
    return pair[0]


# --------------------------------------------------------------------------------------
# Legal actions
# --------------------------------------------------------------------------------------


def upcard_on_top(rnd: RoundState) -> bool:
    """Whether the discard pile's top card is still the deal's first upcard (nobody has
    taken it or discarded onto it)."""
    return bool(rnd.discard_pile) and not any(
        entry.type in (DrawDiscard.type, Discard.type) for entry in rnd.history
    )


def _can_take_top(rnd: RoundState) -> bool:
    if not rnd.discard_pile:
        return False
    return not is_joker(rnd.discard_pile[-1], rnd.wild_rank) or upcard_on_top(rnd)


def _discard_cards(rnd: RoundState, seat: int) -> tuple[IndianCard, ...]:
    drawn = rnd.drawn_from_discard
    return sort_hand({card for card in rnd.hands[seat] if card != drawn})


def legal_actions(state: GameState, seat: int) -> tuple[LegalAction, ...]:
    """What ``seat`` may do now (empty when it is not that seat's turn or the game is
    over): ``draw_stock``, ``draw_discard`` when allowed and ``drop``; or ``discard``
    with its cards, ``drop`` and ``declare`` with ``valid_with``."""
    seat = check_seat(seat, state.seats)
    rnd = state.round
    if state.final is not None or rnd.turn != seat:
        return ()
    if rnd.phase is Phase.DRAW:
        out = [LegalAction(DrawStock.type)]
        if _can_take_top(rnd):
            out.append(LegalAction(DrawDiscard.type))
        out.append(LegalAction(Drop.type))
        return tuple(out)
    if rnd.phase is not Phase.DISCARD:
        return ()
    valid = valid_with(rnd.hands[seat], rnd.wild_rank, keep=rnd.drawn_from_discard)
    return (
        LegalAction(Discard.type, cards=_discard_cards(rnd, seat)),
        LegalAction(Drop.type),
        LegalAction(Declare.type, valid_with=valid),
    )


def legal_moves(state: GameState, seat: int, wrong_shows: bool = False) -> list[Action]:
    """Concrete actions ``seat`` may apply now: the draws, ``drop``, every discard, a
    ``declare`` (the server arranging the groups) with each card of ``valid_with``, and
    with ``wrong_shows`` a ``declare`` with every other allowed card too."""
    out: list[Action] = []
    for entry in legal_actions(state, seat):
        shared = shared_moves(entry)
        if shared is not None:
            out.extend(shared)
        elif entry.type == Drop.type:
            out.append(Drop())
        elif entry.type == Declare.type:
            valid = entry.valid_with or ()
            if wrong_shows:
                valid = _discard_cards(state.round, seat)
            out.extend(Declare(card) for card in valid)
    return out


def is_legal(state: GameState, action: Action, seat: int) -> bool:
    """Whether :func:`apply_action` would accept the action."""
    return common_is_legal(apply_action, state, action, seat)


def timeout_action(view: PlayerView) -> Action:
    """The action the server plays for a seat whose turn timed out, from that seat's own
    view: a stock draw, then a discard of the highest-valued card outside the view's
    arrangement's groups (its ``ungrouped`` cards and its ``discard``; ties to the higher
    rank, the ace highest), never the card taken from the discard pile; it never
    declares or drops. Call it until the turn passes. Raises
    :class:`~games.rules.common.errors.IllegalAction` when the seat may not act."""
    legal = {entry.type: entry for entry in view.round.legal_actions}
    if not legal:
        if view.final is not None:
            raise GameNotActive("The game is over.")
        raise NotYourTurn(f"It is seat {view.round.turn}'s turn, not seat {view.seat}'s.")
    if DrawStock.type in legal:
        return DrawStock()
    allowed = set(legal[Discard.type].cards or ())
    arrangement = view.round.arrangement
    loose: list[IndianCard] = []
    if arrangement is not None:
        loose = [card for card in arrangement.ungrouped if card in allowed]
        if arrangement.discard is not None and arrangement.discard in allowed:
            loose.append(arrangement.discard)
    wild = view.round.wild_rank
    return Discard(max(loose or allowed, key=lambda card: _timeout_key(card, wild)))


def _timeout_key(card: IndianCard, wild_rank: int) -> tuple[int, int, int]:
    if isinstance(card, Joker):
        return (0, 0, -1)
    rank = 14 if card.rank == 1 else card.rank
    return (card_value(card, wild_rank), rank if card.rank != wild_rank else 0, -card.index)


# --------------------------------------------------------------------------------------
# Applying actions
# --------------------------------------------------------------------------------------


def apply_action(state: GameState, action: Action, seat: int) -> GameState:
    """The state after ``seat`` plays ``action``; validates everything and raises a
    :class:`~games.rules.common.errors.RulesError` carrying the API's code when it is not
    allowed (check order: see the module docstring)."""
    seat = check_seat(seat, state.seats)
    check_turn(state, seat, called="deal")
    rnd = state.round
    check_phase(action, rnd.phase, _PHASE_ACTIONS, _ACTIONS)
    if isinstance(action, DrawStock):
        return _draw_stock(state, seat)
    if isinstance(action, DrawDiscard):
        return _draw_discard(state, seat)
    if isinstance(action, Drop):
        rules = state.rules
        cost = rules.middle_drop if _has_drawn(rnd, seat) else rules.first_drop
        return _drop(state, seat, cost)
    if isinstance(action, Declare):
        return _declare(state, seat, action)
    return _discard(state, seat, action.card)


def _with_hand(rnd: RoundState, seat: int, hand: tuple[IndianCard, ...]) -> dict[str, Any]:
    return {"hands": replace_at(rnd.hands, seat, hand)}


def _logged(
    rnd: RoundState, seat: int | None, kind: str, card: IndianCard | None = None
) -> tuple[HistoryEntry, ...]:
    return (*rnd.history, HistoryEntry(seat, kind, card))


def _has_drawn(rnd: RoundState, seat: int) -> bool:
    return any(
        entry.seat == seat and entry.type in (DrawStock.type, DrawDiscard.type)
        for entry in rnd.history
    )


def _draw_stock(state: GameState, seat: int) -> GameState:
    """Takes the stock's top card (the stock is never empty at a draw: see
    :func:`_next_turn`)."""
    rnd = state.round
    card = rnd.stock[0]
    new = evolve(
        rnd,
        stock=rnd.stock[1:],
        phase=Phase.DISCARD,
        drawn_from_discard=None,
        history=_logged(rnd, seat, DrawStock.type),
        **_with_hand(rnd, seat, sort_hand((*rnd.hands[seat], card))),
    )
    return evolve(state, round=new)


def _draw_discard(state: GameState, seat: int) -> GameState:
    """Checks: a card to take (``stock_only``); not a joker unless it is the first upcard
    still on top (``cannot_take_joker``)."""
    rnd = state.round
    if not rnd.discard_pile:
        raise StockOnly("The discard pile is empty: draw from the stock.")
    card = rnd.discard_pile[-1]
    if not _can_take_top(rnd):
        raise CannotTakeJoker(
            f"{card} is a joker: a joker on the discard pile may not be taken (only the "
            "deal's first upcard may)."
        )
    new = evolve(
        rnd,
        discard_pile=rnd.discard_pile[:-1],
        phase=Phase.DISCARD,
        drawn_from_discard=card,
        history=_logged(rnd, seat, DrawDiscard.type, card),
        **_with_hand(rnd, seat, sort_hand((*rnd.hands[seat], card))),
    )
    return evolve(state, round=new)


def _check_held(rnd: RoundState, seat: int, card: object, verb: str) -> IndianCard:
    card = check_card(card)
    if card not in rnd.hands[seat]:
        raise CardNotInHand(f"{card} is not in your hand.")
    if card == rnd.drawn_from_discard:
        raise CannotDiscardDrawnCard(
            f"{card} was taken from the discard pile this turn; it cannot be {verb} now."
        )
    return card


def _discard(state: GameState, seat: int, card: object) -> GameState:
    """Checks: the card held (``card_not_in_hand``); not the card just taken from the
    discard pile (``cannot_discard_drawn_card``)."""
    rnd = state.round
    card = _check_held(rnd, seat, card, "discarded")
    rnd = evolve(
        rnd,
        discard_pile=(*rnd.discard_pile, card),
        drawn_from_discard=None,
        history=_logged(rnd, seat, Discard.type, card),
        **_with_hand(rnd, seat, without(rnd.hands[seat], card)),
    )
    return _next_turn(state, rnd, seat)


def _check_groups(groups: object) -> Groups:
    message = "Must be a list of groups, each a non-empty list of cards."
    if not isinstance(groups, tuple) or not all(
        isinstance(group, tuple) and group and all(isinstance(c, Card | Joker) for c in group)
        for group in groups
    ):
        raise ValidationError(f"groups: {message}", {"groups": [message]})
    return groups


def _declare(state: GameState, seat: int, action: Declare) -> GameState:
    """Checks: the card held (``card_not_in_hand``); not the card just taken from the
    discard pile (``cannot_discard_drawn_card``); the groups' shape
    (``validation_error``); the groups holding exactly the other 13 cards
    (``groups_do_not_match_hand``). A valid show ends the deal; any other show is a wrong
    show, which takes the seat out of the deal at the ``wrong_show`` cost."""
    rnd = state.round
    card = _check_held(rnd, seat, action.card, "put face down")
    rest = without(rnd.hands[seat], card)
    wild = rnd.wild_rank
    if action.groups is None:
        arranged = best_arrangement(rest, wild)
        groups: Groups = arranged.groups + ((arranged.ungrouped,) if arranged.ungrouped else ())
    else:
        groups = _check_groups(action.groups)
        shown = Counter(c for group in groups for c in group)
        if shown != Counter(rest):
            extra = sorted(map(str, (shown - Counter(rest)).elements()))
            missing = sorted(map(str, (Counter(rest) - shown).elements()))
            parts = []  # a few cards named, then a count: groups may hold any number
            if extra:
                parts.append(
                    f"they hold {brief_list(extra)}, which the rest of your hand does not"
                )
            if missing:
                parts.append(f"they leave out {brief_list(missing)}")
            raise GroupsDoNotMatchHand(
                f"The groups must hold exactly the 13 cards left after {card}: "
                + "; ".join(parts) + "."
            )
    rnd = evolve(
        rnd,
        face_down=(*rnd.face_down, card),
        drawn_from_discard=None,
        shows=replace_at(rnd.shows, seat, groups),
        history=_logged(rnd, seat, Declare.type),
        **_with_hand(rnd, seat, rest),
    )
    if show_problem(groups, wild) is None:
        rnd = evolve(rnd, status=replace_at(rnd.status, seat, SeatStatus.DECLARED))
        return _end_deal(state, rnd, Outcome.SHOW, seat)
    return _leave_deal(state, rnd, seat, SeatStatus.WRONG_SHOW, state.rules.wrong_show)


def _drop(state: GameState, seat: int, cost: int) -> GameState:
    """A drop, in either phase of the seat's turn: a first drop before its first draw of
    the deal, else a middle drop."""
    rnd = state.round
    rnd = evolve(rnd, drawn_from_discard=None, history=_logged(rnd, seat, Drop.type))
    return _leave_deal(state, rnd, seat, SeatStatus.DROPPED, cost)


def _leave_deal(
    state: GameState,
    rnd: RoundState,
    seat: int,
    status: SeatStatus,
    cost: int,
    leaver_reason: str | None = None,
) -> GameState:
    """``seat`` is out of the deal: the deal ends when one seat is left in it, else the
    turn passes if it was the seat's. ``leaver_reason``: the seat is leaving the game
    (a concession), which is then the reason should the game end."""
    rnd = evolve(
        rnd,
        status=replace_at(rnd.status, seat, status),
        penalties=replace_at(rnd.penalties, seat, cost),
    )
    still = [s for s in range(state.seats) if rnd.status[s] is SeatStatus.IN]
    if len(still) == 1:
        return _end_deal(state, rnd, Outcome.LAST_PLAYER, still[0], leaver_reason)
    if rnd.turn != seat:  # a concession out of turn
        return evolve(state, round=rnd)
    return _next_turn(state, rnd, seat)


def _next_turn(state: GameState, rnd: RoundState, seat: int) -> GameState:
    """The turn passes to the next seat in the deal, whose draw needs a stock: an empty
    stock takes the discard pile but its top card (reshuffled), and with none there the
    deal ends with no winner."""
    seats = state.seats
    turn = next(
        (seat + step) % seats
        for step in range(1, seats + 1)
        if rnd.status[(seat + step) % seats] is SeatStatus.IN
    )
    rnd = evolve(rnd, phase=Phase.DRAW, turn=turn, drawn_from_discard=None)
    if not rnd.stock:
        under = rnd.discard_pile[:-1]
        if not under:
            return _end_deal(state, rnd, Outcome.DRAW, None)
        k = rnd.reshuffles + 1
        rnd = evolve(
            rnd,
            stock=reshuffle_order(under, rnd.salt, k),
            discard_pile=rnd.discard_pile[-1:],
            reshuffles=k,
            history=_logged(rnd, None, "reshuffle"),
        )
    return evolve(state, round=rnd)


# --------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------


def _laid_out(
    arrangement: Arrangement,
) -> tuple[Groups, tuple[IndianCard, ...]]:
    """An arrangement's groups and every other card (with 14 cards, its discard too)."""
    loose = arrangement.ungrouped
    if arrangement.discard is not None:
        loose = sort_hand((*loose, arrangement.discard))
    return arrangement.groups, loose


def _hand_result(rules: RuleSet, rnd: RoundState, seat: int, outcome: Outcome,
                 winner: int | None) -> HandResult:
    status = rnd.status[seat]
    hand = rnd.hands[seat]
    wild = rnd.wild_rank
    if status is SeatStatus.OUT:
        return HandResult(seat, HandStatus.OUT, (), (), 0)
    if status is SeatStatus.DECLARED or status is SeatStatus.WRONG_SHOW:
        shown = rnd.shows[seat] or ()
        kind = HandStatus.DECLARED if status is SeatStatus.DECLARED else HandStatus.WRONG_SHOW
        return HandResult(seat, kind, shown, (), rnd.penalties[seat])
    groups, loose = _laid_out(best_arrangement(hand, wild))
    if status is SeatStatus.DROPPED:
        return HandResult(seat, HandStatus.DROPPED, groups, loose, rnd.penalties[seat])
    if seat == winner:
        return HandResult(seat, HandStatus.LAST, groups, loose, 0)
    if outcome is Outcome.DRAW:
        return HandResult(seat, HandStatus.IN, groups, loose, 0)
    value = best_arrangement(hand, wild, max_points=rules.max_points).points
    return HandResult(seat, HandStatus.COUNTED, groups, loose, value)


def _end_deal(
    state: GameState,
    rnd: RoundState,
    outcome: Outcome,
    winner: int | None,
    leaver_reason: str | None = None,
) -> GameState:
    rules = state.rules
    hands = tuple(
        _hand_result(rules, rnd, seat, outcome, winner) for seat in range(state.seats)
    )
    points = tuple(hand.value for hand in hands)
    scores = tuple(score + gained for score, gained in zip(state.scores, points, strict=True))
    result = RoundResult(
        number=rnd.number,
        dealer=rnd.dealer,
        wild_card=rnd.wild_card,
        outcome=outcome,
        winner=winner,
        points=points,
        scores_after=scores,
        hands=hands,
    )
    went_out = state.went_out
    if rules.format == "pool":
        went_out = tuple(
            rnd.number if out is None and seat not in state.left and scores[seat] >= rules.pool
            else out
            for seat, out in enumerate(went_out)
        )
    state = evolve(
        state,
        scores=scores,
        went_out=went_out,
        round=evolve(rnd, phase=Phase.ROUND_OVER, turn=None, drawn_from_discard=None),
        rounds=(*state.rounds, result),
    )
    remaining = sum(state.in_game(seat) for seat in range(state.seats))
    if rules.format == "points":
        return _finish(state, str(outcome))
    if remaining <= 1:  # the others went out of the pool, or a concession left one
        return _finish(state, leaver_reason or rules.format)
    if rules.format == "deals" and rnd.number >= rules.deals:
        return _finish(state, "deals")
    return state


def _finish(state: GameState, reason: str) -> GameState:
    return evolve(state, final=settle_game(state, reason))


def placement(state: GameState) -> tuple[int, ...]:
    """The seats from first to last (docs/games/indian-rummy.md), seats that left last of all (the
    first to
    leave last):

    * points: the deal's winner, then by the deal's points, ties by seat order after the
      dealer;
    * pool: the seats still in by total (the winner, once the game is over), then the
      others by the deal in which they went out, latest first, ties by lower total;
    * deals: lowest total first, ties to more deals won, then to the earlier seat after
      the first dealer (seat 0).
    """
    seats = state.seats
    stayed = [seat for seat in range(seats) if seat not in state.left]
    scores = state.scores
    rules = state.rules
    if rules.format == "points":
        dealer = state.round.dealer
        winner = state.rounds[-1].winner if state.rounds else None
        stayed.sort(key=lambda s: (s != winner, scores[s], (s - dealer - 1) % seats))
    elif rules.format == "pool":
        first_dealer = 0
        stayed.sort(
            key=lambda s: (
                state.went_out[s] is not None,
                -(state.went_out[s] or 0),
                scores[s],
                (s - first_dealer - 1) % seats,
            )
        )
    else:
        wins = rounds_won(state.rounds, seats)
        stayed.sort(key=lambda s: (scores[s], -wins[s], (s - 1) % seats))
    return (*stayed, *reversed(state.left))


def settle_game(state: GameState, reason: str) -> FinalResult:
    """The final result of a game ending now for ``reason``."""
    return settle(placement(state), state.scores, reason)


def concede(state: GameState, seat: int, reason: str = "concede") -> GameState:
    """``seat`` gives up (``reason`` ``concede`` or ``timeout``: the third timed-out turn
    in a row). At a table of two the other seat wins at once. At 3 or more it is a drop
    at the deal's highest drop cost (none when the seat is already out of the deal, or
    between deals) and the seat leaves the game, placed last; the game goes on while two
    seats or more are left in it (in points format the deal is the game)."""
    seat, reason = check_leaving(state, seat, reason)
    if state.went_out[seat] is not None:
        raise GameNotActive(f"Seat {seat} is out of the game.")
    state = evolve(state, left=(*state.left, seat))
    if state.seats == 2:
        return _finish(state, reason)
    rnd = state.round
    if rnd.phase is not Phase.ROUND_OVER and rnd.status[seat] is SeatStatus.IN:
        rnd = evolve(
            rnd,
            history=_logged(rnd, seat, reason),
            drawn_from_discard=None if rnd.turn == seat else rnd.drawn_from_discard,
        )
        state = _leave_deal(
            state, rnd, seat, SeatStatus.DROPPED, state.rules.highest_drop, reason
        )
    if state.final is None and sum(state.in_game(s) for s in range(state.seats)) < 2:
        return _finish(state, reason)
    return state


# --------------------------------------------------------------------------------------
# Views
# --------------------------------------------------------------------------------------

_IN_PLAY = (SeatStatus.IN, SeatStatus.DECLARED)


def view_for(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see: its own hand (none once out of the deal) and its
    least-points arrangement, every hand's size in play, every seat's status, the stock's
    size (never its order), the discard pile, the wild joker card, its legal actions, the
    deal's public history and the finished deals' results. ``drawn_from_discard`` is shown
    to the seat that drew it."""
    seat = check_seat(seat, state.seats)
    rnd = state.round
    in_play = [rnd.status[s] in _IN_PLAY for s in range(state.seats)]
    hand = rnd.hands[seat] if in_play[seat] else ()
    drawn = rnd.drawn_from_discard if rnd.turn == seat else None
    arrangement = None
    if hand:
        arrangement = best_arrangement(
            hand, rnd.wild_rank, keep=drawn, max_points=state.rules.max_points
        )
    round_view = RoundView(
        number=rnd.number,
        dealer=rnd.dealer,
        phase=rnd.phase,
        turn=state.turn,
        hand=hand,
        hand_sizes=tuple(len(h) if in_play[s] else 0 for s, h in enumerate(rnd.hands)),
        status=rnd.status,
        stock_size=len(rnd.stock),
        discard_pile=rnd.discard_pile,
        wild_card=rnd.wild_card,
        drawn_from_discard=drawn,
        arrangement=arrangement,
        legal_actions=legal_actions(state, seat),
        history=rnd.history,
    )
    return PlayerView.of(state, seat, round_view)


def cards_in_play(state: GameState) -> list[IndianCard]:
    """Every card of the current deal, wherever it lies (the whole deck when sound)."""
    rnd = state.round
    out = [card for hand in rnd.hands for card in hand]
    out += [*rnd.stock, *rnd.discard_pile, *rnd.face_down, rnd.wild_card]
    return out
