"""The schema is exact about what the server accepts, and the server holds to it.

The fuzz (``test_schema_fuzz.py``) finds drift at random; these pin each rule it relies
on, one request and one schema fact at a time.
"""

from __future__ import annotations

import jsonschema
import pytest

from games import services
from games.models import Game
from tests.config.test_errors import assert_error

pytestmark = pytest.mark.django_db

LISTS = [
    "/api/v1/games",
    "/api/v1/lobby",
    "/api/v1/games/{game_id}/moves",
    "/api/v1/games/{game_id}/messages",
    "/api/v1/leaderboards/{period}",
    "/api/v1/leaderboards/all-time",
    "/api/v1/leaderboards/rating",
]


@pytest.fixture
def schema(api_client) -> dict:
    return api_client.get("/api/schema/?format=json").json()


def _resolve(schema: dict, node: dict) -> dict:
    ref = node.get("$ref")
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]] if ref else node


def _body_variants(schema: dict, operation: dict) -> list[dict]:
    media = operation["requestBody"]["content"]["application/json"]["schema"]
    body = _resolve(schema, media)
    return [_resolve(schema, v) for v in body.get("oneOf", [body])]


def test_every_json_body_refuses_unknown_keys_in_the_schema(schema):
    bodies = 0
    for operations in schema["paths"].values():
        for operation in operations.values():
            if "requestBody" not in operation:
                continue
            for variant in _body_variants(schema, operation):
                bodies += 1
                assert variant["additionalProperties"] is False, operation["operationId"]
    assert bodies >= 12  # register, token, me, games (2 shapes), join, actions (6), chat


def test_bodies_with_a_required_key_are_required(schema):
    for path in ("/api/v1/games", "/api/v1/games/{game_id}/actions", "/api/v1/auth/token"):
        assert schema["paths"][path]["post"]["requestBody"]["required"] is True


def test_game_creation_has_one_shape_per_opponent(schema):
    shapes = _body_variants(schema, schema["paths"]["/api/v1/games"]["post"])
    by_opponent = {
        (
            tuple(_resolve(schema, s["properties"]["opponent"])["enum"]),
            tuple(_resolve(schema, s["properties"]["variant"])["enum"]),
            tuple(_resolve(schema, s["properties"].get("seats", {})).get("enum", ())),
        ): set(s["properties"])
        for s in shapes
    }
    table = {"opponent", "variant", "visibility", "rules", "turn_seconds", "seats", "computers"}
    assert by_opponent == {
        (("computer",), ("gin",), ()): {"opponent", "variant", "difficulty", "rules"},
        (("human",), ("gin",), ()): {"opponent", "variant", "visibility", "rules", "turn_seconds"},
        (("computer",), ("rummy",), ()): {
            "opponent", "variant", "difficulty", "rules", "computers",
        },
        (("human",), ("rummy",), ()): table,
        (("human",), ("rummy",), (3,)): table | {"difficulty"},
        (("human",), ("rummy",), (4,)): table | {"difficulty"},
        (("computer",), ("indian",), ()): {
            "opponent", "variant", "difficulty", "rules", "computers",
        },
        (("human",), ("indian",), ()): table,
        **{(("human",), ("indian",), (n,)): table | {"difficulty"} for n in (3, 4, 5, 6)},
        (("computer",), ("rummy500",), ()): {
            "opponent", "variant", "difficulty", "rules", "computers",
        },
        (("human",), ("rummy500",), ()): table,
        (("human",), ("rummy500",), (3,)): table | {"difficulty"},
        (("human",), ("rummy500",), (4,)): table | {"difficulty"},
    }
    rules = _resolve(schema, shapes[0]["properties"]["rules"])
    assert rules["additionalProperties"] is False
    knock_limit = rules["properties"]["knock_limit"]
    assert (knock_limit["minimum"], knock_limit["maximum"]) == (0, 10)


def test_every_list_bounds_its_page_parameters_and_documents_the_400(schema):
    for path in LISTS:
        operation = schema["paths"][path]["get"]
        params = {p["name"]: p["schema"] for p in operation["parameters"]}
        assert params["page"]["oneOf"][0] == {"type": "integer", "minimum": 1}, path
        assert params["page_size"] == {"type": "integer", "minimum": 1, "maximum": 100}, path
        assert "400" in operation["responses"], path


def test_final_documents_the_unfinished_round(schema):
    final = schema["components"]["schemas"]["Final"]
    assert "unfinished_round" in final["properties"]
    assert "unfinished_round" not in final["required"]


def test_nested_validation_errors_match_the_error_schema(schema, auth_client):
    body = assert_error(
        auth_client.patch("/api/v1/me", {"preferences": {"sound": "yes"}}, format="json"),
        400,
        "validation_error",
    )
    assert body["fields"] == {"preferences": {"sound": ["Must be true or false."]}}
    error = {"components": schema["components"], **schema["components"]["schemas"]["Error"]}
    jsonschema.Draft4Validator(error).validate(body)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(error).validate({**body, "fields": {"sound": "yes"}})


def test_the_password_length_the_schema_shows_is_the_one_checked(schema, api_client):
    password = schema["components"]["schemas"]["RegisterInputRequest"]["properties"]["password"]
    assert (password["minLength"], password["maxLength"]) == (8, 128)
    body = {"username": "ann", "password": "x7#kQ2p"}
    response = api_client.post("/api/v1/auth/register", body, format="json")
    assert "password" in assert_error(response, 400, "validation_error")["fields"]
    body["password"] += "w"
    assert api_client.post("/api/v1/auth/register", body, format="json").status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "ann", "password": "a-long-secret-1", "display_name": 0}, "display_name"),
        ({"username": " ann", "password": "a-long-secret-1"}, "username"),
        ({"username": 12345, "password": "a-long-secret-1"}, "username"),
        ({"username": "ann", "password": 12345678}, "password"),
    ],
)
def test_register_refuses_values_of_the_wrong_type_or_shape(api_client, body, field):
    response = api_client.post("/api/v1/auth/register", body, format="json")
    assert field in assert_error(response, 400, "validation_error")["fields"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"opponent": "human", "turn_seconds": "60"}, "turn_seconds"),
        ({"opponent": "human", "turn_seconds": 60.0}, "turn_seconds"),
        ({"opponent": "computer", "difficulty": 1}, "difficulty"),
        ({"opponent": "computer", "turn_seconds": None}, "turn_seconds"),
    ],
)
def test_game_creation_refuses_what_its_schema_refuses(auth_client, body, field):
    response = auth_client.post("/api/v1/games", body, format="json")
    assert field in assert_error(response, 400, "validation_error")["fields"]
    assert not Game.objects.exists()


@pytest.mark.parametrize("value", [1, "true", None])
def test_preferences_are_booleans_not_truthy_values(auth_client, value):
    response = auth_client.patch("/api/v1/me", {"preferences": {"sound": value}}, format="json")
    assert "preferences" in assert_error(response, 400, "validation_error")["fields"]


@pytest.mark.parametrize(
    "query",
    [
        "page=0",
        "page=-1",
        "page=x",
        "page_size=0",
        "page_size=101",
        "page_size=null",
        "page=1&page=2",
        "page_size=5&page_size=6",
        "status=",
        "status=active&status=waiting",
    ],
)
def test_list_parameters_outside_the_schema_are_refused(auth_client, query):
    assert_error(auth_client.get(f"/api/v1/games?{query}"), 400, "validation_error")


def test_page_sizes_inside_the_schema_are_accepted(auth_client):
    for query in ("page_size=1", "page_size=100", "page=last", "page=1&page_size=20"):
        assert auth_client.get(f"/api/v1/games?{query}").status_code == 200, query


@pytest.mark.parametrize("query", ["category=humans&category=computer", "start=2025-01-01&start=x"])
def test_leaderboard_parameters_given_twice_are_refused(auth_client, query):
    assert_error(auth_client.get(f"/api/v1/leaderboards/weekly?{query}"), 400, "validation_error")


def test_only_the_boards_that_take_a_start_date_document_one(schema, auth_client):
    def parameters(path: str) -> dict:
        return {p["name"]: p for p in schema["paths"][path]["get"]["parameters"]}

    periodic = parameters("/api/v1/leaderboards/{period}")
    assert sorted(periodic["period"]["schema"]["enum"]) == ["monthly", "weekly"]
    assert "start" in periodic
    assert "start" not in parameters("/api/v1/leaderboards/all-time")
    # What the server does with each: the schema says no more and no less.
    assert auth_client.get("/api/v1/leaderboards/monthly?start=2025-01-01").status_code == 200
    assert auth_client.get("/api/v1/leaderboards/all-time").status_code == 200
    assert_error(
        auth_client.get("/api/v1/leaderboards/all-time?start=2025-01-01"), 400, "invalid_date"
    )


def test_table_meld_ids_are_bounded_as_the_server_bounds_them(schema):
    action = schema["components"]["schemas"]
    for name in ("GameActionsLayoffInputRequest", "GameActionsSwapJokerInputRequest"):
        meld = action[name]["properties"]["meld"]
        assert (meld["minimum"], meld["maximum"]) == (0, 2**31 - 1), name


def test_an_empty_category_is_still_invalid(auth_client):
    assert_error(auth_client.get("/api/v1/leaderboards/weekly?category="), 400, "invalid_category")


def test_a_blank_invite_code_is_unknown_not_invalid(user, auth_client, make_user):
    # A rematch offer waits with no invite code: a blank code must not find it (it did: 500).
    rival = make_user()
    game = services.game_create_vs_human(user=rival, visibility="private")
    services.game_join(user=user, code=game.invite_code)
    services.game_concede(game_id=game.pk, user=user)
    services.game_rematch(game_id=game.pk, user=rival)
    # Every string of 1-16 characters is a well-formed code; surrounding blanks are ignored.
    for code in ("   ", "\t"):
        response = auth_client.post("/api/v1/games/join", {"code": code}, format="json")
        assert_error(response, 404, "invalid_code")


def test_display_names_the_server_refuses_are_outside_the_schema(schema):
    field = schema["components"]["schemas"]["PatchedMeInputRequest"]["properties"]
    validator = jsonschema.Draft4Validator(field["display_name"])
    for refused in ("   ", "a\x17", "A\u200bB", "\u202eevil"):
        assert not validator.is_valid(refused), refused
    for accepted in ("", "Ann", " Ann ", "Zoë 🂡"):
        assert validator.is_valid(accepted), accepted


def test_unknown_action_keys_are_refused_even_when_null(auth_client):
    game = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    url = f"/api/v1/games/{game['id']}/actions"
    body = assert_error(
        auth_client.post(url, {"type": "draw_stock", "colour": None}, format="json"),
        400,
        "validation_error",
    )
    assert list(body["fields"]) == ["colour"]
    # A key of another action type may be sent as null (clients that always send `card`).
    response = auth_client.post(url, {"type": "draw_stock", "card": None}, format="json")
    assert response.status_code != 400


def test_cards_are_ascii(auth_client):
    game = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    url = f"/api/v1/games/{game['id']}/actions"
    # U+017F (long s) upper-cases to "S"; it is still no suit.
    response = auth_client.post(url, {"type": "discard", "card": "A\u017f"}, format="json")
    assert_error(response, 400, "invalid_card")


def _view_for(path: str, method: str):
    from django.urls import resolve
    from rest_framework.test import APIRequestFactory

    concrete = (
        path.replace("{game_id}", "00000000-0000-4000-8000-000000000000")
        .replace("{username}", "ann")
        .replace("{period}", "weekly")
        .replace("{signal_id}", "1")
    )
    view_class = resolve(concrete).func.cls
    view = view_class()
    view.request = view.initialize_request(getattr(APIRequestFactory(), method)(concrete))
    return view


def test_every_throttled_operation_documents_its_429(schema):
    throttled = []
    for path, operations in schema["paths"].items():
        if path.endswith("events"):  # plain Django views, documented by hand
            continue
        for method, operation in operations.items():
            if _view_for(path, method).get_throttles():
                throttled.append(operation["operationId"])
                assert "429" in operation["responses"], operation["operationId"]
    assert {"auth_register", "auth_token", "games_actions", "games_messages_create"} <= set(
        throttled
    )


def test_strings_say_that_nul_is_refused(schema, api_client):
    token = schema["components"]["schemas"]["TokenInputRequest"]["properties"]["username"]
    assert token["pattern"] == "^[^\\u0000]*$"
    body = {"username": "ann\x00", "password": "whatever-it-is"}
    response = api_client.post("/api/v1/auth/token", body, format="json")
    assert "username" in assert_error(response, 400, "validation_error")["fields"]
