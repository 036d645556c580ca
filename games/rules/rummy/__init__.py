"""Rummy rules core (docs/games/rummy.md): 2-4 players, two decks and jokers. Pure Python,
standard library only, deterministic given the decks; no Django, no I/O, no clock.

It shares :mod:`games.rules.common` with Gin Rummy (the cards and the joker, the draws and
the discard, the shared errors, the option validation, the readers of its JSON) and the
server plays it through :data:`RUMMY_RULES`, the interface every game implements.

Cards (``XX`` is the joker; a hand may hold a card twice)
    >>> from games.rules.rummy import rummy_cards, parse_card, hand_value, JOKER
    >>> rummy_cards("7h 7H xx")
    (Card.parse('7H'), Card.parse('7H'), JOKER)
    >>> hand_value(rummy_cards("AS KH 7D XX"))     # ace 11, joker 20
    48

Melds
    >>> from games.rules.rummy import read_meld, best_meld_points, all_melds
    >>> read_meld(rummy_cards("QH KH AH"))          # a run: its first place and suit
    (<MeldKind.RUN: 'run'>, 12, <Suit.HEARTS: 1>)
    >>> best_meld_points(rummy_cards("5H 6H XX 9C 9S 9D 2C"))   # 5H 6H (7H) + 9 9 9
    45
    >>> len(all_melds(0)), len(all_melds(1))        # 65 sets + 308 runs; with one joker
    (373, 2527)

Playing
    >>> import random
    >>> from games.rules.rummy import (RuleSet, new_game, new_deck, apply_action,
    ...     legal_actions, view_for, view_to_json, DrawStock, Discard, Phase)
    >>> rules = RuleSet(jokers=2)
    >>> state = new_game(rules, seats=3, deck=new_deck(random.Random(5), rules.jokers))
    >>> state.turn, state.round.phase                 # the seat after the dealer (0)
    (1, <Phase.DRAW: 'draw'>)
    >>> [entry.type for entry in legal_actions(state, 1)]
    ['draw_stock', 'draw_discard']
    >>> state = apply_action(state, DrawStock(), seat=1)
    >>> card = state.round.hands[1][0]
    >>> state = apply_action(state, Discard(card), seat=1)
    >>> view = view_to_json(view_for(state, 2))["round"]
    >>> view["turn"], view["hand_sizes"], view["stock_size"]
    (2, [13, 13, 13], 65)

Decisions where docs/games/rummy.md leaves open (standard Rummy rules; see :mod:`.engine` too)

* The card taken from the discard pile may not be discarded the same turn, nor another
  copy of it, unless the hand holds nothing else (then it is the last card: going out).
  A player may take the discard pile's top card and go out in the same turn. Once a meld,
  lay-off or swap puts that card (or a copy of it) on the table, the rule is spent.
* The stock never runs out at a draw: the block is checked after every discard, and a
  discard that empties the hand goes out even when it also empties the stock. The
  discard pile is never turned over.
* A player may meld again, lay off and swap jokers in the turn they come out; only the
  first ``meld`` action must reach ``first_meld_points``.
* Melds and lay-offs may use the card just taken from the discard pile.
* ``layoff`` on a run: ``end`` may always be given; without it the card goes to the one
  end it fits, and ``invalid_layoff`` when it fits both. ``end`` on a set is
  ``invalid_layoff``. ``legal_actions`` lists every lay-off on a run with its ``end``.
* A swapped joker: a swap is refused (``joker_must_be_played``) while a swapped joker is
  still owed, or when that joker could not then be played; a meld or lay-off that would
  leave an owed joker unplayable is refused with the same code. So a turn can always be
  finished.
* ``swap_joker`` into a set takes the set's rank in a suit the set lacks. A swap that does
  not fit (no such meld, no joker there that the card stands for, a joker given as the
  card) is ``invalid_layoff``.
* A ``meld`` naming cards the hand does not hold (or more copies than it holds) is
  ``invalid_melds`` naming the meld, as in Gin Rummy; ``layoff``, ``swap_joker`` and
  ``discard`` of a card not held are ``card_not_in_hand``.
* Hand rummy is going out with nothing put down before this turn; the outcome is
  ``hand_rummy`` even when ``hand_rummy_doubles`` is off (then the points are not
  doubled). The doubling applies to every seat's points of the round.
* The game ends for ``loss_limit`` (checked first) or ``rounds`` after a round; a block
  counts as a round.
* :func:`concede` with 3-4 seats marks the seat as left and play goes on (the server seats
  an ``easy`` computer there); when fewer than two seats remain that have not left, the
  game ends (reason ``concede``/``timeout``). Leavers are placed after every other seat,
  the first to leave last. A seat that already left cannot concede (``game_not_active``).
* Between rounds the view's ``round.phase`` is ``round_over`` (no legal actions);
  ``round`` is ``None`` in a finished game's view, as for Gin Rummy.
* ``drawn_from_discard`` in a view is shown to the seat that drew it only.
* ``legal_actions`` entries: ``{"type"}``; ``discard`` adds ``"cards"``; ``layoff`` and
  ``swap_joker`` add ``"options": [{"card", "meld", "end"?}]``. ``meld`` is listed when
  some meld action would be accepted (after coming out: a meld that keeps a card, and
  with an owed joker one that plays it; before: melds worth ``first_meld_points``).
* A set's ``rank`` in the view is its rank character (``"7"``, ``"T"``, ``"A"``). A table
  meld's ``id`` is its index on the table, from 0 in each round; a set keeps its cards in
  the order they were put down, a run is low to high.
* A run holds at most 13 cards (A-K or 2-A), and a joker at either end stands for the
  place beyond (``XX 2H 3H``: the joker is the low ace).
* Nothing limits a round's length: players who keep taking the discard pile's top card
  keep the stock from running down, as in the table game (the server's turn timer and
  computer players, which draw from the stock, end real rounds).

Public API

* The interface (:mod:`.game`): ``RUMMY_RULES`` (a ``GameRules``); the JSON Schemas of
  its JSON are :mod:`.schema`'s.
* Cards (:mod:`.cards`): ``Card``, ``Joker``, ``JOKER``, ``RummyCard``, ``parse_card``,
  ``rummy_cards``, ``card_value``, ``hand_value``, ``sort_hand``, ``new_deck(rng, jokers)``,
  ``check_deck(deck, jokers)``, ``full_deck(jokers)``.
* Melds (:mod:`.melds`): ``MeldKind``, ``End``, ``TableMeld``, ``read_meld``,
  ``meld_points``, ``layoff_fits``, ``swap_cards``, ``swap_joker_into``, ``accepts_joker``,
  ``has_meld``, ``best_meld_points``, ``best_melds``, ``melds_in``, ``all_melds``;
  on count keys (``count_key``): ``reaches_key`` (the first-meld check of
  ``legal_actions``), ``best_meld_points_key``.
* Rules (:mod:`.ruleset`): ``RuleSet`` (``from_dict``, ``to_dict``).
* Actions (:mod:`.actions`): ``DrawStock``, ``DrawDiscard``, ``Meld(melds)``,
  ``Layoff(card, meld, end=None)``, ``SwapJoker(card, meld)``, ``Discard(card)``, the
  ``Action`` union (a forfeit in a move log is
  :class:`~games.rules.common.game.Forfeit`).
* State (:mod:`.state`): ``Phase``, ``Outcome``, ``GameState``, ``RoundState``,
  ``RoundResult``, ``HandResult``, ``FinalResult``, ``LegalAction``, ``LayoffOption``,
  ``PlayerView``, ``RoundView``.
* Engine (:mod:`.engine`): ``new_game(rules, seats, deck, dealer=0)``,
  ``deal_next_round(state, deck)``, ``legal_actions(state, seat)``,
  ``legal_moves(state, seat)``, ``meld_moves(state, seat)``, ``is_legal(state, action,
  seat)``, ``apply_action(state, action, seat)``, ``view_for(state, seat)``,
  ``concede(state, seat, reason)``, ``placement(state)``, ``timeout_action(state, seat)``
  (what the server plays for a timed-out turn: a stock draw, an owed joker, then the
  highest-valued allowed discard).
* JSON (:mod:`.codec`): ``action_from_json``, ``action_to_json``, ``view_to_json``,
  ``state_to_json``, ``state_from_json``, ``round_result_to_json``, ``final_to_json``,
  ``deck_to_json``.
* Errors (:mod:`.errors`): the shared ``RulesError`` family plus ``FirstMeldTooSmall``,
  ``NotOutYet``, ``MustKeepDiscard``, ``InvalidLayoff``, ``JokerMustBePlayed``;
  ``RummyErrorCode`` (Rummy's own codes), ``ERRORS``, ``ERRORS_BY_CODE``.
"""

from games.rules.common.codec import final_to_json
from games.rules.rummy.actions import (
    ACTION_TYPES,
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
    Card,
    Joker,
    RummyCard,
    card_value,
    check_deck,
    full_deck,
    hand_value,
    new_deck,
    parse_card,
    rummy_cards,
    sort_hand,
)
from games.rules.rummy.codec import (
    STATE_FORMAT_VERSION,
    action_from_json,
    action_to_json,
    deck_to_json,
    round_result_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from games.rules.rummy.engine import (
    apply_action,
    concede,
    deal_next_round,
    is_legal,
    legal_actions,
    legal_moves,
    meld_moves,
    new_game,
    placement,
    timeout_action,
    view_for,
)
from games.rules.rummy.errors import (
    ERRORS,
    ERRORS_BY_CODE,
    CannotDiscardDrawnCard,
    CardNotInHand,
    ErrorCode,
    FirstMeldTooSmall,
    GameNotActive,
    IllegalAction,
    InvalidCard,
    InvalidInput,
    InvalidLayoff,
    InvalidMelds,
    JokerMustBePlayed,
    MustKeepDiscard,
    NotOutYet,
    NotYourTurn,
    RulesError,
    RummyErrorCode,
    ValidationError,
    WrongPhase,
)
from games.rules.rummy.game import RUMMY_RULES
from games.rules.rummy.melds import (
    End,
    MeldKind,
    TableMeld,
    accepts_joker,
    all_melds,
    best_meld_points,
    best_meld_points_key,
    best_melds,
    count_key,
    has_meld,
    layoff_fits,
    meld_points,
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

__all__ = [
    "ACTION_TYPES",
    "ERRORS",
    "ERRORS_BY_CODE",
    "JOKER",
    "RUMMY_RULES",
    "STATE_FORMAT_VERSION",
    "Action",
    "CannotDiscardDrawnCard",
    "Card",
    "CardNotInHand",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "End",
    "ErrorCode",
    "FinalResult",
    "FirstMeldTooSmall",
    "GameNotActive",
    "GameState",
    "HandResult",
    "IllegalAction",
    "InvalidCard",
    "InvalidInput",
    "InvalidLayoff",
    "InvalidMelds",
    "Joker",
    "JokerMustBePlayed",
    "Layoff",
    "LayoffOption",
    "LegalAction",
    "Meld",
    "MeldKind",
    "MustKeepDiscard",
    "NotOutYet",
    "NotYourTurn",
    "Outcome",
    "Phase",
    "PlayerView",
    "RoundResult",
    "RoundState",
    "RoundView",
    "RuleSet",
    "RulesError",
    "RummyCard",
    "RummyErrorCode",
    "SwapJoker",
    "TableMeld",
    "ValidationError",
    "WrongPhase",
    "accepts_joker",
    "action_from_json",
    "action_to_json",
    "all_melds",
    "apply_action",
    "best_meld_points",
    "best_meld_points_key",
    "best_melds",
    "card_value",
    "check_deck",
    "concede",
    "count_key",
    "deal_next_round",
    "deck_to_json",
    "final_to_json",
    "full_deck",
    "hand_value",
    "has_meld",
    "is_legal",
    "layoff_fits",
    "legal_actions",
    "legal_moves",
    "meld_moves",
    "meld_points",
    "melds_in",
    "new_deck",
    "new_game",
    "parse_card",
    "placement",
    "reaches_key",
    "read_meld",
    "round_result_to_json",
    "rummy_cards",
    "sort_hand",
    "state_from_json",
    "state_to_json",
    "swap_cards",
    "swap_joker_into",
    "timeout_action",
    "view_for",
    "view_to_json",
]
