"""JSON forms: action bodies, the view's shape, results, and the stored state."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.common.errors import InvalidInput
from games.rules.indian import (
    JOKER,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Phase,
    RulesError,
    RuleSet,
    SeatStatus,
    action_from_json,
    action_to_json,
    apply_action,
    concede,
    deck_to_json,
    final_to_json,
    full_deck,
    indian_cards,
    new_deck,
    new_game,
    round_result_to_json,
    state_from_json,
    state_to_json,
    timeout_action,
    view_for,
    view_to_json,
)
from tests.rules.common.json_paths import assert_state_refused, json_paths, replaced_at
from tests.rules.indian.helpers import SALT, c, position

VALID = "AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC KD KH"
COUNTED = "2C 3C 4C 5D 6D 7D TS TH QC QD 5S 8H 2H"
COUNTED_TOO = "5C 6C 7C JS QS KS AH KH 6S 8D JD 4D 7H"


@pytest.mark.parametrize(
    ("body", "action"),
    [
        ({"type": "draw_stock"}, DrawStock()),
        ({"type": "draw_discard"}, DrawDiscard()),
        ({"type": "drop"}, Drop()),
        ({"type": "drop", "card": None, "groups": None}, Drop()),
        ({"type": "discard", "card": "xx"}, Discard(JOKER)),
        ({"type": "discard", "card": "7h", "groups": None}, Discard(c("7H"))),
        ({"type": "declare", "card": "qs"}, Declare(c("QS"))),
        ({"type": "declare", "card": "QS", "groups": None}, Declare(c("QS"))),
        ({"type": "declare", "card": "QS", "groups": [["as", "2S", "3s"], ["XX"]]},
         Declare(c("QS"), [indian_cards("AS 2S 3S"), [JOKER]])),
        ({"type": "declare", "card": "QS", "groups": []}, Declare(c("QS"), [])),
    ],
)
def test_action_bodies(body, action):
    assert action_from_json(body) == action


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ([], "validation_error", "non_field_errors"),
        ({}, "validation_error", "type"),
        ({"type": "knock"}, "validation_error", "type"),
        ({"type": 10**5000}, "validation_error", "type"),
        ({"type": "discard"}, "validation_error", "card"),
        ({"type": "discard", "card": None}, "validation_error", "card"),
        ({"type": "declare", "groups": [["AS"]]}, "validation_error", "card"),
        ({"type": "discard", "card": "7X"}, "invalid_card", "card"),
        ({"type": "discard", "card": "A\u017f"}, "invalid_card", "card"),  # not ASCII
        ({"type": "discard", "card": 10**5000}, "invalid_card", "card"),
        ({"type": "discard", "card": ["7H"]}, "invalid_card", "card"),
        ({"type": "declare", "card": "7H", "groups": "AS 2S 3S"}, "validation_error", "groups"),
        ({"type": "declare", "card": "7H", "groups": [[]]}, "validation_error", "groups"),
        ({"type": "declare", "card": "7H", "groups": ["AS"]}, "validation_error", "groups"),
        ({"type": "declare", "card": "7H", "groups": [["AS", "ZZ"]]}, "invalid_card",
         "groups"),
        ({"type": "declare", "card": "7H", "groups": [[10**5000]]}, "invalid_card", "groups"),
        ({"type": "draw_stock", "card": "7H"}, "validation_error", "card"),
        ({"type": "discard", "card": "7H", "groups": [["AS"]]}, "validation_error", "groups"),
        ({"type": "drop", 10**5000: 1}, "validation_error", "an int"),
        ({"type": "draw_stock", "expected_version": 3}, "validation_error",
         "expected_version"),
    ],
)
def test_malformed_action_bodies(body, code, field):
    with pytest.raises(InvalidInput) as caught:
        action_from_json(body)
    assert caught.value.code == code and field in caught.value.fields


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4)
    | st.sampled_from(["7H", "xx", "drop", "declare", "discard", "draw_stock"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "card", "groups", "x"]) | st.text(max_size=3),
                      inner, max_size=5),
    max_leaves=12,
)
TYPED = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw_stock", "draw_discard", "discard", "declare", "drop"])},
    optional={"card": JSON, "groups": JSON},
)


@settings(max_examples=200, deadline=None)
@given(JSON | TYPED)
def test_any_json_is_an_action_or_an_input_error(body):
    try:
        action = action_from_json(body)
    except RulesError as error:
        assert isinstance(error, InvalidInput) and error.fields
    else:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


CARDS = st.sampled_from(full_deck(1)[48:])
ACTIONS = st.one_of(
    st.just(DrawStock()),
    st.just(DrawDiscard()),
    st.just(Drop()),
    st.builds(Discard, CARDS),
    st.builds(Declare, CARDS, st.none() | st.lists(st.lists(CARDS, min_size=1, max_size=4),
                                                   max_size=4)),
)


@settings(max_examples=100, deadline=None)
@given(ACTIONS)
def test_actions_round_trip_through_json(action):
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_view_has_exactly_the_round_keys_of_design_6_and_the_pile_record():
    state = position([f"{VALID} QS", COUNTED, ""], phase=Phase.DISCARD, drawn="KH",
                     status=[SeatStatus.IN, SeatStatus.IN, SeatStatus.OUT],
                     went_out=(None, None, 1), number=2)
    body = view_to_json(view_for(state, 0))
    assert set(body) == {"scores", "round", "rounds", "final"}
    rnd = body["round"]
    assert rnd == {
        "number": 2,
        "dealer": 2,
        "phase": "discard",
        "turn": 0,
        "hand": [str(x) for x in state.round.hands[0]],
        "hand_sizes": [14, 13, 0],
        "status": ["in", "in", "out"],
        "stock_size": len(state.round.stock),
        "discard_pile": ["KD"],
        "wild_joker": {"card": "9C", "rank": "9"},
        "drawn_from_discard": "KH",
        "arrangement": {
            "groups": [["4H", "5H", "6H", "7H"], ["AS", "2S", "3S"], ["7D", "8D", "9S"],
                       ["KH", "KD", "KC"]],
            "ungrouped": [],
            "points": 0,
            "discard": "QS",
        },
        "legal_actions": [
            {"type": "discard", "cards": ["AS", "2S", "3S", "9S", "QS", "4H", "5H", "6H",
                                          "7H", "7D", "8D", "KD", "KC"]},
            {"type": "drop"},
            {"type": "declare", "valid_with": ["QS"]},
        ],
        "pile_history": [{"seat": 2, "action": "discard", "card": "KD"}],
    }
    assert json.loads(json.dumps(body)) == body
    other = view_to_json(view_for(state, 1))["round"]
    assert other["hand"] == [str(x) for x in state.round.hands[1]]
    assert other["legal_actions"] == [] and other["drawn_from_discard"] is None
    assert set(other["arrangement"]) == {"groups", "ungrouped", "points"}
    out = view_to_json(view_for(state, 2))["round"]
    assert out["hand"] == [] and out["arrangement"] is None


def test_results_and_final_shapes():
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD)
    state = apply_action(state, Declare(c("QS")), 0)
    result = round_result_to_json(state.rounds[0])
    assert result["number"] == 1 and result["dealer"] == 1
    assert result["wild_joker"] == {"card": "9C", "rank": "9"}
    assert (result["outcome"], result["winner"], result["points"], result["scores_after"]) == (
        "show", 0, [0, 55], [0, 55])
    declared, counted = result["hands"]
    assert declared == {"seat": 0, "status": "declared",
                        "groups": [["4H", "5H", "6H", "7H"], ["AS", "2S", "3S"],
                                   ["7D", "8D", "9S"], ["KH", "KD", "KC"]],
                        "ungrouped": [], "value": 0}
    assert counted["status"] == "counted" and counted["value"] == 55
    assert sorted(counted["groups"]) == [["2C", "3C", "4C"], ["5D", "6D", "7D"]]
    assert final_to_json(state.final) == {
        "winner": 0, "reason": "show", "totals": [0, 55], "placement": [0, 1]
    }
    body = view_to_json(view_for(state, 1))
    assert body["round"] is None and body["final"]["winner"] == 0
    assert final_to_json(None) is None


def test_deck_to_json_is_the_commitments_text():
    deck = new_deck(random.Random(4))
    assert deck_to_json(deck)[:3] == [str(card) for card in deck[:3]]
    assert deck_to_json(deck).count("XX") == 2 and len(deck_to_json(deck)) == 106


def _states():
    rng = random.Random(8)
    out = [new_game(RuleSet(format="pool"), 4, new_deck(rng), SALT)]
    state = apply_action(out[0], DrawDiscard(), 1)
    out.append(state)
    state = apply_action(state, Discard(state.round.hands[1][0]), 1)
    state = apply_action(state, Drop(), 2)
    out.append(concede(state, 3, "timeout"))
    shown = position([f"{VALID} QS", COUNTED, COUNTED_TOO],
                     phase=Phase.DISCARD, rules=RuleSet(format="pool"), scores=(0, 50, 90))
    shown = apply_action(shown, Declare(c("QS"), [indian_cards("AS 2S 3S 4H"),
                                                 indian_cards("5H 6H 7H"),
                                                 indian_cards("7D 8D 9S"),
                                                 indian_cards("KC KD KH")]), 0)
    out.append(shown)  # a wrong show, the deal goes on
    shown = apply_action(shown, DrawStock(), 1)
    shown = apply_action(shown, Declare(shown.round.hands[1][0]), 1)
    out.append(shown)  # another: the last player wins; 90 + 0 stays in, 50 + 80 goes out
    out.append(concede(position([VALID, COUNTED]), 1))
    return out


@pytest.mark.parametrize("state", _states())
def test_stored_state_round_trips_exactly(state):
    body = json.loads(json.dumps(state_to_json(state)))
    assert body["format_version"] == 1 and body["variant"] == "indian"
    assert state_from_json(body) == state


def test_the_stored_states_cover_outs_shows_and_leavers():
    states = _states()
    assert states[2].left == (3,) and states[3].round.shows[0] is not None
    assert states[4].went_out == (None, 1, None) and states[4].awaiting_deal
    assert states[5].is_over


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(format_version=2),
        lambda s: s.update(variant="rummy"),
        lambda s: s.update(seats=7),
        lambda s: s.update(seats=True),
        lambda s: s["round"]["stock"].pop(),
        lambda s: s["round"]["hands"][0].append("XX"),
        lambda s: s["round"]["hands"][1].reverse(),
        lambda s: s["round"].update(phase="draw"),
        lambda s: s["round"].update(turn=None),
        lambda s: s["round"].update(turn=3),
        lambda s: s["round"].update(drawn_from_discard="QS"),
        lambda s: s["round"].update(salt=""),
        lambda s: s["round"].update(wild_card="ZZ"),
        lambda s: s["round"].update(status=["in", "in", "in"]),
        lambda s: s["round"].update(status=["out", "in", "in", "in"]),
        lambda s: s["round"].update(penalties=[20, 0, 0, 0]),
        lambda s: s["round"].update(shows=[[["AS"]], None, None, None]),
        lambda s: s["round"]["history"].append({"seat": 9, "type": "drop", "card": None}),
        lambda s: s["round"]["history"].append({"seat": 0, "type": "pass", "card": None}),
        lambda s: s["round"]["history"].append({"seat": 0, "type": "discard", "card": None}),
        lambda s: s["round"]["history"].append({"seat": None, "type": "drop", "card": None}),
        lambda s: s["round"].update(reshuffles=-1),
        lambda s: s.update(scores=[1, 2]),
        lambda s: s.update(scores=[-1, 0, 0, 0]),
        lambda s: s.update(scores=[2**31, 0, 0, 0]),
        lambda s: s.update(went_out=[None, 1, None, None]),
        lambda s: s.update(left=[0, 0]),
        lambda s: s.update(left=[1]),
        lambda s: s["rules"].update(decks=1),
        lambda s: s["rules"].update(format="rubber"),
        lambda s: s.pop("round"),
        lambda s: s.update(final={"winner": 1, "reason": "show", "totals": [0, 0, 0, 0],
                                  "placement": [0, 1, 2, 3]}),
    ],
)
def test_stored_state_refuses_garbage(change):
    body = json.loads(json.dumps(state_to_json(_states()[1])))
    change(body)
    assert_state_refused(state_from_json, body)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_any_json_is_refused_as_a_state_with_an_input_error(body):
    with pytest.raises(RulesError) as caught:
        state_from_json(body)
    assert caught.value.code == "validation_error"


STORED = [json.loads(json.dumps(state_to_json(state))) for state in _states()[1:5]]
PATHS = [(which, path) for which, body in enumerate(STORED) for path in json_paths(body) if path]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), JSON)
def test_a_stored_state_with_any_value_replaced_loads_and_plays_or_is_refused(place, value):
    which, path = place
    body = replaced_at(STORED[which], path, value)
    try:
        state = state_from_json(body)
    except RulesError as error:
        assert error.code == "validation_error"
        return
    assert state_from_json(state_to_json(state)) == state
    for seat in range(state.seats):  # what loads, plays: views and the timer's move
        view = view_for(state, seat)
        view_to_json(view)
        if view.round.legal_actions:
            state_after = apply_action(state, timeout_action(view), seat)
            assert state_after.round.number >= state.round.number


def test_a_deal_played_on_after_loading_is_the_same_deal():
    state = _states()[1]
    loaded = state_from_json(json.loads(json.dumps(state_to_json(state))))
    action = Discard(state.round.hands[1][-1])
    assert apply_action(loaded, action, 1) == apply_action(state, action, 1)
    assert replace(loaded, rounds=()) == replace(state, rounds=())
