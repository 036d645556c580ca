"""Easy: a beginner who plays sensibly but slowly.

* Draw: takes the face-up card only when it makes a meld with the hand.
* Discard: usually the card that leaves the least deadwood (the highest such card), but
  now and then ({MISTAKE:.0%} of discards) any card that is not in a meld -- never a card
  of a meld, never the card just taken.
* Knock: only with little deadwood (at most {KNOCK_AT}, or the round's limit if lower);
  gin and big gin whenever possible.
"""

from __future__ import annotations

import random

from games.ai.gin.common import draw_for_meld, legal_by_type
from games.ai.gin.masks import card_of
from games.ai.gin.memory import Memory
from games.rules.gin import (
    Action,
    BigGin,
    Discard,
    Knock,
    PlayerView,
    arrangements_mask,
    deadwood_mask,
    mask_of,
)

MISTAKE = 0.25
"""Share of discards chosen among all unmelded cards instead of the best one."""
KNOCK_AT = 5
"""Easy knocks only with at most this much deadwood."""

__doc__ = (__doc__ or "").format(MISTAKE=MISTAKE, KNOCK_AT=KNOCK_AT)


def choose(view: PlayerView, rng: random.Random, memory: Memory) -> Action:
    """Easy's action for the seat of ``view``."""
    rnd = view.round
    legal = legal_by_type(rnd)
    hand = mask_of(rnd.hand)
    if "big_gin" in legal:
        return BigGin()
    if "discard" in legal:
        choices = [card.mask for card in legal["discard"].cards or ()]
        # the least deadwood left; among equals, the highest card
        least, _, best = min(
            (deadwood_mask(hand ^ bit), -((bit.bit_length() - 1) % 13), bit) for bit in choices
        )
        if "knock" in legal and least <= min(KNOCK_AT, rnd.knock_limit):
            return Knock(card_of(best))
        if rng.random() < MISTAKE:
            _, arrangements = arrangements_mask(hand)
            melded = 0
            for meld in arrangements[0]:
                melded |= meld
            loose = [bit for bit in choices if not bit & melded]
            if loose:
                return Discard(card_of(rng.choice(loose)))
        return Discard(card_of(best))
    return draw_for_meld(rnd, legal, hand, refused=memory.my_discarded)
