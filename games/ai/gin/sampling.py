"""Determinised Monte Carlo: deal the unseen cards into plausible worlds and play them out.

A *world* fixes what the seat cannot see: the opponent's unknown cards and the stock
order. :func:`sample_world` draws one from :class:`~games.ai.gin.knowledge.Knowledge`: the
opponent's unknown cards are drawn by their inferred probabilities, then "played" for as
many stock draws as the opponent really made (draw a random unseen card, drop the card
that leaves the least deadwood), so that a sampled hand is as organised as a real hand
after that many turns, not a random heap. The rest of the unseen cards form the stock, in
random order.

:func:`playout` then plays a world to the end of the round with a quick greedy policy
for both seats (take a discard that makes a meld, discard to the least deadwood, knock as
soon as allowed) and returns the round's points for the seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.ai.gin.knowledge import Knowledge
from games.ai.gin.masks import bits, makes_meld
from games.rules.gin import (
    RuleSet,
    best_discards_mask,
    choose_knocker_melds,
    deadwood_mask,
    layoff_deadwood_mask,
    layoff_targets_mask,
)

KNOCKABLE_WEIGHT = 0.25
"""How much less likely a sampled opponent hand is when it could have knocked already
(opponents usually knock when they can)."""


MAX_PLAYOUT_TURNS = 120
"""Greedy players can pass cards back and forth through the discard pile for ever (the
stock never shrinks); such a playout is scored as a drawn round."""


@dataclass(slots=True)
class World:
    """One determinisation: the opponent's hand and the stock, top first."""

    opp_hand: int
    stock: list[int]


def sample_world(
    know: Knowledge, rng: random.Random, improve: int, knock_limit: int, tries: int = 3
) -> World:
    """A plausible opponent hand (``improve`` greedy draws deep) and a shuffled stock."""
    world = _sample_once(know, rng, improve)
    for _ in range(tries - 1):
        if deadwood_mask(world.opp_hand) > knock_limit or rng.random() < KNOCKABLE_WEIGHT:
            break
        world = _sample_once(know, rng, improve)
    return world


def _sample_once(know: Knowledge, rng: random.Random, improve: int) -> World:
    p = know.p_opp
    pool = bits(know.unseen)
    weights = [p[bit.bit_length() - 1] + 1e-6 for bit in pool]
    chosen = 0
    count = know.opp_unknown
    if count:
        # Weighted draws without replacement (Efraimidis-Spirakis keys).
        keyed = sorted(
            ((rng.random() ** (1.0 / w), bit) for w, bit in zip(weights, pool, strict=True)),
            reverse=True,
        )
        for _, bit in keyed[:count]:
            chosen |= bit
    hand = know.opp_known | chosen
    rest = [bit for bit in pool if not bit & chosen]
    if improve and rest and count:
        fixed = know.opp_known
        for _ in range(improve):
            bit = rest[rng.randrange(len(rest))]
            trial = hand | bit
            _, discards = best_discards_mask(trial)
            discards &= ~fixed
            if not discards:
                continue
            drop = discards & -discards
            if drop != bit:
                hand = trial ^ drop
                rest.remove(bit)
                rest.append(drop)
    rng.shuffle(rest)
    return World(hand, rest)


def knock_points(knocker: int, defender: int, rules: RuleSet) -> int:
    """Round points of a knock with the 10-card ``knocker`` hand, for the knocker (negative
    when undercut); the defender lays off as the rules do."""
    deadwood, melds = choose_knocker_melds(knocker, defender)
    if deadwood == 0:
        return rules.gin_bonus + deadwood_mask(defender)
    runs, fourths = layoff_targets_mask(melds)
    left = layoff_deadwood_mask(defender, runs, fourths)
    if left <= deadwood:
        return -(rules.undercut_bonus + deadwood - left)
    return left - deadwood


def _greedy_discard(hand: int, taken: int) -> tuple[int, int]:
    """``(deadwood, card)``: the least-deadwood discard, never ``taken``."""
    deadwood, discards = best_discards_mask(hand)
    discards &= ~taken
    if discards:
        return deadwood, discards & -discards
    best = 1 << 30
    card = 0
    for bit in bits(hand & ~taken):
        value = deadwood_mask(hand ^ bit)
        if value < best:
            best, card = value, bit
    return best, card


def playout(
    me: int,
    opp: int,
    top: int,
    stock: list[int],
    rules: RuleSet,
    knock_limit: int,
    opp_to_move: bool = True,
) -> int:
    """Play the round out greedily from a position where the player to move must draw;
    the round points for ``me`` (negative when the opponent scores)."""
    hands = [me, opp]
    mover = 1 if opp_to_move else 0
    index = 0
    floor = rules.stock_floor
    for _ in range(MAX_PLAYOUT_TURNS):
        hand = hands[mover]
        if top and makes_meld(hand, top):
            taken = top
            hand |= top
            top = 0
        else:
            if index >= len(stock):
                return 0
            taken = 0
            hand |= stock[index]
            index += 1
        if rules.big_gin and deadwood_mask(hand) == 0:
            points = rules.big_gin_bonus + deadwood_mask(hands[1 - mover])
            return points if mover == 0 else -points
        deadwood, card = _greedy_discard(hand, taken)
        hand ^= card
        hands[mover] = hand
        if deadwood <= knock_limit:
            points = knock_points(hand, hands[1 - mover], rules)
            return points if mover == 0 else -points
        if len(stock) - index <= floor:
            return 0
        top = card
        mover = 1 - mover
    return 0
