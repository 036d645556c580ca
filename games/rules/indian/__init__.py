"""Indian Rummy rules core (docs/games/indian-rummy.md): 13 cards, 2-6 players, the points, pool
and deals
formats. Pure Python, standard library only, deterministic given the decks and salts; no
Django, no I/O, no clock.

It shares the other cores' :class:`~games.rules.common.cards.Card`, the printed joker
``XX`` and the error classes of :mod:`games.rules.common`, and has the same small
interface: a new game from a deck, legal actions, apply, a seat's view, results, a codec.

Cards (one or two decks, each with one printed joker; every card of the wild rank is a
joker too, and jokers are worth 0)
    >>> from games.rules.indian import indian_cards, card_value, hand_value, wild_rank_of
    >>> indian_cards("7h xx")
    (Card.parse('7H'), JOKER)
    >>> wild_rank_of(indian_cards("9D")[0]), wild_rank_of(indian_cards("XX")[0])
    (9, 1)
    >>> hand_value(indian_cards("AS KH 9D 9C XX"), wild_rank=9)     # A K Q J 10
    20

Groups and the least-points arrangement
    >>> from games.rules.indian import best_arrangement, read_group, valid_with
    >>> read_group(indian_cards("QD KD AD"), wild_rank=5)
    <GroupKind.PURE_SEQUENCE: 'pure_sequence'>
    >>> read_group(indian_cards("7C 5H XX"), wild_rank=5)           # jokers stand in
    <GroupKind.SEQUENCE: 'sequence'>
    >>> hand = indian_cards("AS 2S 3S 5D 5H 5C XX 9H TH JH 7C 8C 6S KC")
    >>> best = best_arrangement(hand, wild_rank=6)
    >>> best.discard, best.points, [" ".join(map(str, g)) for g in best.groups]
    (Card.parse('KC'), 0, ['9H TH JH', 'AS 2S 3S', '7C 8C XX', '5H 5D 5C', '6S'])
    >>> valid_with(hand, wild_rank=6)
    (Card.parse('KC'),)

Playing
    >>> import random
    >>> from games.rules.indian import (RuleSet, new_game, new_deck, apply_action,
    ...     legal_actions, view_for, view_to_json, DrawStock, Discard, Phase)
    >>> rules = RuleSet.from_dict({"format": "pool", "pool": 201})
    >>> rules.first_drop, rules.middle_drop
    (25, 50)
    >>> state = new_game(rules, seats=3, deck=new_deck(random.Random(5)), salt="0" * 32)
    >>> state.turn, state.round.phase                 # the seat after the dealer (0)
    (1, <Phase.DRAW: 'draw'>)
    >>> [entry.type for entry in legal_actions(state, 1)]
    ['draw_stock', 'draw_discard', 'drop']
    >>> state = apply_action(state, DrawStock(), seat=1)
    >>> [entry.type for entry in legal_actions(state, 1)]
    ['discard', 'drop', 'declare']
    >>> state = apply_action(state, Discard(state.round.hands[1][0]), seat=1)
    >>> view = view_to_json(view_for(state, 2))["round"]
    >>> view["turn"], view["hand_sizes"], view["stock_size"], view["status"]
    (2, [13, 13, 13], 64, ['in', 'in', 'in'])
    >>> sorted(view)
    ['arrangement', 'dealer', 'discard_pile', 'drawn_from_discard', 'hand', 'hand_sizes', \
'legal_actions', 'number', 'phase', 'pile_history', 'status', 'stock_size', 'turn', 'wild_joker']
    >>> view["pile_history"]                          # the pile's public record
    [{'seat': 1, 'action': 'discard', 'card': '2S'}]

Decisions where docs/games/indian-rummy.md (and docs/api.md, docs/games/rummy.md) leave open (see
:mod:`.engine` and :mod:`.melds` too)

* Groups. A natural card is a card that is not a joker, or a wild-rank card standing for
  itself: at its own place in its own suit's sequence, or in a set of its rank. So three
  jokers of which one is a wild card are a sequence (with wild rank 5, ``5H XX 5S`` is
  ``5H 6H 7H``), never a pure one; three printed jokers are nothing. A sequence has at
  most 13 cards; a set 3 or 4 (a joker added to a four-card set spoils it). A group of
  jokers only is allowed in a show and groups nothing; a card in no group is not.
* ``declare``: the groups are judged as written (a hand that could be shown validly,
  shown in wrong groups, is a wrong show). ``groups`` may be left out (or ``null``):
  the server shows its least-points arrangement of the 13 (the groups, then any
  ungrouped cards as one more group), a valid show whenever one exists.
* The card taken from the discard pile this turn, or a copy of it, may be neither
  discarded nor put face down by ``declare`` that turn (``cannot_discard_drawn_card``),
  as a Gin knock is a discard (docs/games/gin.md#knocking-and-gin); a hand of 14 always holds
  another card.
* The first upcard may be taken, even a joker, while it is still on top: once anybody
  takes it or discards, the exception is spent. ``draw_discard`` on an empty pile (the
  only card taken by a player who then dropped) is ``stock_only``; it is not listed.
* The reshuffle happens as a turn begins with an empty stock (so a player always sees a
  stock to draw from); the new stock is drawn from its first card. With no card under
  the top one the deal ends with no winner: outcome ``draw``, ``winner`` null, the seats
  still in score 0 (hand status ``in``), drops and wrong shows keep their cost; in
  points format that ends the game with reason ``draw``.
* ``drop`` is allowed in both phases of the player's turn; after a draw it is a middle
  drop (the 14 cards leave play). A wrong show's face-down card stays face down.
* Results: a dropped hand shows the server's arrangement of its cards (value: the drop
  cost); a wrong show the groups as shown; a counted hand its least-points arrangement
  (groups only when they count) with its value capped at ``max_points``. Drop and
  wrong-show costs are never capped. The winner scores 0.
* Arrangements: spare jokers form a group of their own, so a 0-point arrangement is a
  valid show exactly as written. With 14 cards the best discard has the least points,
  then the highest value, then the lowest card, and is never the card just taken from
  the discard pile.
* Pool: a total of ``pool`` or more after a deal puts the seat out (it is not dealt in
  again); the next dealer is the next seat still in the game.
* Concessions (:func:`concede`, ``concede`` or ``timeout``): at 2 seats the game ends at
  once, the other seat first. At 3-6 the seat drops from the deal in play at the
  highest drop cost (``max(first_drop, middle_drop)``; nothing when it already dropped or
  showed, or between deals) and leaves the game in every format, placed last (the first
  to leave last of all); when fewer than two seats are left in the game it ends with the
  concession's reason (in points format the deal goes on and ends the game as usual).
  A seat that left, or went out of a pool game, cannot concede (``game_not_active``).
* ``final.reason`` in points format is how the deal ended (``show``, ``last_player``,
  ``draw``); pool games end with ``pool``, deals games with ``deals``.
* Placement in pool: the seats still in the game by total (ties by seat order after
  seat 0), then the others by the deal in which they went out, latest first, ties by
  lower total; leavers last. Points and deals: as docs/games/indian-rummy.md says, leavers last.
* Views: a seat out of the deal (dropped, wrong show, out) has no hand (its own view
  included) and hand size 0, and ``arrangement`` is null. ``drawn_from_discard`` is shown
  to the seat that drew it only. ``legal_actions``: ``draw_stock``, ``draw_discard``
  (when allowed), ``drop``; then ``discard`` (``cards``), ``drop``, ``declare``
  (``valid_with``; any allowed discard card may be declared with, the others make a wrong
  show). Between deals ``phase`` is ``round_over``; ``round`` is null once the game is
  over. The deal's public history is kept in the state and the :class:`RoundView`; the
  view's JSON writes its part about the discard pile as ``round.pile_history`` (who
  took which card from it, or left which card on it, oldest first), never a stock draw's
  card or a declaration's face-down card.
* The turn timer's move, :func:`timeout_action`, needs only the seat's view: a stock
  draw, then the highest-valued allowed card outside the arrangement's groups (ties to
  the higher rank, the ace highest); it never declares or drops.
* A deal's ``salt`` (1-128 printable ASCII characters, no spaces; the server uses 32
  hex characters) is an input of the deal, since the reshuffle order depends on it.
* Rule ranges docs/games/indian-rummy.md leaves open: ``first_drop``, ``middle_drop`` and
``wrong_show`` 0-160.
  ``pool`` and ``deals`` are kept and validated in every format. ``null`` is refused.

Public API

* The interface (:mod:`.game`): ``INDIAN_RULES`` (a ``GameRules``; its decisions are in
  :mod:`.game`'s docstring); the JSON Schemas of its JSON are :mod:`.schema`'s.
* Cards (:mod:`.cards`): ``Card``, ``Joker``, ``JOKER``, ``IndianCard``, ``parse_card``,
  ``indian_cards``, ``card_value(card, wild_rank)``, ``hand_value(cards, wild_rank)``,
  ``is_joker``, ``wild_rank_of``, ``sort_hand``, ``new_deck(rng, decks=2)``,
  ``check_deck(deck, decks)``, ``full_deck(decks)``.
* Groups (:mod:`.melds`): ``GroupKind``, ``Arrangement``, ``read_group(cards,
  wild_rank)``, ``show_problem(groups, wild_rank)``, ``is_valid_show``,
  ``best_arrangement(cards, wild_rank, *, keep=None, max_points=None)``,
  ``hand_points``, ``valid_with(cards, wild_rank, *, keep=None)``, ``discard_points``.
* Rules (:mod:`.ruleset`): ``RuleSet`` (``from_dict``, ``to_dict``), ``FORMATS``,
  ``OPTIONS`` (each a ``RuleOption``, as the schema describes them).
* Actions (:mod:`.actions`): ``DrawStock``, ``DrawDiscard``, ``Discard(card)``,
  ``Declare(card, groups=None)``, ``Drop``, the ``Action`` union, ``ACTION_TYPES``.
* State (:mod:`.state`): ``Phase``, ``SeatStatus``, ``Outcome``, ``HandStatus``,
  ``HistoryEntry``, ``GameState``, ``RoundState``, ``RoundResult``, ``HandResult``,
  ``FinalResult``, ``LegalAction``, ``PlayerView``, ``RoundView``.
* Engine (:mod:`.engine`): ``new_game(rules, seats, deck, salt, dealer=0)``,
  ``deal_next_round(state, deck, salt)``, ``legal_actions(state, seat)``,
  ``legal_moves(state, seat, wrong_shows=False)``, ``is_legal(state, action, seat)``,
  ``apply_action(state, action, seat)``, ``view_for(state, seat)``, ``concede(state,
  seat, reason)``, ``placement(state)``, ``timeout_action(view)``,
  ``reshuffle_order(cards, salt, k)``. A move log (a seat's concession a
  :class:`~games.rules.common.game.Forfeit` step) is replayed through
  :data:`INDIAN_RULES` by :func:`games.rules.common.game.replay`, as every game's is.
* JSON (:mod:`.codec`): ``action_from_json``, ``action_to_json``, ``view_to_json``,
  ``state_to_json``, ``state_from_json``, ``round_result_to_json``, ``final_to_json``,
  ``deck_to_json`` (``round.pile_history`` is written by
  :func:`games.rules.common.pile.pile_history_to_json`, as every game's is).
* Errors (:mod:`.errors`): the shared ``RulesError`` family plus ``StockOnly``,
  ``CannotTakeJoker``, ``GroupsDoNotMatchHand``; ``IndianErrorCode`` (its own codes),
  ``ERRORS`` (in the API's order), ``INDIAN_ERRORS_BY_CODE``.
"""

from games.rules.indian.actions import (
    ACTION_TYPES,
    Action,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Groups,
)
from games.rules.indian.cards import (
    JOKER,
    Card,
    IndianCard,
    Joker,
    card_value,
    check_deck,
    full_deck,
    hand_value,
    indian_cards,
    is_joker,
    new_deck,
    parse_card,
    sort_hand,
    wild_rank_of,
)
from games.rules.indian.codec import (
    STATE_FORMAT_VERSION,
    action_from_json,
    action_to_json,
    deck_to_json,
    final_to_json,
    round_result_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from games.rules.indian.engine import (
    apply_action,
    concede,
    deal_next_round,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    placement,
    reshuffle_order,
    timeout_action,
    view_for,
)
from games.rules.indian.errors import (
    ERRORS,
    INDIAN_ERRORS_BY_CODE,
    CannotDiscardDrawnCard,
    CannotTakeJoker,
    CardNotInHand,
    ErrorCode,
    GameNotActive,
    GroupsDoNotMatchHand,
    IllegalAction,
    IndianErrorCode,
    InvalidCard,
    InvalidInput,
    NotYourTurn,
    RulesError,
    StockOnly,
    ValidationError,
    WrongPhase,
)
from games.rules.indian.game import INDIAN_RULES
from games.rules.indian.melds import (
    Arrangement,
    GroupKind,
    best_arrangement,
    discard_points,
    hand_points,
    is_valid_show,
    read_group,
    show_problem,
    valid_with,
)
from games.rules.indian.ruleset import FORMATS, OPTIONS, RuleSet
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

__all__ = [
    "ACTION_TYPES",
    "ERRORS",
    "FORMATS",
    "INDIAN_ERRORS_BY_CODE",
    "INDIAN_RULES",
    "JOKER",
    "OPTIONS",
    "STATE_FORMAT_VERSION",
    "Action",
    "Arrangement",
    "CannotDiscardDrawnCard",
    "CannotTakeJoker",
    "Card",
    "CardNotInHand",
    "Declare",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "ErrorCode",
    "FinalResult",
    "GameNotActive",
    "GameState",
    "GroupKind",
    "Groups",
    "GroupsDoNotMatchHand",
    "HandResult",
    "HandStatus",
    "HistoryEntry",
    "IllegalAction",
    "IndianCard",
    "IndianErrorCode",
    "InvalidCard",
    "InvalidInput",
    "Joker",
    "LegalAction",
    "NotYourTurn",
    "Outcome",
    "Phase",
    "PlayerView",
    "RoundResult",
    "RoundState",
    "RoundView",
    "RuleSet",
    "RulesError",
    "SeatStatus",
    "StockOnly",
    "ValidationError",
    "WrongPhase",
    "action_from_json",
    "action_to_json",
    "apply_action",
    "best_arrangement",
    "card_value",
    "check_deck",
    "concede",
    "deal_next_round",
    "deck_to_json",
    "discard_points",
    "final_to_json",
    "full_deck",
    "hand_points",
    "hand_value",
    "indian_cards",
    "is_joker",
    "is_legal",
    "is_valid_show",
    "legal_actions",
    "legal_moves",
    "new_deck",
    "new_game",
    "parse_card",
    "placement",
    "read_group",
    "reshuffle_order",
    "round_result_to_json",
    "show_problem",
    "sort_hand",
    "state_from_json",
    "state_to_json",
    "timeout_action",
    "valid_with",
    "view_for",
    "view_to_json",
    "wild_rank_of",
]
