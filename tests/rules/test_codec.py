"""JSON forms: actions, the API view, the stored state, replay."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import (
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
    action_from_json,
    action_to_json,
    apply_action,
    cards,
    concede,
    deal_next_round,
    new_game,
    replay,
    state_from_json,
    state_to_json,
    view_for,
    view_to_json,
)
from tests.rules.helpers import make_deck

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


def test_expected_version_and_null_fields_are_ignored():
    assert action_from_json({"type": "pass", "expected_version": 3}) == Pass()
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


def test_view_json_has_designs_shape():
    state = new_game(RuleSet(), 0, DECK1)
    state = apply_action(state, Pass(), 1)
    body = view_to_json(view_for(state, 0))
    assert set(body) == {"scores", "round", "rounds", "final"}
    assert body["scores"] == [0, 0] and body["rounds"] == [] and body["final"] is None
    assert body["round"] == {
        "number": 1, "dealer": 0, "phase": "first_upcard", "turn": 0,
        "hand": ["5S", "TS", "JS", "QS", "KH", "5D", "AC", "2C", "5C", "8C"],
        "opponent_hand_size": 10, "stock_size": 31, "discard_pile": ["QH"],
        "drawn_from_discard": None, "deadwood": 21,
        "legal_actions": [{"type": "draw_discard"}, {"type": "pass"}],
        "knock_limit": 10,
    }
    assert json.loads(json.dumps(body)) == body
    assert "history" in view_to_json(view_for(state, 0), include_history=True)["round"]


def test_view_json_lists_cards_for_discard_and_knock():
    state = new_game(RuleSet(), 0, DECK1)
    for seat, action in [(1, Pass()), (0, Pass()), (1, DrawStock())]:
        state = apply_action(state, action, seat)
    legal = view_to_json(view_for(state, 1))["round"]["legal_actions"]
    assert legal[0]["type"] == "discard" and len(legal[0]["cards"]) == 11
    assert legal[1] == {"type": "knock", "cards": ["3C", "KC"]}


def test_round_results_in_designs_shape():
    state, _ = play_two_rounds()
    body = view_to_json(view_for(state, 0))
    assert body["round"]["phase"] == "round_over" and body["round"]["legal_actions"] == []
    (result,) = body["rounds"]
    assert result == {
        "number": 1, "dealer": 0, "outcome": "knock", "knocker": 1, "winner": 1,
        "points": 18, "scores_after": [0, 18],
        "hands": [
            {"seat": 0, "cards": [str(c) for c in state.round.hands[0]],
             "melds": [["5S", "5D", "5C"], ["TS", "JS", "QS"]],
             "deadwood": ["KH", "AC", "2C", "8C"], "deadwood_points": 21, "layoffs": []},
            {"seat": 1, "cards": ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "3C"],
             "melds": [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D"]],
             "deadwood": ["3C"], "deadwood_points": 3, "layoffs": []},
        ],
    }


def test_finished_game_view_has_no_round_and_a_final():
    state = concede(new_game(RuleSet(), 0, DECK1), 1, "timeout")
    body = view_to_json(view_for(state, 0))
    assert body["round"] is None
    assert body["final"] == {
        "winner": 0, "reason": "timeout", "totals": [0, 0],
        "breakdown": [
            {"seat": 0, "hand_points": 0, "game_bonus": 0, "line_bonus": 0, "shutout": False,
             "total": 0},
            {"seat": 1, "hand_points": 0, "game_bonus": 0, "line_bonus": 0, "shutout": False,
             "total": 0},
        ],
    }


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
    assert replay(RuleSet(), 0, [DECK1, DECK2], moves) == live
    assert replay(RuleSet(), 0, [[str(c) for c in DECK1], DECK2], moves) == live
    with pytest.raises(ValidationError):
        replay(RuleSet(), 0, [DECK1], [*moves, (0, Pass())])


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


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


STORED = state_to_json(concede(play_two_rounds()[0], 0, "concede"))  # rounds and final
STORED_PATHS = list(_paths(STORED))
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
