"""What each seat is called at the table (``players[].name``): the person's display name,
or a computer's own name with its level, distinct at one table and kept for the game."""

from __future__ import annotations

import re

import pytest

from games.presenters import COMPUTER_NAMES

pytestmark = pytest.mark.django_db

LEVELLED = re.compile(r"^(?P<first>\w+) \((?P<level>easy|medium|hard)\)$")


def test_every_computer_at_a_six_seat_table_has_a_name_of_its_own(auth_client, user):
    view = auth_client.post(
        "/api/v1/games",
        {"variant": "indian", "opponent": "computer", "difficulty": "medium", "computers": 5},
        format="json",
    ).json()
    players = view["players"]
    assert players[0]["name"] == user.public_name
    computers = [p["name"] for p in players[1:]]
    assert len(set(computers)) == 5
    for name in computers:
        match = LEVELLED.match(name)
        assert match and match["level"] == "medium" and match["first"] in COMPUTER_NAMES


def test_a_computer_keeps_its_name_for_the_whole_game(auth_client):
    view = auth_client.post(
        "/api/v1/games",
        {"variant": "rummy", "opponent": "computer", "difficulty": "easy", "computers": 3},
        format="json",
    ).json()
    names = [p["name"] for p in view["players"]]
    assert len(set(names)) == 4
    conceded = auth_client.post(f"/api/v1/games/{view['id']}/concede").json()
    assert conceded["status"] == "finished" and conceded["version"] > view["version"]
    assert [p["name"] for p in conceded["players"]][1:] == names[1:]
    again = auth_client.get(f"/api/v1/games/{view['id']}").json()
    assert [p["name"] for p in again["players"]][1:] == names[1:]
    listed = auth_client.get("/api/v1/games").json()["results"][0]
    assert [p["name"] for p in listed["players"]][1:] == names[1:]


def test_an_open_seat_has_no_name_and_a_person_their_display_name(make_user, client_for):
    ann, bob = make_user(display_name="Ann"), make_user(display_name="Bob")
    created = client_for(ann).post("/api/v1/games", {"opponent": "human"}, format="json").json()
    assert [p["name"] for p in created["players"]] == ["Ann", None]
    joined = client_for(bob).post(
        "/api/v1/games/join", {"code": created["invite_code"]}, format="json"
    )
    assert [p["name"] for p in joined.json()["players"]] == ["Ann", "Bob"]


def test_computers_of_different_games_may_be_called_differently(auth_client):
    firsts = set()
    for _ in range(6):
        view = auth_client.post(
            "/api/v1/games", {"opponent": "computer", "difficulty": "hard"}, format="json"
        ).json()
        auth_client.post(f"/api/v1/games/{view['id']}/concede")
        firsts.add(LEVELLED.match(view["players"][1]["name"])["first"])
    assert len(firsts) > 1
