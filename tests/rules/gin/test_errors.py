"""Every error code, raised where docs/games/gin.md#error-codes says, in the documented check
order."""

import pytest

from games.rules.gin import (
    ERRORS,
    ERRORS_BY_CODE,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    InvalidInput,
    Knock,
    Pass,
    RulesError,
    RuleSet,
    action_from_json,
    apply_action,
    cards,
    concede,
    deal_next_round,
    new_game,
)
from tests.rules.gin.helpers import drawn_position, make_deck

DECK1 = make_deck(
    "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC", "QH", "KC 4C"
)
START = new_game(RuleSet(), 0, DECK1)
STOCK_ONLY = apply_action(apply_action(START, Pass(), 1), Pass(), 0)
DRAWN = apply_action(STOCK_ONLY, DrawStock(), 1)  # seat 1 holds 11 with KC, discard phase
TOOK_UPCARD = apply_action(START, DrawDiscard(), 1)  # seat 1 took QH
OVER = concede(START, 0, "concede")
ROUND_OVER = apply_action(DRAWN, Knock(Card.parse("KC")), 1)


def code_of(state, action, seat):
    with pytest.raises(RulesError) as caught:
        apply_action(state, action, seat)
    error = caught.value
    assert isinstance(error, ValueError)
    assert type(error) is ERRORS_BY_CODE[error.code]
    assert error.detail and str(error) == error.detail
    return error.code


def test_error_codes_are_exactly_the_apis():
    assert [str(cls.code) for cls in ERRORS] == [
        "invalid_card", "validation_error", "not_your_turn", "game_not_active",
        "wrong_phase", "card_not_in_hand", "cannot_discard_drawn_card", "stock_only",
        "knock_limit_exceeded", "invalid_melds", "not_big_gin",
    ]
    for code, cls in ERRORS_BY_CODE.items():
        expected = InvalidInput if code in ("invalid_card", "validation_error") else IllegalAction
        assert issubclass(cls, expected)


def test_game_not_active_comes_first():
    assert code_of(OVER, Pass(), 1) == "game_not_active"
    assert code_of(OVER, Pass(), 0) == "game_not_active"
    assert code_of(OVER, Discard(Card.parse("AS")), 0) == "game_not_active"


def test_not_your_turn_comes_before_the_phase():
    assert code_of(START, Pass(), 0) == "not_your_turn"
    assert code_of(START, Discard(Card.parse("TS")), 0) == "not_your_turn"
    assert code_of(DRAWN, DrawStock(), 0) == "not_your_turn"


def test_wrong_phase_for_each_phase():
    assert code_of(START, DrawStock(), 1) == "wrong_phase"
    assert code_of(START, Discard(Card.parse("AS")), 1) == "wrong_phase"
    assert code_of(START, Knock(Card.parse("AS")), 1) == "wrong_phase"
    assert code_of(STOCK_ONLY, Pass(), 1) == "wrong_phase"
    assert code_of(STOCK_ONLY, Discard(Card.parse("AS")), 1) == "wrong_phase"
    assert code_of(STOCK_ONLY, BigGin(), 1) == "wrong_phase"
    assert code_of(DRAWN, DrawStock(), 1) == "wrong_phase"
    assert code_of(DRAWN, DrawDiscard(), 1) == "wrong_phase"
    assert code_of(DRAWN, Pass(), 1) == "wrong_phase"


def test_wrong_phase_between_rounds_before_the_next_deal():
    assert ROUND_OVER.awaiting_deal
    assert code_of(ROUND_OVER, DrawStock(), 0) == "wrong_phase"
    assert code_of(ROUND_OVER, Pass(), 1) == "wrong_phase"
    with pytest.raises(RulesError) as caught:
        deal_next_round(START, DECK1)
    assert caught.value.code == "wrong_phase"
    with pytest.raises(RulesError) as caught:
        deal_next_round(OVER, DECK1)
    assert caught.value.code == "game_not_active"


def test_card_not_in_hand():
    assert code_of(DRAWN, Discard(Card.parse("TS")), 1) == "card_not_in_hand"
    assert code_of(DRAWN, Knock(Card.parse("QH")), 1) == "card_not_in_hand"


def test_cannot_discard_or_knock_with_the_card_taken_from_the_discard_pile():
    assert code_of(TOOK_UPCARD, Discard(Card.parse("QH")), 1) == "cannot_discard_drawn_card"
    assert code_of(TOOK_UPCARD, Knock(Card.parse("QH")), 1) == "cannot_discard_drawn_card"


def test_stock_only_after_both_pass():
    assert code_of(STOCK_ONLY, DrawDiscard(), 1) == "stock_only"


def test_knock_limit_exceeded():
    assert code_of(DRAWN, Knock(Card.parse("AS")), 1) == "knock_limit_exceeded"
    # knocking with KC is fine with the best melds, but declaring only AS-3S leaves
    # 4H-9D and 3C as deadwood
    melds = [cards("AS 2S 3S")]
    assert code_of(DRAWN, Knock(Card.parse("KC"), melds), 1) == "knock_limit_exceeded"


@pytest.mark.parametrize(
    "melds",
    [
        [cards("AS 2S 4H")],  # not a meld
        [cards("AS 2S")],  # too short
        [cards("AS 2S 3S"), cards("AS 4H 5H 6H")],  # AS twice / not a meld
        [cards("AS 2S 3S"), cards("3S 4H 5H")],  # not a meld
        [cards("2S 3S 4S")],  # 4S not in hand
        [cards("JC QC KC")],  # the knock card KC is no longer in hand, JC QC never were
        [cards("AS AS 2S 3S")],  # a card twice in one meld
    ],
)
def test_invalid_melds(melds):
    assert code_of(DRAWN, Knock(Card.parse("KC"), melds), 1) == "invalid_melds"


def test_invalid_melds_are_checked_before_the_knock_limit():
    melds = [cards("AS 2S 3S"), cards("AS 2S 3S")]
    assert code_of(DRAWN, Knock(Card.parse("KC"), melds), 1) == "invalid_melds"


def test_melds_sharing_a_card_are_invalid():
    state = drawn_position(
        "4H 5H 6H 7H 7S 7D 7C 2C AD AS", "8H 9S TS JC QD KD 2D 3S 5C 9C", "KC"
    )
    melds = [cards("4H 5H 6H 7H"), cards("7S 7H 7D")]
    assert code_of(state, Knock(Card.parse("KC"), melds), 1) == "invalid_melds"


def test_not_big_gin():
    assert code_of(DRAWN, BigGin(), 1) == "not_big_gin"
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KS QH 5C 5S KH 8C 2C AC QC 9S", "JD", upcard="3H"
    )
    melds = [cards("AS 2S 3S"), cards("4H 5H 6H"), cards("7D 8D 9D")]
    assert code_of(state, BigGin(melds), 1) == "not_big_gin"  # TD JD not melded
    off = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KS QH 5C 5S KH 8C 2C AC QC 9S", "JD", upcard="3H",
        rules=RuleSet(big_gin=False),
    )
    assert code_of(off, BigGin(), 1) == "not_big_gin"


def test_invalid_card_and_validation_error_from_json():
    with pytest.raises(RulesError) as caught:
        action_from_json({"type": "discard", "card": "1S"})
    assert caught.value.code == "invalid_card"
    assert caught.value.fields == {"card": [caught.value.detail]}
    with pytest.raises(RulesError) as caught:
        action_from_json({"type": "fly"})
    assert caught.value.code == "validation_error"
    assert list(caught.value.fields) == ["type"]


def test_bad_seats_and_non_actions_are_validation_errors():
    for seat in (2, -1, True, "0", None):
        with pytest.raises(RulesError) as caught:
            apply_action(START, Pass(), seat)
        assert caught.value.code == "validation_error"
    with pytest.raises(RulesError) as caught:
        apply_action(START, {"type": "pass"}, 1)
    assert caught.value.code == "validation_error"
    with pytest.raises(RulesError) as caught:
        concede(START, 0, "bored")
    assert caught.value.code == "validation_error"


def test_bad_decks_are_validation_errors():
    for deck in (DECK1[:51], [*DECK1[:51], DECK1[0]], [*DECK1[:51], "ZZ"]):
        with pytest.raises(RulesError) as caught:
            new_game(RuleSet(), 0, deck)
        assert caught.value.code == "validation_error"
        assert "deck" in caught.value.fields
