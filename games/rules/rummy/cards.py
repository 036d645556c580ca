"""Rummy cards: the 52 cards of DESIGN §2 (shared with Gin Rummy) plus the joker ``XX``.

A rummy deck is two French decks and up to six jokers, so a hand may hold the same card
twice: hands are sorted tuples with repeats, never sets. Every card has an ``index``:
the Gin core's bit index (``suit * 13 + rank - 1``) for a natural card, 52 for the joker;
hands are kept sorted by it (suits S H D C, ranks A..K, jokers last).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from games.rules.common.cards import DECK as NATURALS
from games.rules.common.cards import Card
from games.rules.common.errors import InvalidCard, ValidationError, brief_repr

__all__ = [
    "JOKER",
    "JOKER_INDEX",
    "NATURALS",
    "Card",
    "Joker",
    "RummyCard",
    "card_texts",
    "card_value",
    "check_deck",
    "full_deck",
    "hand_value",
    "new_deck",
    "parse_card",
    "rummy_cards",
    "sort_hand",
]

JOKER_INDEX = 52
"""The joker's ``index`` (one past the natural cards)."""


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

RummyCard = Card | Joker
"""A natural card or the joker."""

_BY_TEXT: dict[str, RummyCard] = {str(card): card for card in NATURALS}
_BY_TEXT["XX"] = JOKER

# end-of-round hand values by index: 2-10 face, J Q K 10, ace 11, joker 20
_HAND_VALUES: tuple[int, ...] = (
    *(11 if card.rank == 1 else min(card.rank, 10) for card in NATURALS),
    20,
)
_BY_INDEX: tuple[RummyCard, ...] = (*NATURALS, JOKER)
CARD_TEXT: dict[RummyCard, str] = {card: str(card) for card in _BY_INDEX}
"""Each card's text (a dictionary lookup is faster than ``str`` on the hot paths)."""


def card_texts(cards: Iterable[RummyCard]) -> list[str]:
    """The cards' texts, in order (``["7H", "XX"]``)."""
    return list(map(CARD_TEXT.__getitem__, cards))


def parse_card(text: object) -> RummyCard:
    """The card named by ``text``: rank then suit in any case (``"7h"``), or ``"XX"``.

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for anything else.

    >>> parse_card("th"), parse_card("XX")
    (Card.parse('TH'), JOKER)
    """
    if isinstance(text, str):
        card = _BY_TEXT.get(text.upper())
        if card is not None:
            return card
    raise InvalidCard(
        f"{brief_repr(text)} is not a card: expected rank (A 2-9 T J Q K) then suit "
        "(S H D C), or XX for a joker."
    )


def rummy_cards(text: str | Iterable[str | RummyCard]) -> tuple[RummyCard, ...]:
    """Cards from text (``"AS 2s XX"``, spaces or commas) or an iterable of strings/cards,
    in the order given (repeats kept).

    >>> rummy_cards("7h 7H xx")
    (Card.parse('7H'), Card.parse('7H'), JOKER)
    """
    items: Iterable[str | RummyCard] = (
        text.replace(",", " ").split() if isinstance(text, str) else text
    )
    return tuple(item if isinstance(item, Card | Joker) else parse_card(item) for item in items)


def card_value(card: RummyCard) -> int:
    """A card's value in a hand at the end of a round: 2-10 face, J Q K 10, ace 11,
    joker 20."""
    return _HAND_VALUES[card.index]


def hand_value(hand: Iterable[RummyCard]) -> int:
    """The value of the cards left in a hand (:func:`card_value` summed).

    >>> hand_value(rummy_cards("AS KH 7D XX"))
    48
    """
    return sum(_HAND_VALUES[card.index] for card in hand)


def _index(card: RummyCard) -> int:
    return card.index


def sort_hand(hand: Iterable[RummyCard]) -> tuple[RummyCard, ...]:
    """Cards in index order (suits S H D C, ranks A..K, jokers last), repeats kept."""
    return tuple(sorted(hand, key=_index))


def card_at(index: int) -> RummyCard:
    """The card with this ``index`` (0-51 natural, 52 the joker)."""
    return _BY_INDEX[index]


def full_deck(jokers: int) -> tuple[RummyCard, ...]:
    """Two copies of every natural card then ``jokers`` jokers (unshuffled)."""
    return (*NATURALS, *NATURALS, *([JOKER] * jokers))


def new_deck(rng: random.Random, jokers: int = 6) -> list[RummyCard]:
    """A shuffled rummy deck (104 cards and ``jokers`` jokers); the only randomness is
    ``rng``.

    >>> len(new_deck(random.Random(1), jokers=6))
    110
    """
    deck = list(full_deck(jokers))
    rng.shuffle(deck)
    return deck


def check_deck(deck: Iterable[RummyCard | str], jokers: int) -> tuple[RummyCard, ...]:
    """The deck in dealing order (strings are parsed); a
    :class:`~games.rules.common.errors.ValidationError` unless it holds every natural card
    exactly twice and exactly ``jokers`` jokers."""
    try:
        out = rummy_cards(list(deck))
    except InvalidCard as error:
        raise ValidationError(error.detail, {"deck": [error.detail]}) from error
    counts = [0] * 53
    for card in out:
        counts[card.index] += 1
    if counts[JOKER_INDEX] != jokers or any(count != 2 for count in counts[:52]):
        message = f"Must hold every card twice and {jokers} jokers ({104 + jokers} cards)."
        raise ValidationError(f"Invalid deck: {message}", {"deck": [message]})
    return out
