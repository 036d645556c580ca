"""Whole Rummy games through the HTTP API (docs/games/rummy.md): against one to three computers,
between people joining by invite code, and at a mixed table. Every view a seat receives
is checked against the server's own state at that version: its hand, public cards and
counts, never another hand or the stock."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.management import call_command

from games.models import Game, Move
from tests.games.rummy.helpers import (
    ROUND_KEYS,
    assert_moves_hide_stock_draws,
    assert_round_results,
    assert_views_hide,
    moves_of,
    play_out,
    seeded_deck,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _assert_finished(view: dict, seats: int, rounds: int) -> None:
    assert view["status"] == "finished"
    assert view["round"] is None
    final = view["final"]
    assert final["reason"] == "rounds"
    assert len(view["rounds"]) == rounds
    assert final["totals"] == view["scores"]
    assert sorted(final["placement"]) == list(range(seats))
    assert final["winner"] == final["placement"][0]
    totals = [final["totals"][seat] for seat in final["placement"]]
    assert totals == sorted(totals, reverse=True)
    assert_round_results(view, seats, view["rules"]["jokers"])


def _assert_dealt_from(view: dict, deck: list[str], seats: int, hand_size: int) -> None:
    """Round 1 is dealt from ``deck`` as docs/games/rummy.md says: the dealer is seat 0, seat
    ``(1 + i) % n`` gets the i-th slice, then the upcard; the seat after the dealer acts."""
    you = view["you"]
    i = (you - 1) % seats
    rnd = view["round"]
    assert rnd["number"] == 1 and rnd["dealer"] == 0
    assert rnd["hand_sizes"] == [hand_size] * seats
    assert Counter(rnd["hand"]) == Counter(deck[i * hand_size : (i + 1) * hand_size])
    assert rnd["discard_pile"] == [deck[seats * hand_size]]
    assert rnd["stock_size"] == len(deck) - seats * hand_size - 1
    assert rnd["came_out"] == [False] * seats and rnd["table"] == []


@pytest.mark.parametrize(
    ("computers", "rules", "seed"),
    [
        (1, {"rounds": 2, "hand_size": 7, "first_meld_points": 0, "jokers": 2}, 11),
        (2, {"rounds": 1, "hand_size": 9, "first_meld_points": 20, "jokers": 4}, 12),
        (3, {"rounds": 1, "hand_size": 7}, 13),
    ],
    ids=["2-seats", "3-seats", "4-seats"],
)
def test_whole_game_against_the_computers(computer_table, computers, rules, seed):
    seats = computers + 1
    jokers = rules.get("jokers", 6)
    decks = [seeded_deck(seed + n, jokers) for n in range(rules["rounds"])]
    table = computer_table(computers=computers, rules=rules, decks=decks)
    created = table["view"]
    assert created["status"] == "active" and created["you"] == 0
    assert created["players"][0]["user"] is not None
    assert created["players"][0]["computer"] is None
    assert [p["seat"] for p in created["players"]] == list(range(seats))
    assert [p["computer"] for p in created["players"][1:]] == ["easy"] * computers
    assert all(p["user"] is None for p in created["players"][1:])
    assert created["rules"]["hand_size"] == rules["hand_size"]
    assert created["scores"] == [0] * seats
    assert set(created["round"]) == ROUND_KEYS
    game_id = table["id"]
    client = table["clients"][0]

    # The computers (seats 1..n) act first and at once: the caller is to act now.
    assert created["round"]["turn"] == 0
    assert Move.objects.filter(game_id=game_id).count() == created["version"] > 0
    assert set(Move.objects.filter(game_id=game_id).values_list("seat", flat=True)) == set(
        range(1, seats)
    )

    seen: list = [(0, created)]
    mid_moves: list = []

    def look_at_moves(before, after):
        if after["status"] == "active" and len(mid_moves) < 1 and after["version"] > 12:
            mid_moves.append(moves_of(client, game_id))

    view = play_out(game_id, table["clients"], seen=seen, on_action=look_at_moves)
    _assert_finished(view, seats, rules["rounds"])
    # Round 1 was dealt from the chosen deck, and the result reveals exactly that deck.
    assert view["rounds"][0]["deck"] == decks[0]

    game = Game.objects.get(pk=game_id)
    assert game.version == view["version"] == Move.objects.filter(game_id=game_id).count()
    assert set(Move.objects.filter(game_id=game_id).values_list("seat", flat=True)) == set(
        range(seats)
    )
    assert assert_views_hide(game_id, seen) == len(seen)

    # The move log: other seats' stock draws hidden while the game went on, shown after.
    assert mid_moves, "the game was too short to look at its moves while it went on"
    assert assert_moves_hide_stock_draws(mid_moves[0], 0, finished=False) > 0
    moves = moves_of(client, game_id)
    assert len(moves) == view["version"]
    assert assert_moves_hide_stock_draws(moves, 0, finished=True) == 0
    assert {move["seat"] for move in moves} == set(range(seats))

    # The stored game replays from its log to its snapshot.
    call_command("verify_games", game=[game_id])


def test_three_people_play_a_whole_game_by_invite_code(people_table):
    rules = {"rounds": 1, "hand_size": 9, "first_meld_points": 20, "jokers": 4}
    deck = seeded_deck(21, 4)
    table = people_table(seats=3, rules=rules, decks=[deck])
    created, joined = table["created"], table["view"]
    assert created["players"][0]["user"]["username"] == table["users"][0].username
    assert [p["user"] for p in created["players"][1:]] == [None, None]
    assert joined["status"] == "active"
    assert [p["user"]["username"] for p in joined["players"]] == [
        table["users"][seat].username for seat in range(3)
    ]
    assert all(p["computer"] is None for p in joined["players"])
    for client in table["clients"].values():
        view = client.get(f"/api/v1/games/{table['id']}").json()
        _assert_dealt_from(view, deck, 3, 9)
        assert view["round"]["turn"] == 1
    seen: list = []
    view = play_out(table["id"], table["clients"], seen=seen)
    _assert_finished(view, 3, 1)
    assert view["rounds"][0]["deck"] == deck
    # The people took jokers from the table and played them, through the API.
    assert Move.objects.filter(game_id=table["id"], action__type="swap_joker").exists()
    assert assert_views_hide(table["id"], seen) == len(seen)
    for seat, client in table["clients"].items():
        moves = moves_of(client, table["id"])
        assert assert_moves_hide_stock_draws(moves, seat, finished=True) == 0
        assert {move["seat"] for move in moves} == {0, 1, 2}


def test_two_people_and_a_computer_share_a_table(people_table):
    rules = {"rounds": 1, "hand_size": 7, "first_meld_points": 0, "jokers": 2}
    deck = seeded_deck(31, 2)
    table = people_table(seats=3, computers=1, difficulty="easy", rules=rules, decks=[deck])
    created = table["created"]
    # The computer takes the last seat at once; the table waits for the one friend.
    assert created["status"] == "waiting"
    assert created["players"][2]["computer"] == "easy"
    assert created["players"][2]["user"] is None
    joined = table["view"]
    assert joined["status"] == "active" and joined["you"] == 1
    assert joined["players"][1]["user"]["username"] == table["users"][1].username
    _assert_dealt_from(joined, deck, 3, 7)
    seen: list = []
    view = play_out(table["id"], table["clients"], seen=seen)
    _assert_finished(view, 3, 1)
    assert assert_views_hide(table["id"], seen) == len(seen)
    moves = moves_of(table["clients"][0], table["id"])
    assert {move["seat"] for move in moves} == {0, 1, 2}
