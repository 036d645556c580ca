"""The reference player: the fixed yardstick every Rummy level is measured against,
stronger than the baseline (``docs/ai.md`` records each level's rate against it).

It is Medium with a determinised Monte Carlo search on its two real choices, at a fixed
budget (:data:`BUDGET`): the draw, when the pile's top card could be of use, and the
discard among Medium's :data:`CANDIDATES` best. The search is the family's
(:mod:`games.ai.common.search`) over Rummy's worlds and playouts
(:mod:`games.ai.rummy.search`), with every seat of the playouts coming out as soon as it
can (it never plays for a hand rummy). Melds, lay-offs and joker swaps are Medium's.

Frozen: its settings and its code path stay as they are once its figures are recorded,
so that figures of different times compare; a stronger player is a new level, not a
change to this one.
"""

from __future__ import annotations

import random

from games.ai.common.search import Budget
from games.ai.rummy.common import discards, forced, is_joker, loose_cards
from games.ai.rummy.levels import JOKER_KEEP, links, play_phase, wants
from games.ai.rummy.search import Style, top_is_live
from games.ai.rummy.search import choose as search_choose
from games.rules.rummy import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    PlayerView,
    RummyCard,
    card_value,
)

CANDIDATES = 3
"""Medium's best discards the search judges."""
BUDGET = Budget(worlds=8, confidence=1.0)
"""Worlds a decision, and how sure the search must be to leave Medium's choice."""
STYLE = Style()
"""Every seat of the playouts comes out as soon as it can."""


def _ranked(view: PlayerView, allowed: list[RummyCard]) -> list[RummyCard]:
    """The cards allowed, Medium's best discard first (Medium's own ordering)."""
    hand = view.round.hand
    loose = loose_cards(hand)
    loose_set = set(loose)

    def badness(card: RummyCard) -> float:
        if is_joker(card):
            return -JOKER_KEEP
        if card not in loose_set:
            return -50.0 + card_value(card)
        return card_value(card) - 6.0 * links(card, loose)

    last = {card: position for position, card in enumerate(allowed)}
    return sorted(last, key=lambda card: (-badness(card), -last[card]))


def choose(view: PlayerView, rng: random.Random) -> Action:
    """The reference player's action (see the module docstring)."""
    rnd = view.round
    types = {entry.type for entry in rnd.legal_actions}
    if "draw_stock" in types:
        if "draw_discard" not in types:
            return DrawStock()
        first: Action = DrawDiscard() if wants(view, rnd.discard_pile[-1]) else DrawStock()
        if not top_is_live(view):
            return first
        other: Action = DrawStock() if isinstance(first, DrawDiscard) else DrawDiscard()
        return search_choose(view, [first, other], STYLE, BUDGET, rng).move
    action = play_phase(view)
    if action is not None:
        return action
    allowed = list(discards(view))
    if not allowed:
        return forced(view)
    moves: list[Action] = [Discard(card) for card in _ranked(view, allowed)[:CANDIDATES]]
    return search_choose(view, moves, STYLE, BUDGET, rng).move


__all__ = ["BUDGET", "CANDIDATES", "STYLE", "choose"]
