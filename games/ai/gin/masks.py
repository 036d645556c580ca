"""Small helpers on hand masks shared by the players (layout of :mod:`games.rules.common.cards`;
the hand mask of some cards is :func:`games.rules.mask_of`)."""

from __future__ import annotations

from games.rules.common.cards import RANK_COLUMN, SUIT_FIELD
from games.rules.gin import DECK, Card
from games.rules.gin.deck import CARD_VALUES

__all__ = [
    "BIT_VALUE",
    "MELD_PARTNERS",
    "bits",
    "card_of",
    "makes_meld",
    "meld_makers",
]

BIT_VALUE: dict[int, int] = {1 << index: CARD_VALUES[index] for index in range(52)}
"""The deadwood value of each one-bit mask."""


def bits(mask: int) -> list[int]:
    """The one-bit masks of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def card_of(bit: int) -> Card:
    """The card of a one-bit mask."""
    return DECK[bit.bit_length() - 1]


def _partners(index: int) -> tuple[tuple[int, int], ...]:
    """The pairs of other cards that make a meld with card ``index`` (sets of three, and
    the three runs of three that contain it)."""
    rank = index % 13
    base = index - rank
    column = (RANK_COLUMN << rank) & ~(1 << index)
    others = bits(column)
    out = [(others[0], others[1]), (others[0], others[2]), (others[1], others[2])]
    for low in (rank - 2, rank - 1, rank):
        if low >= 0 and low + 2 <= 12:
            run = [base + low + step for step in range(3) if base + low + step != index]
            out.append((1 << run[0], 1 << run[1]))
    return tuple(out)


MELD_PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_partners(i) for i in range(52))
"""For each card index: every pair of other cards that completes a three-card meld with it."""


def meld_makers(hand: int) -> int:
    """Every card that would form a meld with cards of ``hand`` (see :func:`makes_meld`)."""
    a = hand & SUIT_FIELD
    b = hand >> 13 & SUIT_FIELD
    c = hand >> 26 & SUIT_FIELD
    d = hand >> 39 & SUIT_FIELD
    pairs = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    out = pairs | pairs << 13 | pairs << 26 | pairs << 39
    for shift, field in ((0, a), (13, b), (26, c), (39, d)):
        if field:
            up = field << 1
            down = field >> 1
            runs = (up & field << 2) | (up & down) | (down & field >> 2)
            out |= (runs & SUIT_FIELD) << shift
    return out


def makes_meld(hand: int, bit: int) -> bool:
    """Whether the card ``bit`` forms a meld with cards of ``hand`` (a set or a run)."""
    index = bit.bit_length() - 1
    rank = index % 13
    if (hand & (RANK_COLUMN << rank) & ~bit).bit_count() >= 2:
        return True
    field = hand >> (index - rank) & SUIT_FIELD
    below = rank >= 1 and field >> (rank - 1) & 1
    above = field >> (rank + 1) & 1
    if below and above:
        return True
    if below and rank >= 2 and field >> (rank - 2) & 1:
        return True
    return bool(above and field >> (rank + 2) & 1)
