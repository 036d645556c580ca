"""Rummy 500 rules core (docs/games/rummy500.md): 2-4 players, one deck (and two jokers by
rule), the discard pile open, melds scoring for the player who puts them down. Pure
Python, standard library only, deterministic given the decks; no Django, no I/O, no clock.

It shares :mod:`games.rules.common` with the other games and the server plays it through
:data:`RUMMY500_RULES`, the interface every game implements.

Playing
    >>> from games.rules.common.cards import cards as text
    >>> from games.rules.rummy500 import RuleSet, new_game, apply_action, DrawDiscard, Meld
    >>> deck = text("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC "    # seat 1
    ...              "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD "    # seat 0
    ...              "7H 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS "
    ...              "AH 2H 3H 4H 5H 6H 8H 9H TH JH QH KH")
    >>> state = new_game(RuleSet(), seats=2, deck=deck)
    >>> state.turn, state.round.discard_pile
    (1, (Card.parse('7H'),))
    >>> state = apply_action(state, DrawDiscard(), seat=1)
    >>> state = apply_action(state, Meld([text("2C 3C 4C")]), seat=1)
    >>> state.round.table[0].laid_by, state.round.table[0].points_by(2)
    ((1, 1, 1), (0, 9))

Decisions where docs/games/rummy500.md leaves open (see :mod:`.engine` too)

* A meld body holds at most 4 melds of at most 14 cards each, as in Rummy (more melds go
  down in another ``meld`` action).
* ``draw_discard`` of the top card when ``top_card_free`` is off makes it a picked card,
  so the take is refused (``cannot_use_picked_card``) when it could not be played.
* The picked card's duty is met by the very next action: a ``meld`` holding it (with any
  other melds in the same body) or a ``layoff`` of it; a malformed ``meld`` that names the
  card is refused for what is wrong with it (``invalid_melds``).
* A lay-off on a run: ``end`` may always be given; without it the card goes to the one end
  it fits, and ``invalid_layoff`` when it fits both. ``end`` on a set is
  ``invalid_layoff``. ``legal_actions`` lists every lay-off on a run with its ``end``.
* ``legal_actions`` lists ``discard`` in the play phase always, with no cards while a
  picked card is owed; ``draw_discard`` only when some card of the pile may be taken.
* Between rounds the view's ``round.phase`` is ``round_over`` (no legal actions);
  ``round`` is ``None`` in a finished game's view, as for the other games.
"""

from __future__ import annotations

from games.rules.common.cards import JOKER, Card
from games.rules.rummy500.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Layoff,
    Meld,
)
from games.rules.rummy500.cards import card_value, hand_value, new_deck
from games.rules.rummy500.codec import (
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
    view_to_json,
)
from games.rules.rummy500.engine import (
    apply_action,
    can_use,
    cards_in_play,
    concede,
    deal_next_round,
    is_legal,
    legal_actions,
    legal_moves,
    new_game,
    pile_index,
    pile_takes,
    placement,
    table_points,
    timeout_action,
    view_for,
)
from games.rules.rummy500.errors import ERRORS, ERRORS_BY_CODE, Rummy500ErrorCode
from games.rules.rummy500.game import RUMMY500_RULES, Rummy500Rules
from games.rules.rummy500.melds import End, MeldKind, TableMeld, layoff_fits, meld_with, read_meld
from games.rules.rummy500.ruleset import OPTIONS, RuleSet
from games.rules.rummy500.state import (
    GameState,
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
    "OPTIONS",
    "RUMMY500_RULES",
    "Action",
    "Card",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "End",
    "GameState",
    "Layoff",
    "LegalAction",
    "Meld",
    "MeldKind",
    "Outcome",
    "Phase",
    "PlayerView",
    "RoundResult",
    "RoundState",
    "RoundView",
    "RuleSet",
    "Rummy500ErrorCode",
    "Rummy500Rules",
    "TableMeld",
    "action_from_json",
    "action_to_json",
    "apply_action",
    "can_use",
    "card_value",
    "cards_in_play",
    "concede",
    "deal_next_round",
    "hand_value",
    "is_legal",
    "layoff_fits",
    "legal_actions",
    "legal_moves",
    "meld_with",
    "new_deck",
    "new_game",
    "pile_index",
    "pile_takes",
    "placement",
    "read_meld",
    "state_from_json",
    "state_to_json",
    "table_points",
    "timeout_action",
    "view_for",
    "view_to_json",
]
