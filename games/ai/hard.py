"""Hard: opponent inference, discard safety, draws by expected improvement, knock timing."""

from __future__ import annotations

import random

from games.ai.knowledge import Knowledge
from games.ai.masks import card_of, mask_of_cards
from games.ai.memory import Memory
from games.ai.sampling import knock_points, playout, sample_world
from games.rules import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
    PlayerView,
    deadwood_mask,
)

DANGER = 6.0
KNOCK_SAMPLES = 32
KNOCK_MARGIN = 0.0
TAKE_MARGIN = 0.0


def choose(view: PlayerView, rng: random.Random, memory: Memory) -> Action:
    rnd = view.round
    legal = {entry.type: entry for entry in rnd.legal_actions}
    hand = mask_of_cards(rnd.hand)
    if "big_gin" in legal:
        return BigGin()
    know = Knowledge.build(view, memory, hand)
    if "discard" in legal:
        choices = [card.mask for card in legal["discard"].cards or ()]
        scored = sorted(
            (know.outlook(hand ^ bit) + DANGER * know.danger(bit), bit) for bit in choices
        )
        discard = scored[0][1]
        if "knock" in legal:
            knock_cards = [card.mask for card in legal["knock"].cards or ()]
            best = min(knock_cards, key=lambda bit: (deadwood_mask(hand ^ bit), bit))
            if _should_knock(view, know, memory, rng, hand, best, discard):
                return Knock(card_of(best))
        return Discard(card_of(discard))
    top = rnd.discard_pile[-1].mask if rnd.discard_pile else 0
    if top and "draw_discard" in legal and not top & memory.my_discarded:
        taken = hand | top
        take = min(
            know.outlook(taken ^ bit) + DANGER * know.danger(bit)
            for bit in _bits(hand)
        )
        stock = 2 * know.outlook(hand) - deadwood_mask(hand)
        if take < stock - TAKE_MARGIN:
            return DrawDiscard()
    if "pass" in legal:
        return Pass()
    return DrawStock()


def _should_knock(
    view: PlayerView, know: Knowledge, memory: Memory, rng: random.Random, hand: int,
    knock: int, discard: int,
) -> bool:
    deadwood = deadwood_mask(hand ^ knock)
    if deadwood == 0 or not KNOCK_SAMPLES:
        return True
    rules = view.rules
    limit = view.round.knock_limit
    knock_total = 0
    hold_total = 0
    for _ in range(KNOCK_SAMPLES):
        world = sample_world(know, rng, memory.opp_stock_draws, limit)
        knock_total += knock_points(hand ^ knock, world.opp_hand, rules)
        hold_total += playout(hand ^ discard, world.opp_hand, discard, world.stock, rules, limit)
    return knock_total + KNOCK_MARGIN * KNOCK_SAMPLES >= hold_total


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
