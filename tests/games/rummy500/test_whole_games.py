"""Whole Rummy 500 games through the HTTP API (docs/games/rummy500.md), at 2 and 4 seats,
against the computers and between people: every view a seat receives is checked against
the server's state at that version (never another hand or the stock), the move log hides
other seats' stock draws until the end and shows the pile's takes, the log replays to the
snapshot (``verify_games``), and the results reach the boards and the profiles under
``?variant=rummy500``."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from games.models import Game, GameResult
from tests.games.melding.play import assert_moves_hide, assert_round_results, moves_of
from tests.games.rummy500.helpers import DECK, assert_views_hide, play_out, seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)

ROUND_KEYS = {
    "number", "dealer", "phase", "turn", "hand", "hand_sizes", "stock_size", "discard_pile",
    "picked_card", "table", "table_points", "deck_commitment", "turn_deadline",
    "legal_actions",
}


def check_result(result: dict[str, Any]) -> None:
    assert result["outcome"] in ("out", "stock_out")
    assert (result["went_out"] is None) == (result["outcome"] == "stock_out")
    assert result["points"] == [
        t - h for t, h in zip(result["table_points"], result["hand_points"], strict=True)
    ]
    assert result["hand_points"] == [hand["value"] for hand in result["hands"]]
    if result["went_out"] is not None:
        assert result["hands"][result["went_out"]]["cards"] == []


def assert_finished(view: dict[str, Any], game_id: str, users: dict[int, Any]) -> None:
    assert view["status"] == "finished" and view["round"] is None
    assert view["variant"] == "rummy500"
    final = view["final"]
    assert final["reason"] in ("target", "rounds") and final["totals"] == view["scores"]
    assert final["winner"] == final["placement"][0] == max(
        range(len(view["scores"])), key=lambda s: (view["scores"][s], -s)
    ) or view["scores"][final["winner"]] == max(view["scores"])
    assert_round_results(view, DECK, check_result)
    rows = {row.seat: row for row in GameResult.objects.filter(game_id=game_id)}
    assert set(rows) == set(users)
    for seat, row in rows.items():
        assert row.variant == "rummy500" and row.total == final["totals"][seat]
        assert row.placement == final["placement"].index(seat) + 1
    game = Game.objects.get(pk=game_id)
    assert game.finish_reason == final["reason"] and game.winner_seat == final["winner"]


@pytest.mark.parametrize("computers", [1, 2, 3], ids=["2-seats", "3-seats", "4-seats"])
def test_whole_game_against_the_computers(computer_table, computers):
    decks = [seeded_deck(500 + 10 * computers + n) for n in range(3)]
    table = computer_table(
        computers=computers, difficulty="hard", rules={"rounds": 3}, decks=decks
    )
    created = table["view"]
    assert created["variant"] == "rummy500" and set(created["round"]) == ROUND_KEYS
    assert [p["computer"] for p in created["players"]] == [None] + ["hard"] * computers
    assert len(created["round"]["hand"]) == (13 if computers == 1 else 7)
    assert created["round"]["hand_sizes"][0] == len(created["round"]["hand"])
    seen: list = [(0, created)]
    mid: list = []

    def peek(before: dict[str, Any], after: dict[str, Any]) -> None:
        if not mid and after["version"] > 24:
            mid.append(moves_of(table["clients"][0], table["id"]))

    view = play_out(table["id"], table["clients"], seed=computers, seen=seen, on_action=peek)
    assert_finished(view, table["id"], table["users"])
    assert len(view["rounds"]) == 3 or view["final"]["reason"] == "target"
    assert assert_views_hide(table["id"], seen) == sum(1 for _, v in seen if v["round"])
    assert assert_moves_hide(mid[0], 0, finished=False) > 0
    moves = moves_of(table["clients"][0], table["id"])
    assert_moves_hide(moves, 0, finished=True)
    takes = [m for m in moves if m["action"]["type"] == "draw_discard"]
    assert all("card" in m["action"] for m in takes)
    call_command("verify_games", game=[table["id"]])


@pytest.mark.parametrize(("seats", "computers"), [(2, 0), (4, 0), (4, 2)],
                         ids=["2-people", "4-people", "2-people-2-computers"])
def test_whole_game_between_people(people_table, seats, computers):
    decks = [seeded_deck(700 + 10 * seats + computers + n) for n in range(2)]
    table = people_table(
        seats=seats, computers=computers, difficulty="medium" if computers else None,
        rules={"rounds": 2}, decks=decks,
    )
    seen: list = []
    view = play_out(table["id"], table["clients"], seed=seats, seen=seen)
    assert_finished(view, table["id"], table["users"])
    assert view["final"]["reason"] in ("rounds", "target")
    assert assert_views_hide(table["id"], seen) > 0
    for seat, client in table["clients"].items():
        assert_moves_hide(moves_of(client, table["id"]), seat, finished=True)
    call_command("verify_games", game=[table["id"]])

    client = table["clients"][0]
    board = client.get("/api/v1/leaderboards/weekly?variant=rummy500").json()
    assert board["variant"] == "rummy500" and board["count"] == seats - computers
    assert client.get("/api/v1/leaderboards/weekly?variant=rummy").json()["count"] == 0
    rated = client.get("/api/v1/leaderboards/rating?variant=rummy500")
    assert rated.status_code == 200 and rated.json()["variant"] == "rummy500"
    winner = table["users"].get(view["final"]["winner"]) or table["users"][0]
    stats = client.get(f"/api/v1/users/{winner.username}").json()["stats"]
    assert stats["variants"]["rummy500"]["games"] == 1
