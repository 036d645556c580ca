import random

import pytest

from games.rules.common.cards import CARD_VALUES, RANK_CHARS, SUIT_CHARS
from games.rules.gin import DECK, Card, InvalidCard, Suit, cards, cards_of, mask_of, new_deck


def test_every_card_round_trips_through_text_in_any_case():
    for card in DECK:
        text = str(card)
        assert len(text) == 2 and text == text.upper()
        assert Card.parse(text) is card
        assert Card.parse(text.lower()) is card
        assert Card.parse(text[0].lower() + text[1]) is card


def test_parse_reads_rank_then_suit():
    card = Card.parse("th")
    assert (card.rank, card.suit, card.value, str(card)) == (10, Suit.HEARTS, 10, "TH")
    assert Card.parse("AS").value == 1
    assert Card.parse("9d").value == 9
    assert [Card.parse(r + "C").value for r in "JQK"] == [10, 10, 10]


@pytest.mark.parametrize(
    "text", ["", "A", "1S", "10H", "AX", "SA", "AS ", " AS", "ASS", "ÅS", None, 7, b"AS"]
)
def test_anything_else_is_an_invalid_card(text):
    with pytest.raises(InvalidCard) as caught:
        Card.parse(text)
    assert caught.value.code == "invalid_card"
    assert repr(text) in caught.value.detail


def test_the_deck_holds_52_distinct_cards_in_mask_order():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))
    assert [str(card) for card in DECK[:13]] == [r + "S" for r in RANK_CHARS]
    assert [str(DECK[13 * i]) for i in range(4)] == ["A" + s for s in SUIT_CHARS]
    assert sum(CARD_VALUES) == 4 * (sum(range(1, 10)) + 40)


def test_cards_reads_text_and_masks_round_trip():
    hand = cards("AS 2s,3S  kc")
    assert [str(card) for card in hand] == ["AS", "2S", "3S", "KC"]
    assert cards(["AS", Card.parse("KC")]) == (Card.parse("AS"), Card.parse("KC"))
    mask = mask_of(hand)
    assert mask == 0b111 | 1 << (3 * 13 + 12)
    assert cards_of(mask) == tuple(sorted(hand))


def test_new_deck_is_a_shuffle_driven_only_by_the_given_random_source():
    first = new_deck(random.Random(42))
    assert sorted(first) == sorted(DECK) and first != list(DECK)
    assert new_deck(random.Random(42)) == first
    assert new_deck(random.Random(43)) != first


def test_cards_order_by_suit_then_rank():
    assert sorted(cards("KS AH 2S AS")) == list(cards("AS 2S KS AH"))
    assert Card.parse("KS") < Card.parse("AH")
