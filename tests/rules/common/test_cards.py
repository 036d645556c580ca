"""Cards, the joker, their text form and the mask layout every game shares."""

import pytest

from games.rules.common.cards import (
    DECK,
    JOKER,
    RANK_CHARS,
    SUIT_CHARS,
    Card,
    Joker,
    Suit,
    card_at,
    card_texts,
    cards,
    cards_of,
    mask_of,
    opt_card_text,
    parse_card,
    sort_cards,
)
from games.rules.common.errors import InvalidCard


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


def test_cards_reads_text_and_masks_round_trip():
    hand = cards("AS 2s,3S  kc")
    assert [str(card) for card in hand] == ["AS", "2S", "3S", "KC"]
    assert cards(["AS", Card.parse("KC")]) == (Card.parse("AS"), Card.parse("KC"))
    mask = mask_of(hand)
    assert mask == 0b111 | 1 << (3 * 13 + 12)
    assert cards_of(mask) == tuple(sorted(hand))


def test_cards_order_by_suit_then_rank():
    assert sorted(cards("KS AH 2S AS")) == list(cards("AS 2S KS AH"))
    assert Card.parse("KS") < Card.parse("AH")


def test_the_joker_is_xx_in_any_case_and_equal_to_every_joker():
    assert parse_card("xx") is JOKER and parse_card("XX") == Joker()
    assert str(JOKER) == "XX" and JOKER.index == 52 and card_at(52) is JOKER
    assert all(parse_card(str(card)) is card and card_at(card.index) is card for card in DECK)


@pytest.mark.parametrize("text", ["XX", "xx"])
def test_a_natural_card_is_never_the_joker(text):
    with pytest.raises(InvalidCard, match=r"then suit \(S H D C\)\.$"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["7\u017f", "A\u017f", "X\u0445", "", "XXX", None, 52])
def test_a_card_or_joker_is_ascii_rank_then_suit_or_xx(text):
    with pytest.raises(InvalidCard, match="or XX for a joker") as caught:
        parse_card(text)
    assert caught.value.code == "invalid_card"
    with pytest.raises(InvalidCard):
        Card.parse(text)


def test_cards_with_jokers_keep_their_order_and_repeats():
    assert cards("7h 7H xx", jokers=True) == (Card.parse("7H"), Card.parse("7H"), JOKER)
    with pytest.raises(InvalidCard):
        cards("7h XX")


def test_sorting_puts_the_suits_in_mask_order_and_the_jokers_last():
    hand = cards("XX KC 7H XX AS 7H", jokers=True)
    assert card_texts(sort_cards(hand)) == ["AS", "7H", "7H", "KC", "XX", "XX"]
    assert opt_card_text(None) is None and opt_card_text(JOKER) == "XX"
