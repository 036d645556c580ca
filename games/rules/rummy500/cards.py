"""Rummy 500's deck and card values: one French deck (docs/api.md#cards) and, with the
rule, two printed jokers ``XX`` (:mod:`games.rules.common.cards`).

A hand never holds a card twice (one deck); hands are sorted tuples in ``index`` order
(suits S H D C, ranks A..K, jokers last).

>>> hand_value(cards("AS KH 7D XX", jokers=True))     # ace 15, joker 15
47
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
    card_texts,
    cards,
    parse_card,
    sort_cards,
)
from games.rules.common.errors import InvalidCard, ValidationError

__all__ = [
    "JOKER",
    "JOKER_INDEX",
    "NATURALS",
    "AnyCard",
    "Card",
    "Joker",
    "card_texts",
    "card_value",
    "cards",
    "check_deck",
    "full_deck",
    "hand_value",
    "new_deck",
    "parse_card",
    "sort_hand",
]

_HAND_VALUES: tuple[int, ...] = (
    *(15 if card.rank == 1 else min(card.rank, 10) for card in NATURALS),
    15,
)
"""A card's value in a hand, by index: 2-10 face, J Q K 10, ace 15, joker 15."""


def card_value(card: AnyCard) -> int:
    """A card's value left in a hand: 2-10 face, J Q K 10, ace 15, joker 15."""
    return _HAND_VALUES[card.index]


def hand_value(hand: Iterable[AnyCard]) -> int:
    """The value of the cards left in a hand (:func:`card_value` summed)."""
    return sum(_HAND_VALUES[card.index] for card in hand)


def sort_hand(hand: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    """Cards in index order (suits S H D C, ranks A..K, jokers last)."""
    return sort_cards(hand)


def full_deck(jokers: int) -> tuple[AnyCard, ...]:
    """The 52 natural cards then ``jokers`` jokers (unshuffled)."""
    return (*NATURALS, *([JOKER] * jokers))


def new_deck(rng: random.Random, jokers: int = 0) -> list[AnyCard]:
    """A shuffled deck (52 cards and ``jokers`` jokers); the only randomness is ``rng``.

    >>> len(new_deck(random.Random(1), jokers=2))
    54
    """
    deck = list(full_deck(jokers))
    rng.shuffle(deck)
    return deck


def check_deck(deck: Iterable[AnyCard | str], jokers: int) -> tuple[AnyCard, ...]:
    """The deck in dealing order (strings are parsed); a
    :class:`~games.rules.common.errors.ValidationError` unless it holds every natural card
    once and exactly ``jokers`` jokers."""
    try:
        out = cards(list(deck), jokers=True)
    except InvalidCard as error:
        raise ValidationError(error.detail, {"deck": [error.detail]}) from error
    counts = [0] * 53
    for card in out:
        counts[card.index] += 1
    if counts[JOKER_INDEX] != jokers or any(count != 1 for count in counts[:52]):
        message = f"Must hold every card once and {jokers} jokers ({52 + jokers} cards)."
        raise ValidationError(f"Invalid deck: {message}", {"deck": [message]})
    return out
