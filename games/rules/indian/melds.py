"""Indian Rummy groups and the least-points arrangement (docs/games/indian-rummy.md), kept apart
from the
state machine.

A *sequence* is 3 or more cards of one suit in order, the ace low (``A 2 3``) or high
(``Q K A``), never wrapping; a *set* is 3 or 4 cards of one rank, all suits different.
A joker (the printed ``XX`` or any card of the deal's wild rank) may stand for any card,
as many as a group likes, as long as the group holds one natural card. A wild-rank card
in its own suit's sequence, at its own place, is natural; a sequence with no joker
standing in for another card is *pure*. The order of cards inside a group does not
matter.

A hand's *points* are the values of its cards not in groups, arranged the way that costs
least; its groups count only when they hold a pure sequence and a second sequence,
otherwise every card counts. A 13-card hand is a *valid show* when that leaves 0 points.

    >>> read_group(indian_cards("4H 5H 6H"), wild_rank=5)      # 5H at its own place
    <GroupKind.PURE_SEQUENCE: 'pure_sequence'>
    >>> read_group(indian_cards("4H 5S 6H"), wild_rank=5)      # 5S stands for 5H
    <GroupKind.SEQUENCE: 'sequence'>
    >>> read_group(indian_cards("QD KD AD"), wild_rank=9), read_group(indian_cards("KD AD 2D"), 9)
    (<GroupKind.PURE_SEQUENCE: 'pure_sequence'>, <GroupKind.INVALID: 'invalid'>)
    >>> hand = indian_cards("3S 4S 5S 7H 8H XX 9C 9D 9H KC KD 2C 6D")
    >>> best = best_arrangement(hand, wild_rank=2)
    >>> [" ".join(map(str, group)) for group in best.groups], best.points
    (['7H 8H 9H', '3S 4S 5S', '9D 9C XX', 'KD KC 2C'], 6)
    >>> best.ungrouped
    (Card.parse('6D'),)
    >>> best_arrangement(indian_cards("3S 4S 5S 7H 8H XX 9C 9D 9H KC KD 2C 6D TD"), 2).discard
    Card.parse('TD')

How the search works (it runs on every view, so it is fast; ``bench/indian_bench.py``):
non-joker cards are counted in a *count key*, three bits per card index (``(key >> 3 *
index) & 7`` copies); jokers are a number. Any group longer than five cards splits into
groups of three to five with the same jokers (a piece with no natural card gives its
jokers back), so only groups of at most five places are tried: for the lowest card left,
each set and sequence of cards of the hand it can start (with the jokers it needs), or
leaving it ungrouped, memoised on (key, jokers left, whether a sequence is still
needed). The pure sequence is chosen first among the hand's runs of three to five
natural cards (a wild card at its own place included), and the second sequence may be
three jokers of which one is a wild card at its own place. With 14 cards every discard
is tried on one shared memo.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations

from games.rules.common.cards import Card
from games.rules.common.errors import MELD_NAMED, brief_list
from games.rules.indian.cards import (
    JOKER_INDEX,
    NATURAL_VALUES,
    IndianCard,
    Joker,
    card_at,
    card_value,
    indian_cards,
)

__all__ = [
    "Arrangement",
    "GroupKind",
    "best_arrangement",
    "discard_points",
    "hand_points",
    "indian_cards",
    "is_valid_show",
    "read_group",
    "show_problem",
    "valid_with",
]


class GroupKind(StrEnum):
    """What a group of cards is (the best reading of it)."""

    PURE_SEQUENCE = "pure_sequence"
    SEQUENCE = "sequence"
    SET = "set"
    JOKERS = "jokers"
    """Only jokers, and no sequence or set: allowed in a show, groups nothing."""
    INVALID = "invalid"


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand arranged the way that costs least (the server's scoring arrangement)."""

    groups: tuple[tuple[IndianCard, ...], ...]
    """The groups that count: the pure sequence first, then the other sequences (each low
    to high, a joker at the place it stands for), the sets, and a group of the jokers
    left over. Empty when the hand has no pure sequence and second sequence."""
    ungrouped: tuple[IndianCard, ...]
    """The cards in no group, sorted (every card when ``groups`` is empty)."""
    points: int
    """The value of ``ungrouped`` (capped at ``max_points`` when one was given)."""
    discard: IndianCard | None = None
    """With 14 cards: the card whose discard leaves these 13 (the best discard)."""


# --------------------------------------------------------------------------------------
# Reading a group as written (a player's declaration)
# --------------------------------------------------------------------------------------


def _own_places(rank: int) -> tuple[int, ...]:
    """The run places of a rank: the ace is place 1 or 14."""
    return (1, 14) if rank == 1 else (rank,)


def _sequence_kind(cards: Sequence[IndianCard], wild_rank: int) -> GroupKind | None:
    size = len(cards)
    if not 3 <= size <= 13:
        return None
    naturals = [c for c in cards if isinstance(c, Card) and c.rank != wild_rank]
    wilds = [c for c in cards if isinstance(c, Card) and c.rank == wild_rank]
    printed = size - len(naturals) - len(wilds)
    suits = {card.suit for card in naturals}
    if len(suits) > 1 or len(set(naturals)) != len(naturals):
        return None
    candidates = suits or {card.suit for card in wilds}
    found: GroupKind | None = None
    for suit in candidates:
        own = [card for card in wilds if card.suit == suit]
        for start in range(1, 16 - size):
            end = start + size - 1
            if not all(any(start <= p <= end for p in _own_places(c.rank)) for c in naturals):
                continue
            at_home = [c for c in own if any(start <= p <= end for p in _own_places(c.rank))]
            if not naturals and not at_home:
                continue  # no natural card: jokers only
            if (
                printed == 0
                and len(at_home) == len(wilds)
                and len(set(at_home)) == len(at_home)
                and len(naturals) + len(at_home) == size
            ):
                return GroupKind.PURE_SEQUENCE
            found = GroupKind.SEQUENCE
    return found


def _is_set(cards: Sequence[IndianCard], wild_rank: int) -> bool:
    if not 3 <= len(cards) <= 4:
        return False
    naturals = [c for c in cards if isinstance(c, Card) and c.rank != wild_rank]
    if not naturals:
        return any(isinstance(c, Card) for c in cards)  # a wild card is its own rank
    return len({c.rank for c in naturals}) == 1 and len({c.suit for c in naturals}) == len(
        naturals
    )


def read_group(cards: Iterable[IndianCard], wild_rank: int) -> GroupKind:
    """What a group is in a deal of ``wild_rank``: a pure sequence, a sequence, a set,
    jokers only, or invalid (in that order of preference; the cards' order is free).

    >>> read_group(indian_cards("XX 7C 7S"), wild_rank=2)
    <GroupKind.SET: 'set'>
    >>> read_group(indian_cards("XX 2D"), wild_rank=2)
    <GroupKind.JOKERS: 'jokers'>
    """
    group = tuple(cards)
    kind = _sequence_kind(group, wild_rank)
    if kind is not None:
        return kind
    if _is_set(group, wild_rank):
        return GroupKind.SET
    if group and all(isinstance(c, Joker) or c.rank == wild_rank for c in group):
        return GroupKind.JOKERS
    return GroupKind.INVALID


def show_problem(groups: Iterable[Iterable[IndianCard]], wild_rank: int) -> str | None:
    """Why ``groups`` are not a valid show (a sentence), or ``None`` when they are: at
    least two sequences, at least one pure, every card that is not a joker in a sequence
    or a set (a group of jokers only is allowed)."""
    written = [tuple(group) for group in groups]
    kinds = [read_group(group, wild_rank) for group in written]
    for number, (group, kind) in enumerate(zip(written, kinds, strict=True), start=1):
        if kind is GroupKind.INVALID:
            text = brief_list(group, limit=MELD_NAMED)
            return f"group {number} [{text}] is not a sequence or a set"
    sequences = sum(kind in (GroupKind.PURE_SEQUENCE, GroupKind.SEQUENCE) for kind in kinds)
    if GroupKind.PURE_SEQUENCE not in kinds:
        return "there is no pure sequence"
    if sequences < 2:
        return "there is only one sequence"
    return None


def is_valid_show(groups: Iterable[Iterable[IndianCard]], wild_rank: int) -> bool:
    """Whether ``groups`` are a valid show (:func:`show_problem` finds nothing)."""
    return show_problem(groups, wild_rank) is None


# --------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------

_GUARD = sum(4 << (3 * index) for index in range(52))
_UNIT = tuple(1 << (3 * index) for index in range(52))
_NONE = -(1 << 20)
"""Below any real value: no arrangement meets the condition."""

Core = tuple[int, int, int, bool, int, tuple[int, ...], tuple[int, ...]]
"""A group's natural cards: (count-key delta, jokers needed, value, is a sequence, number
of natural cards, their indices, their run places or ``()`` for a set)."""


def _place_rank(place: int) -> int:
    return 1 if place == 14 else place


@lru_cache(maxsize=14)
def _cores(wild_rank: int) -> tuple[tuple[Core, ...], ...]:
    """For each card index, the groups whose lowest natural card it is (most valuable
    first), never holding a card of the wild rank (those are jokers)."""
    return tuple(
        () if index % 13 + 1 == wild_rank else _cores_of(index, wild_rank) for index in range(52)
    )


def _cores_of(index: int, wild_rank: int) -> tuple[Core, ...]:
    suit, rank = divmod(index, 13)
    rank += 1
    found: dict[tuple[int, ...], Core] = {}
    # sequences: the card at its place (the ace low, then high) and any of the next four
    # places of its suit (the cards below it are gone: it is the lowest card left)
    bases = [(rank, range(rank + 1, min(rank + 4, 13) + 1))]
    if rank == 1:
        bases.append((14, range(10, 14)))
    for base, window in bases:
        others = [place for place in window if _place_rank(place) != wild_rank]
        for count in range(len(others) + 1):
            for chosen in combinations(others, count):
                places = tuple(sorted((base, *chosen)))
                cards = tuple(sorted(suit * 13 + _place_rank(p) - 1 for p in places))
                span = places[-1] - places[0] + 1
                found.setdefault(cards, _core(cards, max(span, 3) - len(cards), True, places))
    # sets: the card and any of its rank in the suits after it
    higher = [other * 13 + rank - 1 for other in range(suit + 1, 4)]
    for count in range(1, len(higher) + 1):
        for chosen in combinations(higher, count):
            cards = (index, *chosen)
            found.setdefault(cards, _core(cards, max(0, 3 - len(cards)), False, ()))
    return tuple(sorted(found.values(), key=lambda core: (-core[2], core[1])))


def _core(cards: tuple[int, ...], cost: int, is_seq: bool, places: tuple[int, ...]) -> Core:
    return (
        sum(_UNIT[card] for card in cards),
        cost,
        sum(NATURAL_VALUES[card] for card in cards),
        is_seq,
        len(cards),
        cards,
        places,
    )


Solver = Callable[[int, int, bool, int, int], int]


def _solver(wild_rank: int) -> Solver:
    """``f(key, jokers, need, n, value)``: the most value of the key's ``n`` cards (worth
    ``value``) that groups of them can hold with ``jokers`` jokers, with at least one
    sequence among them when ``need`` (``_NONE`` when impossible). Memoised per solver."""
    cores = _cores(wild_rank)
    memo: dict[tuple[int, int, bool], int] = {}
    values = NATURAL_VALUES
    unit = _UNIT
    guard = _GUARD

    def f(key: int, jokers: int, need: bool, n: int, value: int) -> int:
        if not key:
            return _NONE if need else 0
        if jokers >= 2 * n:
            return value  # every card with two jokers (a sequence each)
        memo_key = (key, jokers, need)
        best = memo.get(memo_key)
        if best is not None:
            return best
        best = _NONE
        card = ((key & -key).bit_length() - 1) // 3
        guarded = key + guard
        for delta, cost, gain, is_seq, size, _, _ in cores[card]:
            if cost <= jokers and (guarded - delta) & guard == guard:
                total = gain + f(
                    key - delta, jokers - cost, need and not is_seq, n - size, value - gain
                )
                if total > best:
                    best = total
                    if best == value:
                        break
        if best < value:
            total = f(key - unit[card], jokers, need, n - 1, value - values[card])
            if total > best:
                best = total
        memo[memo_key] = best
        return best

    return f


Decider = Callable[[int, int, bool, int], bool]


def _decider(wild_rank: int) -> Decider:
    """``g(key, jokers, need, n)``: whether groups can hold every one of the key's ``n``
    cards with ``jokers`` jokers (with a sequence among them when ``need``): ``f`` asked
    only whether it reaches the whole value, which never leaves a card out."""
    cores = _cores(wild_rank)
    memo: dict[tuple[int, int, bool], bool] = {}
    guard = _GUARD

    def g(key: int, jokers: int, need: bool, n: int) -> bool:
        if not key:
            return not need
        if jokers >= 2 * n:
            return True
        memo_key = (key, jokers, need)
        known = memo.get(memo_key)
        if known is not None:
            return known
        card = ((key & -key).bit_length() - 1) // 3
        guarded = key + guard
        found = False
        for delta, cost, _, is_seq, size, _, _ in cores[card]:
            if (
                cost <= jokers
                and (guarded - delta) & guard == guard
                and g(key - delta, jokers - cost, need and not is_seq, n - size)
            ):
                found = True
                break
        memo[memo_key] = found
        return found

    return g


@dataclass(frozen=True, slots=True)
class _Hand:
    """A hand split for the search: the count key of its natural cards, how many and
    their value, which natural cards it holds (a bit each), its wild cards by suit and its
    printed jokers."""

    key: int
    n: int
    value: int
    present: int
    wilds: tuple[int, int, int, int]
    printed: int

    @classmethod
    def of(cls, indices: Iterable[int], wild_rank: int) -> _Hand:
        key = n = value = present = printed = 0
        wilds = [0, 0, 0, 0]
        for index in indices:
            if index == JOKER_INDEX:
                printed += 1
            elif index % 13 + 1 == wild_rank:
                wilds[index // 13] += 1
            else:
                key += _UNIT[index]
                n += 1
                value += NATURAL_VALUES[index]
                present |= 1 << index
        return cls(key, n, value, present, (wilds[0], wilds[1], wilds[2], wilds[3]), printed)

    def without(self, index: int, wild_rank: int) -> _Hand:
        """The hand less one copy of card ``index``."""
        if index == JOKER_INDEX:
            return _Hand(
                self.key, self.n, self.value, self.present, self.wilds, self.printed - 1
            )
        if index % 13 + 1 == wild_rank:
            suit = index // 13
            w = self.wilds
            wilds = (w[0] - (suit == 0), w[1] - (suit == 1), w[2] - (suit == 2), w[3] - (suit == 3))
            return _Hand(self.key, self.n, self.value, self.present, wilds, self.printed)
        key = self.key - _UNIT[index]
        present = self.present
        if not (key >> 3 * index) & 7:
            present &= ~(1 << index)
        return _Hand(
            key, self.n - 1, self.value - NATURAL_VALUES[index], present, self.wilds, self.printed
        )


Pure = tuple[int, int, int, bool, tuple[int, ...]]
"""A pure sequence of the hand: (count-key delta of its natural cards, their value, how
many, whether it uses a wild card at its own place, its cards' indices low to high)."""


@lru_cache(maxsize=14)
def _runs(wild_rank: int) -> tuple[tuple[tuple[int, Pure], ...], ...]:
    """For each suit, every run of 3 to 5 places (the ace low or high) as a pure
    sequence, with the mask of the places it needs (bit ``place``)."""
    out = []
    for suit in range(4):
        runs = []
        for start in range(1, 13):
            for length in (3, 4, 5):
                if start + length > 15:
                    break
                cards = tuple(suit * 13 + _place_rank(p) - 1 for p in range(start, start + length))
                naturals = [i for i in cards if i % 13 + 1 != wild_rank]
                pure = (
                    sum(_UNIT[i] for i in naturals),
                    sum(NATURAL_VALUES[i] for i in naturals),
                    len(naturals),
                    len(naturals) < length,
                    cards,
                )
                runs.append((((1 << length) - 1) << start, pure))
        out.append(tuple(runs))
    return tuple(out)


def _pure_sequences(hand: _Hand, wild_rank: int) -> list[Pure]:
    """The hand's runs of 3 to 5 natural cards (a wild card at its own place included),
    most valuable first."""
    out: list[Pure] = []
    runs = _runs(wild_rank)
    wild_places = (1 << wild_rank) | (1 << 14 if wild_rank == 1 else 0)
    for suit in range(4):
        ranks = (hand.present >> 13 * suit) & 0x1FFF  # bit rank - 1
        if not ranks:
            continue
        places = ranks << 1 | (ranks & 1) << 14  # bit place; the ace at 1 and 14
        if hand.wilds[suit]:
            places |= wild_places
        if places.bit_count() < 3:
            continue
        out.extend(pure for need, pure in runs[suit] if places & need == need)
    if len(out) > 1:
        out.sort(key=_by_value)
    return out


def _by_value(pure: Pure) -> int:
    return -pure[1]


Plan = tuple[Pure, bool]
"""The chosen pure sequence and whether the second sequence is three jokers."""


def _best13(hand: _Hand, wild_rank: int, f: Solver) -> tuple[int, Plan | None]:
    """The most value 13 cards' groups can hold under the condition, and the plan that
    reaches it (``(-1, None)`` when the hand has no pure sequence and second sequence)."""
    jokers = sum(hand.wilds) + hand.printed
    wild = sum(hand.wilds)
    best, plan = -1, None
    for pure in _pure_sequences(hand, wild_rank):
        if hand.value <= best:
            break
        delta, gain, size, uses_wild, _ = pure
        left = jokers - uses_wild
        rest, n, value = hand.key - delta, hand.n - size, hand.value - gain
        got = f(rest, left, True, n, value)
        three = False
        if got < value and left >= 3 and wild - uses_wild >= 1:
            alone = f(rest, left - 3, False, n, value)
            if alone > got:
                got, three = alone, True
        if got >= 0 and gain + got > best:
            best, plan = gain + got, (pure, three)
    return best, plan


def _valid13(hand: _Hand, wild_rank: int, g: Decider) -> bool:
    """Whether the hand is a valid show: a pure sequence, a second sequence, and every
    natural card grouped."""
    jokers = sum(hand.wilds) + hand.printed
    wild = sum(hand.wilds)
    for delta, _, size, uses_wild, _ in _pure_sequences(hand, wild_rank):
        left = jokers - uses_wild
        rest, n = hand.key - delta, hand.n - size
        if g(rest, left, True, n):
            return True
        if left >= 3 and wild - uses_wild >= 1 and g(rest, left - 3, False, n):
            return True
    return False


def _walk(
    hand: _Hand, jokers: int, need: bool, wild_rank: int, f: Solver
) -> list[Core]:
    """The groups behind ``f``'s answer for ``hand``'s natural cards."""
    cores = _cores(wild_rank)
    key, n, value = hand.key, hand.n, hand.value
    out: list[Core] = []
    while key:
        card = ((key & -key).bit_length() - 1) // 3
        if jokers >= 2 * n:
            single = next(core for core in cores[card] if core[4] == 1 and core[3])
            out.append(single)
            key, n, value, jokers = key - single[0], n - 1, value - single[2], jokers - 2
            continue
        target = f(key, jokers, need, n, value)
        guarded = key + _GUARD
        for core in cores[card]:
            delta, cost, gain, is_seq, size, _, _ = core
            if cost <= jokers and (guarded - delta) & _GUARD == _GUARD:
                after = (key - delta, jokers - cost, need and not is_seq, n - size, value - gain)
                if gain + f(*after) == target:
                    out.append(core)
                    key, jokers, need, n, value = after
                    break
        else:
            key, n, value = key - _UNIT[card], n - 1, value - NATURAL_VALUES[card]
    return out


def _arrange_hand(
    indices: Sequence[int], wild_rank: int, f: Solver
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    """The least-points arrangement of up to 13 card indices: (groups, ungrouped,
    points)."""
    hand = _Hand.of(indices, wild_rank)
    best, plan = _best13(hand, wild_rank, f)
    if plan is None:
        return (), tuple(sorted(indices)), hand.value
    (delta, gain, size, uses_wild, pure), three = plan
    # the jokers left to hand out: printed jokers first (the pool's end), then wild cards
    pool = sorted(i for i in indices if i == JOKER_INDEX or i % 13 + 1 == wild_rank)
    if uses_wild:
        pool.remove(next(i for i in pure if i % 13 + 1 == wild_rank))
    sequences: list[tuple[int, ...]] = []
    if three:
        wild = next(i for i in pool if i != JOKER_INDEX)
        pool.remove(wild)
        sequences.append((wild, pool.pop(), pool.pop()))
    rest = _Hand(hand.key - delta, hand.n - size, hand.value - gain, 0, hand.wilds, hand.printed)
    sets: list[tuple[int, ...]] = []
    for _, cost, _, is_seq, _, cards, run in _walk(rest, len(pool), not three, wild_rank, f):
        if is_seq:
            at = dict(zip(run, cards, strict=True))
            length = max(run[-1] - run[0] + 1, 3)
            begin = min(run[0], 15 - length)
            sequences.append(
                tuple(at[p] if p in at else pool.pop() for p in range(begin, begin + length))
            )
        else:
            sets.append((*cards, *(pool.pop() for _ in range(cost))))
    sequences.sort(key=min)
    groups = [pure, *sequences, *sets]
    if pool:
        groups.append(tuple(pool))
    remaining = Counter(indices)
    remaining.subtract(i for group in groups for i in group)
    ungrouped = tuple(sorted(remaining.elements()))
    return tuple(groups), ungrouped, hand.value - best


Analysis = tuple[
    tuple[int, ...], int | None, tuple[tuple[int, ...], ...], tuple[int, ...], int
]
"""(the allowed discards that leave a valid show, the best discard, groups, ungrouped,
points), on card indices."""


def _points_without(hand: _Hand, index: int, wild_rank: int, f: Solver) -> int:
    rest = hand.without(index, wild_rank)
    best, _ = _best13(rest, wild_rank, f)
    return rest.value - best if best >= 0 else rest.value


@lru_cache(maxsize=4096)
def _analyse(indices: tuple[int, ...], wild_rank: int, keep: int | None) -> Analysis:
    """The search on sorted card indices: with 14 cards the discards (never ``keep``) that
    leave a valid show and the arrangement after the best discard (least points, then the
    highest value, then the lowest card); with fewer, the arrangement alone.

    With 14 cards, if the most the whole hand's groups hold is ``G`` and its cards are
    worth ``T``, discarding ``d`` leaves at least ``T - value(d) - G`` points (13 cards
    never group more than 14), and exactly that when ``d`` is ungrouped in a best
    arrangement of the 14: only the other discards that could do better are searched.
    """
    f = _solver(wild_rank)
    if len(indices) != 14:
        return ((), None, *_arrange_hand(indices, wild_rank, f))
    hand = _Hand.of(indices, wild_rank)
    groups, ungrouped, points = _arrange_hand(indices, wild_rank, f)
    candidates = sorted(set(indices) - {keep}, key=lambda i: (-_value(i, wild_rank), i))
    if not candidates:
        raise ValueError("no card of the hand may be discarded")
    loose = set(ungrouped) if groups else set(indices)
    exact: dict[int, int] = {}
    best: tuple[int, int, int] | None = None  # (points, -value, card) of the best discard
    g: Decider | None = None
    # the loose cards first (their figure is exact for free), then the others that could
    # do better than the best so far, win its tie, or be a valid show
    for index in sorted(candidates, key=lambda i: i not in loose):
        value = _value(index, wild_rank)
        floor = max(0, points - value)
        if index in loose:
            left = floor
        elif best is not None and floor > 0 and (floor, -value, index) > best:
            continue
        elif best is not None and best[0] == 0:  # only whether it is a valid show matters
            g = g or _decider(wild_rank)
            left = 0 if _valid13(hand.without(index, wild_rank), wild_rank, g) else 1
        else:
            left = _points_without(hand, index, wild_rank, f)
        exact[index] = left
        if best is None or (left, -value, index) < best:
            best = (left, -value, index)
    assert best is not None
    best_points, _, chosen = best
    valid = [index for index, left in exact.items() if left == 0]
    if chosen in loose:
        rest = list(ungrouped if groups else indices)
        rest.remove(chosen)
        return (tuple(sorted(valid)), chosen, groups, tuple(rest), best_points)
    rest_indices = list(indices)
    rest_indices.remove(chosen)
    return (tuple(sorted(valid)), chosen, *_arrange_hand(rest_indices, wild_rank, f))


def _value(index: int, wild_rank: int) -> int:
    return card_value(card_at(index), wild_rank)


def _indices(cards: Iterable[IndianCard]) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in cards))


def best_arrangement(
    cards: Iterable[IndianCard],
    wild_rank: int,
    *,
    keep: IndianCard | None = None,
    max_points: int | None = None,
) -> Arrangement:
    """The least-points arrangement of a hand of 13 cards (fewer work the same way); with
    14, of the best 13 after the best discard (least points, then the highest value, then
    the lowest card), never discarding ``keep`` (the card just taken from the discard
    pile). ``points`` is capped at ``max_points`` when given.

    >>> best_arrangement(indian_cards("AS 2S 3S 5D 5H 5C XX 9H TH JH 7C 8C 6S"), 6).points
    0
    >>> best_arrangement(indian_cards("AS 2S 3S 5D 5H 5C XX 9H TH JH 7C 8C 4D"), 6).ungrouped
    (Card.parse('4D'),)
    >>> best_arrangement(indian_cards("AS 2S 3S 5D 5H 5C 8D 9H TH JH 7C 8C KD"), 6,
    ...                  max_points=20).points                 # no second sequence
    20
    """
    indices = _indices(cards)
    if len(indices) > 14:
        raise ValueError("an arrangement is of 14 cards at most")
    _, discard, groups, ungrouped, points = _analyse(
        indices, wild_rank, None if keep is None else keep.index
    )
    return Arrangement(
        groups=tuple(tuple(card_at(i) for i in group) for group in groups),
        ungrouped=tuple(card_at(i) for i in ungrouped),
        points=points if max_points is None else min(points, max_points),
        discard=None if discard is None else card_at(discard),
    )


def hand_points(cards: Iterable[IndianCard], wild_rank: int, max_points: int | None = None) -> int:
    """The points of a 13-card hand arranged the way that costs least (capped at
    ``max_points`` when given)."""
    return best_arrangement(cards, wild_rank, max_points=max_points).points


def discard_points(
    cards: Iterable[IndianCard], wild_rank: int, *, keep: IndianCard | None = None
) -> dict[IndianCard, int]:
    """For a 14-card hand: the points the other 13 leave after each card that may be
    discarded (every card but ``keep``), uncapped (each discard searched on its own)."""
    indices = _indices(cards)
    if len(indices) != 14:
        raise ValueError("discard points are for a hand of 14 cards")
    f = _solver(wild_rank)
    hand = _Hand.of(indices, wild_rank)
    skip = None if keep is None else keep.index
    return {
        card_at(index): _points_without(hand, index, wild_rank, f)
        for index in sorted(set(indices) - {skip})
    }


def valid_with(
    cards: Iterable[IndianCard], wild_rank: int, *, keep: IndianCard | None = None
) -> tuple[IndianCard, ...]:
    """The cards of a 14-card hand whose discard leaves the other 13 a valid show (never
    ``keep``), sorted.

    >>> valid_with(indian_cards("AS 2S 3S 5D 5H 5C XX 9H TH JH 7C 8C 6S KC"), 6)
    (Card.parse('KC'),)
    """
    indices = _indices(cards)
    if len(indices) != 14:
        raise ValueError("valid_with is for a hand of 14 cards")
    valid = _analyse(indices, wild_rank, None if keep is None else keep.index)[0]
    return tuple(card_at(index) for index in valid)
