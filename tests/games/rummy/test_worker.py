"""A whole Rummy game against two computers whose turns run on a real Celery worker."""

from __future__ import annotations

import pytest

from games.models import Move
from tests.conftest import wait_until
from tests.games.rummy.helpers import act, choose, deals, seeded_deck


@pytest.mark.celery_worker
def test_whole_rummy_game_against_two_computers_with_a_real_worker(real_worker, client_for):
    from tests.factories import UserFactory

    client = client_for(UserFactory())
    rules = {"rounds": 1, "hand_size": 7, "first_meld_points": 0, "jokers": 2}
    with deals([seeded_deck(61, 2)]):
        created = client.post(
            "/api/v1/games",
            {
                "variant": "rummy",
                "opponent": "computer",
                "difficulty": "medium",
                "computers": 2,
                "rules": rules,
            },
            format="json",
        )
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]

    def my_turn_or_over():
        view = client.get(f"/api/v1/games/{game_id}").json()
        return view if view["status"] != "active" or view["round"]["turn"] == 0 else None

    for _ in range(1000):
        view = wait_until(my_turn_or_over, timeout=15)
        if view["status"] != "active":
            break
        response = act(client, game_id, {**choose(view), "expected_version": view["version"]})
        assert response.status_code == 200, response.json()
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "rounds"
    assert sorted(view["final"]["placement"]) == [0, 1, 2]
    assert Move.objects.filter(game_id=game_id).count() == view["version"]
    assert {m.seat for m in Move.objects.filter(game_id=game_id)} == {0, 1, 2}
