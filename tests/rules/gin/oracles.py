"""Slow, obviously-correct reference implementations to check the fast ones against.

Nothing here uses the rules core's meld search: melds are listed from their definition and
every packing of disjoint melds is tried.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations

from games.rules.gin import Card


def value(cards: Iterable[Card]) -> int:
    return sum(min(card.rank, 10) for card in cards)


def all_melds(hand: Iterable[Card]) -> list[frozenset[Card]]:
    """Every set (3 or 4 of a rank) and run (3+ consecutive ranks of a suit) in the hand."""
    hand = list(hand)
    by_rank: dict[int, list[Card]] = defaultdict(list)
    by_suit: dict[int, dict[int, Card]] = defaultdict(dict)
    for card in hand:
        by_rank[card.rank].append(card)
        by_suit[card.suit][card.rank] = card
    melds = []
    for same in by_rank.values():
        for size in (3, 4):
            melds.extend(frozenset(combo) for combo in combinations(same, size))
    for held in by_suit.values():
        for low in held:
            high = low
            while high + 1 in held:
                high += 1
                if high - low >= 2:
                    melds.append(frozenset(held[rank] for rank in range(low, high + 1)))
    return melds


def packings(hand: Iterable[Card]) -> list[frozenset[Card]]:
    """The cards covered by every packing of disjoint melds (the empty one included)."""
    melds = all_melds(hand)
    out = []

    def walk(start: int, used: frozenset[Card]) -> None:
        out.append(used)
        for index in range(start, len(melds)):
            if not melds[index] & used:
                walk(index + 1, used | melds[index])

    walk(0, frozenset())
    return out


def deadwood(hand: Iterable[Card]) -> int:
    hand = list(hand)
    return value(hand) - max(value(used) for used in packings(hand))


def discards(hand: Sequence[Card]) -> tuple[int, list[Card]]:
    after = {card: deadwood([c for c in hand if c != card]) for card in hand}
    least = min(after.values())
    return least, sorted(card for card, left in after.items() if left == least)


def layoff_closure(knocker_melds: Iterable[Iterable[Card]], cards: Iterable[Card]) -> set[Card]:
    """Every card that can be laid off, one at a time, on the knocker's melds."""
    runs = []
    sets = []
    for meld in knocker_melds:
        meld = list(meld)
        if len({card.rank for card in meld}) == 1:
            sets.append([meld[0].rank, len(meld)])
        else:
            ranks = sorted(card.rank for card in meld)
            runs.append([meld[0].suit, ranks[0], ranks[-1]])
    laid: set[Card] = set()
    left = set(cards)
    changed = True
    while changed:
        changed = False
        for card in sorted(left - laid):
            for run in runs:
                if card.suit == run[0] and card.rank in (run[1] - 1, run[2] + 1):
                    run[1] = min(run[1], card.rank)
                    run[2] = max(run[2], card.rank)
                    laid.add(card)
                    changed = True
                    break
            else:
                for group in sets:
                    if card.rank == group[0] and group[1] == 3:
                        group[1] = 4
                        laid.add(card)
                        changed = True
                        break
    return laid


def defence(knocker_melds: Sequence[Iterable[Card]], defender: Iterable[Card]) -> int:
    """The defender's least deadwood: every packing of own melds, then every lay-off."""
    defender = list(defender)
    best = value(defender)
    for used in packings(defender):
        rest = [card for card in defender if card not in used]
        laid = layoff_closure(knocker_melds, rest)
        best = min(best, value(card for card in rest if card not in laid))
    return best
