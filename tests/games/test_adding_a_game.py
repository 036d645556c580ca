"""Adding a game is one folder: High Card (``tests/games/toy/``), registered with the
registry and nothing else, is created, joined, played, replayed and listed through the
API like the real games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.management import call_command

from games import variants
from games.dealing import deck_commitment
from games.models import GameResult, Move
from tests.games.toy import HIGH_CARD

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def high_card() -> Iterator[None]:
    variants.register(HIGH_CARD)
    try:
        yield
    finally:
        variants.unregister(HIGH_CARD.name)


def test_an_unregistered_game_is_refused(auth_client):
    response = auth_client.post(
        "/api/v1/games", {"variant": "highcard", "opponent": "computer"}, format="json"
    )
    assert response.status_code == 400 and response.json()["fields"]["variant"]


def test_a_registered_game_plays_against_the_computer_through_the_api(high_card, auth_client):
    created = auth_client.post(
        "/api/v1/games", {"variant": "highcard", "opponent": "computer"}, format="json"
    )
    assert created.status_code == 201, created.json()
    view = created.json()
    assert view["variant"] == "highcard" and view["rules"] == {"draws": 2}
    game_id = view["id"]
    while view["status"] == "active":
        assert view["round"]["turn"] == view["you"]  # the computer has replied
        response = auth_client.post(
            f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"}, format="json"
        )
        assert response.status_code == 200, response.json()
        view = auth_client.get(f"/api/v1/games/{game_id}").json()
    assert view["status"] == "finished" and view["final"]["reason"] == "target"
    assert view["version"] == Move.objects.filter(game_id=game_id).count() == 4
    # The server's own keys come with it: the deal revealed, checkable against its commitment.
    reveal = view["final"]["unfinished_round"]
    assert deck_commitment(reveal["salt"], reveal["deck"]) == reveal["deck_commitment"]
    assert set(view["final"]) == {
        "winner", "reason", "aborted", "rated", "unrated_reason", "unfinished_round"
    }
    moves = auth_client.get(f"/api/v1/games/{game_id}/moves").json()["results"]
    assert [m["action"]["type"] for m in moves] == ["draw_stock"] * 4
    assert all("card" in m["action"] for m in moves)  # the game is over: every draw shown
    call_command("verify_games", game=[game_id])
    assert GameResult.objects.filter(game_id=game_id, variant="highcard").count() == 1


def test_a_registered_game_is_joined_by_code_and_refuses_a_turn_out_of_order(
    high_card, make_user, client_for
):
    ann, bob = client_for(make_user()), client_for(make_user())
    table = ann.post(
        "/api/v1/games", {"variant": "highcard", "opponent": "human"}, format="json"
    ).json()
    assert table["status"] == "waiting"
    view = bob.post("/api/v1/games/join", {"code": table["invite_code"]}, format="json").json()
    assert view["status"] == "active" and view["version"] == 1
    waiting = ann if view["round"]["turn"] == 1 else bob
    response = waiting.post(
        f"/api/v1/games/{table['id']}/actions", {"type": "draw_stock"}, format="json"
    )
    assert response.status_code == 409 and response.json()["code"] == "not_your_turn"
    knock = waiting.post(f"/api/v1/games/{table['id']}/actions", {"type": "knock"}, format="json")
    assert knock.status_code == 422 and knock.json()["code"] == "action_not_in_game"
