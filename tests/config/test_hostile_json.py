"""Hostile JSON bodies: deep nesting is 400 ``malformed_json`` on every JSON endpoint."""

from __future__ import annotations

import pytest

from accounts.models import User
from core.parsers import MAX_JSON_DEPTH, json_nesting_depth
from games.models import Game

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000


def assert_malformed(response) -> None:
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "malformed_json"
    assert "nested deeper" in body["detail"]


def test_deeply_nested_body_to_register_is_malformed_json(api_client):
    response = api_client.post("/api/v1/auth/register", data=DEEP, content_type="application/json")
    assert_malformed(response)
    assert User.objects.count() == 0


def test_deeply_nested_objects_to_token_are_malformed_json(api_client):
    body = '{"a":' * 5000 + "1" + "}" * 5000
    response = api_client.post("/api/v1/auth/token", data=body, content_type="application/json")
    assert_malformed(response)


def test_deeply_nested_body_to_authenticated_endpoints_is_malformed_json(auth_client):
    assert_malformed(auth_client.patch("/api/v1/me", data=DEEP, content_type="application/json"))
    assert_malformed(auth_client.post("/api/v1/games", data=DEEP, content_type="application/json"))
    assert Game.objects.count() == 0


def test_nested_melds_in_an_action_are_malformed_json(auth_client):
    game = auth_client.post(
        "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
    ).json()
    melds = "[" * 200 + '"AS"' + "]" * 200
    body = '{"type": "big_gin", "melds": ' + melds + "}"
    response = auth_client.post(
        f"/api/v1/games/{game['id']}/actions", data=body, content_type="application/json"
    )
    assert_malformed(response)
    assert Game.objects.get(pk=game["id"]).version == game["version"]


def test_nesting_at_the_limit_is_parsed(api_client):
    body = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    response = api_client.post("/api/v1/auth/register", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"  # parsed; just not an object


def test_brackets_inside_strings_do_not_count():
    assert json_nesting_depth('{"name": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}') == 1
    assert json_nesting_depth(r'["a \" [[[[", [[]]]') == 3


def test_deep_brackets_inside_a_string_are_fine(api_client):
    response = api_client.post(
        "/api/v1/auth/register",
        {"username": "ann", "password": "x", "display_name": "[" * 1000},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
