"""Live responses of whole games match the OpenAPI schema, so shapes cannot drift.

Every JSON body the API sends while the games below are played (creating, joining,
playing to the end, the move log, lists, the lobby, chat, rematch, errors) is validated
against the response schema the API publishes for that operation and status. The schema
is read closed: an object may hold only the properties it documents (unless it says
``additionalProperties``), so a key sent but not documented fails as surely as a
documented key of the wrong type.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from rest_framework.test import APIClient

from tests.games.helpers import act, choose
from tests.games.rummy.helpers import play_rummy_to_end

pytestmark = pytest.mark.django_db(transaction=True)

MAX_REQUESTS = 3000


def _closed(node: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema (as 3.1 writes it: ``nullable`` becomes a
    ``null`` alternative, exclusive bounds numbers), every documented object closed to
    undocumented keys."""
    if isinstance(node, list):
        return [_closed(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _closed(value) for key, value in node.items()}
    if out.get("type") == "object" and "properties" in out:
        out.setdefault("additionalProperties", False)
    for bound in ("Maximum", "Minimum"):  # 3.0 writes these as flags on maximum/minimum
        flag = out.get(f"exclusive{bound}")
        if isinstance(flag, bool):
            del out[f"exclusive{bound}"]
            if flag:
                out[f"exclusive{bound}"] = out.pop(bound.lower())
    if out.pop("nullable", False):
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


class SchemaChecker:
    """Sends requests through a client and validates every JSON answer."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = _closed(copy.deepcopy(spec))
        self.routes = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"), path)
            for path in self.spec["paths"]
        ]
        self.checked: set[tuple[str, str, int]] = set()

    def operation(self, method: str, path: str) -> tuple[str, dict[str, Any]]:
        matches = [template for regex, template in self.routes if regex.match(path)]
        assert matches, f"{method} {path} is not in the schema"
        # a literal route (/games/join) wins over a templated one (/games/{game_id})
        template = min(matches, key=lambda t: t.count("{"))
        return template, self.spec["paths"][template][method.lower()]

    def check(self, method: str, path: str, response: Any) -> None:
        template, operation = self.operation(method, path.split("?")[0])
        status = str(response.status_code)
        assert status in operation["responses"], (
            f"{method} {template} answered {status}, which the schema does not document"
        )
        documented = operation["responses"][status]
        content = documented.get("content", {})
        if response.status_code == 204:
            assert not content and not response.content
            return
        schema = content["application/json"]["schema"]
        validator = Draft202012Validator({**schema, "components": self.spec["components"]})
        first = best_match(validator.iter_errors(response.json()))
        if first is not None:
            where = "/".join(str(p) for p in first.absolute_path)
            raise AssertionError(
                f"{method} {template} {status}: at {where or 'the top'}: {first.message}"
            )
        self.checked.add((method, template, response.status_code))


class Checked:
    """An API client whose every answer is validated against the schema."""

    def __init__(self, client: APIClient, checker: SchemaChecker) -> None:
        self.client, self.checker = client, checker

    def request(self, method: str, path: str, body: Any = None, **extra: Any) -> Any:
        call = getattr(self.client, method.lower())
        response = call(path, body, format="json", **extra) if body is not None else call(
            path, **extra
        )
        self.checker.check(method, path, response)
        return response

    def get(self, path: str, **extra: Any) -> Any:
        return self.request("GET", path, **extra)

    def post(self, path: str, body: Any = None, **extra: Any) -> Any:
        return self.request("POST", path, body, **extra)


@pytest.fixture
def checker(api_client: APIClient) -> SchemaChecker:
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return SchemaChecker(response.json())


@pytest.fixture
def players(make_user, client_for, checker) -> Iterator[tuple[Checked, Checked]]:
    ann, bob = make_user(), make_user()
    yield Checked(client_for(ann), checker), Checked(client_for(bob), checker)


def _play_until_over(clients: dict[int, Checked], game_id: str) -> dict[str, Any]:
    view: dict[str, Any] = {}
    for _ in range(MAX_REQUESTS):
        views = {seat: c.get(f"/api/v1/games/{game_id}").json() for seat, c in clients.items()}
        view = next(iter(views.values()))
        if view["status"] != "active":
            return view
        turn = view["round"]["turn"]
        seat = next(s for s, v in views.items() if v["you"] == turn)
        response = act(clients[seat].client, game_id, choose(views[seat]))
        clients[seat].checker.check("POST", f"/api/v1/games/{game_id}/actions", response)
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_computer_matches_the_schema(players, checker):
    ann, _ = players
    view = ann.post(
        "/api/v1/games",
        {"opponent": "computer", "difficulty": "easy", "rules": {"target_score": 30}},
    ).json()
    game_id = view["id"]
    final = _play_until_over({0: ann}, game_id)
    assert final["status"] == "finished" and final["final"]["winner"] in (0, 1)
    assert len(final["rounds"]) >= 1
    ann.get(f"/api/v1/games/{game_id}/moves?page_size=100")
    ann.get("/api/v1/games")
    ann.get("/api/v1/games?status=finished")
    rematch = ann.post(f"/api/v1/games/{game_id}/rematch").json()
    assert rematch["status"] == "active"
    ann.post(f"/api/v1/games/{rematch['id']}/concede")
    ann.get("/api/v1/me")
    ann.get(f"/api/v1/users/{final['players'][0]['user']['username']}")
    assert ("GET", "/api/v1/games/{game_id}", 200) in checker.checked


def test_a_whole_game_between_two_people_matches_the_schema(players, checker):
    ann, bob = players
    created = ann.post(
        "/api/v1/games",
        {"opponent": "human", "visibility": "public", "rules": {"target_score": 25}},
    ).json()
    assert created["status"] == "waiting"
    ann.get("/api/v1/lobby")
    joined = bob.post("/api/v1/games/join", {"code": created["invite_code"]}).json()
    game_id = joined["id"]
    clients = {0: ann, 1: bob}
    ann.get("/api/v1/phrases")
    ann.post(f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"})
    bob.get(f"/api/v1/games/{game_id}/messages")
    # errors are documented too
    ann.post(f"/api/v1/games/{game_id}/actions", {"type": "discard", "card": "ZZ"})
    ann.post(f"/api/v1/games/{game_id}/actions", {"type": "pass", "expected_version": 99})
    final = _play_until_over(clients, game_id)
    assert final["status"] == "finished"
    for client in clients.values():
        client.get(f"/api/v1/games/{game_id}/moves?page_size=100")
    offer = ann.post(f"/api/v1/games/{game_id}/rematch").json()
    accepted = bob.post(f"/api/v1/games/{offer['id']}/accept").json()
    assert accepted["status"] == "active"
    # a round cut short: the concession reveals its deal
    conceded = bob.post(f"/api/v1/games/{offer['id']}/concede").json()
    assert conceded["final"]["reason"] == "concede"
    ann.get(f"/api/v1/games/{offer['id']}/moves")
    waiting = ann.post("/api/v1/games", {"opponent": "human"}).json()
    ann.post(f"/api/v1/games/{waiting['id']}/cancel")
    ann.get("/api/v1/leaderboards/weekly")
    ann.get("/api/v1/leaderboards/rating")
    assert ("POST", "/api/v1/games/{game_id}/actions", 422) in checker.checked or (
        "POST",
        "/api/v1/games/{game_id}/actions",
        400,
    ) in checker.checked


def test_the_checker_fails_on_an_undocumented_key(checker, players):
    ann, _ = players
    response = ann.client.get("/api/v1/phrases")
    body = response.json()
    body["results"][0]["surprise"] = 1

    class Fake:
        status_code = 200

        @staticmethod
        def json() -> Any:
            return body

    with pytest.raises(AssertionError, match="surprise"):
        checker.check("GET", "/api/v1/phrases", Fake())


def test_a_rummy_table_of_three_matches_the_schema(make_user, client_for, checker):
    ann, bob = (Checked(client_for(make_user()), checker) for _ in range(2))
    created = ann.post(
        "/api/v1/games",
        {
            "variant": "rummy",
            "opponent": "human",
            "visibility": "public",
            "seats": 3,
            "computers": 1,
            "difficulty": "easy",
            "rules": {"rounds": 1, "hand_size": 7, "jokers": 2},
        },
    ).json()
    assert created["status"] == "waiting" and created["variant"] == "rummy"
    lobby = ann.get("/api/v1/lobby").json()
    assert lobby["results"][0]["free_seats"] == 1
    joined = bob.post("/api/v1/games/join", {"code": created["invite_code"]}).json()
    game_id = joined["id"]
    assert joined["status"] == "active" and set(joined["round"]) >= {"table", "came_out"}
    # (errors are documented too: round 1's dealer is seat 0, so bob plays first)
    bob.post(f"/api/v1/games/{game_id}/actions", {"type": "layoff", "card": "XX", "meld": 9})
    ann.post(f"/api/v1/games/{game_id}/actions", {"type": "discard", "card": "ZZ"})
    ann.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"})

    def post(client: Checked, game: str, body: dict[str, Any]) -> Any:
        return client.post(f"/api/v1/games/{game}/actions", body)

    final = play_rummy_to_end({0: ann, 1: bob}, game_id, post=post)
    assert final["final"]["reason"] == "rounds"
    assert len(final["final"]["placement"]) == 3
    for client in (ann, bob):
        client.get(f"/api/v1/games/{game_id}/moves?page_size=100")
        client.get("/api/v1/games")
    offer = ann.post(f"/api/v1/games/{game_id}/rematch").json()
    accepted = bob.post(f"/api/v1/games/{offer['id']}/accept").json()
    assert accepted["status"] == "active"
    # bob leaves: the computer plays on for him
    bob.post(f"/api/v1/games/{offer['id']}/concede")
    left = bob.get(f"/api/v1/games/{offer['id']}").json()
    assert left["status"] == "active" and left["players"][1]["computer"] == "easy"
    bob.post(f"/api/v1/games/{offer['id']}/actions", {"type": "draw_stock"})
    over = ann.post(f"/api/v1/games/{offer['id']}/concede").json()
    assert over["final"]["reason"] == "concede" and over["final"]["placement"][1:] == [0, 1]
    vs_computer = ann.post(
        "/api/v1/games",
        {
            "variant": "rummy",
            "opponent": "computer",
            "computers": 2,
            "difficulty": "easy",
            "rules": {"rounds": 1, "hand_size": 7},
        },
    ).json()
    assert len(vs_computer["players"]) == 3
    ann.post(f"/api/v1/games/{vs_computer['id']}/concede")
    # the last person left: the game ends, the leaver placed last
    done = ann.get(f"/api/v1/games/{vs_computer['id']}").json()
    assert done["status"] == "finished" and done["final"]["placement"][-1] == 0
    assert ("POST", "/api/v1/games/{game_id}/actions", 422) in checker.checked


def test_the_create_operation_tells_how_every_game_is_asked_for(checker):
    from games.variants import DEFAULT_VARIANT, VARIANT_NAMES

    description = checker.spec["paths"]["/api/v1/games"]["post"]["description"]
    for name in VARIANT_NAMES:
        if name != DEFAULT_VARIANT:  # the default needs no variant
            assert f'`variant: "{name}"`' in description, name
