"""Cards, their text form, the joker and the 52-bit mask layout, for every game.

A card is two characters, rank then suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits
``S H D C``; the joker is ``XX``. Output is always upper case; input is case-insensitive
and ASCII only; anything else raises :class:`~games.rules.common.errors.InvalidCard`.
Whether a game plays with jokers is the game's own rule: :meth:`Card.parse` reads the 52
natural cards, :func:`parse_card` the joker too.

Mask layout (used by every ``*_mask`` function of the games): a hand is an ``int`` whose
bit ``suit * 13 + (rank - 1)`` is set for each card held, with suits numbered
``S=0, H=1, D=2, C=3`` and ranks ``A=1 .. K=13``. Each suit is therefore a contiguous
13-bit field (``(mask >> 13 * suit) & 0x1FFF``, ace in the lowest bit) and a rank is the
column ``0x8004002001 << (rank - 1)``. A card's ``index`` is its bit number; the joker's
is 52, so sorting by index puts the suits in order, then the jokers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import total_ordering
from operator import attrgetter
from typing import Literal, TypeVar, overload

from games.rules.common.errors import InvalidCard, ValidationError, brief_repr

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
JOKER_INDEX = 52
"""The joker's ``index`` (one past the natural cards)."""


class Suit(IntEnum):
    """The four suits, numbered as in the mask layout."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3


@total_ordering
@dataclass(frozen=True, slots=True, eq=True)
class Card:
    """A natural playing card; a small immutable value ordered by suit then rank.

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
        """The natural card named by two characters, rank then suit, in any case."""
        card = _lookup(text, _BY_TEXT)
        if card is None:
            raise InvalidCard(f"{brief_repr(text)} is not a card: {_EXPECTED}.")
        return card

    @property
    def value(self) -> int:
        """Pip value: ace 1, 2-10 face value, J Q K 10 (Gin Rummy's deadwood value; a
        game may count its cards otherwise)."""
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


@dataclass(frozen=True, slots=True)
class Joker:
    """The joker, written ``XX``. Every joker is equal to every other.

    >>> parse_card("xx"), str(JOKER), JOKER.index
    (JOKER, 'XX', 52)
    """

    @property
    def index(self) -> int:
        """52: after every natural card."""
        return JOKER_INDEX

    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
"""The joker."""

AnyCard = Card | Joker
"""A natural card or the joker (in a game played with jokers)."""

DECK: tuple[Card, ...] = tuple(Card(rank, Suit(suit)) for suit in range(4) for rank in range(1, 14))
"""The 52 cards in mask order (``DECK[i].index == i``): spades A-K, hearts, diamonds, clubs."""

_EXPECTED = "expected rank (A 2-9 T J Q K) then suit (S H D C)"
_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
_WITH_JOKER: dict[str, AnyCard] = {**_BY_TEXT, "XX": JOKER}
_BY_INDEX: tuple[AnyCard, ...] = (*DECK, JOKER)
CARD_TEXT: dict[AnyCard, str] = {card: str(card) for card in _BY_INDEX}
"""Each card's text (a dictionary lookup is faster than ``str`` on the hot paths)."""

_C = TypeVar("_C", Card, AnyCard)


def _lookup(text: object, table: dict[str, _C]) -> _C | None:
    # ASCII only: str.upper() maps some other letters onto ranks and suits (U+017F, the
    # long s, becomes "S"), and those are not cards.
    if isinstance(text, str) and text.isascii():
        return table.get(text.upper())
    return None


def parse_card(text: object) -> AnyCard:
    """The card named by ``text``: rank then suit in any case (``"7h"``), or ``"XX"``.

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for anything
    else.

    >>> parse_card("th"), parse_card("XX")
    (Card.parse('TH'), JOKER)
    """
    card = _lookup(text, _WITH_JOKER)
    if card is None:
        raise InvalidCard(f"{brief_repr(text)} is not a card: {_EXPECTED}, or XX for a joker.")
    return card


@overload
def cards(text: str | Iterable[str | Card], *, jokers: Literal[False] = ...) -> tuple[Card, ...]:
    ...


@overload
def cards(text: str | Iterable[str | AnyCard], *, jokers: Literal[True]) -> tuple[AnyCard, ...]:
    ...


def cards(
    text: str | Iterable[str | AnyCard], *, jokers: bool = False
) -> tuple[Card, ...] | tuple[AnyCard, ...]:
    """Cards from text (``cards("AS 2s 3S")``, spaces or commas) or an iterable of strings
    or cards, in the order given (repeats kept); with ``jokers``, ``XX`` is a joker.

    >>> cards("AS 2s 3S")
    (Card.parse('AS'), Card.parse('2S'), Card.parse('3S'))
    >>> cards("7h 7H xx", jokers=True)
    (Card.parse('7H'), Card.parse('7H'), JOKER)
    """
    items: Iterable[str | AnyCard] = (
        text.replace(",", " ").split() if isinstance(text, str) else text
    )
    if jokers:
        return tuple(item if isinstance(item, Card | Joker) else parse_card(item) for item in items)
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)


def card_at(index: int) -> AnyCard:
    """The card with this ``index`` (0-51 natural, 52 the joker)."""
    return _BY_INDEX[index]


def card_texts(hand: Iterable[AnyCard]) -> list[str]:
    """The cards' texts, in order (``["7H", "XX"]``): how every game writes cards in JSON."""
    return list(map(CARD_TEXT.__getitem__, hand))


def opt_card_text(card: AnyCard | None) -> str | None:
    """A card's text, or ``None``."""
    return None if card is None else CARD_TEXT[card]


def sort_cards(hand: Iterable[_C]) -> tuple[_C, ...]:
    """Cards in index order (suits S H D C, ranks A..K, jokers last), repeats kept."""
    return tuple(sorted(hand, key=_INDEX))


_INDEX = attrgetter("index")


def check_deck_copies(
    deck: Iterable[AnyCard | str],
    read: Callable[[list[AnyCard | str]], tuple[AnyCard, ...]],
    *,
    naturals: int,
    jokers: int,
    message: str,
) -> tuple[AnyCard, ...]:
    """A deck of several copies in dealing order, its strings read by ``read``; a
    :class:`~games.rules.common.errors.ValidationError` naming ``deck`` when a card does
    not read, and one saying ``message`` unless it holds every natural card exactly
    ``naturals`` times and exactly ``jokers`` jokers.

    >>> len(check_deck_copies([*DECK, JOKER], tuple, naturals=1, jokers=1, message="?"))
    53
    """
    try:
        out = read(list(deck))
    except InvalidCard as error:
        raise ValidationError(error.detail, {"deck": [error.detail]}) from error
    counts = [0] * (JOKER_INDEX + 1)
    for card in out:
        counts[card.index] += 1
    if counts[JOKER_INDEX] != jokers or any(count != naturals for count in counts[:JOKER_INDEX]):
        raise ValidationError(f"Invalid deck: {message}", {"deck": [message]})
    return out


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
