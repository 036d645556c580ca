"""A whole Rummy game against two computers whose turns run on a real Celery worker."""

from __future__ import annotations

import pytest

from games.models import Move
from tests.conftest import play_seat_0_against_the_worker
from tests.games.rummy.helpers import choose, deals, seeded_deck


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

    view = play_seat_0_against_the_worker(client, game_id, choose, limit=1000)
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "rounds"
    assert sorted(view["final"]["placement"]) == [0, 1, 2]
    assert Move.objects.filter(game_id=game_id).count() == view["version"]
    assert {m.seat for m in Move.objects.filter(game_id=game_id)} == {0, 1, 2}
