"""Gin Rummy's deck and card values."""

import random

from games.rules.gin import DECK, cards, mask_of, new_deck, value_of
from games.rules.gin.deck import CARD_VALUES


def test_card_values_are_the_pip_values():
    assert sum(CARD_VALUES) == 4 * (sum(range(1, 10)) + 40)
    assert [CARD_VALUES[card.index] for card in DECK] == [card.value for card in DECK]
    assert value_of(mask_of(cards("AS TD JH QC KS"))) == 41


def test_new_deck_is_a_shuffle_driven_only_by_the_given_random_source():
    first = new_deck(random.Random(42))
    assert sorted(first) == sorted(DECK) and first != list(DECK)
    assert new_deck(random.Random(42)) == first
    assert new_deck(random.Random(43)) != first
