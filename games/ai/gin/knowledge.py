"""What a seat can infer about the hidden cards, and how good a hand is.

:class:`Knowledge` turns a view and its memory into probabilities: for every card not
seen, how likely it is to sit in the opponent's hand rather than in the stock. The
opponent model is deliberately simple and cheap:

* a card the opponent took from the discard pile is in its hand until it discards it;
* taking a discard suggests it melds with the opponent's cards, so the cards that
  meld with it (same rank, neighbours in its suit) become more likely in that hand;
* discarding a card, or leaving it on the pile, suggests the opposite for its partners.

Weights start equal, are multiplied per piece of evidence, and are scaled so that they sum
to the number of the opponent's unknown cards.

Hand values are expected deadwood: :meth:`Knowledge.outlook` is the expected least
deadwood of a 10-card hand after one more stock draw and the best discard, with stock
cards weighted by how likely each is still in the stock.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.gin.masks import BIT_VALUE, MELD_PARTNERS, bits, meld_makers
from games.ai.gin.memory import Memory
from games.rules.common.cards import FULL_MASK
from games.rules.gin import PlayerView, deadwood_after_discard_mask, deadwood_mask, mask_of

# Evidence multipliers: (same rank, suit neighbour at distance 1, at distance 2).
TAKEN = (2.2, 2.2, 1.5)
DISCARDED = (0.55, 0.6, 0.8)
PASSED = (0.7, 0.7, 0.85)
MAX_PROBABILITY = 0.97


def related(index: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Card indices related to ``index``: same rank; suit neighbours at 1; at 2."""
    rank = index % 13
    base = index - rank
    same = tuple(i for i in range(rank, 52, 13) if i != index)
    near = tuple(base + r for r in (rank - 1, rank + 1) if 0 <= r <= 12)
    far = tuple(base + r for r in (rank - 2, rank + 2) if 0 <= r <= 12)
    return same, near, far


RELATED = tuple(related(i) for i in range(52))


@dataclass(slots=True)
class Knowledge:
    """One seat's beliefs about the hidden cards at one decision."""

    unseen: int
    """Cards the seat has not seen: in the stock or in the opponent's hand."""
    opp_known: int
    """Cards known to be in the opponent's hand."""
    opp_unknown: int
    """How many of the opponent's cards are unknown."""
    p_opp: list[float]
    """For each card index, the probability it is in the opponent's hand."""
    draws: list[tuple[int, float]]
    """``(card bit, probability)``: the next stock card's distribution."""

    @classmethod
    def build(cls, view: PlayerView, memory: Memory, hand: int) -> Knowledge:
        """Beliefs from the view and memory of the seat holding ``hand`` (its mask)."""
        rnd = view.round
        pile = mask_of(rnd.discard_pile)
        opp_known = memory.opp_known & ~hand & ~pile
        unseen = FULL_MASK & ~hand & ~pile & ~opp_known
        opp_unknown = max(0, rnd.opponent_hand_size - opp_known.bit_count())
        weights = [0.0] * 52
        for bit in bits(unseen):
            weights[bit.bit_length() - 1] = 1.0
        _apply(weights, memory.opp_known, TAKEN)
        _apply(weights, memory.opp_discarded, DISCARDED)
        _apply(weights, memory.opp_passed & ~memory.opp_taken, PASSED)
        p_opp = _normalise(weights, opp_unknown)
        for bit in bits(opp_known):
            p_opp[bit.bit_length() - 1] = 1.0
        draws: list[tuple[int, float]] = []
        total = 0.0
        for bit in bits(unseen):
            stay = 1.0 - p_opp[bit.bit_length() - 1]
            draws.append((bit, stay))
            total += stay
        if total > 0:
            draws = [(bit, weight / total) for bit, weight in draws]
        return cls(unseen, opp_known, opp_unknown, p_opp, draws)

    def danger(self, bit: int) -> float:
        """The chance the opponent holds two cards that meld with ``bit`` (so would take it)."""
        p = self.p_opp
        miss = 1.0
        for a, b in MELD_PARTNERS[bit.bit_length() - 1]:
            miss *= 1.0 - p[a.bit_length() - 1] * p[b.bit_length() - 1]
        return 1.0 - miss

    def outlook(self, hand: int) -> float:
        """Expected least deadwood of the 10-card ``hand`` after one more stock draw and
        the best discard."""
        now = deadwood_mask(hand)
        after = deadwood_after_discard_mask(hand)
        makers = meld_makers(hand)
        total = 0.0
        for bit, prob in self.draws:
            if bit & makers:
                total += prob * deadwood_after_discard_mask(hand | bit)
            else:
                keep = after + BIT_VALUE[bit]
                total += prob * (keep if keep < now else now)
        return total


def _apply(weights: list[float], cards: int, factors: tuple[float, float, float]) -> None:
    same_f, near_f, far_f = factors
    while cards:
        low = cards & -cards
        cards ^= low
        same, near, far = RELATED[low.bit_length() - 1]
        for i in same:
            weights[i] *= same_f
        for i in near:
            weights[i] *= near_f
        for i in far:
            weights[i] *= far_f


def _normalise(weights: list[float], count: int) -> list[float]:
    """Probabilities proportional to ``weights`` that sum to ``count``, none above
    :data:`MAX_PROBABILITY` (what a capped card cannot take is spread over the others)."""
    probs = [0.0] * 52
    free = [i for i in range(52) if weights[i] > 0]
    left = float(count)
    while free and left > 0:
        total = sum(weights[i] for i in free)
        scale = left / total
        capped = [i for i in free if weights[i] * scale > MAX_PROBABILITY]
        if not capped:
            for i in free:
                probs[i] = weights[i] * scale
            break
        for i in capped:
            probs[i] = MAX_PROBABILITY
            left -= MAX_PROBABILITY
        free = [i for i in free if probs[i] == 0.0]
    return probs
