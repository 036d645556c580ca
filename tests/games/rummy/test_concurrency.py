"""Concurrent actions on one Rummy table, on PostgreSQL with real threads: the game row's
lock and ``expected_version`` let exactly one of them apply."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import Game, Move
from tests.factories import token_for
from tests.games.helpers import THREADS, run_in_threads
from tests.games.rummy.helpers import seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)


def test_eight_threads_one_expected_version_on_a_table_of_four(computer_table):
    table = computer_table(
        computers=3, rules={"hand_size": 7, "rounds": 1}, decks=[seeded_deck(51)]
    )
    game_id = table["id"]
    view = table["clients"][0].get(f"/api/v1/games/{game_id}").json()
    assert view["round"]["turn"] == 0 and view["round"]["phase"] == "draw"
    version = view["version"]
    user = table["users"][0]
    clients = []
    for _ in range(THREADS):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
        clients.append(client)

    def post(i: int):
        response = clients[i].post(
            f"/api/v1/games/{game_id}/actions",
            {"type": "draw_stock", "expected_version": version},
            format="json",
        )
        return response.status_code, response.json()

    results = run_in_threads(post)
    assert sorted(status for status, _ in results) == [200] + [409] * (THREADS - 1)
    assert {body["code"] for status, body in results if status == 409} == {"version_conflict"}
    winner = next(body for status, body in results if status == 200)
    assert winner["version"] == version + 1
    assert len(winner["round"]["hand"]) == 8 and winner["round"]["phase"] == "play"
    assert Move.objects.filter(game_id=game_id).count() == version + 1
    assert Game.objects.get(pk=game_id).version == version + 1


def test_eight_people_race_for_the_last_seat(people_table, make_user):
    table = people_table(seats=4, computers=1, difficulty="easy", rules={"hand_size": 7}, people=2)
    # ann created it and bob joined: seats 0 and 1 taken, the computer in 3, seat 2 free.
    assert table["view"]["status"] == "waiting"
    racers = [make_user() for _ in range(THREADS)]
    clients = []
    for user in racers:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
        clients.append(client)

    def join(i: int):
        response = clients[i].post("/api/v1/games/join", {"code": table["code"]}, format="json")
        return response.status_code, response.json()

    results = run_in_threads(join)
    assert sorted(status for status, _ in results) == [200] + [409] * (THREADS - 1)
    assert {body["code"] for status, body in results if status == 409} == {"game_full"}
    winner = next(body for status, body in results if status == 200)
    assert winner["status"] == "active" and winner["you"] == 2
    game = Game.objects.get(pk=table["id"])
    assert game.status == "active"
    assert game.seats.filter(user__isnull=False).count() == 3
