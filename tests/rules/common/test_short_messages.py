"""A refusal names a few of the cards (or keys) at fault, then how many more: never every
one, however many a body holds. The engines are asked directly here, past the parser's
bounds, as a caller of the rules core may."""

from __future__ import annotations

import pytest

from games.rules.common.codec import read_action_type
from games.rules.common.errors import RulesError, ValidationError
from games.rules.gin import Card, Knock
from games.rules.gin import apply_action as gin_apply
from games.rules.indian import Declare, Phase, indian_cards
from games.rules.indian import apply_action as indian_apply
from games.rules.rummy import Meld, rummy_cards
from games.rules.rummy import apply_action as rummy_apply
from tests.rules.gin.helpers import drawn_position
from tests.rules.indian.helpers import position as indian_position
from tests.rules.rummy.helpers import position as rummy_position

SPADES = [Card.parse(f"{rank}S") for rank in "A23456789TJQK"]


def refused(apply, state, action, seat: int) -> str:
    with pytest.raises(RulesError) as caught:
        apply(state, action, seat)
    return caught.value.detail


def test_a_gin_meld_names_the_cards_missing_from_the_hand_a_few_then_a_count():
    state = drawn_position("AS 2S 3S 4H 5H 6H 7D 8D 9C TC", "AH 2H 3H 4D 5D 6D 7C 8C 9D TD", "KC")
    detail = refused(gin_apply, state, Knock(Card.parse("KC"), (tuple(SPADES),)), 1)
    assert detail.endswith("uses 4S 5S 6S 7S 8S and 5 more, which is not in your hand."), detail


def test_a_gin_meld_of_many_cards_is_named_by_a_hands_worth_then_a_count():
    state = drawn_position("AS 2S 3S 4H 5H 6H 7D 8D 9C TC", "AH 2H 3H 4D 5D 6D 7C 8C 9D TD", "KC")
    detail = refused(gin_apply, state, Knock(Card.parse("KC"), (tuple(SPADES) * 1000,)), 1)
    assert detail == (
        "[AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS and 12986 more] is not a meld."
    )


def test_a_rummy_meld_of_many_cards_is_named_by_a_hands_worth_then_a_count():
    state = rummy_position(["AS 2S 3S 4H 5H 6H 7D 8D 9C TC JC QC KC KD", "2H 3H 4H 5D 6D 7D 8C"])
    cards = rummy_cards("7H") * 300_000
    detail = refused(rummy_apply, state, Meld((cards,)), 0)
    assert detail.startswith("Meld 1 [" + " ".join(["7H"] * 14) + " and 299986 more] is not")
    assert len(detail) < 200, detail


def test_an_indian_declaration_names_a_few_extra_and_missing_cards_then_counts():
    hand = "AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC KD KH QS"
    state = indian_position([hand, "2C 3C 4C TD TH TS 7S 8S JC JD QH KS 5D"], phase=Phase.DISCARD)
    groups = (tuple(indian_cards("2C")) * 300_000,)
    detail = refused(indian_apply, state, Declare(indian_cards("QS")[0], groups), 0)
    assert "they hold 2C 2C 2C 2C 2C and 299995 more, which" in detail, detail
    assert "they leave out 2S 3S 4H 5H 6H and 8 more." in detail, detail
    assert len(detail) < 250, detail


def test_an_action_with_many_unknown_keys_names_a_few_and_counts_the_rest():
    body = {"type": "pass", **{f"key{i:06}": 1 for i in range(100_000)}, "x" * 100_000: 1}
    with pytest.raises(ValidationError) as caught:
        read_action_type(body, {"pass": frozenset()}, ["pass"])
    error = caught.value
    assert error.detail == (
        "A pass action does not take key000000, key000001, key000002, key000003, key000004 "
        "and 99996 more."
    )
    assert sorted(error.fields) == [f"key{i:06}" for i in range(5)]
    long_key = {"type": "pass", "x" * 100_000: 1}
    with pytest.raises(ValidationError) as caught:
        read_action_type(long_key, {"pass": frozenset()}, ["pass"])
    assert len(caught.value.detail) < 100
    assert all(len(key) <= 40 for key in caught.value.fields)
