"""Every answer of an Indian Rummy table matches the published OpenAPI schema exactly
(objects closed): creation, the lobby, joining, views in every phase, refusals, the move
log, a leaver's table and a rematch."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.indian.helpers import MAX_ACTIONS, choose, seeded_deck
from tests.games.indian.helpers import deals as dealt_decks
from tests.games.test_schema_conformance import Checked, SchemaChecker

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def schema_checker(api_client: APIClient) -> SchemaChecker:
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return SchemaChecker(response.json())


def play_until_over(clients: dict[int, Checked], game_id: str) -> dict[str, Any]:
    for _ in range(MAX_ACTIONS):
        views = {seat: c.get(f"/api/v1/games/{game_id}").json() for seat, c in clients.items()}
        view = next(iter(views.values()))
        if view["status"] != "active":
            return view
        seat = next(s for s, v in views.items() if v["you"] == view["round"]["turn"])
        response = clients[seat].post(f"/api/v1/games/{game_id}/actions", choose(views[seat]))
        assert response.status_code == 200, response.json()
    raise AssertionError("the game did not end")


def test_an_indian_table_of_three_matches_the_schema(make_user, client_for, schema_checker):
    ann, bob, cat = (Checked(client_for(make_user()), schema_checker) for _ in range(3))
    created = ann.post(
        "/api/v1/games",
        {
            "variant": "indian",
            "opponent": "human",
            "visibility": "public",
            "seats": 3,
            "rules": {"format": "pool", "pool": 101},
        },
    ).json()
    assert created["status"] == "waiting" and created["variant"] == "indian"
    assert ann.get("/api/v1/lobby").json()["results"][0]["free_seats"] == 2
    bob.post("/api/v1/games/join", {"code": created["invite_code"]})
    with dealt_decks([seeded_deck(31 + n) for n in range(12)]):
        joined = cat.post("/api/v1/games/join", {"code": created["invite_code"]}).json()
    game_id = joined["id"]
    assert joined["status"] == "active" and joined["round"]["wild_joker"]
    # Refusals are documented too (bob, the seat after the dealer, plays first).
    bob.post(f"/api/v1/games/{game_id}/actions", {"type": "declare", "card": "2C", "groups": []})
    bob.post(f"/api/v1/games/{game_id}/actions", {"type": "discard", "card": "ZZ"})
    ann.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"})
    bob.post(f"/api/v1/games/{game_id}/actions", {"type": "discard", "card": "2C"})
    bob.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"})  # 14 cards
    bob.get(f"/api/v1/games/{game_id}")
    cat.get(f"/api/v1/games/{game_id}/moves?page_size=100")  # a live game's log
    final = play_until_over({0: ann, 1: bob, 2: cat}, game_id)
    assert final["final"]["reason"] == "pool" and len(final["final"]["placement"]) == 3
    for client in (ann, bob, cat):
        client.get(f"/api/v1/games/{game_id}/moves?page_size=100")
        client.get("/api/v1/games")
    offer = ann.post(f"/api/v1/games/{game_id}/rematch").json()
    bob.post(f"/api/v1/games/{offer['id']}/accept")
    accepted = cat.post(f"/api/v1/games/{offer['id']}/accept").json()
    assert accepted["status"] == "active"
    # cat leaves: nobody plays on for her, and the game goes on.
    cat.post(f"/api/v1/games/{offer['id']}/concede")
    left = cat.get(f"/api/v1/games/{offer['id']}").json()
    assert left["status"] == "active" and left["players"][2]["computer"] is None
    assert left["players"][2]["user"] is not None
    ann.get(f"/api/v1/games/{offer['id']}/moves")
    bob.post(f"/api/v1/games/{offer['id']}/concede")
    over = ann.get(f"/api/v1/games/{offer['id']}").json()
    assert over["final"]["reason"] == "concede" and over["final"]["placement"] == [0, 1, 2]
    ann.get("/api/v1/leaderboards/weekly?variant=indian")
    ann.get("/api/v1/leaderboards/rating?variant=indian")
    checked = schema_checker.checked
    assert ("POST", "/api/v1/games/{game_id}/actions", 422) in checked
    assert ("POST", "/api/v1/games/{game_id}/actions", 400) in checked
    assert ("POST", "/api/v1/games/{game_id}/actions", 409) in checked
