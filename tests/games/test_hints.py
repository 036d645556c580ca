"""``GET /games/{id}/hint``: the Medium computer player's move for the caller's seat, in
games against the computer only, on the caller's turn."""

from __future__ import annotations

import pytest

from games.models import Move
from tests.config.test_errors import assert_error

pytestmark = pytest.mark.django_db(transaction=True)


def _my_turn_game(client, **body) -> dict:
    view = client.post("/api/v1/games", {"opponent": "computer", **body}, format="json").json()
    assert view["round"]["turn"] == view["you"]  # the computer has played (eager tasks)
    return view


@pytest.mark.parametrize(
    "body",
    [{}, {"variant": "rummy", "computers": 3, "rules": {"hand_size": 7, "rounds": 1}}],
)
def test_a_hint_is_a_legal_move_of_the_callers_seat_that_changes_nothing(auth_client, body):
    view = _my_turn_game(auth_client, **body)
    url = f"/api/v1/games/{view['id']}"
    hint = auth_client.get(f"{url}/hint")
    assert hint.status_code == 200, hint.json()
    hint = hint.json()
    assert hint["version"] == view["version"] and hint["level"] == "medium"
    assert hint["action"]["type"] in {entry["type"] for entry in view["round"]["legal_actions"]}
    assert Move.objects.filter(game_id=view["id"]).count() == view["version"]  # nothing played
    played = auth_client.post(f"{url}/actions", hint["action"], format="json")
    assert played.status_code == 200, played.json()


def test_no_hints_at_a_table_with_people(human_game):
    table = human_game()
    for client in table["clients"].values():
        assert_error(client.get(f"/api/v1/games/{table['id']}/hint"), 409, "hints_unavailable")


def test_no_hint_while_the_computer_holds_the_turn(auth_client, monkeypatch):
    from games import tasks

    view = _my_turn_game(auth_client)
    url = f"/api/v1/games/{view['id']}"
    monkeypatch.setattr(tasks.play_computer_turn, "delay", lambda *args: None)  # not yet
    while (now := auth_client.get(url).json())["round"]["turn"] == view["you"]:
        action = auth_client.get(f"{url}/hint").json()["action"]
        assert auth_client.post(f"{url}/actions", action, format="json").status_code == 200
    body = assert_error(auth_client.get(f"{url}/hint"), 409, "not_your_turn")
    assert body["current_version"] == now["version"]


def test_no_hint_for_a_stranger_or_after_the_end(auth_client, make_user, client_for):
    view = _my_turn_game(auth_client)
    url = f"/api/v1/games/{view['id']}"
    assert_error(client_for(make_user()).get(f"{url}/hint"), 404, "not_found")
    auth_client.post(f"{url}/concede")
    body = assert_error(auth_client.get(f"{url}/hint"), 409, "game_not_active")
    assert body["current_version"] == auth_client.get(url).json()["version"]
