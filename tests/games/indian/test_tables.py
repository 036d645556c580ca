"""An Indian Rummy table's life around play (docs/api.md#games, docs/games/rummy.md,
docs/games/indian-rummy.md): the lobby, the caller's
list, rematches against the computer and between people, hints against the computer and
chat."""

from __future__ import annotations

import pytest

from tests.games.indian.helpers import ROUND_KEYS, act, seeded_deck, view_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_public_table_is_in_the_lobby_with_its_free_seats(make_user, client_for):
    ann, bob = client_for(make_user()), client_for(make_user())
    created = ann.post(
        "/api/v1/games",
        {
            "variant": "indian",
            "opponent": "human",
            "visibility": "public",
            "seats": 4,
            "computers": 1,
            "difficulty": "easy",
            "rules": {"format": "deals", "deals": 3},
        },
        format="json",
    ).json()
    lobby = bob.get("/api/v1/lobby").json()["results"]
    (entry,) = [e for e in lobby if e["id"] == created["id"]]
    assert entry["variant"] == "indian" and entry["seats"] == 4 and entry["free_seats"] == 2
    assert entry["rules"]["format"] == "deals" and entry["rules"]["deals"] == 3
    joined = bob.post("/api/v1/games/join", {"code": entry["invite_code"]}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "waiting"
    listed = ann.get("/api/v1/games").json()["results"]
    assert listed[0]["id"] == created["id"] and listed[0]["variant"] == "indian"
    assert len(listed[0]["players"]) == 4


def test_a_rematch_against_the_computers_keeps_the_table(computer_table):
    rules = {"format": "pool", "pool": 201}
    table = computer_table(computers=3, difficulty="hard", rules=rules)
    client = table["clients"][0]
    game_id = table["id"]
    assert client.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    over = view_of(client, game_id)
    assert over["status"] == "finished" and over["final"]["reason"] == "concede"
    assert over["final"]["placement"][-1] == 0
    response = client.post(f"/api/v1/games/{game_id}/rematch")
    assert response.status_code == 201, response.json()
    new = response.json()
    assert new["id"] != game_id and new["status"] == "active" and new["you"] == 0
    assert new["variant"] == "indian" and new["rules"] == over["rules"]
    assert [p["computer"] for p in new["players"]] == [None, "hard", "hard", "hard"]
    assert set(new["round"]) == ROUND_KEYS and new["round"]["number"] == 1


def test_a_rematch_between_people_starts_when_every_player_accepts(people_table):
    table = people_table(seats=3, rules={"format": "points"}, decks=[seeded_deck(3)])
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    assert cat.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    assert view_of(ann, game_id)["status"] == "finished"
    offered = ann.post(f"/api/v1/games/{game_id}/rematch")
    assert offered.status_code == 201, offered.json()
    new_id = offered.json()["id"]
    assert offered.json()["status"] == "waiting"
    # The two who left are asked back as people: nobody is a computer.
    assert all(p["computer"] is None for p in offered.json()["players"])
    assert bob.post(f"/api/v1/games/{new_id}/accept").json()["status"] == "waiting"
    started = cat.post(f"/api/v1/games/{new_id}/accept")
    assert started.status_code == 200 and started.json()["status"] == "active"
    assert started.json()["round"]["hand_sizes"] == [13, 13, 13]


def test_a_hint_against_the_computer_is_a_legal_move_and_changes_nothing(computer_table):
    table = computer_table(computers=2)
    client = table["clients"][0]
    game_id = table["id"]
    view = view_of(client, game_id)
    assert view["round"]["turn"] == 0
    response = client.get(f"/api/v1/games/{game_id}/hint")
    assert response.status_code == 200, response.json()
    hint = response.json()
    assert hint["version"] == view["version"] and hint["level"] == "medium"
    legal = {a["type"] for a in view["round"]["legal_actions"]}
    assert hint["action"]["type"] in legal
    assert view_of(client, game_id) == view
    applied = act(client, game_id, {**hint["action"], "expected_version": hint["version"]})
    assert applied.status_code == 200, applied.json()


def test_chat_at_an_indian_table(people_table):
    table = people_table(seats=3, decks=[seeded_deck(4)])
    ann, bob = table["clients"][0], table["clients"][1]
    game_id = table["id"]
    said = ann.post(f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"}, format="json")
    assert said.status_code == 201 and said.json()["seat"] == 0
    read = bob.get(f"/api/v1/games/{game_id}/messages").json()
    assert [m["phrase"] for m in read["results"]] == ["good_luck"]
