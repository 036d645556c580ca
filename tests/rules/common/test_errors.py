"""The error classes every game shares, their codes, and the HTTP status of each."""

import pytest

from games.rules import gin, indian, rummy, rummy500
from games.rules.common.errors import (
    SHARED_ERRORS,
    ErrorCode,
    GameNotActive,
    IllegalAction,
    InvalidInput,
    InvalidMelds,
    NotYourTurn,
    RulesError,
    brief_repr,
    errors_by_code,
    http_status,
)

GAMES = [gin, rummy, indian, rummy500]
OWN_CODES = {
    gin: gin.GinErrorCode,
    rummy: rummy.RummyErrorCode,
    indian: indian.IndianErrorCode,
    rummy500: rummy500.Rummy500ErrorCode,
}
NOT_RAISED = {indian: {InvalidMelds}}
"""Shared errors a game never raises: an Indian Rummy show that is not valid is a wrong
show (a penalty), never a refusal."""
BY_CODE = {
    gin: gin.ERRORS_BY_CODE,
    rummy: rummy.ERRORS_BY_CODE,
    indian: indian.INDIAN_ERRORS_BY_CODE,
    rummy500: rummy500.ERRORS_BY_CODE,
}


def test_the_family_has_exactly_the_apis_codes():
    every = {str(code) for code in ErrorCode}
    for enum in OWN_CODES.values():
        every |= {str(code) for code in enum}
    assert every == {
        "invalid_card", "validation_error", "game_not_active", "not_your_turn",
        "wrong_phase", "card_not_in_hand", "cannot_discard_drawn_card", "stock_only",
        "knock_limit_exceeded", "invalid_melds", "not_big_gin",
        "first_meld_too_small", "not_out_yet", "must_keep_discard", "invalid_layoff",
        "joker_must_be_played", "cannot_take_joker", "groups_do_not_match_hand",
        "card_not_in_pile", "picked_card_must_be_played", "cannot_use_picked_card",
    }
    assert not {str(c) for c in gin.GinErrorCode} & {str(c) for c in rummy.RummyErrorCode}
    # Indian Rummy answers a draw from an empty pile with Gin Rummy's code
    assert {str(c) for c in gin.GinErrorCode} & {str(c) for c in indian.IndianErrorCode} == {
        "stock_only"
    }
    assert not {str(c) for c in rummy.RummyErrorCode} & {str(c) for c in indian.IndianErrorCode}
    # Rummy 500 refuses a lay-off that does not fit with Rummy's code
    assert {str(c) for c in rummy.RummyErrorCode} & {
        str(c) for c in rummy500.Rummy500ErrorCode
    } == {"invalid_layoff"}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_each_game_raises_every_shared_error_and_its_own(game):
    assert set(SHARED_ERRORS) - NOT_RAISED.get(game, set()) <= set(game.ERRORS)
    assert not NOT_RAISED.get(game, set()) & set(game.ERRORS)
    own = {str(cls.code) for cls in game.ERRORS} - {str(code) for code in ErrorCode}
    assert own == {str(code) for code in OWN_CODES[game]}
    assert {cls.code: cls for cls in game.ERRORS} == BY_CODE[game]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_the_http_status_of_each_error_follows_its_class(game):
    for cls in game.ERRORS:
        if issubclass(cls, InvalidInput):
            assert http_status(cls) == 400, cls
        elif cls.code in ("not_your_turn", "game_not_active"):
            assert http_status(cls) == 409, cls
        else:
            assert issubclass(cls, IllegalAction) and http_status(cls) == 422, cls
        assert http_status(cls("a sentence")) == http_status(cls)


def test_a_conflict_is_an_illegal_action_whose_answer_is_409():
    assert issubclass(NotYourTurn, IllegalAction) and issubclass(GameNotActive, IllegalAction)
    assert http_status(NotYourTurn) == http_status(GameNotActive) == 409


def test_a_code_names_one_class_only():
    class Other(IllegalAction):
        code = ErrorCode.NOT_YOUR_TURN

    with pytest.raises(ValueError, match="not_your_turn names two classes"):
        errors_by_code((NotYourTurn, Other))


def test_an_error_is_a_value_error_with_its_detail():
    error = NotYourTurn("It is seat 1's turn, not seat 0's.")
    assert isinstance(error, RulesError) and isinstance(error, ValueError)
    assert str(error) == error.detail and repr(error) == f"NotYourTurn({error.detail!r})"


def test_brief_repr_never_raises_and_stays_short():
    assert brief_repr("7x") == "'7x'"
    assert brief_repr(10**5000) == "an int"
    assert len(brief_repr("x" * 500)) == 40
