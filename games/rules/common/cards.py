"""Cards, their text form, values, the deck and the 52-bit mask layout.

A card is two characters, rank then suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits
``S H D C``. Output is always upper case; input is case-insensitive; anything else raises
:class:`~games.rules.common.errors.InvalidCard`.

Mask layout (used by every ``*_mask`` function of the package): a hand is an ``int``
whose bit ``suit * 13 + (rank - 1)`` is set for each card held, with suits numbered
``S=0, H=1, D=2, C=3`` and ranks ``A=1 .. K=13``. Each suit is therefore a contiguous
13-bit field (``(mask >> 13 * suit) & 0x1FFF``, ace in the lowest bit) and a rank is the
column ``0x8004002001 << (rank - 1)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import total_ordering

from games.rules.common.errors import InvalidCard, brief_repr

RANK_CHARS = "A23456789TJQK"
"""Rank characters, index ``rank - 1``."""
SUIT_CHARS = "SHDC"
"""Suit characters, index ``suit``."""
SUIT_BITS = 13
"""Width of one suit's field in a hand mask."""
SUIT_FIELD = (1 << SUIT_BITS) - 1
"""``0x1FFF``: the mask of one suit's field."""
FULL_MASK = (1 << 52) - 1
"""Every card."""
RANK_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The four aces; shift left by ``rank - 1`` for any rank."""


class Suit(IntEnum):
    """The four suits, numbered as in the mask layout."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3


@total_ordering
@dataclass(frozen=True, slots=True, eq=True)
class Card:
    """A playing card; a small immutable value ordered by suit then rank.

    >>> Card.parse("th")
    Card.parse('TH')
    >>> str(Card.parse("TH")), Card.parse("TH").value
    ('TH', 10)
    """

    rank: int
    """1 (ace) to 13 (king)."""
    suit: Suit
    """The suit (``Suit.SPADES`` .. ``Suit.CLUBS``)."""

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13):
            raise InvalidCard(f"Card rank must be 1 to 13, not {self.rank!r}.")
        if not (isinstance(self.suit, int) and 0 <= self.suit <= 3):
            raise InvalidCard(f"Card suit must be 0 to 3, not {self.suit!r}.")
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit(self.suit))

    @classmethod
    def parse(cls, text: object) -> Card:
        """The card named by two characters, rank then suit, in any case."""
        # ASCII only: str.upper() maps some other letters onto ranks and suits (U+017F, the
        # long s, becomes "S"), and those are not cards.
        if isinstance(text, str) and text.isascii():
            card = _BY_TEXT.get(text.upper())
            if card is not None:
                return card
        raise InvalidCard(
            f"{brief_repr(text)} is not a card: expected rank (A 2-9 T J Q K) then suit (S H D C)."
        )

    @property
    def value(self) -> int:
        """Deadwood value: ace 1, 2-10 face value, J Q K 10."""
        return self.rank if self.rank < 10 else 10

    @property
    def index(self) -> int:
        """Bit index in a hand mask: ``suit * 13 + rank - 1``."""
        return self.suit * SUIT_BITS + self.rank - 1

    @property
    def mask(self) -> int:
        """``1 << index``."""
        return 1 << (self.suit * SUIT_BITS + self.rank - 1)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank == other.rank and self.suit == other.suit

    def __hash__(self) -> int:
        return self.suit * SUIT_BITS + self.rank

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.suit, self.rank) < (other.suit, other.rank)


DECK: tuple[Card, ...] = tuple(Card(rank, Suit(suit)) for suit in range(4) for rank in range(1, 14))
"""The 52 cards in mask order (``DECK[i].index == i``): spades A-K, hearts, diamonds, clubs."""

_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}

CARD_VALUES: tuple[int, ...] = tuple(card.value for card in DECK)
"""Deadwood value of each bit index."""


def cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from text (``cards("AS 2s 3S")``, spaces or commas) or an iterable of strings.

    >>> cards("AS 2s 3S")
    (Card.parse('AS'), Card.parse('2S'), Card.parse('3S'))
    """
    items: Iterable[str | Card] = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)


def new_deck(rng: random.Random) -> list[Card]:
    """A shuffled copy of :data:`DECK`; the only randomness is ``rng``."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def mask_of(hand: Iterable[Card]) -> int:
    """The hand mask of some cards (see the module docstring for the layout)."""
    mask = 0
    for card in hand:
        mask |= 1 << (card.suit * SUIT_BITS + card.rank - 1)
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a hand mask, in mask order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def value_of(mask: int) -> int:
    """Total deadwood value of the cards in a mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_VALUES[low.bit_length() - 1]
        mask ^= low
    return total


def sort_cards(hand: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in mask order (suit S H D C, then rank A..K)."""
    return tuple(sorted(hand, key=_index_key))


def _index_key(card: Card) -> int:
    return card.suit * SUIT_BITS + card.rank
