"""JSON forms: action bodies, the view's shape, results, and the stored state."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.common.errors import InvalidInput
from games.rules.rummy import (
    JOKER,
    Discard,
    DrawDiscard,
    DrawStock,
    End,
    Layoff,
    Meld,
    Phase,
    RulesError,
    RuleSet,
    SwapJoker,
    action_from_json,
    action_to_json,
    apply_action,
    deck_to_json,
    final_to_json,
    full_deck,
    new_deck,
    new_game,
    round_result_to_json,
    rummy_cards,
    state_from_json,
    state_to_json,
    view_for,
    view_to_json,
)
from tests.rules.common.json_paths import assert_state_refused, json_paths, replaced_at
from tests.rules.rummy.helpers import position


def c(text):
    return rummy_cards(text)[0]


@pytest.mark.parametrize(
    ("body", "action"),
    [
        ({"type": "draw_stock"}, DrawStock()),
        ({"type": "draw_discard"}, DrawDiscard()),
        ({"type": "discard", "card": "xx"}, Discard(JOKER)),
        ({"type": "discard", "card": "7h", "melds": None}, Discard(c("7H"))),
        ({"type": "meld", "melds": [["5h", "6H", "XX"], ["9c", "9d", "9s"]]},
         Meld([rummy_cards("5H 6H XX"), rummy_cards("9C 9D 9S")])),
        ({"type": "layoff", "card": "4H", "meld": 0}, Layoff(c("4H"), 0)),
        ({"type": "layoff", "card": "XX", "meld": 3, "end": "low"}, Layoff(JOKER, 3, End.LOW)),
        ({"type": "layoff", "card": "XX", "meld": 3, "end": None}, Layoff(JOKER, 3)),
        ({"type": "swap_joker", "card": "6h", "meld": 2}, SwapJoker(c("6H"), 2)),
    ],
)
def test_action_bodies(body, action):
    assert action_from_json(body) == action
    assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ([], "validation_error", "non_field_errors"),
        ({}, "validation_error", "type"),
        ({"type": "knock", "card": "7H"}, "validation_error", "type"),
        ({"type": ["meld"]}, "validation_error", "type"),
        ({"type": "discard"}, "validation_error", "card"),
        ({"type": "discard", "card": "1H"}, "invalid_card", "card"),
        ({"type": "discard", "card": {"x": 1}}, "invalid_card", "card"),
        ({"type": "discard", "card": "7H", "meld": 1}, "validation_error", "meld"),
        ({"type": "layoff", "card": "7H"}, "validation_error", "meld"),
        ({"type": "layoff", "card": "7H", "meld": True}, "validation_error", "meld"),
        ({"type": "layoff", "card": "7H", "meld": -1}, "validation_error", "meld"),
        ({"type": "layoff", "card": "7H", "meld": "0"}, "validation_error", "meld"),
        ({"type": "layoff", "card": "7H", "meld": 0, "end": "middle"}, "validation_error", "end"),
        ({"type": "swap_joker", "card": "7H", "meld": 0, "end": "low"}, "validation_error", "end"),
        ({"type": "meld"}, "validation_error", "melds"),
        ({"type": "meld", "melds": []}, "validation_error", "melds"),
        ({"type": "meld", "melds": "5H 6H 7H"}, "validation_error", "melds"),
        ({"type": "meld", "melds": [["5H", 6]]}, "invalid_card", "melds"),
        ({"type": "meld", "melds": [[["5H"]]]}, "invalid_card", "melds"),
    ],
)
def test_malformed_action_bodies(body, code, field):
    with pytest.raises(InvalidInput) as caught:
        action_from_json(body)
    assert caught.value.code == code
    assert field in caught.value.fields


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4)
    | st.sampled_from(["7H", "xx", "low", "meld", "discard", "layoff", "swap_joker"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "card", "meld", "melds", "end", "x"]) | st.text(
        max_size=3), inner, max_size=5),
    max_leaves=12,
)
TYPED = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw_stock", "draw_discard", "meld", "layoff", "swap_joker",
                              "discard"])},
    optional={"card": JSON, "meld": JSON, "melds": JSON, "end": JSON},
)


@settings(max_examples=200, deadline=None)
@given(JSON | TYPED)
def test_any_json_is_an_action_or_an_input_error(body):
    try:
        action = action_from_json(body)
    except RulesError as error:
        assert isinstance(error, InvalidInput)
        assert error.fields
    else:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


CARDS = st.sampled_from(full_deck(1)[51:])
ACTIONS = st.one_of(
    st.just(DrawStock()),
    st.just(DrawDiscard()),
    st.builds(Discard, CARDS),
    st.builds(Layoff, CARDS, st.integers(0, 30), st.none() | st.sampled_from(list(End))),
    st.builds(SwapJoker, CARDS, st.integers(0, 30)),
    st.builds(Meld, st.lists(st.lists(CARDS, min_size=1, max_size=5), min_size=1, max_size=3)),
)


@settings(max_examples=200, deadline=None)
@given(ACTIONS)
def test_actions_round_trip_through_json(action):
    body = json.loads(json.dumps(action_to_json(action)))
    assert action_from_json(body) == action


def test_view_has_exactly_the_round_keys_of_design_5():
    table = [(1, "5H XX 7H"), (0, "9C 9D 9S")]
    state = position(["6H 9H 2D 3D", "KC", "QC"], table=table, came_out=[True, True, False])
    body = view_to_json(view_for(state, 0))
    assert set(body) == {"scores", "round", "rounds", "final"}
    rnd = body["round"]
    assert set(rnd) == {"number", "dealer", "phase", "turn", "hand", "hand_sizes", "stock_size",
                        "discard_pile", "drawn_from_discard", "came_out", "table",
                        "legal_actions", "pile_history"}
    assert rnd["phase"] == "play" and rnd["hand_sizes"] == [4, 1, 1]
    assert rnd["came_out"] == [True, True, False]
    assert rnd["table"] == [
        {"id": 0, "owner": 1, "kind": "run", "cards": ["5H", "XX", "7H"],
         "stands_for": ["5H", "6H", "7H"]},
        {"id": 1, "owner": 0, "kind": "set", "cards": ["9C", "9D", "9S"], "rank": "9"},
    ]
    legal = {entry["type"]: entry for entry in rnd["legal_actions"]}
    assert legal["layoff"]["options"] == [{"card": "9H", "meld": 1}]
    assert legal["swap_joker"]["options"] == [{"card": "6H", "meld": 0}]
    assert legal["discard"]["cards"] == ["6H", "9H", "2D", "3D"]
    assert json.loads(json.dumps(body)) == body
    other = view_to_json(view_for(state, 1))["round"]
    assert other["hand"] == ["KC"] and other["legal_actions"] == []


def test_results_and_final_shapes():
    rules = RuleSet(rounds=1, first_meld_points=0)
    state = position(["5S", "KC KD"], table=[(0, "2S 3S 4S")], rules=rules)
    state = apply_action(state, Discard(c("5S")), 0)
    assert round_result_to_json(state.rounds[0]) == {
        "number": 1, "dealer": 1, "outcome": "out", "winner": 0, "points": [20, -20],
        "scores_after": [20, -20],
        "hands": [{"seat": 0, "cards": [], "value": 0},
                  {"seat": 1, "cards": ["KD", "KC"], "value": 20}],  # sorted S H D C
    }
    assert final_to_json(state.final) == {
        "winner": 0, "reason": "rounds", "totals": [20, -20], "placement": [0, 1]
    }
    body = view_to_json(view_for(state, 1))
    assert body["round"] is None and body["final"]["winner"] == 0


def test_deck_to_json_is_the_commitments_text():
    deck = new_deck(random.Random(4), 2)
    assert deck_to_json(deck)[:3] == [str(card) for card in deck[:3]]
    assert deck_to_json(deck).count("XX") == 2


def _states():
    rng = random.Random(8)
    rules = RuleSet(jokers=3, first_meld_points=0)
    state = new_game(rules, 3, new_deck(rng, 3))
    out = [state]
    table = [(1, "5H XX 7H"), (0, "9C 9D 9S")]
    out.append(position(["6H 9H 2D 3D", "KC", "QC"], table=table, came_out=[True, True, False],
                        drawn="2D", owed=0, scores=[-5, 10, 3]))
    out.append(position(["6H XX 2D", "KC"], table=table, came_out=[True, True], owed=1))
    out.append(position(["5S", "KC KD"], table=[(0, "2S 3S 4S")],
                        rules=RuleSet(rounds=1)))
    out[-1] = apply_action(out[-1], Discard(c("5S")), 0)
    taken = apply_action(new_game(rules, 2, new_deck(rng, 3)), DrawDiscard(), 1)
    out.append(apply_action(taken, Discard(taken.round.hands[1][0]), 1))
    assert len(out[-1].round.pile_history) == 2
    return out


@pytest.mark.parametrize("state", _states())
def test_stored_state_round_trips_exactly(state):
    body = json.loads(json.dumps(state_to_json(state)))
    assert body["format_version"] == 1 and body["variant"] == "rummy"
    assert state_from_json(body) == state


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(format_version=2),
        lambda s: s.update(variant="gin"),
        lambda s: s.update(seats=5),
        lambda s: s["round"]["stock"].pop(),
        lambda s: s["round"]["hands"][0].append("XX"),
        lambda s: s["round"]["table"][0].update(kind="set"),
        lambda s: s["round"]["table"][0].update(cards=["5H", "XX", "XX", "8H"]),
        lambda s: s["round"].update(phase="discard"),
        lambda s: s["round"].update(turn=None),
        lambda s: s["round"].update(jokers_owed=1),
        lambda s: s["round"].update(came_out=[False, True, True]),
        lambda s: s.update(scores=[1, 2]),
        lambda s: s.update(left=[0, 0]),
        lambda s: s["rules"].update(jokers=7),
        lambda s: s.pop("round"),
        lambda s: s["round"]["hands"].reverse(),
        lambda s: s["round"].update(pile_history=[{"seat": 0, "action": "pass"}]),
        lambda s: s["round"].update(pile_history=[{"seat": 3, "action": "discard", "card": "5H"}]),
        lambda s: s["round"].update(pile_history=[{"seat": 0, "action": "discard"}]),
        lambda s: s["round"].update(pile_history={"seat": 0}),
    ],
)
def test_stored_state_refuses_garbage(change):
    body = json.loads(json.dumps(state_to_json(_states()[1])))
    change(body)
    assert_state_refused(state_from_json, body)


def test_a_stored_final_result_whose_winner_is_not_placed_first_is_refused():
    finished = _states()[3]
    assert finished.final is not None
    body = json.loads(json.dumps(state_to_json(finished)))
    body["final"]["winner"] = body["final"]["placement"][1]
    with pytest.raises(RulesError) as caught:
        state_from_json(body)
    assert caught.value.fields == {"state": ["the winner is placed first"]}


def test_a_state_stored_before_the_pile_record_loads_with_it_empty_and_it_grows():
    state = _states()[-1]
    body = json.loads(json.dumps(state_to_json(state)))
    del body["round"]["pile_history"]
    older = state_from_json(body)
    assert older.round.pile_history == () and older == replace(
        state, round=replace(state.round, pile_history=())
    )
    later = apply_action(older, DrawDiscard(), 0)
    assert [str(event.card) for event in later.round.pile_history] == [
        str(state.round.discard_pile[-1])
    ]


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_any_json_is_refused_as_a_state_with_an_input_error(body):
    with pytest.raises(RulesError) as caught:
        state_from_json(body)
    assert caught.value.code == "validation_error"


STORED = json.loads(json.dumps(state_to_json(_states()[1])))


PATHS = [path for path in json_paths(STORED) if path]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PATHS), JSON)
def test_a_stored_state_with_any_value_replaced_loads_or_is_refused(path, value):
    body = replaced_at(STORED, path, value)
    try:
        state = state_from_json(body)
    except RulesError as error:
        assert error.code == "validation_error"
    else:
        assert state_from_json(state_to_json(state)) == state
        assert state.round.phase in tuple(Phase)



@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "draw_stock", "expected_version": 3}, "expected_version"),  # the request's
        ({"type": "discard", "card": "7H", "colour": None}, "colour"),  # null, no action's key
        ({"type": "draw_stock", "card": "7H"}, "card"),
    ],
)
def test_an_action_body_takes_only_action_keys(body, field):
    with pytest.raises(InvalidInput) as caught:
        action_from_json(body)
    assert list(caught.value.fields) == [field]
