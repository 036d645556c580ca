"""Independent oracles for Rummy 500's rules tests, written apart from the engine: a meld
check by brute force over orderings and joker places, and the deep pick's legality by
brute force over subsets of the cards at hand.

Nothing here calls :mod:`games.rules.rummy500.melds` or the engine's search.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise, permutations

from games.rules.common.cards import Card, Joker

AnyCard = Card | Joker


def _naturals_are_set(naturals: Sequence[Card], size: int) -> bool:
    ranks = {card.rank for card in naturals}
    suits = [card.suit for card in naturals]
    return len(ranks) == 1 and len(set(suits)) == len(suits) and 3 <= size <= 4


def _sequence(places: Sequence[AnyCard]) -> bool:
    """Whether cards, in this order, are a run: one suit, consecutive ranks (the ace 1 or
    14, never wrapping), jokers filling places, never two jokers side by side."""
    for a, b in pairwise(places):
        if isinstance(a, Joker) and isinstance(b, Joker):
            return False
    naturals = [(i, c) for i, c in enumerate(places) if isinstance(c, Card)]
    if len({c.suit for _, c in naturals}) != 1:
        return False
    for start in range(1, 15):
        if start + len(places) - 1 > 14:
            break
        ok = True
        for i, card in naturals:
            want = start + i
            if not (card.rank == want or (card.rank == 1 and want == 14)):
                ok = False
                break
        if ok:
            return True
    return False


def is_meld(group: Sequence[AnyCard]) -> bool:
    """Whether the cards ``group`` (in any order) can be laid down as one meld."""
    naturals = [c for c in group if isinstance(c, Card)]
    jokers = len(group) - len(naturals)
    if len(group) < 3 or jokers > len(naturals) or len(set(naturals)) != len(naturals):
        return False
    if _naturals_are_set(naturals, len(group)):
        return True
    return any(_sequence(order) for order in set(permutations(group)))


def pick_is_playable(
    picked: AnyCard,
    held: Sequence[AnyCard],
    table: Sequence[Sequence[AnyCard]],
) -> bool:
    """Whether ``picked`` can go on the table at once: in a meld of up to four of the
    cards ``held`` (which hold it), or laid off at an end of a ``table`` meld (each given
    as written, a run low to high)."""
    others = list(held)
    others.remove(picked)
    for size in (2, 3):
        for rest in combinations(others, size):
            if is_meld((picked, *rest)):
                return True
    for written in table:
        if is_meld((*written, picked)) and _extends(written, picked, after=True):
            return True
        if is_meld((picked, *written)) and _extends(written, picked, after=False):
            return True
    return False


def _extends(written: Sequence[AnyCard], card: AnyCard, after: bool) -> bool:
    """Whether adding ``card`` at one end keeps the meld as written (a set in any order,
    a run at that end)."""
    naturals = [c for c in written if isinstance(c, Card)]
    new = [*written, card] if after else [card, *written]
    if _naturals_are_set([c for c in new if isinstance(c, Card)], len(new)):
        return after  # a set's card is added once
    if len(new) > 13 or (len({c.rank for c in naturals}) == 1 and len(naturals) > 1):
        return False
    return _sequence(new)
