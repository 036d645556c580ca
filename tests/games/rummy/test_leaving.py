"""A player who leaves a table of three (docs/games/rummy.md): an ``easy`` computer takes the seat,
play goes on, and the leaver is placed last."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.models import Move
from games.rules.rummy import full_deck
from tests.games.rummy.helpers import (
    ROUND_KEYS,
    act,
    assert_views_hide,
    play_out,
    seeded_deck,
    view_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

RULES = {"rounds": 1, "hand_size": 9, "first_meld_points": 20, "jokers": 4}


def test_a_leaver_is_replaced_by_the_computer_and_placed_last(people_table):
    table = people_table(seats=3, rules=RULES, decks=[seeded_deck(41, 4)])
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    start = view_of(bob, game_id)
    assert start["round"]["turn"] == 1  # bob, the seat after the dealer

    response = bob.post(f"/api/v1/games/{game_id}/concede")
    assert response.status_code == 200, response.json()

    view = view_of(ann, game_id)
    assert view["status"] == "active"
    assert view["players"][1]["computer"] == "easy"
    assert view["players"][0]["computer"] is None and view["players"][2]["computer"] is None
    # The computer played bob's turn at once (tasks run eagerly): the turn moved on.
    assert view["round"]["turn"] == 2
    assert view["version"] > start["version"]
    last = Move.objects.filter(game_id=game_id, seat=1).order_by("seq").last()
    assert last is not None and last.action["type"] == "discard"
    assert Move.objects.filter(game_id=game_id, seat=1).count() >= 2

    # bob has left: he may no longer act or leave again; the game is not his to change.
    version = view["version"]
    assert act(bob, game_id, {"type": "draw_stock"}).status_code == 409
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 409
    assert view_of(ann, game_id)["version"] == version

    seen: list = []
    final_view = play_out(game_id, {0: ann, 2: cat}, seen=seen)
    assert final_view["status"] == "finished"
    final = final_view["final"]
    assert final["reason"] == "rounds"
    assert final["placement"][-1] == 1
    assert sorted(final["placement"]) == [0, 1, 2]
    assert final["winner"] in (0, 2)
    assert final["totals"] == final_view["scores"]
    assert assert_views_hide(game_id, seen) == len(seen)
    # The computer kept playing seat 1 after bob left; the log replays to the snapshot.
    assert Move.objects.filter(game_id=game_id, seat=1).count() > 2
    call_command("verify_games", game=[game_id])


def test_a_player_who_leaves_out_of_turn_is_played_for_when_the_turn_comes(people_table):
    table = people_table(seats=3, rules=RULES, decks=[seeded_deck(42, 4)])
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert cat.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    view = view_of(ann, game_id)
    assert view["status"] == "active" and view["round"]["turn"] == 1
    assert view["players"][2]["computer"] == "easy"
    listed = {g["id"]: g for g in bob.get("/api/v1/games?status=active").json()["results"]}
    assert listed[game_id]["your_turn"] is True and listed[game_id]["turn"] == 1
    # bob plays his turn; the computer in cat's seat plays at once; ann is next.
    final = play_out(game_id, {0: ann, 1: bob})
    assert final["final"]["placement"][-1] == 2
    assert Move.objects.filter(game_id=game_id, seat=2, automatic=False).count() >= 2
    call_command("verify_games", game=[game_id])


def test_a_leaver_can_no_longer_chat_at_the_table(people_table):
    table = people_table(seats=3, rules=RULES, decks=[seeded_deck(43, 4)])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    response = bob.post(
        f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == act(bob, game_id, {"type": "draw_stock"}).json()["code"]
    assert response.json()["code"] == "game_not_active"
    assert ann.get(f"/api/v1/games/{game_id}/messages").json()["count"] == 0
    still_seated = ann.post(
        f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"}, format="json"
    )
    assert still_seated.status_code == 201


def test_when_the_only_person_leaves_the_game_ends(computer_table):
    table = computer_table(computers=2, rules=RULES, decks=[seeded_deck(81, 4)])
    client = table["clients"][0]
    assert client.post(f"/api/v1/games/{table['id']}/concede").status_code == 200
    view = view_of(client, table["id"])
    # Nobody is left to play with: the computers do not play on alone.
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "concede"
    assert view["final"]["placement"][-1] == 0 and view["final"]["winner"] in (1, 2)
    assert view["final"]["totals"] == view["scores"] == [0, 0, 0]


def test_a_rematch_against_the_computer_keeps_the_table(computer_table):
    rules = {"rounds": 3, "hand_size": 8, "jokers": 3}
    table = computer_table(computers=1, difficulty="hard", rules=rules)
    client = table["clients"][0]
    game_id = table["id"]
    assert client.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    over = view_of(client, game_id)
    assert over["status"] == "finished" and over["final"]["reason"] == "concede"
    assert over["final"]["placement"] == [1, 0] and over["final"]["winner"] == 1
    response = client.post(f"/api/v1/games/{game_id}/rematch")
    assert response.status_code == 201, response.json()
    new = response.json()
    assert new["id"] != game_id and new["status"] == "active" and new["you"] == 0
    assert new["rules"] == over["rules"]
    assert [p["computer"] for p in new["players"]] == [None, "hard"]
    assert new["scores"] == [0, 0]
    assert set(new["round"]) == ROUND_KEYS
    # A new deal of the same rules. The computer may already have played its turn when the
    # answer is built (it plays at once when it is first), so its hand is checked against
    # what the server shows, not against a fixed size: the person has not acted and holds
    # a whole hand; the computer holds a whole hand less what it put on the table (a draw
    # and its discard cancel out); and every card of the deck is somewhere.
    round_ = new["round"]
    size = over["rules"]["hand_size"]
    on_table = [card for meld in round_["table"] for card in meld["cards"]]
    assert len(round_["hand"]) == round_["hand_sizes"][0] == size
    assert {meld["owner"] for meld in round_["table"]} <= {1}
    assert round_["hand_sizes"][1] + len(on_table) == size
    in_play = sum(round_["hand_sizes"]) + round_["stock_size"] + len(round_["discard_pile"])
    assert in_play + len(on_table) == len(full_deck(over["rules"]["jokers"]))


def test_a_leaver_no_longer_sees_the_hand_the_computer_plays(people_table):
    table = people_table(seats=3, rules=RULES, decks=[seeded_deck(41, 4)])
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    before = view_of(bob, game_id)
    assert before["round"]["hand"] and before["round"]["legal_actions"]
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200

    # The computer now holds seat 1's cards: bob sees its size, as anyone does, not them.
    view = view_of(bob, game_id)
    assert view["status"] == "active"
    assert view["round"]["hand"] == []
    assert view["round"]["legal_actions"] == []
    assert view["round"]["drawn_from_discard"] is None
    assert view["round"]["hand_sizes"][1] > 0

    # The move log names no stock draw the computer made for seat 1 after bob left.
    forfeit = Move.objects.get(game_id=game_id, seat=1, action__type="concede").seq
    later_draws = Move.objects.filter(
        game_id=game_id, seat=1, seq__gt=forfeit, action__type="draw_stock"
    )
    assert later_draws.exists()
    moves = bob.get(f"/api/v1/games/{game_id}/moves").json()["results"]
    by_seq = {m["seq"]: m for m in moves}
    shown = [draw for draw in later_draws if draw.seq in by_seq]
    assert shown
    for draw in shown:
        assert "card" not in by_seq[draw.seq]["action"]
    own = [
        m
        for m in moves
        if m["seat"] == 1 and m["seq"] < forfeit and m["action"]["type"] == "draw_stock"
    ]
    assert all("card" in m["action"] for m in own)

    final = play_out(game_id, {0: ann, 2: cat})
    assert final["status"] == "finished"
