"""Melds, least-deadwood arrangements, best discards and lay-offs.

Everything here is exact (an exhaustive search, never greedy) and fast enough to run on
every view and thousands of times inside a computer player's decision.

How it works. Hands are 52-bit masks (layout in :mod:`games.rules.common.cards`: bit
``suit * 13 + rank - 1``, each suit a contiguous 13-bit field). With sets left aside, the
least deadwood of one suit depends only on its 13-bit field: every maximal block of three or
more consecutive cards is itself a legal run, and nothing else can be melded. So tables
indexed by a suit field (8,192 entries, built once at import) give

* :data:`RUN_DEADWOOD` -- the suit's least deadwood using runs only;
* :data:`DISCARD_GAIN` / :data:`DISCARD_BEST` -- the best change of that figure when one
  card of the suit is discarded, and which cards achieve it.

Sets are only possible on ranks held in three or four suits (at most three such ranks in
an 11-card hand). For each such rank the search tries every choice -- no set, the set of
four, or each set of three -- removes the chosen set cards and sums the four table entries.
About three random hands in four have no such rank and cost four look-ups (eight for the
eleven-card best discard); one rank held in three or four suits is handled inline with a
second (to sixth) pass over the tables; only the rare rest enumerates choices in a loop.
Nothing is cached per hand.

Lay-offs reuse the same tables: a defender's card can be laid off on a run exactly when it
lies in a block of consecutive cards (the defender's remaining cards plus the knocker's run
cards) that contains a knocker run, so adding the knocker's run cards to the defender's
suit fields and reading the same tables scores own runs and lay-offs on runs together. The
fourth card of each knocker set of three is tried both laid off and kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.rules.common.cards import (
    DECK,
    RANK_COLUMN,
    SUIT_BITS,
    SUIT_FIELD,
    Card,
    cards_of,
    mask_of,
    sort_cards,
)
from games.rules.common.errors import MELD_NAMED, InvalidMelds, ValidationError, brief_list
from games.rules.gin.deck import CARD_VALUES, value_of

NO_CARD = 1000
"""Sentinel 'gain' of an empty suit in :data:`DISCARD_GAIN` (nothing to discard there)."""

_SUIT_SHIFTS = (0, 13, 26, 39)


# --------------------------------------------------------------------------------------
# Per-suit tables
# --------------------------------------------------------------------------------------


def _build_suit_tables() -> tuple[
    list[int], list[int], list[tuple[int, ...]], list[int], list[int]
]:
    size = 1 << SUIT_BITS
    rank_values = [CARD_VALUES[i] for i in range(SUIT_BITS)]
    value_sum = [0] * size
    for field in range(1, size):
        low = field & -field
        value_sum[field] = value_sum[field ^ low] + rank_values[low.bit_length() - 1]
    run_deadwood = [0] * size
    run_cover = [0] * size
    segments: list[tuple[int, ...]] = [()] * size
    for field in range(size):
        starts = field & (field >> 1) & (field >> 2)
        cover = starts | (starts << 1) | (starts << 2)
        run_cover[field] = cover
        run_deadwood[field] = value_sum[field & ~cover]
        if cover:
            blocks = []
            rest = cover
            while rest:
                low = rest & -rest
                block = rest & ~(rest + low)  # the run of set bits starting at `low`
                blocks.append(block)
                rest ^= block
            segments[field] = tuple(blocks)
    gain = [NO_CARD] * size
    best = [0] * size
    for field in range(1, size):
        here = run_deadwood[field]
        least = NO_CARD
        which = 0
        rest = field
        while rest:
            low = rest & -rest
            after = run_deadwood[field ^ low]
            if after < least:
                least = after
                which = low
            elif after == least:
                which |= low
            rest ^= low
        gain[field] = least - here
        best[field] = which
    return run_deadwood, run_cover, segments, gain, best


RUN_DEADWOOD: list[int]
"""``RUN_DEADWOOD[field]``: least deadwood of one suit's 13-bit field using runs only."""
RUN_COVER: list[int]
"""``RUN_COVER[field]``: the cards of the field that lie in blocks of three or more."""
RUN_SEGMENTS: list[tuple[int, ...]]
"""``RUN_SEGMENTS[field]``: those blocks, one 13-bit mask each, lowest first."""
DISCARD_GAIN: list[int]
"""``DISCARD_GAIN[field]``: least ``RUN_DEADWOOD`` after removing one card, minus
``RUN_DEADWOOD[field]`` (``<= 0``); :data:`NO_CARD` for the empty field."""
DISCARD_BEST: list[int]
"""``DISCARD_BEST[field]``: the cards whose removal achieves ``DISCARD_GAIN``."""

RUN_DEADWOOD, RUN_COVER, RUN_SEGMENTS, DISCARD_GAIN, DISCARD_BEST = _build_suit_tables()


def _build_set_tables() -> tuple[dict[int, tuple[int, ...]], list[tuple[int, ...]]]:
    options: dict[int, tuple[int, ...]] = {}
    for rank_index in range(SUIT_BITS):
        column = RANK_COLUMN << rank_index
        bits = [column & (SUIT_FIELD << shift) for shift in _SUIT_SHIFTS]
        for held in combinations(bits, 3):
            present = held[0] | held[1] | held[2]
            options[present] = (0, present)
        options[column] = (0, column, *(column ^ bit for bit in bits))
    columns: list[tuple[int, ...]] = [()] * (1 << SUIT_BITS)
    for ranks in range(1, 1 << SUIT_BITS):
        columns[ranks] = tuple(RANK_COLUMN << i for i in range(SUIT_BITS) if ranks >> i & 1)
    return options, columns


SET_OPTIONS: dict[int, tuple[int, ...]]
"""For the cards held of one rank (three or four, as a mask): every way to use them in
sets, as the mask of the cards put in a set -- ``0`` (none), the set of four, each set of
three."""
RANK_COLUMNS: list[tuple[int, ...]]
"""``RANK_COLUMNS[ranks]``: the column mask of each rank whose bit is set in ``ranks``."""

SET_OPTIONS, RANK_COLUMNS = _build_set_tables()


def set_ranks_mask(mask: int) -> int:
    """13-bit mask of the ranks held in at least three suits."""
    a = mask & SUIT_FIELD
    b = mask >> 13 & SUIT_FIELD
    c = mask >> 26 & SUIT_FIELD
    d = mask >> 39 & SUIT_FIELD
    return (a & b & (c | d)) | (c & d & (a | b))


def set_choices_mask(mask: int) -> list[int]:
    """Every way to put cards of ``mask`` into sets, as masks of the cards used in sets.

    Always holds ``0`` (no set). The product over ranks held in three or more suits.
    """
    choices: list[int] = [0]
    for column in RANK_COLUMNS[set_ranks_mask(mask)]:
        options = SET_OPTIONS[mask & column]
        choices = [chosen | option for chosen in choices for option in options]
    return choices


# --------------------------------------------------------------------------------------
# Hot paths on masks
# --------------------------------------------------------------------------------------


DISCARD_BEST_AT: tuple[list[int], list[int], list[int], list[int]] = (
    DISCARD_BEST,
    [best << 13 for best in DISCARD_BEST],
    [best << 26 for best in DISCARD_BEST],
    [best << 39 for best in DISCARD_BEST],
)
""":data:`DISCARD_BEST` shifted into place for suits 0-3 (saves a shift per look-up)."""
_P0, _P1, _P2, _P3 = DISCARD_BEST_AT


def deadwood_mask(mask: int) -> int:
    """Least deadwood of a hand mask (any size; exact)."""
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    t = RUN_DEADWOOD
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not three:
        return t[a] + t[b] + t[c] + t[d]
    if three & (three - 1):
        return _deadwood_with_sets(mask)
    # one rank held in three or four suits: no set, the whole rank as a set, and (with
    # four) each set of three keeping one card for its suit's runs
    keep = 8191 ^ three
    ta = t[a]
    tb = t[b]
    tc = t[c]
    td = t[d]
    best = ta + tb + tc + td
    ra = t[a & keep]
    rb = t[b & keep]
    rc = t[c & keep]
    rd = t[d & keep]
    whole = ra + rb + rc + rd
    if whole < best:
        best = whole
    if a & b & c & d:
        for other in (whole - ra + ta, whole - rb + tb, whole - rc + tc, whole - rd + td):
            if other < best:
                best = other
    return best


def _deadwood_with_sets(mask: int) -> int:
    t = RUN_DEADWOOD
    best = NO_CARD
    for chosen in set_choices_mask(mask):
        rest = mask ^ chosen
        value = t[rest & 8191] + t[rest >> 13 & 8191] + t[rest >> 26 & 8191] + t[rest >> 39]
        if value < best:
            best = value
    return best


def deadwood_after_discard_mask(mask: int) -> int:
    """Least deadwood after the best discard of one card from a (non-empty) hand mask."""
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    three = (a & b & (c | d)) | (c & d & (a | b))
    if three:
        if three & (three - 1) or a & b & c & d:
            return _best_discards_with_sets(mask)[0]
        # one rank held in exactly three suits: the better of leaving it and setting it
        without = _least_after_discard(a, b, c, d)
        keep = 8191 ^ three
        with_set = _least_after_discard(a & keep, b & keep, c & keep, d & keep)
        return with_set if with_set < without else without
    g = DISCARD_GAIN
    t = RUN_DEADWOOD
    ga = g[a]
    gb = g[b]
    gc = g[c]
    gd = g[d]
    if gb < ga:
        ga = gb
    if gd < gc:
        gc = gd
    if gc < ga:
        ga = gc
    return t[a] + t[b] + t[c] + t[d] + ga


def _least_after_discard(a: int, b: int, c: int, d: int) -> int:
    """Least run-only deadwood after one discard, from the four suit fields."""
    g = DISCARD_GAIN
    t = RUN_DEADWOOD
    ga = g[a]
    gb = g[b]
    gc = g[c]
    gd = g[d]
    if gb < ga:
        ga = gb
    if gd < gc:
        gc = gd
    if gc < ga:
        ga = gc
    return t[a] + t[b] + t[c] + t[d] + ga


def best_discards_mask(mask: int) -> tuple[int, int]:
    """``(deadwood, discards)`` for a (non-empty) hand mask, typically 11 cards.

    ``deadwood`` is the least deadwood after discarding one card; ``discards`` is the mask
    of every card whose discard achieves it. Exact.
    """
    a = mask & 8191
    b = mask >> 13 & 8191
    c = mask >> 26 & 8191
    d = mask >> 39
    three = (a & b & (c | d)) | (c & d & (a | b))
    if three:
        if three & (three - 1) or a & b & c & d:
            return _best_discards_with_sets(mask)
        return _best_discards_one_set(a, b, c, d, 8191 ^ three)
    g = DISCARD_GAIN
    ga = g[a]
    gb = g[b]
    gc = g[c]
    gd = g[d]
    least = ga if ga < gb else gb
    if gc < least:
        least = gc
    if gd < least:
        least = gd
    discards = _P0[a] if ga == least else 0
    if gb == least:
        discards |= _P1[b]
    if gc == least:
        discards |= _P2[c]
    if gd == least:
        discards |= _P3[d]
    t = RUN_DEADWOOD
    return t[a] + t[b] + t[c] + t[d] + least, discards


def _best_discards_one_set(a: int, b: int, c: int, d: int, keep: int) -> tuple[int, int]:
    """Best discards when exactly one rank is held in exactly three suits: try the hand
    without that set, then with it (``keep`` masks the rank out of every suit)."""
    g = DISCARD_GAIN
    t = RUN_DEADWOOD
    ga = g[a]
    gb = g[b]
    gc = g[c]
    gd = g[d]
    least = ga if ga < gb else gb
    if gc < least:
        least = gc
    if gd < least:
        least = gd
    value = t[a] + t[b] + t[c] + t[d] + least
    discards = _P0[a] if ga == least else 0
    if gb == least:
        discards |= _P1[b]
    if gc == least:
        discards |= _P2[c]
    if gd == least:
        discards |= _P3[d]
    a &= keep
    b &= keep
    c &= keep
    d &= keep
    ga = g[a]
    gb = g[b]
    gc = g[c]
    gd = g[d]
    least = ga if ga < gb else gb
    if gc < least:
        least = gc
    if gd < least:
        least = gd
    other = t[a] + t[b] + t[c] + t[d] + least
    if other > value:
        return value, discards
    if other < value:
        value = other
        discards = 0
    if ga == least:
        discards |= _P0[a]
    if gb == least:
        discards |= _P1[b]
    if gc == least:
        discards |= _P2[c]
    if gd == least:
        discards |= _P3[d]
    return value, discards


def _best_discards_with_sets(mask: int) -> tuple[int, int]:
    """Best discards by trying every choice of sets (several set ranks, or four of one)."""
    g = DISCARD_GAIN
    t = RUN_DEADWOOD
    best = 1 << 30
    discards = 0
    for chosen in set_choices_mask(mask):
        rest = mask ^ chosen
        a = rest & 8191
        b = rest >> 13 & 8191
        c = rest >> 26 & 8191
        d = rest >> 39
        ga = g[a]
        gb = g[b]
        gc = g[c]
        gd = g[d]
        least = ga if ga < gb else gb
        if gc < least:
            least = gc
        if gd < least:
            least = gd
        value = t[a] + t[b] + t[c] + t[d] + least
        if value > best:
            continue
        if value < best:
            best = value
            discards = 0
        if ga == least:
            discards |= _P0[a]
        if gb == least:
            discards |= _P1[b]
        if gc == least:
            discards |= _P2[c]
        if gd == least:
            discards |= _P3[d]
    return best, discards


def arrangements_mask(mask: int) -> tuple[int, list[tuple[int, ...]]]:
    """``(least deadwood, arrangements)``: every least-deadwood arrangement of a hand mask.

    Each arrangement is a tuple of meld masks, sets first, then runs (a block of consecutive
    cards is one run: splitting a long run changes nothing a defender can lay off). One
    arrangement per choice of sets; the first is the one :func:`best_arrangement` returns.
    """
    t = RUN_DEADWOOD
    best = NO_CARD
    winners: list[int] = []
    for chosen in set_choices_mask(mask):
        rest = mask ^ chosen
        value = t[rest & 8191] + t[rest >> 13 & 8191] + t[rest >> 26 & 8191] + t[rest >> 39]
        if value < best:
            best = value
            winners = [chosen]
        elif value == best:
            winners.append(chosen)
    return best, [_melds_for_choice(mask, chosen) for chosen in winners]


def _melds_for_choice(mask: int, chosen: int) -> tuple[int, ...]:
    melds: list[int] = []
    if chosen:
        for column in RANK_COLUMNS[set_ranks_mask(chosen)]:
            melds.append(chosen & column)
    rest = mask ^ chosen
    for shift in _SUIT_SHIFTS:
        for block in RUN_SEGMENTS[rest >> shift & SUIT_FIELD]:
            melds.append(block << shift)
    return tuple(melds)


# --------------------------------------------------------------------------------------
# Melds as values
# --------------------------------------------------------------------------------------


def _is_meld_mask(mask: int) -> bool:
    count = mask.bit_count()
    if count < 3:
        return False
    for shift in _SUIT_SHIFTS:
        field = mask >> shift & SUIT_FIELD
        if field:
            if field << shift != mask:
                break  # cards of more than one suit: maybe a set
            low = field & -field
            return field == ((low << count) - low)  # consecutive ranks
    column = RANK_COLUMN << ((mask & -mask).bit_length() - 1) % SUIT_BITS
    return mask & ~column == 0 and count <= 4


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal meld: a set (3-4 cards of one rank) or a run (3+ consecutive cards of one
    suit, ace low, no wrap). Cards are kept in mask order.

    >>> Meld(cards("3S AS 2S")).kind, str(Meld(cards("KS KH KD")))
    ('run', 'KS KH KD')
    """

    cards: tuple[Card, ...]
    """The cards, in mask order (a run from low to high, a set in suit order S H D C)."""

    def __post_init__(self) -> None:
        ordered = sort_cards(self.cards)
        mask = mask_of(ordered)
        if mask.bit_count() != len(ordered) or not _is_meld_mask(mask):
            text = brief_list(self.cards, limit=MELD_NAMED)
            raise InvalidMelds(f"{text or 'nothing'} is not a meld.")
        object.__setattr__(self, "cards", ordered)

    @property
    def mask(self) -> int:
        """The meld's cards as a hand mask."""
        return mask_of(self.cards)

    @property
    def kind(self) -> str:
        """``"set"`` or ``"run"``."""
        return "set" if self.cards[0].rank == self.cards[1].rank else "run"

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"Meld(cards({str(self)!r}))"

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)


def _all_meld_masks() -> tuple[list[int], list[int]]:
    sets = []
    for rank_index in range(SUIT_BITS):
        column = RANK_COLUMN << rank_index
        sets.append(column)
        bits = [column & (SUIT_FIELD << shift) for shift in _SUIT_SHIFTS]
        sets.extend(column ^ bit for bit in bits)
    runs = []
    for shift in _SUIT_SHIFTS:
        for length in range(3, SUIT_BITS + 1):
            for start in range(SUIT_BITS - length + 1):
                runs.append(((1 << length) - 1) << (start + shift))
    return sets, runs


_SET_MASKS, _RUN_MASKS = _all_meld_masks()
MELD_BY_MASK: dict[int, Meld] = {mask: Meld(cards_of(mask)) for mask in (*_SET_MASKS, *_RUN_MASKS)}
"""Every legal meld of the deck, keyed by its mask."""
ALL_SETS: tuple[Meld, ...] = tuple(MELD_BY_MASK[mask] for mask in _SET_MASKS)
"""The 65 sets of the deck (13 ranks x (one set of four + four sets of three))."""
ALL_RUNS: tuple[Meld, ...] = tuple(MELD_BY_MASK[mask] for mask in _RUN_MASKS)
"""The 264 runs of the deck (66 per suit, lengths 3 to 13)."""
ALL_MELDS: tuple[Meld, ...] = ALL_SETS + ALL_RUNS
"""All 329 melds: :data:`ALL_SETS` then :data:`ALL_RUNS`."""
ALL_MELD_MASKS: tuple[int, ...] = tuple(meld_mask for meld_mask in MELD_BY_MASK)
"""The masks of :data:`ALL_MELDS`, same order."""


def is_meld_mask(mask: int) -> bool:
    """Whether a mask is exactly one legal meld."""
    return mask in MELD_BY_MASK


def meld_masks_in(mask: int) -> list[int]:
    """The masks of every legal meld made only of cards in ``mask``."""
    return [meld for meld in ALL_MELD_MASKS if meld & mask == meld]


def melds_in(hand: Iterable[Card]) -> list[Meld]:
    """Every legal meld (sets of 3 and 4, runs of any length) within some cards."""
    mask = mask_of(hand)
    return [MELD_BY_MASK[meld] for meld in meld_masks_in(mask)]


def meld_from_mask(mask: int) -> Meld:
    """The :class:`Meld` of a meld mask; :class:`InvalidMelds` if it is not one."""
    meld = MELD_BY_MASK.get(mask)
    if meld is None:
        text = brief_list(cards_of(mask), limit=MELD_NAMED)
        raise InvalidMelds(f"{text or 'nothing'} is not a meld.")
    return meld


# --------------------------------------------------------------------------------------
# Arrangements of cards
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds chosen from a hand, and what is left over."""

    melds: tuple[Meld, ...]
    """The melds, sets first, then runs."""
    deadwood: tuple[Card, ...]
    """The unmelded cards, in mask order."""
    deadwood_points: int
    """Their total value."""


def _unique_mask(hand: Iterable[Card]) -> tuple[tuple[Card, ...], int]:
    items = tuple(hand)
    mask = mask_of(items)
    if mask.bit_count() != len(items):
        raise ValidationError(
            f"The cards {brief_list(items, limit=MELD_NAMED)} hold a card twice.",
            {"cards": ["A card appears twice."]},
        )
    return items, mask


def arrangement_from_masks(mask: int, meld_masks: Sequence[int]) -> Arrangement:
    """The :class:`Arrangement` of a hand mask with the given (valid, disjoint) melds."""
    used = 0
    for meld in meld_masks:
        used |= meld
    rest = mask & ~used
    return Arrangement(
        tuple(MELD_BY_MASK[meld] for meld in meld_masks), cards_of(rest), value_of(rest)
    )


def best_arrangements(hand: Iterable[Card]) -> list[Arrangement]:
    """Every least-deadwood arrangement of the cards (one per choice of sets)."""
    _, mask = _unique_mask(hand)
    _, found = arrangements_mask(mask)
    return [arrangement_from_masks(mask, melds) for melds in found]


def best_arrangement(hand: Iterable[Card]) -> Arrangement:
    """Melds that minimise deadwood (exact) -- the first of :func:`best_arrangements`.

    >>> best_arrangement(cards("AS 2S 3S 7C 7D 7H KD")).deadwood_points
    10
    """
    return best_arrangements(hand)[0]


def deadwood_value(hand: Iterable[Card]) -> int:
    """Least deadwood of the cards (exact).

    >>> deadwood_value(cards("AS 2S 3S 4D 9C"))
    13
    """
    _, mask = _unique_mask(hand)
    return deadwood_mask(mask)


def best_discards(hand: Iterable[Card]) -> tuple[int, list[Card]]:
    """``(deadwood, discards)``: the least deadwood after discarding one card, and every
    card whose discard achieves it (mask order). Exact.

    >>> best_discards(cards("3S 4S 5S 6S 4C 5C 6C 3D 4D 5D 6H"))
    (0, [Card.parse('6H')])
    """
    items, mask = _unique_mask(hand)
    if not items:
        raise ValidationError("There is no card to discard.", {"cards": ["No cards."]})
    deadwood, discards = best_discards_mask(mask)
    return deadwood, list(cards_of(discards))


# --------------------------------------------------------------------------------------
# Lay-offs
# --------------------------------------------------------------------------------------


def layoff_targets_mask(knocker_melds: Iterable[int]) -> tuple[int, int]:
    """``(run_cards, set_fourths)`` of the knocker's meld masks.

    ``run_cards`` holds every card of the knocker's runs; ``set_fourths`` the missing card
    of each knocker set of three. Sets of four take nothing.
    """
    runs = 0
    fourths = 0
    for meld in knocker_melds:
        low = meld & -meld
        column = RANK_COLUMN << (low.bit_length() - 1) % SUIT_BITS
        if meld & ~column == 0:
            if meld.bit_count() == 3:
                fourths |= column & ~meld
        else:
            runs |= meld
    return runs, fourths


def _subsets(mask: int) -> list[int]:
    out = [0]
    while mask:
        low = mask & -mask
        out += [sub | low for sub in out]
        mask ^= low
    return out


def layoff_deadwood_mask(defender: int, run_cards: int, set_fourths: int) -> int:
    """The defender's least deadwood after melding and laying off (exact).

    ``run_cards`` / ``set_fourths`` come from :func:`layoff_targets_mask`.
    """
    return _layoff_search(defender, run_cards, set_fourths)[0]


def _layoff_search(defender: int, runs: int, fourths: int) -> tuple[int, int, int]:
    """``(deadwood, fourths laid off, cards in own sets)`` of a best defence."""
    t = RUN_DEADWOOD
    best = NO_CARD
    best_fourths = 0
    best_sets = 0
    for laid in _subsets(defender & fourths):
        own = defender ^ laid
        for chosen in set_choices_mask(own):
            rest = (own ^ chosen) | runs
            value = t[rest & 8191] + t[rest >> 13 & 8191] + t[rest >> 26 & 8191] + t[rest >> 39]
            if value < best:
                best = value
                best_fourths = laid
                best_sets = chosen
    return best, best_fourths, best_sets


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's best answer to a knock: own melds, lay-offs and deadwood."""

    melds: tuple[Meld, ...]
    """The defender's own melds."""
    layoffs: tuple[tuple[Card, int], ...]
    """``(card, index into the knocker's melds)`` for each card laid off, in the order
    they can be played (a chain outward from the meld)."""
    deadwood: tuple[Card, ...]
    """Cards neither melded nor laid off."""
    deadwood_points: int
    """Their total value."""


def best_defence(knocker_melds: Sequence[Meld], defender: Iterable[Card]) -> Defence:
    """The defender's least-deadwood answer to a knock with ``knocker_melds``.

    Own melds and lay-offs are chosen together (a card is melded, laid off, or deadwood):
    runs take cards at both ends and chain, a set of three takes its fourth card.

    >>> knocker = [Meld(cards("AS 2S 3S"))]
    >>> best_defence(knocker, cards("4S 5S 6S KD")).deadwood_points
    10
    """
    _, mask = _unique_mask(defender)
    return defence_from_masks([meld.mask for meld in knocker_melds], mask)


def defence_from_masks(knocker_melds: Sequence[int], defender: int) -> Defence:
    """:func:`best_defence` on masks (the knocker's meld masks and the defender's hand)."""
    runs, fourths = layoff_targets_mask(knocker_melds)
    deadwood, laid_fourths, sets = _layoff_search(defender, runs, fourths)
    melds: list[int] = []
    layoffs: list[tuple[int, int]] = []
    for column in RANK_COLUMNS[set_ranks_mask(sets)]:
        melds.append(sets & column)
    owner = {}
    for index, meld in enumerate(knocker_melds):
        rest = meld
        while rest:
            low = rest & -rest
            owner[low] = index
            rest ^= low
    rest_fourths = laid_fourths
    while rest_fourths:
        low = rest_fourths & -rest_fourths
        column = RANK_COLUMN << (low.bit_length() - 1) % SUIT_BITS
        index = next(
            i
            for i, meld in enumerate(knocker_melds)
            if meld & column == meld and meld.bit_count() == 3
        )
        layoffs.append((low, index))
        rest_fourths ^= low
    own = defender & ~laid_fourths & ~sets
    left = own
    for shift in _SUIT_SHIFTS:
        own_field = own >> shift & SUIT_FIELD
        run_field = runs >> shift & SUIT_FIELD
        for block in RUN_SEGMENTS[own_field | run_field]:
            if not block & run_field:
                melds.append(block << shift)
                left &= ~(block << shift)
                continue
            # a block holding knocker run cards: split the defender's cards in it into
            # stretches between knocker cards; three or more make an own run, shorter
            # stretches are laid off outward from the neighbouring knocker card.
            mine = block & ~run_field
            while mine:
                low = mine & -mine
                stretch = mine & ~(mine + low)
                mine ^= stretch
                left &= ~(stretch << shift)
                if stretch.bit_count() >= 3:
                    melds.append(stretch << shift)
                    continue
                below = low >> 1
                if below & run_field:
                    index = owner[below << shift]
                    bits = _bits_ascending(stretch)
                else:
                    above = (stretch + low) & run_field
                    index = owner[above << shift]
                    bits = list(reversed(_bits_ascending(stretch)))
                layoffs.extend((bit << shift, index) for bit in bits)
    return Defence(
        tuple(MELD_BY_MASK[meld] for meld in melds),
        tuple((DECK[bit.bit_length() - 1], index) for bit, index in layoffs),
        cards_of(left),
        deadwood,
    )


def _bits_ascending(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
