"""Gin Rummy's deck and card values (the cards themselves are :mod:`games.rules.common.cards`).

A card's deadwood value is its pip value (:attr:`~games.rules.common.cards.Card.value`):
ace 1, 2-10 face value, J Q K 10.
"""

from __future__ import annotations

import random

from games.rules.common.cards import DECK, Card

CARD_VALUES: tuple[int, ...] = tuple(card.value for card in DECK)
"""Deadwood value of each bit index."""


def new_deck(rng: random.Random) -> list[Card]:
    """A shuffled copy of :data:`~games.rules.common.cards.DECK`; the only randomness is
    ``rng``."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def value_of(mask: int) -> int:
    """Total deadwood value of the cards in a mask."""
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_VALUES[low.bit_length() - 1]
        mask ^= low
    return total
