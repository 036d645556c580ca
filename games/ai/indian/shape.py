"""How far a hand is from a valid show: the measure the Medium and Hard players decide
with.

A hand's *distance* is the least number of its cards that must be replaced by cards from
the stock or the pile before its 13 cards are a valid show (docs/games/indian-rummy.md: two
sequences, one
of them pure, every other card in a sequence or a set; jokers anywhere but in the pure
sequence). With 14 cards it is the distance after the best discard, so a hand that may
declare now is at 0 (:func:`distance` on the 13 after the best discard, less one draw).

The search: the hand's natural cards (every card but the printed jokers and the wild
rank's, which are jokers here, even at their own place) are split into *partial groups*
-- cards of one suit within five places (a sequence to be), or of one rank in different
suits (a set to be) -- and *junk*. A partial group of ``k`` cards spanning ``s`` places
takes ``max(s, 3)`` of the show's 13 places (a set ``max(k, 3)``); the places it lacks
are filled by jokers or new cards, the junk is replaced by new cards. So with ``J``
jokers and ``M`` natural cards kept in partial groups of at most 13 places, ``13 - J -
M`` cards must be drawn; the pure sequence's missing cards must be among them (no joker
may fill it), and a show lacking a second sequence (or the pure one) gives three of its
places to one made of new cards. The search maximises ``M`` for the lowest card left
(junk, or each partial group it can start), memoised on the cards left, the places left,
the sequences chosen and whether the pure one is; the memo is shared by every hand.

Count keys are those of :mod:`games.rules.indian.melds`: three bits per natural card.

    >>> from games.rules.indian import indian_cards
    >>> distance(indian_cards("AS 2S 3S 5D 5H 5C XX 9H TH JH 7C 8C 6S"), wild_rank=6)
    0
    >>> distance(indian_cards("AS 2S 3S 5D 5H 5C 2D 9H TH JH 7C 8C KS"), wild_rank=6)
    1
    >>> distance(indian_cards("AS 3S 5S 7H 9H JH KD 2D 4C 6C 8C TC QC"), wild_rank=6)
    5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from games.rules.indian import IndianCard, Joker

__all__ = [
    "Plan",
    "at_most",
    "distance",
    "hand_key",
    "helpers",
    "key_distance",
    "outs",
    "plan",
    "within",
]

_UNIT = tuple(1 << (3 * index) for index in range(52))
_NONE = -100
_SHOW = 13
"""The cards a show holds."""

Extension = tuple[int, int, bool]
"""A card that a partial group may take: (its index, the places the group then takes,
whether it is then a sequence)."""
Partial = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...], tuple[Extension, ...]]
"""A partial group: (count-key delta, cards kept, places taken, is a sequence, its card
indices, the natural cards that would fill a place it lacks, the cards it may take)."""


def _place_rank(place: int) -> int:
    return 1 if place == 14 else place


def _run_wants(suit: int, run: Sequence[int]) -> tuple[int, ...]:
    """The cards that would complete a sequence to be of ``suit`` at places ``run``: the
    places it lacks inside its span, or, spanning fewer than three, those next to it."""
    low, high = run[0], run[-1]
    if high - low >= 2:
        places = [p for p in range(low, high + 1) if p not in run]
    else:
        places = [p for p in (low - 2, low - 1, high + 1, high + 2) if 1 <= p <= 14]
        if high - low == 1:
            places = [p for p in places if p in (low - 1, high + 1)]
    return tuple(sorted({suit * 13 + _place_rank(p) - 1 for p in places}))


def _run_extensions(suit: int, run: Sequence[int]) -> tuple[Extension, ...]:
    """The cards a sequence to be of ``suit`` at places ``run`` may take (spanning five
    places at most), with the places it then takes (a lone ace is low or high)."""
    bases = [[1], [14]] if list(run) in ([1], [14]) else [list(run)]
    out: dict[int, int] = {}
    for base in bases:
        held = {_place_rank(p) for p in base}
        for place in range(max(1, base[-1] - 4), min(14, base[0] + 4) + 1):
            low, high = min(base[0], place), max(base[-1], place)
            if _place_rank(place) in held or high - low > 4:
                continue
            card = suit * 13 + _place_rank(place) - 1
            taken = max(high - low + 1, 3)
            out[card] = min(out.get(card, taken), taken)
    return tuple((card, taken, True) for card, taken in sorted(out.items()))


def _neighbours(index: int) -> tuple[int, ...]:
    """The cards a partial group whose lowest card is ``index`` may hold besides it: the
    next four places of its suit (for an ace, the ace-high ones too: 10 to K), and its
    rank in the suits after its own."""
    suit, rank0 = divmod(index, 13)
    rank = rank0 + 1
    out = [suit * 13 + place - 1 for place in range(rank + 1, min(rank + 4, 13) + 1)]
    if rank == 1:
        out += [suit * 13 + place - 1 for place in range(10, 14) if place > rank + 4]
    out += [other * 13 + rank0 for other in range(suit + 1, 4)]
    return tuple(out)


_NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((bit, 3 * card) for bit, card in enumerate(_neighbours(index))) for index in range(52)
)
"""For each card, ``(bit, shift)`` of each neighbour: its bit in an availability mask and
its place in a count key."""


@cache
def _partials(index: int, available: int) -> tuple[Partial, ...]:
    """The partial groups whose lowest card is ``index``, of it and the neighbours whose
    bits are set in ``available``, the most cards kept first."""
    suit, rank0 = divmod(index, 13)
    rank = rank0 + 1
    here = [card for bit, card in enumerate(_neighbours(index)) if available >> bit & 1]
    found: dict[tuple[int, ...], Partial] = {}
    same_suit = [card for card in here if card // 13 == suit]
    bases = [(rank, [c for c in same_suit if c % 13 + 1 <= rank + 4])]
    if rank == 1:
        bases.append((14, [c for c in same_suit if c % 13 + 1 >= 10]))
    for base, window in bases:
        for count in range(len(window) + 1):
            for chosen in combinations(window, count):
                run = sorted((base, *(c % 13 + 1 for c in chosen)))
                cards = tuple(sorted((index, *chosen)))
                taken = max(run[-1] - run[0] + 1, 3)
                delta = sum(_UNIT[card] for card in cards)
                wanted = _run_wants(suit, run)
                extend = _run_extensions(suit, run)
                if len(cards) == 1:  # a single card may make a set to be too
                    extend += tuple(
                        (other * 13 + rank0, 3, False) for other in range(4) if other != suit
                    )
                found.setdefault(cards, (delta, len(cards), taken, True, cards, wanted, extend))
    others = [card for card in here if card // 13 != suit]
    for count in (1, 2, 3):
        for chosen in combinations(others, count):
            cards = (index, *chosen)
            delta = sum(_UNIT[card] for card in cards)
            suits = {card // 13 for card in cards}
            wanted = (
                ()
                if len(cards) >= 3
                else tuple(other * 13 + rank0 for other in range(4) if other not in suits)
            )
            extend = tuple(
                (other * 13 + rank0, max(len(cards) + 1, 3), False)
                for other in range(4)
                if other not in suits
            )
            found.setdefault(
                cards, (delta, len(cards), max(len(cards), 3), False, cards, wanted, extend)
            )
    return tuple(sorted(found.values(), key=lambda p: (-p[1], p[2])))


Best = tuple[int, int, int, int]
"""The most cards a search can keep, by the most cards its pure sequence may lack: 0, 1
or 2 (one of its partial groups), or 3 (a sequence of new cards only)."""

_NO = (_NONE, _NONE, _NONE, _NONE)
_MEMO: dict[int, Best] = {}
_MEMO_LIMIT = 400_000


def _best(key: int, places: int, seqs: int, pure: bool) -> Best:
    """The most natural cards of ``key`` that partial groups of at most ``places``
    places can keep with two sequences at least (after the ``seqs`` already chosen),
    by how many cards the pure one lacks (when ``pure``, it is chosen already and the
    four are one); ``_NONE`` when impossible."""
    if not key:
        extra = 2 - seqs if seqs < 2 else 0
        if pure:
            return (0, 0, 0, 0) if 3 * extra <= places else _NO
        return (_NONE, _NONE, _NONE, 0 if 3 * (extra or 1) <= places else _NONE)
    memo_key = key | places << 160 | seqs << 164 | pure << 166
    known = _MEMO.get(memo_key)
    if known is not None:
        return known
    card = ((key & -key).bit_length() - 1) // 3
    b0, b1, b2, b3 = _best(key - _UNIT[card], places, seqs, pure)
    available = 0
    for bit, shift in _NEIGHBOURS[card]:
        if key >> shift & 7:
            available |= 1 << bit
    for delta, kept, taken, is_seq, _, _, _ in _partials(card, available):
        if taken > places:
            continue
        rest = key - delta
        left = places - taken
        more = seqs + 1 if is_seq and seqs < 2 else seqs
        s0, s1, s2, s3 = _best(rest, left, more, pure)
        if s3 >= 0 and kept + s3 > b3:
            b3 = kept + s3
        if s2 >= 0 and kept + s2 > b2:
            b2 = kept + s2
        if s1 >= 0 and kept + s1 > b1:
            b1 = kept + s1
        if s0 >= 0 and kept + s0 > b0:
            b0 = kept + s0
        lacks = taken - kept
        if is_seq and not pure and lacks <= 2:
            done = _best(rest, left, more, True)[0]
            if done >= 0:
                done += kept
                if done > b2:
                    b2 = done
                if lacks <= 1 and done > b1:
                    b1 = done
                if lacks == 0 and done > b0:
                    b0 = done
    if b1 < b0:
        b1 = b0
    if b2 < b1:
        b2 = b1
    if b3 < b2:
        b3 = b2
    best = (b0, b1, b2, b3)
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[memo_key] = best
    return best


def _count(key: int) -> int:
    total = 0
    while key:
        total += key & 7
        key >>= 3
    return total


def hand_key(cards: Iterable[IndianCard], wild_rank: int) -> tuple[int, int, int]:
    """``(count key of the natural cards, jokers, cards)`` of a hand."""
    key = jokers = n = 0
    for card in cards:
        n += 1
        if isinstance(card, Joker) or card.rank == wild_rank:
            jokers += 1
        else:
            key += _UNIT[card.index]
    return key, jokers, n


def _choose(key: int, jokers: int) -> tuple[int, int]:
    """``(distance, the most cards the pure sequence may lack)`` of the best reading."""
    kept = _best(key, _SHOW, 0, False)
    best, chosen = _SHOW + 1, 3
    for need in range(4):
        if kept[need] >= 0:
            value = max(need, _SHOW - jokers - kept[need], 0)
            if value < best:
                best, chosen = value, need
    return best, chosen


def key_distance(key: int, jokers: int) -> int:
    """:func:`distance` of a hand given by its natural cards' count key and its jokers
    (13 or 14 cards in all)."""
    return _choose(key, jokers)[0]


def at_most(cards: Sequence[IndianCard], wild_rank: int, bound: int) -> bool:
    """Whether the hand is at most ``bound`` from a valid show (:func:`distance` ``<=
    bound``), found faster than the distance itself."""
    key, jokers, _ = hand_key(cards, wild_rank)
    return within(key, jokers, bound)


def distance(cards: Sequence[IndianCard], wild_rank: int) -> int:
    """The least number of the hand's cards to replace before its 13 are a valid show
    (with 14 cards, after the best discard: 0 means it may declare now); see the module
    docstring."""
    key, jokers, _ = hand_key(cards, wild_rank)
    return key_distance(key, jokers)


@dataclass(frozen=True, slots=True)
class Plan:
    """One best reading of a hand: its distance, its partial groups and its junk."""

    distance: int
    groups: tuple[tuple[int, ...], ...]
    """The natural cards kept, by partial group (card indices)."""
    junk: tuple[int, ...]
    """The natural cards in no partial group (card indices)."""
    wanted: frozenset[int]
    """The natural cards (indices) that would complete a partial group of it."""
    jokers: int
    """The hand's jokers."""
    open_places: int
    """Places of its groups that jokers or new cards must fill (jokers may fill all but
    the pure sequence's)."""


def plan(cards: Sequence[IndianCard], wild_rank: int) -> Plan:
    """A best reading of the hand (the one :func:`distance` finds, partial groups tried
    the biggest first)."""
    key, jokers, _ = hand_key(cards, wild_rank)
    best, need = _choose(key, jokers)
    groups: list[tuple[int, ...]] = []
    junk: list[int] = []
    wanted: set[int] = set()
    open_places = 0
    places, seqs, pure = _SHOW, 0, False
    while key:
        target = _best(key, places, seqs, pure)[need]
        card = ((key & -key).bit_length() - 1) // 3
        available = 0
        for bit, shift in _NEIGHBOURS[card]:
            if key >> shift & 7:
                available |= 1 << bit
        step: tuple[int, int, int, bool] | None = None
        for delta, kept, taken, is_seq, indices, wants, _ in _partials(card, available):
            if taken > places:
                continue
            more = seqs + 1 if is_seq and seqs < 2 else seqs
            rest, left = key - delta, places - taken
            if kept + _best(rest, left, more, pure)[need] == target:
                step = (rest, left, more, pure)
            elif (
                is_seq
                and not pure
                and taken - kept <= min(need, 2)
                and kept + _best(rest, left, more, True)[0] == target
            ):
                step = (rest, left, more, True)
            if step is not None:
                groups.append(indices)
                wanted.update(wants)
                open_places += taken - kept
                break
        if step is None:
            junk.append(card)
            key -= _UNIT[card]
        else:
            key, places, seqs, pure = step
    return Plan(best, tuple(groups), tuple(junk), frozenset(wanted), jokers, open_places)


_CAN: dict[int, bool] = {}


def _can(key: int, places: int, seqs: int, pure: bool, junk: int, need: int) -> bool:
    """Whether the natural cards of ``key`` split into partial groups of at most
    ``places`` places and at most ``junk`` junk cards, with two sequences at least (after
    the ``seqs`` chosen) and a pure one lacking at most ``need`` cards (``pure``: chosen
    already)."""
    if not key:
        extra = 2 - seqs if seqs < 2 else 0
        if not pure:
            if need < 3:
                return False
            extra = extra or 1
        return 3 * extra <= places
    memo_key = key | places << 160 | seqs << 164 | pure << 166 | junk << 167 | need << 172
    known = _CAN.get(memo_key)
    if known is not None:
        return known
    card = ((key & -key).bit_length() - 1) // 3
    available = 0
    for bit, shift in _NEIGHBOURS[card]:
        if key >> shift & 7:
            available |= 1 << bit
    found = False
    for delta, kept, taken, is_seq, _, _, _ in _partials(card, available):
        if taken > places:
            continue
        more = seqs + 1 if is_seq and seqs < 2 else seqs
        done = pure or (is_seq and taken - kept <= need)
        if _can(key - delta, places - taken, more, done, junk, need):
            found = True
            break
    if not found and junk:
        found = _can(key - _UNIT[card], places, seqs, pure, junk - 1, need)
    if len(_CAN) > _MEMO_LIMIT:
        _CAN.clear()
    _CAN[memo_key] = found
    return found


def within(key: int, jokers: int, bound: int) -> bool:
    """Whether a hand of 13 or 14 cards (its natural cards' count key and its jokers) is at
    most ``bound`` from a valid show (:func:`key_distance` ``<= bound``), found faster
    than the distance itself."""
    if bound < 0:
        return False
    naturals = _count(key)
    # 13 - jokers - kept <= bound, so at most naturals - (13 - jokers - bound) junk
    junk = naturals - (_SHOW - jokers - bound)
    if junk < 0:
        return False
    return _can(key, _SHOW, 0, False, junk, min(bound, 3))


_ANY = 1 << 52
"""In a mask of cards that would help: any natural card would (as a sequence of its own)."""
_TAKES: dict[int, int] = {}


def _takes(key: int, places: int, seqs: int, pure: bool, junk: int, need: int) -> int:
    """The natural cards (a bit per index) that, added to ``key``, join one of its
    partial groups so that the whole splits as :func:`_can` asks."""
    if not key:
        return 0
    memo_key = key | places << 160 | seqs << 164 | pure << 166 | junk << 167 | need << 172
    known = _TAKES.get(memo_key)
    if known is not None:
        return known
    card = ((key & -key).bit_length() - 1) // 3
    available = 0
    for bit, shift in _NEIGHBOURS[card]:
        if key >> shift & 7:
            available |= 1 << bit
    mask = _takes(key - _UNIT[card], places, seqs, pure, junk - 1, need) if junk else 0
    for delta, kept, taken, is_seq, _, _, extend in _partials(card, available):
        if taken > places:
            continue
        rest = key - delta
        more = seqs + 1 if is_seq and seqs < 2 else seqs
        mask |= _takes(
            rest, places - taken, more, pure or (is_seq and taken - kept <= need), junk, need
        )
        for other, wider, still_seq in extend:
            if wider > places or mask >> other & 1:
                continue
            after = seqs + 1 if still_seq and seqs < 2 else seqs
            done = pure or (still_seq and wider - kept - 1 <= need)
            if _can(rest, places - wider, after, done, junk, need):
                mask |= 1 << other
    if len(_TAKES) > _MEMO_LIMIT:
        _TAKES.clear()
    _TAKES[memo_key] = mask
    return mask


def helpers(
    cards: Sequence[IndianCard], wild_rank: int, far: int | None = None
) -> tuple[int, bool, frozenset[int]]:
    """``(distance, whether a joker would help, the natural cards that would)`` of a
    13-card hand: the cards (indices, never of the wild rank) whose draw would bring it
    one card nearer a valid show. ``far``: its distance, when the caller knows it."""
    key, jokers, _ = hand_key(cards, wild_rank)
    if far is None:
        far = key_distance(key, jokers)
    if far == 0:
        return 0, False, frozenset()
    joker = within(key, jokers + 1, far - 1)
    # a 14-card hand at most far - 1 from a show keeps all but ``far`` junk cards
    need = min(far - 1, 3)
    mask = _takes(key, _SHOW, 0, False, far, need)
    if _can(key, _SHOW - 3, 1, need >= 2, far, need):
        mask |= _ANY
    if mask & _ANY:
        naturals = frozenset(range(52))
    else:
        naturals = frozenset(i for i in range(52) if mask >> i & 1)
    return far, joker, frozenset(i for i in naturals if i % 13 + 1 != wild_rank)


def outs(
    cards: Sequence[IndianCard], wild_rank: int, live: Sequence[int], far: int | None = None
) -> tuple[int, int]:
    """``(distance, outs)`` of a 13-card hand: its distance, and how many of the cards still
    to come (``live``: copies by card index, 52 the printed joker; a joker of the wild
    rank counts as a joker) would bring it one card nearer a valid show. ``far``: its
    distance, when the caller knows it."""
    far, joker, naturals = helpers(cards, wild_rank, far)
    total = sum(live[index] for index in naturals)
    if joker:
        total += live[52] + sum(live[suit * 13 + wild_rank - 1] for suit in range(4))
    return far, total
