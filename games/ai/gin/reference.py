"""The reference player: the fixed yardstick every Gin Rummy level is measured against,
stronger than the baseline (``docs/ai.md`` records each level's rate against it).

It is Medium (draw for a meld, discard to the least deadwood keeping pairs) with its knock
timed by a determinised Monte Carlo search at a fixed budget (:data:`BUDGET`): when it may
knock with some deadwood it compares, world by world, knocking now with holding one more
turn and playing the round out greedily (the family's search of
:mod:`games.ai.common.search`, over Gin Rummy's worlds and playouts as Hard deals them).
Gin and big gin are always taken. It does not weigh the danger of a discard nor judge a
draw by the hand's outlook (Hard does).

Frozen: its settings and its code path stay as they are once its figures are recorded,
so that figures of different times compare; a stronger player is a new level, not a
change to this one.
"""

from __future__ import annotations

import random

from games.ai.common.search import Budget
from games.ai.gin import medium
from games.ai.gin.common import legal_by_type
from games.ai.gin.hard import should_knock
from games.ai.gin.knowledge import Knowledge
from games.ai.gin.masks import card_of
from games.ai.gin.memory import Memory
from games.rules.gin import Action, Discard, Knock, PlayerView, deadwood_mask, mask_of

BUDGET = Budget(worlds=16, margin=2.0)
"""Worlds a knock decision, and the points a world by which knocking must lead holding."""


def choose(view: PlayerView, rng: random.Random, memory: Memory) -> Action:
    """The reference player's action (see the module docstring)."""
    action = medium.choose(view, rng, memory)
    if not isinstance(action, Knock):
        return action
    rnd = view.round
    hand = mask_of(rnd.hand)
    knock = action.card.mask
    if deadwood_mask(hand ^ knock) == 0:
        return action
    legal = legal_by_type(rnd)
    if "discard" not in legal:
        return action
    know = Knowledge.build(view, memory, hand)
    if should_knock(view, know, memory, rng, hand, knock, knock, BUDGET):
        return action
    return Discard(card_of(knock))


__all__ = ["BUDGET", "choose"]
