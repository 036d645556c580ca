"""Rummy melds: reading a written meld, table melds, lay-offs, joker swaps, and the meld
search behind ``legal_actions`` (kept apart from the state machine).

A meld is written as a card list. A set is 3 or 4 cards of one rank, no two of the same
suit; a joker in a set stands for the set's rank. A run is 3 or more cards of one suit in
sequence, written low to high; a joker stands for the card at its place. The ace is low
(``A 2 3``, place 1) or high (``Q K A``, place 14), never both in one run, and a run
never wraps, so a run spans places 1-13 or 2-14. Jokers never outnumber the natural
cards of a meld, and two jokers never stand next to each other in a run.

Points of a meld (for coming out): each place's value with a joker valued as what it
stands for: 2-10 face, J Q K 10, the ace 1 when low and 11 when high or in a set.

    >>> read_meld(rummy_cards("5H 6H XX"))
    (<MeldKind.RUN: 'run'>, 5, <Suit.HEARTS: 1>)
    >>> meld_points(*read_meld(rummy_cards("QH KH XX")), 3)
    31
    >>> read_meld(rummy_cards("KH AH 2H"))
    Traceback (most recent call last):
    ...
    ValueError: the cards are not in sequence, low to high (a run never wraps)
    >>> best_meld_points(rummy_cards("7S 7H 7D 8D 9D TD 2C"))
    48

Hands for the search are encoded as *count keys*: an ``int`` with two bits per natural
card index (``(key >> 2 * index) & 3`` copies held) plus a separate joker count.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from games.rules.common.cards import Card, Suit
from games.rules.common.melds import (
    End,
    MeldKind,
    MeldReading,
    extensions,
    natural_at,
    read_meld,
)
from games.rules.rummy.cards import JOKER, JOKER_INDEX, NATURALS, Joker, RummyCard, rummy_cards

__all__ = [
    "End",
    "MeldKind",
    "TableMeld",
    "accepts_joker",
    "all_melds",
    "best_meld_plan",
    "best_meld_points",
    "best_meld_points_key",
    "best_melds",
    "clear_caches",
    "count_key",
    "has_meld",
    "layoff_fits",
    "meld_points",
    "melds_in",
    "reaches_key",
    "read_meld",
    "rummy_cards",
    "swap_cards",
    "swap_joker_into",
]


RUN_VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
"""Points of each run place 1-14 (ace low 1, ace high 11)."""
SET_VALUES: tuple[int, ...] = (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Points of one card of a set of each rank 1-13 (ace 11)."""

# the shared deck's own instances, so that lookups hit on identity
_CARD: dict[tuple[int, int], Card] = {
    (suit, rank): NATURALS[suit * 13 + rank - 1] for suit in range(4) for rank in range(1, 14)
}


def meld_points(kind: MeldKind, rank: int, suit: Suit | None, length: int) -> int:
    """Points of a meld of ``length`` cards: a set of ``rank``, or a run of ``suit`` whose
    first place is ``rank``."""
    if kind is MeldKind.SET:
        return SET_VALUES[rank] * length
    return sum(RUN_VALUES[rank : rank + length])


@dataclass(frozen=True, slots=True)
class TableMeld(MeldReading):
    """A meld on the table.

    ``cards`` as placed: a run low to high (each place's card), a set in the order its
    cards were put down. ``rank`` is a set's rank, or a run's first place (1-12; place 14
    is the ace high). ``suit`` is a run's suit (``None`` for a set).
    """

    id: int
    """Index on the table (oldest first, from 0)."""
    owner: int
    """The seat that put it down."""
    kind: MeldKind
    """Set or run."""
    cards: tuple[RummyCard, ...]
    """The cards, as placed."""
    rank: int
    """A set's rank (1-13) or a run's first place (1-12)."""
    suit: Suit | None = None
    """A run's suit."""

    @property
    def points(self) -> int:
        """Its points for coming out."""
        return meld_points(self.kind, self.rank, self.suit, len(self.cards))



def table_meld(id: int, owner: int, cards: tuple[RummyCard, ...]) -> TableMeld:
    """A table meld from written cards (``ValueError`` when they are not a meld)."""
    kind, rank, suit = read_meld(cards)
    return TableMeld(id, owner, kind, cards, rank, suit)


def layoff_fits(meld: TableMeld, card: RummyCard) -> dict[End | None, TableMeld]:
    """Where ``card`` may be laid off on ``meld``: ``{None: new}`` for a set, else
    ``{End.LOW: new, End.HIGH: new}`` restricted to the ends that fit."""
    return {
        end: TableMeld(meld.id, meld.owner, meld.kind, written, rank, meld.suit)
        for end, (written, rank) in extensions(
            meld.kind, meld.rank, meld.suit, meld.cards, card
        ).items()
    }


def accepts_joker(meld: TableMeld) -> bool:
    """Whether a joker may be laid off on ``meld`` (at some end)."""
    return bool(layoff_fits(meld, JOKER))


def swap_cards(meld: TableMeld) -> frozenset[Card]:
    """The natural cards that may take a joker's place in ``meld``: in a run the card each
    joker stands for; in a set with a joker, the set's rank in each suit it lacks."""
    if not meld.jokers:
        return frozenset()
    if meld.kind is MeldKind.SET:
        suits = {card.suit for card in meld.cards if isinstance(card, Card)}
        return frozenset(_CARD[(Suit(s), meld.rank)] for s in range(4) if s not in suits)
    stands = meld.stands_for
    return frozenset(stands[i] for i, card in enumerate(meld.cards) if isinstance(card, Joker))


def swap_joker_into(meld: TableMeld, card: Card) -> TableMeld | None:
    """``meld`` with ``card`` in a joker's place, or ``None`` when it takes no joker's
    place there."""
    if card not in swap_cards(meld):
        return None
    cards = list(meld.cards)
    if meld.kind is MeldKind.SET:
        place = cards.index(JOKER)
    else:
        stands = meld.stands_for
        place = next(i for i, held in enumerate(cards) if held == JOKER and stands[i] == card)
    cards[place] = card
    return TableMeld(meld.id, meld.owner, meld.kind, tuple(cards), meld.rank, meld.suit)


# --------------------------------------------------------------------------------------
# Search over hands (count keys)
# --------------------------------------------------------------------------------------


def count_key(hand: Iterable[RummyCard]) -> tuple[int, int]:
    """``(naturals key, jokers)`` of a hand (see the module docstring)."""
    key = 0
    jokers = 0
    for card in hand:
        index = card.index
        if index == JOKER_INDEX:
            jokers += 1
        else:
            key += 1 << (2 * index)
    return key, jokers


def _suit_ranks(key: int) -> tuple[list[int], list[int]]:
    """Per suit a 15-bit mask of the places held (bit p for place p, the ace at 1 and 14);
    per rank a 4-bit mask of the suits held."""
    suits = [0, 0, 0, 0]
    ranks = [0] * 14
    while key:
        low = key & -key
        index = (low.bit_length() - 1) >> 1
        key &= ~(3 << (2 * index))
        suit, rank0 = divmod(index, 13)
        suits[suit] |= 1 << (rank0 + 1)
        if rank0 == 0:
            suits[suit] |= 1 << 14
        ranks[rank0 + 1] |= 1 << suit
    return suits, ranks


def has_meld(key: int, jokers: int) -> bool:
    """Whether the hand holds at least one meld (then it holds one of 3 cards)."""
    return live_key(key, jokers) != 0


def joker_meld_in(key: int) -> bool:
    """Whether two natural cards of the hand make a meld with one joker."""
    return live_key(key, 1) != 0


_NEG = -(10**9)


# Count-key masks (the low bit of each card's two): every card, the first suit's 13, the
# cards below a king, those below a queen, and the aces.
_ONES = int("01" * 52, 2)
_SUIT13 = int("01" * 13, 2)
_NOT_K = sum(1 << 2 * i for i in range(52) if i % 13 <= 11)
_NOT_QK = sum(1 << 2 * i for i in range(52) if i % 13 <= 10)
_ACES = sum(1 << 2 * (13 * s) for s in range(4))

_Melds = tuple[tuple[int, int, int, int], ...]

# Per card index: the count-key bits of its suit, and those of its rank in the suits after.
_SUIT_BITS = tuple(((1 << 26) - 1) << (2 * (index - index % 13)) for index in range(52))
_RANK_BITS = tuple(
    sum(3 << (2 * (s * 13 + index % 13)) for s in range(index // 13 + 1, 4)) for index in range(52)
)
_MELDS_KEPT = 1 << 18
_melds_seen: dict[tuple[int, int, int], _Melds] = {}


def _melds_with(key: int, jokers: int, index: int) -> _Melds:
    """:func:`_melds_through`, kept per process: the melds depend only on which cards of
    the card's suit and of its rank the hand holds (not how many copies) and its jokers,
    and the same few recur through every search. Each meld comes with its cards' share
    of :func:`_most`."""
    near = key & (_SUIT_BITS[index] | _RANK_BITS[index])
    seen = (index, jokers, (near | near >> 1) & _ONES)
    found = _melds_seen.get(seen)
    if found is None:
        if len(_melds_seen) >= _MELDS_KEPT:
            _melds_seen.clear()
        found = _melds_seen[seen] = tuple(
            (cost, used, points, _most(cost, used))
            for cost, used, points in _melds_through(key, jokers, index)
        )
    return found


def _melds_through(key: int, jokers: int, index: int) -> Iterator[tuple[int, int, int]]:
    """``(cost key, jokers used, points)`` of every meld that holds card ``index`` (the
    hand's lowest natural) and otherwise only cards of ``key`` above it and jokers."""
    suit, rank0 = divmod(index, 13)
    rank = rank0 + 1
    own = 1 << (2 * index)
    # sets: the other suits above this one hold the rank
    others = [
        1 << (2 * (s * 13 + rank0)) for s in range(suit + 1, 4) if key >> (2 * (s * 13 + rank0)) & 3
    ]
    value = SET_VALUES[rank]
    subsets: list[tuple[int, int]] = [(own, 1)]
    for bit in others:
        subsets += [(cost | bit, size + 1) for cost, size in subsets]
    for cost, naturals in subsets:
        for used in range(min(jokers, naturals, 4 - naturals) + 1):
            if naturals + used >= 3:
                yield cost, used, value * (naturals + used)
    # runs of this suit through the card: upwards from it (or from a joker just below),
    # and for an ace also downwards from place 14
    base = suit * 13

    def held(place: int) -> int:
        bit = 1 << (2 * (base + (0 if place == 14 else place - 1)))
        return bit if key & (3 * bit) else 0

    stack: list[tuple[int, int, int, int, int, bool, int]] = [
        (own, 0, 1, RUN_VALUES[rank], rank, False, 13 if rank == 1 else 14)
    ]
    if rank >= 2 and jokers:  # a joker just below the card
        stack.append(
            (
                own,
                1,
                1,
                RUN_VALUES[rank - 1] + RUN_VALUES[rank],
                rank,
                False,
                13 if rank == 2 else 14,
            )
        )
    # (cost, jokers used, naturals, points, highest place, last place a joker, top place)
    while stack:
        cost, used, nat, pts, high, last_joker, top = stack.pop()
        if nat + used >= 3 and used <= nat:
            yield cost, used, pts
        place = high + 1
        if place > top:
            continue
        bit = held(place)
        if bit:
            stack.append((cost | bit, used, nat + 1, pts + RUN_VALUES[place], place, False, top))
        if used < jokers and not last_joker:
            stack.append((cost, used + 1, nat, pts + RUN_VALUES[place], place, True, top))
    if rank == 1:
        down: list[tuple[int, int, int, int, int, bool]] = [(own, 0, 1, RUN_VALUES[14], 14, False)]
        while down:
            cost, used, nat, pts, low, last_joker = down.pop()
            length = nat + used
            if length >= 3 and used <= nat:
                yield cost, used, pts
            place = low - 1
            if place < 2:
                continue
            bit = held(place)
            if bit:
                down.append((cost | bit, used, nat + 1, pts + RUN_VALUES[place], place, False))
            if used < jokers and not last_joker:
                down.append((cost, used + 1, nat, pts + RUN_VALUES[place], place, True))


def _search(key: int, jokers: int, spare: bool, memo: dict[int, int]) -> int:
    """Most points of disjoint melds from the hand; when ``spare``, at least one card must
    stay unmelded (``_NEG`` when impossible)."""
    if not key:
        return 0 if not spare or jokers else _NEG
    state = key << 4 | jokers << 1 | spare  # the key's 104 bits, then 0-7 jokers and a flag
    found = memo.get(state)
    if found is not None:
        return found
    index = ((key & -key).bit_length() - 1) >> 1
    best = _search(key - (1 << (2 * index)), jokers, False, memo)  # leave the card out
    for cost, used, points, _ in _melds_with(key, jokers, index):
        rest = _search(key - cost, jokers - used, spare, memo)
        if rest + points > best:
            best = rest + points
    memo[state] = best
    return best


def live_key(key: int, jokers: int) -> int:
    """The part of a count key whose cards are in at least one meld of the hand (a card in
    no meld is never melded, so the search leaves those out from the start).

    A meld holds at least two natural cards, three without a joker, so a card is live
    when the hand holds enough of its rank in other suits, or enough of its suit within
    three places of it (the ace also beside the king). Worked on every card at once."""
    held = (key | key >> 1) & _ONES
    a, b, c, d = (held >> (26 * suit) & _SUIT13 for suit in range(4))
    if jokers:  # two cards of a meld with a joker
        pair = held & held >> 2 & _NOT_K  # a card and the next place
        gap = held & held >> 4 & _NOT_QK  # a card and the place after next
        king, queen = held & held >> 24 & _ACES, held & held >> 22 & _ACES  # ace high
        live = pair | pair << 2 | gap | gap << 4 | king | king << 24 | queen | queen << 22
        sets = a & b | a & c | a & d | b & c | b & d | c & d
    else:  # three natural cards
        run = held & held >> 2 & held >> 4 & _NOT_QK
        high = held & held >> 22 & held >> 24 & _ACES  # Q K A
        live = run | run << 2 | run << 4 | high | high << 22 | high << 24
        sets = a & b & c | a & b & d | a & c & d | b & c & d
    live |= sets | sets << 26 | sets << 52 | sets << 78
    live &= held
    return key & (live | live << 1)


# The most a natural card can add to a meld (ace 11 high or in a set, faces 10), summed
# over a count key 8 bits (4 cards) at a time.
_MOST = tuple(11 if rank == 1 else min(rank, 10) for _ in range(4) for rank in range(1, 14))
_MOST_CHUNKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(((byte >> (2 * j)) & 3) * _MOST[4 * chunk + j] for j in range(4) if 4 * chunk + j < 52)
        for byte in range(256)
    )
    for chunk in range(13)
)


def _most(key: int, jokers: int) -> int:
    """An upper bound of the points the hand's melds could be worth."""
    total = 11 * jokers
    chunk = 0
    while key:
        total += _MOST_CHUNKS[chunk][key & 0xFF]
        key >>= 8
        chunk += 1
    return total


def _reach(
    key: int, jokers: int, spare: bool, need: int, failed: dict[int, int], most: int
) -> bool:
    """Whether disjoint melds of the hand reach ``need`` points (keeping a card when
    ``spare``): the search of :func:`_search` with melds tried first, stopping at the
    first success, and cut where even every card melded at its best (``most``, the
    hand's :func:`_most`) could not reach. ``failed`` keeps, per hand, the least ``need``
    already shown out of reach."""
    if need <= 0:
        return not spare or bool(key) or jokers > 0
    if not key:
        return False
    state = key << 4 | jokers << 1 | spare
    known = failed.get(state)
    if known is not None and need >= known:
        return False
    if most < need:
        failed[state] = need
        return False
    index = ((key & -key).bit_length() - 1) >> 1
    for cost, used, points, bound in _melds_with(key, jokers, index):
        if _reach(key - cost, jokers - used, spare, need - points, failed, most - bound):
            return True
    if _reach(key - (1 << (2 * index)), jokers, False, need, failed, most - _MOST[index]):
        return True
    failed[state] = need if known is None else min(known, need)
    return False


@lru_cache(maxsize=8192)
def reaches_key(key: int, jokers: int, points: int) -> bool:
    """Whether the hand (a count key) holds disjoint melds worth at least ``points`` (at
    least 1) while keeping a card to discard: :func:`best_meld_points` ``>= points``,
    usually far faster (it stops at the first packing that reaches)."""
    live = live_key(key, jokers)
    if not live:
        return False
    return _reach(live, jokers, live == key, max(points, 1), {}, _most(live, jokers))


@lru_cache(maxsize=8192)
def best_meld_points_key(key: int, jokers: int) -> int:
    """:func:`best_meld_points` of a hand given by its count key."""
    live = live_key(key, jokers)
    if not live:
        return 0
    # a card in no meld stays in the hand: then the discard is already kept
    spare = live == key
    return max(0, _search(live, jokers, spare, {}))


def clear_caches() -> None:
    """Forget what the searches keep per process (for benchmarks that time them cold)."""
    best_meld_points_key.cache_clear()
    reaches_key.cache_clear()
    _melds_seen.clear()


def best_meld_points(hand: Iterable[RummyCard]) -> int:
    """The most points the hand can put down as disjoint melds while keeping at least one
    card to discard (0 when it holds no meld). Exact: a memoised search over the hand's
    lowest card (left out, or in each meld it can be part of).

    >>> best_meld_points(rummy_cards("QH KH XX 2C"))
    31
    >>> best_meld_points(rummy_cards("5S 5H 5D"))   # melding all three would empty it
    0
    """
    return best_meld_points_key(*count_key(hand))


# --------------------------------------------------------------------------------------
# Enumeration (for tests, oracles and computer players)
# --------------------------------------------------------------------------------------


def melds_in(hand: Iterable[RummyCard]) -> list[tuple[RummyCard, ...]]:
    """Every distinct meld (as written) that can be made from the cards of ``hand``: sets
    as their natural cards in suit order then the jokers, runs low to high."""
    key, jokers = count_key(hand)
    suits, ranks = _suit_ranks(key)
    out: list[tuple[RummyCard, ...]] = []
    for rank in range(1, 14):
        present = [_CARD[(Suit(s), rank)] for s in range(4) if ranks[rank] >> s & 1]
        subsets: list[list[Card]] = [[]]
        for card in present:
            subsets += [[*subset, card] for subset in subsets]
        for subset in subsets:
            naturals = len(subset)
            for used in range(min(jokers, naturals, 4 - naturals) + 1):
                if naturals + used >= 3:
                    out.append((*subset, *([JOKER] * used)))
    for suit in range(4):
        mask = suits[suit]
        for start in range(1, 13):
            top = 13 if start == 1 else 14
            stack: list[tuple[RummyCard, ...]] = [()]
            while stack:
                run = stack.pop()
                length = len(run)
                used = sum(1 for card in run if isinstance(card, Joker))
                if length >= 3 and used <= length - used:
                    out.append(run)
                place = start + length
                if place > top:
                    continue
                if mask >> place & 1:
                    stack.append((*run, natural_at(suit, place)))
                if used < jokers and not (run and isinstance(run[-1], Joker)):
                    stack.append((*run, JOKER))
    return out


def all_melds(jokers: int = 0) -> list[tuple[RummyCard, ...]]:
    """Every distinct meld of a deck with ``jokers`` jokers (two copies of a card are never
    in one meld, so the second deck adds none).

    >>> len(all_melds(0)), len(all_melds(6))
    (373, 22749)
    """
    return melds_in((*NATURALS, *([JOKER] * jokers)))


def _written(cost: int, jokers: int, points: int) -> tuple[RummyCard, ...]:
    naturals = [card for card in _naturals_of(cost)]
    size = len(naturals) + jokers
    for meld in melds_in((*naturals, *([JOKER] * jokers))):
        if len(meld) == size and meld_points(*read_meld(meld), size) == points:
            return meld
    raise AssertionError("no meld for a search step")  # pragma: no cover


def _naturals_of(key: int) -> list[Card]:
    out = []
    while key:
        index = ((key & -key).bit_length() - 1) >> 1
        key -= 1 << (2 * index)
        suit, rank0 = divmod(index, 13)
        out.append(_CARD[(Suit(suit), rank0 + 1)])
    return out


def best_melds(hand: Iterable[RummyCard]) -> tuple[int, list[tuple[RummyCard, ...]]]:
    """``(points, melds)``: disjoint melds worth :func:`best_meld_points`, as written
    (``(0, [])`` when the hand holds no meld that keeps a card to discard).

    >>> best_melds(rummy_cards("QH KH XX 2C"))
    (31, [(Card.parse('QH'), Card.parse('KH'), JOKER)])
    """
    best, plan = best_meld_plan(*count_key(hand))
    return best, [_written(cost, used, points) for cost, used, points in plan]


def best_meld_plan(key: int, jokers: int) -> tuple[int, list[tuple[int, int, int]]]:
    """:func:`best_melds` of a hand given by its count key, each meld as ``(count key of
    its natural cards, jokers, points)`` rather than written out (much quicker: what a
    computer player's playouts need).

    >>> best_meld_plan(*count_key(rummy_cards("QH KH XX 2C")))[1] == [
    ...     (count_key(rummy_cards("QH KH"))[0], 1, 31)]
    True
    """
    # as best_meld_points_key: the cards in no meld stay in the hand (then one is kept)
    live = live_key(key, jokers)
    if not live:
        return 0, []
    spare = live == key
    key = live
    memo: dict[int, int] = {}
    best = _search(key, jokers, spare, memo)
    if best <= 0:
        return 0, []
    out: list[tuple[int, int, int]] = []
    target = best
    while key:
        index = ((key & -key).bit_length() - 1) >> 1
        bit = 1 << (2 * index)
        if _search(key - bit, jokers, False, memo) == target:
            key -= bit
            spare = False
            continue
        for cost, used, points, _ in _melds_with(key, jokers, index):
            rest = _search(key - cost, jokers - used, spare, memo)
            if rest + points == target:
                out.append((cost, used, points))
                key -= cost
                jokers -= used
                target = rest
                break
        else:  # pragma: no cover
            raise AssertionError("search walk lost its way")
    return best, out
