"""Hard: reads the opponent, weighs every discard, and times its knock by simulation.

* Opponent inference (:class:`~games.ai.gin.knowledge.Knowledge`): every unseen card gets a
  probability of sitting in the opponent's hand, from what it took, left and discarded;
  the rest is the stock, so a card the opponent probably holds is not counted on.
* Discard: the card leaving the hand with the least expected deadwood after the next draw
  (:meth:`Knowledge.outlook`), plus a penalty for its *danger*: the chance the opponent
  holds two cards that meld with it.
* Draw: takes the face-up card when the best hand after taking it beats what a stock draw
  is expected to give (expected improvement); never takes back its own discard.
* Knock timing (determinised Monte Carlo, the family's search of
  :mod:`games.ai.common.search`): when it may knock with some deadwood, it deals
  :data:`BUDGET`'s plausible worlds (opponent hands built to be as organised as a
  real hand after that many turns, and a stock order) and compares, world by world, the
  points of knocking now (the opponent lays off; undercuts count against) with holding one
  more turn and playing the round out greedily. Points that end the game weigh more. Gin
  and big gin are always taken.
* Meld arrangement: the rules' default, least deadwood with ties broken to leave the
  defender the most deadwood after lay-offs.
"""

from __future__ import annotations

import random

from games.ai.common.search import Budget, search
from games.ai.gin.common import legal_by_type, pass_or_stock
from games.ai.gin.knowledge import Knowledge
from games.ai.gin.masks import bits, card_of
from games.ai.gin.memory import Memory
from games.ai.gin.sampling import World, knock_points, playout, sample_world
from games.rules.gin import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    Knock,
    PlayerView,
    deadwood_mask,
    mask_of,
)

DANGER = 1.5
"""Cost of a discard's danger, in deadwood points (at danger 1: the opponent surely melds
it). Measured: larger weights give away more of the hand's own prospects than they save."""
BUDGET = Budget(worlds=64, margin=2.0)
"""Worlds dealt for one knock decision, and the points a world by which knocking must lead
holding. The greedy playout after holding knocks at its first chance, so it undervalues
holding on (for gin or an undercut) later; measured against the baseline, a 2-point
allowance corrects most of it. 64 worlds won about two points more of the games against
the reference player than 32, and 128 no more (docs/ai.md)."""
GAME_END = 50.0
"""Extra weight of round points that take either player to the target score."""


def choose(view: PlayerView, rng: random.Random, memory: Memory) -> Action:
    """Hard's action for the seat of ``view``."""
    rnd = view.round
    legal = legal_by_type(rnd)
    hand = mask_of(rnd.hand)
    if "big_gin" in legal:
        return BigGin()
    know = Knowledge.build(view, memory, hand)
    if "discard" in legal:
        choices = [card.mask for card in legal["discard"].cards or ()]
        discard = min(
            choices, key=lambda bit: (know.outlook(hand ^ bit) + DANGER * know.danger(bit), bit)
        )
        if "knock" in legal:
            knock_cards = [card.mask for card in legal["knock"].cards or ()]
            knock = min(knock_cards, key=lambda bit: (deadwood_mask(hand ^ bit), bit))
            if should_knock(view, know, memory, rng, hand, knock, discard):
                return Knock(card_of(knock))
        return Discard(card_of(discard))
    top = rnd.discard_pile[-1].mask if rnd.discard_pile else 0
    if top and "draw_discard" in legal and not top & memory.my_discarded:
        taken = hand | top
        take = min(know.outlook(taken ^ bit) + DANGER * know.danger(bit) for bit in bits(hand))
        # A stock draw now, then one more: the hand's expected improvement, twice.
        stock = 2 * know.outlook(hand) - deadwood_mask(hand)
        if take < stock:
            return DrawDiscard()
    return pass_or_stock(legal)


class KnockTiming:
    """Knocking now against holding one more turn, as a search problem of the family's
    search (:mod:`games.ai.common.search`): worlds from :func:`sample_world`, a move
    valued by the points it brings in that world (points that end the game weigh
    :data:`GAME_END` more)."""

    def __init__(
        self,
        view: PlayerView,
        know: Knowledge,
        memory: Memory,
        hand: int,
        knock: int,
        discard: int,
    ) -> None:
        self.know = know
        self.improve = memory.opp_stock_draws
        self.rules = view.rules
        self.limit = view.round.knock_limit
        self.mine = view.scores[view.seat]
        self.theirs = view.scores[1 - view.seat]
        self.hand = hand
        self.knock = knock
        self.discard = discard

    def utility(self, points: int) -> float:
        target = self.rules.target_score
        if points > 0 and self.mine + points >= target:
            return points + GAME_END
        if points < 0 and self.theirs - points >= target:
            return points - GAME_END
        return points

    def sample(self, rng: random.Random) -> World:
        return sample_world(self.know, rng, self.improve, self.limit)

    def value(self, world: World, move: str) -> float:
        if move == KNOCK:
            return self.utility(knock_points(self.hand ^ self.knock, world.opp_hand, self.rules))
        held = self.hand ^ self.discard
        return self.utility(
            playout(held, world.opp_hand, self.discard, world.stock, self.rules, self.limit)
        )


KNOCK = "knock"
HOLD = "hold"


def should_knock(
    view: PlayerView,
    know: Knowledge,
    memory: Memory,
    rng: random.Random,
    hand: int,
    knock: int,
    discard: int,
    budget: Budget = BUDGET,
) -> bool:
    """Whether knocking with ``knock`` beats discarding ``discard`` and holding on, over
    sampled worlds (see the module docstring): the search keeps holding unless knocking
    leads by ``budget``'s margin a world. Always true for gin."""
    if deadwood_mask(hand ^ knock) == 0:
        return True
    problem = KnockTiming(view, know, memory, hand, knock, discard)
    return search(problem, [HOLD, KNOCK], budget, rng).move == KNOCK
