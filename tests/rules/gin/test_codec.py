"""JSON forms: actions, the API view, the stored state, replay."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.gin import (
    GIN_RULES,
    STATE_FORMAT_VERSION,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    InvalidCard,
    InvalidInput,
    Knock,
    Pass,
    RuleSet,
    ValidationError,
    WrongPhase,
    action_from_json,
    action_to_json,
    apply_action,
    cards,
    concede,
    deal_next_round,
    new_game,
    state_from_json,
    state_to_json,
)
from tests.rules.common.json_paths import json_paths
from tests.rules.common.replays import replayed
from tests.rules.gin.helpers import make_deck

DECK1 = make_deck(
    "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC", "QH", "KC 4C"
)
DECK2 = make_deck(
    "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "TS JS QS 5D 5C 5S KH 8C 2C AC", "QH", "KC"
)


@pytest.mark.parametrize(
    ("body", "action"),
    [
        ({"type": "pass"}, Pass()),
        ({"type": "draw_stock"}, DrawStock()),
        ({"type": "draw_discard"}, DrawDiscard()),
        ({"type": "discard", "card": "7H"}, Discard(Card.parse("7H"))),
        ({"type": "knock", "card": "9C"}, Knock(Card.parse("9C"))),
        (
            {"type": "knock", "card": "9C", "melds": [["AS", "2S", "3S"]]},
            Knock(Card.parse("9C"), [cards("AS 2S 3S")]),
        ),
        ({"type": "big_gin"}, BigGin()),
        ({"type": "big_gin", "melds": []}, BigGin(())),
    ],
)
def test_actions_round_trip(body, action):
    assert action_from_json(body) == action
    assert action_to_json(action) == body
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_action_input_is_case_insensitive_and_output_upper_case():
    action = action_from_json({"type": "knock", "card": "th", "melds": [["as", "2s", "3S"]]})
    assert action_to_json(action) == {"type": "knock", "card": "TH",
                                      "melds": [["AS", "2S", "3S"]]}


def test_server_fields_are_not_the_codecs_and_null_fields_are_ignored():
    with pytest.raises(ValidationError) as caught:
        action_from_json({"type": "pass", "expected_version": 3})
    assert list(caught.value.fields) == ["expected_version"]
    assert action_from_json({"type": "draw_stock", "card": None, "melds": None}) == DrawStock()
    assert action_from_json({"type": "knock", "card": "9C", "melds": None}) == Knock(
        Card.parse("9C")
    )


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ("pass", ["non_field_errors"]),
        ([], ["non_field_errors"]),
        ({}, ["type"]),
        ({"type": "fold"}, ["type"]),
        ({"type": 3}, ["type"]),
        ({"type": "discard"}, ["card"]),
        ({"type": "knock", "card": None}, ["card"]),
        ({"type": "pass", "card": "7H"}, ["card"]),
        ({"type": "discard", "card": "7H", "melds": []}, ["melds"]),
        ({"type": "discard", "card": "7H", "colour": "red"}, ["colour"]),
        ({"type": "knock", "card": "7H", "melds": "AS 2S 3S"}, ["melds"]),
        ({"type": "knock", "card": "7H", "melds": ["AS"]}, ["melds"]),
    ],
)
def test_malformed_actions_are_validation_errors(body, fields):
    with pytest.raises(ValidationError) as caught:
        action_from_json(body)
    assert caught.value.code == "validation_error"
    assert sorted(caught.value.fields) == fields


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "discard", "card": "7X"}, "card"),
        ({"type": "discard", "card": 7}, "card"),
        ({"type": "knock", "card": "10H"}, "card"),
        ({"type": "knock", "card": "7H", "melds": [["AS", "2S", "3Z"]]}, "melds"),
        ({"type": "big_gin", "melds": [["AS", 2, "3S"]]}, "melds"),
    ],
)
def test_bad_cards_in_actions_are_invalid_cards(body, field):
    with pytest.raises(InvalidCard) as caught:
        action_from_json(body)
    assert caught.value.code == "invalid_card"
    assert list(caught.value.fields) == [field]


def play_two_rounds():
    moves = [(1, Pass()), (0, Pass()), (1, DrawStock()), (1, Knock(Card.parse("KC")))]
    state = new_game(RuleSet(), 0, DECK1)
    for seat, action in moves:
        state = apply_action(state, action, seat)
    return state, moves


def test_state_round_trips_through_json():
    state, _ = play_two_rounds()
    for candidate in (new_game(RuleSet(oklahoma=True), 1, DECK2), state,
                      concede(state, 0, "concede")):
        stored = json.loads(json.dumps(state_to_json(candidate)))
        assert stored["format_version"] == STATE_FORMAT_VERSION
        assert state_from_json(stored) == candidate


def test_stored_state_with_another_version_or_garbage_is_refused():
    stored = state_to_json(new_game(RuleSet(), 0, DECK1))
    for bad in (
        {**stored, "format_version": 2},
        {**stored, "round": {**stored["round"], "stock": stored["round"]["stock"][1:]}},
        {**stored, "rules": {"knock_limit": 99}},
        {k: v for k, v in stored.items() if k != "round"},
        "nope",
        {**stored, "round": {**stored["round"], "phase": "dancing"}},
    ):
        with pytest.raises(ValidationError) as caught:
            state_from_json(bad)
        assert "state" in caught.value.fields


def test_a_stored_round_the_engine_cannot_play_on_is_refused():
    both_passed = apply_action(apply_action(new_game(RuleSet(), 0, DECK1), Pass(), 1), Pass(), 0)
    stored = state_to_json(both_passed)
    rnd = stored["round"]
    for bad in (
        {**rnd, "stock": [], "discard_pile": rnd["discard_pile"] + rnd["stock"]},
        {**rnd, "hands": [rnd["hands"][0], rnd["hands"][1][3:]],
         "stock": rnd["stock"] + rnd["hands"][1][:3]},
        {**rnd, "phase": "discard"},
        {**rnd, "turn": None},
        {**rnd, "phase": "round_over"},
    ):
        with pytest.raises(ValidationError) as caught:
            state_from_json({**stored, "round": bad})
        assert "state" in caught.value.fields


def test_replay_equals_the_live_state():
    live, moves = play_two_rounds()
    # the server deals round 2 right away; replay does the same with the next deck
    live = deal_next_round(live, DECK2)
    first = new_game(RuleSet(), 0, DECK1)
    assert replayed(GIN_RULES, first, moves, [DECK2]) == live
    assert replayed(GIN_RULES, first, moves, [[str(c) for c in DECK2]]) == live
    # without the next deck the round stays over: a move then is refused
    over = replayed(GIN_RULES, first, moves, [])
    assert over.awaiting_deal
    with pytest.raises(WrongPhase):
        replayed(GIN_RULES, first, [*moves, (0, Pass())], [])


# --------------------------------------------------------------------------------------
# Malformed JSON: only the rules core's own input errors, never another exception (the
# server answers those with 400; anything else would be a 500)
# --------------------------------------------------------------------------------------

HUGE = 10**5000  # past Python's digit limit: no repr, no str
KEYS = ["type", "card", "melds", "expected_version", "knock_limit", "oklahoma", "target_score"]
SCALARS = (  # HUGE has no repr, which hypothesis needs: the parametrized tests use it
    st.none() | st.booleans() | st.integers() | st.integers(min_value=10**300)
    | st.floats(allow_nan=True) | st.text(max_size=5)
    | st.sampled_from(["AS", "th", "10H", "pass", "discard", "knock", "big_gin", "x" * 5000])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), inner, max_size=4),
    max_leaves=10,
)
MALFORMED = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def refused_cleanly(call):
    """Run ``call``; if it refuses, it must be an InvalidInput with a detail and ``fields``
    mapping strings to lists of strings."""
    try:
        call()
    except InvalidInput as error:
        assert isinstance(error.detail, str) and error.detail
        assert all(isinstance(key, str) for key in error.fields)
        assert all(isinstance(m, str) for messages in error.fields.values() for m in messages)
        return error
    return None


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"type": []}, "validation_error"),
        ({"type": {"a": 1}}, "validation_error"),
        ({"type": HUGE}, "validation_error"),
        ({"type": 1.5}, "validation_error"),
        # a key with no str (a Python caller, not JSON) is named, not a crash
        ({"type": "pass", HUGE: 1}, "validation_error"),
        ({"type": "discard", "card": HUGE}, "invalid_card"),
        ({"type": "discard", "card": {"rank": "A", "suit": "S"}}, "invalid_card"),
        ({"type": "discard", "card": ["AS"]}, "invalid_card"),
        ({"type": "discard", "card": "x" * 100_000}, "invalid_card"),
        ({"type": "knock", "card": "AS", "melds": [[["AS", "2S", "3S"]]]}, "invalid_card"),
        ({"type": "knock", "card": "AS", "melds": [{"AS": 1}]}, "validation_error"),
        ({"type": "knock", "card": "AS", "melds": {"0": ["AS", "2S", "3S"]}}, "validation_error"),
        ({"type": "big_gin", "melds": [["AS", HUGE]]}, "invalid_card"),
        ({"type": "big_gin", "melds": [[None]]}, "invalid_card"),
        ({"type": "big_gin", "melds": 3}, "validation_error"),
    ],
)
def test_malformed_action_bodies_are_input_errors(body, code):
    error = refused_cleanly(lambda: action_from_json(body))
    assert error is not None and error.code == code


@pytest.mark.parametrize(
    "data",
    [
        {"knock_limit": HUGE}, {"knock_limit": -HUGE}, {"oklahoma": HUGE},
        {"knock_limit": [1]}, {"knock_limit": {"value": 1}}, {"knock_limit": "x" * 100_000},
        {"x" * 100_000: 1}, [["knock_limit", 3]], "rules", pytest.param(HUGE, id="huge"),
    ],
)
def test_malformed_rules_are_validation_errors(data):
    error = refused_cleanly(lambda: RuleSet.from_dict(data))
    assert error is not None and error.code == "validation_error"


@MALFORMED
@given(JSON)
def test_any_json_as_an_action_or_rules_is_accepted_or_an_input_error(value):
    refused_cleanly(lambda: action_from_json(value))
    refused_cleanly(lambda: RuleSet.from_dict(value))
    for body in (
        {"type": value},
        {"type": "discard", "card": value},
        {"type": "knock", "card": "AS", "melds": value},
        {"type": "big_gin", "melds": [value]},
        {"type": "big_gin", "melds": [["AS", value]]},
        {"type": "pass", "melds": value},
    ):
        refused_cleanly(lambda body=body: action_from_json(body))
    refused_cleanly(lambda: RuleSet.from_dict({"knock_limit": value, "big_gin": value}))


STORED = state_to_json(concede(play_two_rounds()[0], 0, "concede"))  # rounds and final
STORED_PATHS = list(json_paths(STORED))
DELETE = object()


def replaced(path, value):
    """A copy of ``STORED`` with the value at ``path`` replaced (deleted for DELETE)."""
    data = copy.deepcopy(STORED)
    if not path:
        data = None if value is DELETE else value
    else:
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if value is DELETE:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path",
    [(), ("scores", 0), ("round", "number"), ("round", "hands", 0, 3), ("round", "upcard"),
     ("round", "history", 0, "card"), ("rounds", 0, "hands", 1, "melds", 0, 1),
     ("rounds", 0, "hands", 0, "layoffs"), ("final", "breakdown", 1, "total")],
)
def test_a_stored_state_with_a_huge_integer_is_a_validation_error(path):
    error = refused_cleanly(lambda: state_from_json(replaced(path, HUGE)))
    assert error is not None and error.code == "validation_error" and "state" in error.fields


@MALFORMED
@given(st.sampled_from(STORED_PATHS), JSON | st.just(DELETE))
def test_a_stored_state_with_any_part_replaced_is_a_state_or_a_validation_error(path, value):
    data = replaced(path, value)
    error = refused_cleanly(lambda: state_from_json(data))
    if error is not None:
        assert error.code == "validation_error" and "state" in error.fields
