"""Slow, obviously-correct rummy references, written from docs/games/rummy.md's definitions and
sharing nothing with the rules core's meld code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise, product

from games.rules.rummy import JOKER, Card, RummyCard
from games.rules.rummy.cards import NATURALS


def _is_joker(card: RummyCard) -> bool:
    return str(card) == "XX"


def place_card(suit: int, place: int) -> str:
    """The card text of a run place (1-14, 14 is the ace) of a suit."""
    return "A23456789TJQKA"[place - 1] + "SHDC"[suit]


def read(cards: Sequence[RummyCard]) -> tuple[str, int, list[int]] | None:
    """``("set", rank, values)`` or ``("run", first place, values)`` of a written meld, or
    ``None`` when it is not one; ``values`` are each place's points."""
    cards = list(cards)
    naturals = [card for card in cards if not _is_joker(card)]
    jokers = len(cards) - len(naturals)
    if len(cards) < 3 or jokers > len(naturals):
        return None
    ranks = {card.rank for card in naturals}
    if len(ranks) == 1 and len(cards) <= 4:
        suits = [card.suit for card in naturals]
        if len(suits) == len(set(suits)):
            rank = ranks.pop()
            value = 11 if rank == 1 else min(rank, 10)
            return "set", rank, [value] * len(cards)
    for suit in range(4):
        for first in range(1, 15):
            places = list(range(first, first + len(cards)))
            if places[-1] > 14 or (1 in places and 14 in places):
                continue
            if any(_is_joker(a) and _is_joker(b) for a, b in pairwise(cards)):
                continue
            if all(_is_joker(card) or str(card) == place_card(suit, place)
                   for card, place in zip(cards, places, strict=True)):
                values = [1 if p == 1 else 11 if p == 14 else min(p, 10) for p in places]
                return "run", first, values
    return None


def is_meld(cards: Sequence[RummyCard]) -> bool:
    return read(cards) is not None


def points(cards: Sequence[RummyCard]) -> int:
    found = read(cards)
    assert found is not None
    return sum(found[2])


def candidate_runs(max_jokers: int, max_length: int) -> list[tuple[str, ...]]:
    """A superset of the runs up to ``max_length`` cards: every sequence of consecutive
    ranks (wrapping allowed) of one suit, each place natural or a joker."""
    out = []
    for suit in range(4):
        for start in range(13):
            for length in range(3, max_length + 1):
                places = ["A23456789TJQK"[(start + i) % 13] + "SHDC"[suit] for i in range(length)]
                for pattern in range(1 << length):
                    if bin(pattern).count("1") > max_jokers:
                        continue
                    out.append(tuple("XX" if pattern >> i & 1 else places[i]
                                     for i in range(length)))
    return out


def run_count(max_jokers: int) -> int:
    """How many runs exist, by counting: for each length, the spans of places a natural
    run of that length can take (by the definition), times the joker patterns (no two
    adjacent, no more jokers than natural cards, at most ``max_jokers``)."""
    total = 0
    for length in range(3, 15):
        spans = sum(
            1 for suit in range(4) for first in range(1, 15)
            if first + length - 1 <= 14
            and is_meld([_parse(place_card(suit, first + i)) for i in range(length)])
        )
        patterns = sum(
            1 for pattern in range(1 << length)
            if not pattern & (pattern >> 1)
            and bin(pattern).count("1") <= min(max_jokers, length - bin(pattern).count("1"))
        )
        total += spans * patterns
    return total


def candidate_sets(max_jokers: int) -> list[tuple[str, ...]]:
    """A superset of the sets: every multiset of 3 or 4 from one rank's four cards (each
    suit at most twice) and the jokers, sorted."""
    out = set()
    for rank in "A23456789TJQK":
        pool = [rank + suit for suit in "SHDC"] * 2 + ["XX"] * max_jokers
        for size in (3, 4):
            out.update(tuple(sorted(combo)) for combo in combinations(pool, size))
    return sorted(out)


def melds_of(hand: Sequence[RummyCard]) -> set[tuple[str, ...]]:
    """Every distinct meld (sets sorted, runs as written) made of cards of ``hand``."""
    held = Counter(str(card) for card in hand)
    jokers = held["XX"]
    out = set()
    for meld in candidate_sets(jokers):
        if not Counter(meld) - held and is_meld([_parse(text) for text in meld]):
            out.add(meld)
    for suit in range(4):
        for first in range(1, 13):
            for length in range(3, 14):
                if first + length - 1 > 14:
                    continue
                options = []
                for i in range(length):
                    text = place_card(suit, first + i)
                    options.append([text] * (text in held) + ["XX"] * (jokers > 0))
                for meld in product(*options):
                    if not Counter(meld) - held and is_meld([_parse(t) for t in meld]):
                        out.add(meld)
    return out


_BY_TEXT = {str(card): card for card in NATURALS}


def _parse(text: str) -> RummyCard:
    return JOKER if text == "XX" else _BY_TEXT[text]


def best_points(hand: Sequence[RummyCard]) -> int:
    """Most points of disjoint melds of ``hand`` keeping at least one card (brute force
    over every packing)."""
    melds = [(Counter(meld), points([_parse(t) for t in meld])) for meld in melds_of(hand)]
    size = len(hand)
    best = 0

    def walk(start: int, left: Counter[str], used: int, total: int) -> None:
        nonlocal best
        if used < size:
            best = max(best, total)
        for index in range(start, len(melds)):
            need, value = melds[index]
            if not need - left:
                walk(index, left - need, used + sum(need.values()), total + value)

    walk(0, Counter(str(card) for card in hand), 0, 0)
    return best


def natural(text: str) -> Card:
    card = _parse(text)
    assert isinstance(card, Card)
    return card
