"""Leaving an Indian Rummy table (docs/games/indian-rummy.md): at three seats or more, a concession
or the
third timed-out turn in a row is a drop at the deal's highest drop cost and the player
leaves the game. No computer takes the seat (unlike Rummy, docs/games/rummy.md): the seat is out,
never has
the turn again, and the player who left is placed last. At two seats it ends the game."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.models import GameResult, Move, Seat
from tests.games.indian.helpers import (
    act,
    assert_views_hide,
    choose,
    moves_of,
    play_out,
    seeded_deck,
    view_of,
)
from tests.games.melding import play
from tests.games.melding.play import expire_the_turn

pytestmark = pytest.mark.django_db(transaction=True)

POOL = {"format": "pool", "pool": 101}


def decks(seed: int) -> list[list[str]]:
    return [seeded_deck(seed + n) for n in range(12)]


def test_a_leaver_drops_at_the_highest_cost_and_no_computer_takes_the_seat(people_table):
    table = people_table(seats=3, rules=POOL, decks=decks(41))
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert view_of(bob, game_id)["round"]["turn"] == 1  # bob, the seat after the dealer
    # Everybody plays a turn (a game left before each player moved is aborted, unrated).
    play_out(game_id, table["clients"], actions=6)
    start = view_of(bob, game_id)
    assert start["round"]["turn"] == 1 and start["round"]["number"] == 1

    response = bob.post(f"/api/v1/games/{game_id}/concede")
    assert response.status_code == 200, response.json()
    assert response.json()["version"] == start["version"] + 1  # the concession, nothing more

    view = view_of(ann, game_id)
    assert view["status"] == "active"
    # Nobody plays seat 1 now: the player is still named there, no computer is.
    assert view["players"][1]["computer"] is None
    assert view["players"][1]["user"]["username"] == table["users"][1].username
    seat = Seat.objects.get(game_id=game_id, seat=1)
    assert seat.left_at is not None and seat.computer == "" and seat.user == table["users"][1]
    rnd = view["round"]
    assert rnd["status"] == ["in", "dropped", "in"] and rnd["hand_sizes"] == [13, 0, 13]
    assert rnd["turn"] == 2
    concession = Move.objects.filter(game_id=game_id, seat=1).order_by("seq").last()
    assert concession is not None and concession.action == {"type": "concede"}

    # bob may look, but no longer act, leave again or speak at the table.
    version = view["version"]
    assert act(bob, game_id, {"type": "draw_stock"}).json()["code"] == "game_not_active"
    assert bob.post(f"/api/v1/games/{game_id}/concede").json()["code"] == "game_not_active"
    said = bob.post(f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"}, format="json")
    assert said.status_code == 409 and said.json()["code"] == "game_not_active"
    mine = view_of(bob, game_id)
    assert mine["round"]["hand"] == [] and mine["round"]["legal_actions"] == []
    assert view_of(ann, game_id)["version"] == version

    seen: list = []
    final_view = play_out(game_id, {0: ann, 2: cat}, seen=seen)
    assert final_view["status"] == "finished"
    final = final_view["final"]
    assert final["reason"] == "pool"
    assert final["placement"][-1] == 1 and final["winner"] in (0, 2)
    rounds = final_view["rounds"]
    # The concession cost the highest drop of the deal (pool 101: 40), and bob was dealt
    # no more: out in every later deal, and no move of seat 1 after the concession.
    assert rounds[0]["hands"][1]["status"] == "dropped"
    assert rounds[0]["points"][1] == 40
    assert all(r["hands"][1]["status"] == "out" for r in rounds[1:])
    assert Move.objects.filter(game_id=game_id, seat=1, seq__gt=concession.seq).count() == 0
    assert assert_views_hide(game_id, seen) == len(seen)
    rows = {row.seat: row for row in GameResult.objects.filter(game_id=game_id)}
    assert rows[1].placement == 3 and not rows[1].won and rows[1].reason == "pool"
    call_command("verify_games", game=[game_id])


def test_a_leaver_out_of_turn_is_passed_over_when_the_turn_comes(people_table):
    table = people_table(seats=3, rules={"format": "deals", "deals": 2}, decks=decks(51))
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert cat.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    view = view_of(ann, game_id)
    assert view["status"] == "active" and view["round"]["turn"] == 1
    assert view["round"]["status"] == ["in", "in", "dropped"]
    assert view["players"][2]["computer"] is None
    # bob plays his turn; seat 2 is passed over: ann is next.
    for _ in range(2):
        mine = view_of(bob, game_id)
        response = act(bob, game_id, {**choose(mine), "expected_version": mine["version"]})
        assert response.status_code == 200, response.json()
    after = view_of(ann, game_id)
    assert after["round"]["turn"] == 0 or after["round"]["number"] == 2
    final = play_out(game_id, {0: ann, 1: bob})
    assert final["final"]["reason"] == "deals" and final["final"]["placement"][-1] == 2
    assert all(r["hands"][2]["status"] == "out" for r in final["rounds"][1:])
    assert Move.objects.filter(game_id=game_id, seat=2).count() == 1
    call_command("verify_games", game=[game_id])


def test_at_a_points_table_the_leaver_is_placed_last_whatever_the_deal_costs_others(
    people_table,
):
    table = people_table(seats=3, rules={"format": "points"}, decks=decks(61))
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert ann.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    final_view = play_out(game_id, {1: bob, 2: cat})
    final = final_view["final"]
    assert final["placement"][-1] == 0
    assert final_view["rounds"][0]["hands"][0]["status"] == "dropped"
    assert final_view["rounds"][0]["points"][0] == 40  # the middle drop, the highest


def test_when_two_are_left_and_one_leaves_the_game_ends(people_table):
    table = people_table(seats=3, rules=POOL, decks=decks(71))
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    assert cat.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    view = view_of(ann, game_id)
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "concede"
    assert view["final"]["placement"] == [0, 2, 1]  # the first to leave last of all
    call_command("verify_games", game=[game_id])


def test_at_two_seats_a_concession_ends_the_game(people_table):
    table = people_table(seats=2, rules=POOL, decks=decks(81))
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    view = view_of(ann, game_id)
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "concede"
    assert view["final"]["winner"] == 0 and view["final"]["placement"] == [0, 1]


def test_when_the_only_person_leaves_the_computers_do_not_play_on(computer_table):
    table = computer_table(computers=2, rules=POOL, decks=decks(91))
    client = table["clients"][0]
    assert client.post(f"/api/v1/games/{table['id']}/concede").status_code == 200
    view = view_of(client, table["id"])
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "concede"
    assert view["final"]["placement"][-1] == 0 and view["final"]["winner"] in (1, 2)
    assert [p["computer"] for p in view["players"]] == [None, "easy", "easy"]


def test_a_leaver_sees_no_card_drawn_from_the_stock_after_leaving(people_table):
    table = people_table(seats=3, rules=POOL, decks=decks(101))
    game_id = table["id"]
    ann, bob, cat = (table["clients"][seat] for seat in range(3))
    play_out(game_id, table["clients"], actions=2)  # bob's first turn
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    play_out(game_id, {0: ann, 2: cat}, actions=6)
    moves = moves_of(bob, game_id)
    forfeit = next(m["seq"] for m in moves if m["action"]["type"] == "concede")
    for move in moves:
        if move["action"]["type"] == "draw_stock":
            assert ("card" in move["action"]) == (move["seat"] == 1 and move["seq"] < forfeit)


# --- turn timers --------------------------------------------------------------------------


def play_one_turn(client, game_id: str) -> None:
    play.play_one_turn(client, game_id, choose)


def test_three_timeouts_in_a_row_and_the_seat_leaves_with_nobody_in_it(people_table):
    table = people_table(seats=3, rules=POOL, decks=decks(111), turn_seconds=30)
    game_id = table["id"]
    ann, cat = table["clients"][0], table["clients"][2]
    view = view_of(ann, game_id)
    assert view["turn_seconds"] == 30 and view["round"]["turn_deadline"].endswith("Z")
    for _ in range(2):
        assert view_of(ann, game_id)["round"]["turn"] == 1
        moves = expire_the_turn(game_id)
        # bob's whole turn, played for him: a stock draw, then a discard (never a drop).
        assert [m.action["type"] for m in moves] == ["draw_stock", "discard"]
        assert all(m.seat == 1 and m.automatic for m in moves)
        after = view_of(ann, game_id)
        assert after["status"] == "active" and after["round"]["turn"] == 2
        play_one_turn(cat, game_id)
        play_one_turn(ann, game_id)
    # The third deadline in a row: bob forfeits (a ``timeout`` move), drops at the highest
    # cost and leaves; nobody plays his seat, and the turn passes to cat.
    moves = expire_the_turn(game_id)
    assert [(m.seat, m.action) for m in moves] == [(1, {"type": "timeout"})]
    view = view_of(ann, game_id)
    assert view["status"] == "active"
    assert view["players"][1]["computer"] is None
    assert view["round"]["status"][1] == "dropped" and view["round"]["turn"] == 2
    final = play_out(game_id, {0: ann, 2: cat})["final"]
    assert final["reason"] == "pool" and final["placement"][-1] == 1
    assert Move.objects.filter(game_id=game_id, seat=1).count() == 5
    call_command("verify_games", game=[game_id])
