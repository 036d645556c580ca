"""Rummy's deck and card values: the 52 cards of docs/api.md#cards and the joker ``XX``
(:mod:`games.rules.common.cards`), two decks and up to six jokers.

A rummy deck is two French decks and the jokers, so a hand may hold the same card twice:
hands are sorted tuples with repeats, never sets, kept in ``index`` order (suits S H D C,
ranks A..K, jokers last).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.rules.common.cards import DECK as NATURALS
from games.rules.common.cards import (
    JOKER,
    JOKER_INDEX,
    AnyCard,
    Card,
    Joker,
    card_at,
    card_texts,
    cards,
    check_deck_copies,
    parse_card,
    sort_cards,
)

__all__ = [
    "JOKER",
    "JOKER_INDEX",
    "NATURALS",
    "Card",
    "Joker",
    "RummyCard",
    "card_at",
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

RummyCard = AnyCard
"""A natural card or the joker."""

# end-of-round hand values by index: 2-10 face, J Q K 10, ace 11, joker 20
_HAND_VALUES: tuple[int, ...] = (
    *(11 if card.rank == 1 else min(card.rank, 10) for card in NATURALS),
    20,
)


def rummy_cards(text: str | Iterable[str | RummyCard]) -> tuple[RummyCard, ...]:
    """Cards from text (``"AS 2s XX"``, spaces or commas) or an iterable of strings/cards,
    in the order given (repeats kept).

    >>> rummy_cards("7h 7H xx")
    (Card.parse('7H'), Card.parse('7H'), JOKER)
    """
    return cards(text, jokers=True)


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


def sort_hand(hand: Iterable[RummyCard]) -> tuple[RummyCard, ...]:
    """Cards in index order (suits S H D C, ranks A..K, jokers last), repeats kept."""
    return sort_cards(hand)


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
    return check_deck_copies(
        deck,
        rummy_cards,
        naturals=2,
        jokers=jokers,
        message=f"Must hold every card twice and {jokers} jokers ({104 + jokers} cards).",
    )
