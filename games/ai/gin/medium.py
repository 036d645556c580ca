"""Medium: a solid club player.

* Draw: takes the face-up card when it makes a meld with the hand; otherwise draws from
  the stock. Never takes back its own discard.
* Discard: a card that leaves the least deadwood; among those it keeps pairs (a set in
  the making): it throws a card with the fewest cards of its rank in the hand, at random
  among equals. It does not yet read runs in the making, nor the opponent.
* Knock: as soon as it may, with the least deadwood (gin and big gin when possible).
"""

from __future__ import annotations

import random

from games.ai.gin.common import draw_for_meld, legal_by_type
from games.ai.gin.masks import card_of
from games.ai.gin.memory import Memory
from games.rules.common.cards import RANK_COLUMN
from games.rules.gin import (
    Action,
    BigGin,
    Discard,
    Knock,
    PlayerView,
    deadwood_mask,
    mask_of,
)


def pair_count(hand: int, bit: int) -> int:
    """How many other cards of ``bit``'s rank ``hand`` holds."""
    rank = (bit.bit_length() - 1) % 13
    return (hand & (RANK_COLUMN << rank) & ~bit).bit_count()


def choose(view: PlayerView, rng: random.Random, memory: Memory) -> Action:
    """Medium's action for the seat of ``view``."""
    rnd = view.round
    legal = legal_by_type(rnd)
    hand = mask_of(rnd.hand)
    if "big_gin" in legal:
        return BigGin()
    if "discard" in legal:
        scored = sorted(
            (deadwood_mask(hand ^ card.mask), pair_count(hand, card.mask), rng.random(), card.mask)
            for card in legal["discard"].cards or ()
        )
        least, best = scored[0][0], scored[0][-1]
        if "knock" in legal and least <= rnd.knock_limit:
            return Knock(card_of(best))
        return Discard(card_of(best))
    return draw_for_meld(rnd, legal, hand, refused=memory.my_discarded)
