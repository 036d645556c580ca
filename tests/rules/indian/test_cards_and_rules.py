"""Cards, decks and rule options."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.rules.common.errors import InvalidCard, ValidationError
from games.rules.indian import (
    INDIAN_ERRORS_BY_CODE,
    JOKER,
    RuleSet,
    card_value,
    check_deck,
    full_deck,
    hand_value,
    indian_cards,
    is_joker,
    new_deck,
    parse_card,
    sort_hand,
    wild_rank_of,
)
from games.rules.indian.errors import IndianErrorCode
from tests.rules.indian.helpers import c, texts


@pytest.mark.parametrize("text", ["7h", "7H", "xx", "XX", "xX", "ts", "AC"])
def test_cards_parse_in_any_case_and_print_upper_case(text):
    assert str(parse_card(text)) == text.upper()


@pytest.mark.parametrize("text", ["", "X", "XXX", "1H", "7Z", "A\u017f", "\u0445\u0445", None, 7,
                                  pytest.param(10**5000, id="huge"), ["AS"]])
def test_anything_else_is_an_invalid_card(text):
    with pytest.raises(InvalidCard) as caught:
        parse_card(text)
    assert caught.value.code == "invalid_card" and caught.value.detail


def test_values_jokers_and_the_wild_rank():
    assert [card_value(x, 5) for x in indian_cards("AS 2H 9D TC JS QH KD 5C XX")] == [
        10, 2, 9, 10, 10, 10, 10, 0, 0]
    assert is_joker(JOKER, 5) and is_joker(c("5D"), 5) and not is_joker(c("6D"), 5)
    assert wild_rank_of(JOKER) == 1 and wild_rank_of(c("KD")) == 13
    assert card_value(c("AS"), 1) == 0  # a printed wild card makes the aces jokers
    assert hand_value(indian_cards("AS KH 7D XX 5C"), 5) == 27


def test_decks_hold_every_card_and_the_printed_joker_once_per_deck():
    for decks in (1, 2):
        counts = Counter(card.index for card in full_deck(decks))
        assert len(counts) == 53 and set(counts.values()) == {decks}
        deck = new_deck(random.Random(decks), decks)
        assert Counter(card.index for card in deck) == counts
        assert check_deck([str(x) for x in deck], decks) == tuple(deck)
    assert new_deck(random.Random(7)) == new_deck(random.Random(7))
    with pytest.raises(ValidationError):
        check_deck(full_deck(2), 1)
    assert texts(sort_hand(indian_cards("XX 2C AS KS 7H"))) == ["AS", "KS", "7H", "2C", "XX"]


def test_default_rules_and_their_dictionary():
    rules = RuleSet()
    assert rules.to_dict() == {"format": "points", "pool": 101, "deals": 2, "decks": 2,
                               "max_points": 80, "first_drop": 20, "middle_drop": 40,
                               "wrong_show": 80}
    assert RuleSet.from_dict(None) == rules == RuleSet.from_dict({})
    assert rules.deck_size == 106 and RuleSet(decks=1).deck_size == 53


@pytest.mark.parametrize(
    ("data", "first", "middle"),
    [
        ({"format": "pool", "pool": 201}, 25, 50),
        ({"format": "pool", "pool": 101}, 20, 40),
        ({"format": "points", "pool": 201}, 20, 40),  # pool 201's costs are for pool games
        ({"format": "pool", "pool": 201, "middle_drop": 60}, 25, 60),
        ({"format": "deals", "first_drop": 0, "middle_drop": 160}, 0, 160),
    ],
)
def test_drop_costs_default_by_format(data, first, middle):
    rules = RuleSet.from_dict(data)
    assert (rules.first_drop, rules.middle_drop) == (first, middle)
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert rules.highest_drop == max(first, middle)


@pytest.mark.parametrize(
    ("data", "fields"),
    [
        ({"format": "rubber"}, {"format"}),
        ({"format": 1}, {"format"}),
        ({"pool": 150}, {"pool"}),
        ({"pool": "101"}, {"pool"}),
        ({"deals": 4}, {"deals"}),
        ({"deals": True}, {"deals"}),
        ({"decks": 3}, {"decks"}),
        ({"decks": 2.0}, {"decks"}),
        ({"max_points": 39}, {"max_points"}),
        ({"max_points": 161}, {"max_points"}),
        ({"first_drop": -1}, {"first_drop"}),
        ({"first_drop": None}, {"first_drop"}),
        ({"middle_drop": 161}, {"middle_drop"}),
        ({"wrong_show": 10**5000}, {"wrong_show"}),
        ({"jokers": 2}, {"jokers"}),
        ({"deals": 4, "decks": 0, "colour": "red"}, {"deals", "decks", "colour"}),
    ],
)
def test_unknown_or_out_of_range_options_name_their_fields(data, fields):
    with pytest.raises(ValidationError) as caught:
        RuleSet.from_dict(data)
    assert set(caught.value.fields) == fields and caught.value.code == "validation_error"


@pytest.mark.parametrize("data", [[], "points", 3, {1: 2}])
def test_rules_must_be_an_object_of_known_keys(data):
    with pytest.raises(ValidationError) as caught:
        RuleSet.from_dict(data)
    assert caught.value.fields


def test_the_rule_set_validates_when_made_directly_too():
    with pytest.raises(ValidationError):
        RuleSet(max_points=10)
    with pytest.raises(ValidationError):
        RuleSet(format="pool", pool=True)  # type: ignore[arg-type]


def test_every_code_has_its_own_error_class():
    assert INDIAN_ERRORS_BY_CODE[IndianErrorCode.CANNOT_TAKE_JOKER].code == "cannot_take_joker"
    assert INDIAN_ERRORS_BY_CODE[IndianErrorCode.GROUPS_DO_NOT_MATCH_HAND].code == (
        "groups_do_not_match_hand")
    assert all(cls.code is code for code, cls in INDIAN_ERRORS_BY_CODE.items())
    assert {str(code) for code in INDIAN_ERRORS_BY_CODE} == {
        "invalid_card", "validation_error", "game_not_active", "not_your_turn", "wrong_phase",
        "card_not_in_hand", "cannot_discard_drawn_card", "stock_only", "cannot_take_joker",
        "groups_do_not_match_hand"}
