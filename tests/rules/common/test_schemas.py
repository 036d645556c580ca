"""Each game's JSON Schemas are valid OpenAPI 3.0 schemas, and the JSON its codec writes
in real playouts is what they describe."""

from __future__ import annotations

import itertools

import pytest
from openapi_schema_validator import OAS30Validator

from games.rules.common.game import Forfeit
from games.rules.common.schema import SHARED
from tests.rules.common.playouts import GAMES, play

COMMITMENT = "0" * 64


def validator(game, name: str) -> OAS30Validator:
    """A validator of component ``name``, whose ``$ref`` resolve among the game's own."""
    components = {"schemas": dict(game.rules.schemas)}
    return OAS30Validator({"$ref": f"#/components/schemas/{name}", "components": components})


def served(round_json, result_json, final_json):
    """The keys the server adds to what the codec writes (the deal's commitment, the turn
    deadline, a finished round's deal, whether the game was aborted or is unrated)."""
    if round_json is not None:
        round_json = {**round_json, "deck_commitment": COMMITMENT, "turn_deadline": None}
    results = [
        {**result, "deck_commitment": COMMITMENT, "deck": ["AS"], "salt": "s"}
        for result in result_json
    ]
    if final_json is not None:
        final_json = {**final_json, "aborted": False, "rated": True, "unrated_reason": None}
    return round_json, results, final_json


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_every_component_is_a_valid_schema_and_every_ref_resolves(game):
    schemas = game.rules.schemas
    for name, schema in schemas.items():
        OAS30Validator.check_schema(schema)
        text = repr(schema)
        for ref in {part.split("'")[0] for part in text.split("#/components/schemas/")[1:]}:
            assert ref in schemas, (name, ref)
    roles = [schemas.round, schemas.round_result, schemas.final, schemas.rules]
    assert all(role in schemas for role in [*roles, *schemas.actions.values()])


@pytest.mark.parametrize(
    ("first", "second"), list(itertools.combinations(GAMES, 2)), ids=lambda game: str(game)
)
def test_a_component_of_two_games_is_the_same_in_each(first, second):
    one, other = dict(first.rules.schemas), dict(second.rules.schemas)
    assert set(one) & set(other) == set(SHARED)
    assert all(one[name] == other[name] == SHARED[name] for name in SHARED)


@pytest.mark.parametrize(
    ("game", "seats"),
    [(game, seats) for game in GAMES for seats in game.seats],
    ids=lambda value: str(value),
)
def test_the_view_json_of_random_playouts_matches_the_schemas(game, seats):
    rules = game.rules
    schemas = rules.schemas
    round_schema = validator(game, schemas.round)
    result_schema = validator(game, schemas.round_result)
    final_schema = validator(game, schemas.final)
    rules_schema = validator(game, schemas.rules)
    checked = {"round": 0, "result": 0, "final": 0, "action": 0}
    for seed in range(4):
        playout = play(game, seats, seed)
        rules_schema.validate(rules.rules_from_json(game.quick_rules))
        for _, step in playout.steps:
            if isinstance(step, Forfeit):
                continue
            body = rules.action_to_json(step)
            if body == {"type": "discard", "card": "XX"}:
                # The published discard body (one component for every game) takes
                # natural cards only, though Rummy's and Indian Rummy's rules let a
                # joker be discarded.
                continue
            validator(game, schemas.actions[body["type"]]).validate(body)
            checked["action"] += 1
        for state in [playout.first, *playout.states[::3], playout.last]:
            for viewer in range(seats):
                view = rules.view_to_json(rules.view_for(state, viewer))
                assert set(view) == {"scores", "round", "rounds", "final"}
                round_json, results, final_json = served(
                    view["round"], view["rounds"], view["final"]
                )
                if round_json is not None:
                    round_schema.validate(round_json)
                    checked["round"] += 1
                for result in results:
                    result_schema.validate(result)
                    checked["result"] += 1
                if final_json is not None:
                    final_schema.validate(final_json)
                    checked["final"] += 1
    assert all(checked.values()), checked


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_a_view_the_schema_does_not_describe_is_refused(game):
    rules = game.rules
    playout = play(game, 2, 0)
    view = rules.view_to_json(rules.view_for(playout.first, 0))
    round_json, _, _ = served(view["round"], [], None)
    validator(game, rules.schemas.round).validate(round_json)
    no_hand = {key: value for key, value in round_json.items() if key != "hand"}
    for broken in ({**round_json, "turn": "0"}, no_hand):
        with pytest.raises(Exception, match=r"is not of type|is a required property"):
            validator(game, rules.schemas.round).validate(broken)
