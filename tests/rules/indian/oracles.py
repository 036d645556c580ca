"""Slow, obviously-correct Indian Rummy references, written from docs/games/indian-rummy.md's
definitions
and sharing nothing with the rules core's search.

Cards are handled as their texts (``"7H"``, ``"XX"``). A group is judged against every
target it could be: each run of places of one suit and each choice of suits of one rank;
the best arrangement tries every subset of the hand as a group, and every way of laying
disjoint groups side by side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def value(text: str, wild: str) -> int:
    """A card's end-of-deal value: 0 for a joker, A K Q J 10, else its number."""
    if text == "XX" or text[0] == wild:
        return 0
    return 10 if text[0] in "ATJQK" else int(text[0])


def is_joker(text: str, wild: str) -> bool:
    return text == "XX" or text[0] == wild


def _place_text(place: int, suit: str) -> str:
    """The card at a run place (1-14; 1 and 14 are both the ace)."""
    return "A23456789TJQKA"[place - 1] + suit


def _fits(cards: Sequence[str], target: Sequence[str], wild: str) -> tuple[bool, bool]:
    """Whether ``cards`` can stand for ``target`` (same length; each card that is not a
    joker is one target card, no target card twice; jokers fill the rest) with at least
    one natural card (a card at a target place of its own), and whether they can with
    no joker standing for another card (the cards are exactly the target)."""
    if len(cards) != len(target):
        return False, False
    left = Counter(target)
    for card in cards:
        if not is_joker(card, wild):
            if left[card] == 0:
                return False, False
            left[card] -= 1
    naturals = any(not is_joker(c, wild) for c in cards) or any(
        c != "XX" and c in target for c in cards
    )
    return naturals, Counter(cards) == Counter(target)


@cache
def kind(cards: tuple[str, ...], wild: str) -> str:
    """``pure``, ``sequence``, ``set`` or ``invalid`` (the best), by trying every target."""
    size = len(cards)
    best = "invalid"
    if size >= 3:
        for suit in SUITS:
            for start in range(1, 15):
                places = list(range(start, start + size))
                if places[-1] > 14 or (1 in places and 14 in places):
                    continue
                target = [_place_text(p, suit) for p in places]
                ok, pure = _fits(cards, target, wild)
                if ok and pure:
                    return "pure"
                if ok:
                    best = "sequence"
    if best == "invalid" and size in (3, 4):
        for rank in RANKS:
            for suits in combinations(SUITS, size):
                if _fits(cards, [rank + s for s in suits], wild)[0]:
                    return "set"
    return best


def show_is_valid(groups: Sequence[Sequence[str]], wild: str) -> bool:
    """docs/games/indian-rummy.md's valid show: two sequences, one pure, every non-joker card in a
    sequence or a set (jokers anywhere; a group of jokers alone is allowed)."""
    kinds = [kind(tuple(sorted(g)), wild) for g in groups]
    for group, found in zip(groups, kinds, strict=True):
        if found == "invalid" and not all(is_joker(c, wild) for c in group):
            return False
    return "pure" in kinds and sum(k in ("pure", "sequence") for k in kinds) >= 2


class Packer:
    """Every sequence and set among the cards of ``hand`` (each subset of it tried), and
    the most value disjoint ones can hold from any part of the hand."""

    def __init__(self, hand: Sequence[str], wild: str) -> None:
        self.hand = list(hand)
        self.wild = wild
        size = len(hand)
        natural_mask = sum(1 << i for i, c in enumerate(hand) if not is_joker(c, wild))
        suit_masks = [
            sum(1 << i for i, c in enumerate(hand) if not is_joker(c, wild) and c[1] == s)
            for s in SUITS
        ]
        rank_masks = [
            sum(1 << i for i, c in enumerate(hand) if not is_joker(c, wild) and c[0] == r)
            for r in RANKS
        ]
        self.groups_by_low: list[list[tuple[int, int, str]]] = [[] for _ in range(size)]
        for mask in range(1, 1 << size):
            if mask.bit_count() < 3:
                continue
            naturals = mask & natural_mask
            if naturals and not (
                any(naturals & ~m == 0 for m in suit_masks)
                or any(naturals & ~m == 0 for m in rank_masks)
            ):
                continue  # a quick necessary condition: one suit or one rank
            cards = tuple(sorted(hand[i] for i in range(size) if mask >> i & 1))
            found = kind(cards, wild)
            if found == "invalid":
                continue
            gain = sum(value(hand[i], wild) for i in range(size) if mask >> i & 1)
            low = (mask & -mask).bit_length() - 1
            self.groups_by_low[low].append((mask, gain, found))
        self._memo: dict[tuple[int, bool, int], int] = {}

    def most(self, free: int, pure: bool = False, sequences: int = 0) -> int:
        """Most grouped value from the cards of ``free`` given what is laid already; -1
        when the condition (a pure sequence and a second sequence) cannot be met."""
        if not free:
            return 0 if pure and sequences >= 2 else -1
        key = (free, pure, sequences)
        if key in self._memo:
            return self._memo[key]
        low = (free & -free).bit_length() - 1
        best = self.most(free & ~(1 << low), pure, sequences)  # the card stays ungrouped
        for mask, gain, found in self.groups_by_low[low]:
            if mask & ~free:
                continue
            is_seq = found in ("pure", "sequence")
            rest = self.most(free & ~mask, pure or found == "pure", min(2, sequences + is_seq))
            if rest >= 0:
                best = max(best, gain + rest)
        self._memo[key] = best
        return best

    def points(self, free: int) -> int:
        """The least points of the cards of ``free``."""
        total = sum(value(c, self.wild) for i, c in enumerate(self.hand) if free >> i & 1)
        grouped = self.most(free)
        return total - grouped if grouped >= 0 else total


def best_points(hand: Sequence[str], wild: str) -> int:
    """The least points of a hand: every way of laying disjoint sequences and sets (any
    subset of the hand may be a group) counts its groups only with a pure sequence and a
    second sequence; otherwise every card counts."""
    return Packer(hand, wild).points((1 << len(hand)) - 1)


def best_discard_points(hand: Sequence[str], wild: str, keep: str | None = None) -> dict[str, int]:
    """For 14 cards: the least points of the 13 left by each card (not ``keep``)."""
    packer = Packer(hand, wild)
    everything = (1 << len(hand)) - 1
    return {
        card: packer.points(everything & ~(1 << hand.index(card)))
        for card in set(hand) - {keep}
    }
