"""Gin Rummy rules core (docs/games/gin.md): pure Python, standard library only, deterministic.

No Django, no I/O, no clock. Randomness enters only as a ``random.Random`` passed to
:func:`new_deck` or as a ready deck. The server stores :func:`state_to_json` and the move
log; replaying the log from the dealt decks (:func:`games.rules.common.game.replay`)
gives the same state. The server plays it through :data:`GIN_RULES`, the interface every
game of the family implements; the cards, the draws and the discard, the shared errors
and the readers of its JSON are :mod:`games.rules.common`'s.

Cards
    >>> from games.rules.gin import Card, cards, DECK
    >>> Card.parse("th"), str(Card.parse("th")), Card.parse("KS").value
    (Card.parse('TH'), 'TH', 10)
    >>> len(DECK), cards("AS 2s 3S")[1]
    (52, Card.parse('2S'))

Melds and deadwood (exact)
    >>> from games.rules.gin import best_arrangement, best_discards, deadwood_value
    >>> deadwood_value(cards("AS 2S 3S 7C 7D 7H 9D KD"))
    19
    >>> best_discards(cards("3S 4S 5S 6S 4C 5C 6C 3D 4D 5D 6H"))
    (0, [Card.parse('6H')])
    >>> [str(meld) for meld in best_arrangement(cards("AS 2S 3S 7C 7D 7H 9D")).melds]
    ['7H 7D 7C', 'AS 2S 3S']

Playing a game
    >>> import random
    >>> from games.rules.gin import (RuleSet, new_game, new_deck, apply_action, Pass,
    ...     DrawStock, Discard, legal_actions, view_for, Phase)
    >>> state = new_game(RuleSet(), dealer=0, deck=new_deck(random.Random(7)))
    >>> state.turn, state.round.phase                   # the non-dealer acts first
    (1, <Phase.FIRST_UPCARD: 'first_upcard'>)
    >>> state = apply_action(state, Pass(), seat=1)
    >>> state = apply_action(state, Pass(), seat=0)
    >>> [entry.type for entry in legal_actions(state, 1)]   # both passed: stock only
    ['draw_stock']
    >>> state = apply_action(state, DrawStock(), seat=1)
    >>> card = legal_actions(state, 1)[0].cards[0]
    >>> state = apply_action(state, Discard(card), seat=1)
    >>> view_for(state, 0).round.stock_size
    30

Public API (see each module for details)

* The interface (:mod:`.game`): ``GIN_RULES`` (a ``GameRules``).
* Cards (:mod:`games.rules.common.cards`, :mod:`.deck`): ``Card`` (``Card.parse``,
  ``.rank`` 1-13, ``.suit`` ``Suit``, ``.value``, ``.mask``), ``Suit``, ``cards(text)``,
  ``DECK``, ``new_deck(rng)``, ``mask_of(cards)``, ``cards_of(mask)``, ``value_of(mask)``.
* Melds (:mod:`.melds`): ``Meld``, ``ALL_MELDS`` / ``ALL_SETS`` / ``ALL_RUNS``,
  ``melds_in(cards)``, ``Arrangement``, ``best_arrangement(cards)``,
  ``best_arrangements(cards)``, ``deadwood_value(cards)``, ``best_discards(cards)``,
  ``Defence``, ``best_defence(knocker_melds, defender_cards)`` (the lay-off solver).
* Mask hot paths (:mod:`.melds`; layout: bit ``suit * 13 + rank - 1``, suits S H D C =
  0..3, ranks A..K = 1..13, so each suit is a contiguous 13-bit field):
  ``deadwood_mask``, ``deadwood_after_discard_mask``, ``best_discards_mask`` (returns
  ``(deadwood, discards_mask)``), ``arrangements_mask``,
  ``meld_masks_in``, ``is_meld_mask``, ``layoff_targets_mask``, ``layoff_deadwood_mask``,
  ``defence_from_masks``.
* Rules (:mod:`.ruleset`): ``RuleSet`` (``from_dict``, ``to_dict``).
* Actions (:mod:`.actions`): ``Pass``, ``DrawStock``, ``DrawDiscard``, ``Discard(card)``,
  ``Knock(card, melds=None)``, ``BigGin(melds=None)``, the ``Action`` union.
* State (:mod:`.state`): ``Phase``, ``Outcome``, ``GameState`` (``.turn``, ``.is_over``,
  ``.awaiting_deal``, ``.final``, ``.rounds``, ``.scores``, ``.round``), ``RoundState``,
  ``RoundResult``, ``HandResult``, ``FinalResult``, ``SeatTotal``, ``MoveRecord``,
  ``LegalAction``, ``PlayerView``, ``RoundView``.
* Engine (:mod:`.engine`): ``new_game(rules, dealer, deck)``,
  ``deal_next_round(state, deck)``, ``legal_actions(state, seat)``,
  ``legal_moves(state, seat)``, ``expand_legal_actions(entries)``,
  ``is_legal(state, action, seat)``, ``apply_action(state, action, seat)``,
  ``view_for(state, seat)``, ``concede(state, seat, reason)``,
  ``public_move(record, viewer)``.
* Scoring (:mod:`.scoring`): ``settle_game``, ``settle_concession``,
  ``choose_knocker_melds``.
* JSON (:mod:`.codec`): ``action_from_json``, ``action_to_json``, ``view_to_json`` (the
  rules' part of the API's game view), ``state_to_json``, ``state_from_json``; their
  JSON Schemas are :mod:`.schema`'s.
* Errors (:mod:`.errors`): ``RulesError`` (``.code``, ``.detail``), ``InvalidInput``
  (``.fields``): ``InvalidCard``, ``ValidationError``; ``IllegalAction``:
  ``GameNotActive``, ``NotYourTurn``, ``WrongPhase``, ``CardNotInHand``,
  ``CannotDiscardDrawnCard``, ``StockOnly``, ``KnockLimitExceeded``, ``InvalidMelds``,
  ``NotBigGin``; ``ErrorCode`` (the shared codes), ``GinErrorCode`` (Gin's own),
  ``ERRORS`` (every error class, in the API's order), ``ERRORS_BY_CODE``.

Public knowledge for computer players: each round keeps its history of
:class:`MoveRecord` (seat, type, card). ``view_for(state, seat).round.history`` gives it as
that seat may see it (:func:`public_move`): passes, discard-pile draws (with the card
taken), discards and knocks are public; the opponent's stock draws carry no card.
"""

from games.rules.common.cards import DECK, Card, Suit, cards, cards_of, mask_of
from games.rules.common.errors import (
    CannotDiscardDrawnCard,
    CardNotInHand,
    ErrorCode,
    GameNotActive,
    IllegalAction,
    InvalidCard,
    InvalidInput,
    InvalidMelds,
    NotYourTurn,
    RulesError,
    ValidationError,
    WrongPhase,
)
from games.rules.gin.actions import (
    ACTION_TYPES,
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
)
from games.rules.gin.codec import (
    STATE_FORMAT_VERSION,
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
)
from games.rules.gin.deck import new_deck, value_of
from games.rules.gin.engine import (
    apply_action,
    concede,
    deal_next_round,
    expand_legal_actions,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    public_move,
    view_for,
)
from games.rules.gin.errors import (
    ERRORS,
    ERRORS_BY_CODE,
    GinErrorCode,
    KnockLimitExceeded,
    NotBigGin,
    StockOnly,
)
from games.rules.gin.game import GIN_RULES
from games.rules.gin.melds import (
    ALL_MELDS,
    ALL_RUNS,
    ALL_SETS,
    Arrangement,
    Defence,
    Meld,
    arrangements_mask,
    best_arrangement,
    best_arrangements,
    best_defence,
    best_discards,
    best_discards_mask,
    deadwood_after_discard_mask,
    deadwood_mask,
    deadwood_value,
    defence_from_masks,
    is_meld_mask,
    layoff_deadwood_mask,
    layoff_targets_mask,
    meld_masks_in,
    melds_in,
)
from games.rules.gin.ruleset import RuleSet
from games.rules.gin.scoring import choose_knocker_melds, settle_concession, settle_game
from games.rules.gin.state import (
    FinalResult,
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
    SeatTotal,
)

__all__ = [
    "ACTION_TYPES",
    "ALL_MELDS",
    "ALL_RUNS",
    "ALL_SETS",
    "DECK",
    "ERRORS",
    "ERRORS_BY_CODE",
    "GIN_RULES",
    "STATE_FORMAT_VERSION",
    "Action",
    "Arrangement",
    "BigGin",
    "CannotDiscardDrawnCard",
    "Card",
    "CardNotInHand",
    "Defence",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "ErrorCode",
    "FinalResult",
    "GameNotActive",
    "GameState",
    "GinErrorCode",
    "HandResult",
    "IllegalAction",
    "InvalidCard",
    "InvalidInput",
    "InvalidMelds",
    "Knock",
    "KnockLimitExceeded",
    "LegalAction",
    "Meld",
    "MoveRecord",
    "NotBigGin",
    "NotYourTurn",
    "Outcome",
    "Pass",
    "Phase",
    "PlayerView",
    "RoundResult",
    "RoundState",
    "RoundView",
    "RuleSet",
    "RulesError",
    "SeatTotal",
    "StockOnly",
    "Suit",
    "ValidationError",
    "WrongPhase",
    "action_from_json",
    "action_to_json",
    "apply_action",
    "arrangements_mask",
    "best_arrangement",
    "best_arrangements",
    "best_defence",
    "best_discards",
    "best_discards_mask",
    "cards",
    "cards_of",
    "choose_knocker_melds",
    "concede",
    "deadwood_after_discard_mask",
    "deadwood_mask",
    "deadwood_value",
    "deal_next_round",
    "defence_from_masks",
    "expand_legal_actions",
    "is_legal",
    "is_meld_mask",
    "layoff_deadwood_mask",
    "layoff_targets_mask",
    "legal_actions",
    "legal_moves",
    "mask_of",
    "meld_masks_in",
    "melds_in",
    "new_deck",
    "new_game",
    "public_move",
    "settle_concession",
    "settle_game",
    "state_from_json",
    "state_to_json",
    "value_of",
    "view_for",
]
