"""Whole Indian Rummy games through the HTTP API (docs/games/indian-rummy.md), at 2, 3 and 6 seats
in each
format: against the computers, and at tables of people (some with computers). Every view a
seat receives is checked against the server's own state at that version (its hand and the
public cards, never another hand, the stock or a face-down card); the move log hides other
seats' stock draws and face-down cards until the end; the log replays to the snapshot."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.core.management import call_command

from games.models import Game, GameResult
from tests.games.indian.helpers import (
    ROUND_KEYS,
    assert_moves_hide,
    assert_round_results,
    assert_views_hide,
    moves_of,
    play_out,
    seeded_deck,
)

pytestmark = pytest.mark.django_db(transaction=True)

FORMATS: dict[str, dict[str, Any]] = {
    "points": {"format": "points"},
    # Costly drops, so that the seats told to drop leave the pool within two deals.
    "pool": {"format": "pool", "pool": 101, "first_drop": 60, "middle_drop": 80},
    "deals": {"format": "deals", "deals": 2},
}


def droppers_at(seats: int) -> set[int]:
    """At six seats the middle seats drop at their first turn of every deal (short deals
    that end with the last player, beside the shows of the others)."""
    return {2, 3, 4} if seats == 6 else set()


def assert_finished(view: dict[str, Any], fmt: str, seats: int) -> None:
    assert view["status"] == "finished"
    assert view["round"] is None
    assert view["variant"] == "indian"
    final = view["final"]
    assert final["totals"] == view["scores"]
    assert sorted(final["placement"]) == list(range(seats))
    assert final["winner"] == final["placement"][0]
    assert_round_results(view)
    rounds = view["rounds"]
    if fmt == "points":
        assert len(rounds) == 1
        assert final["reason"] == rounds[0]["outcome"]
        assert final["winner"] == rounds[0]["winner"]
        points = rounds[0]["points"]
        # ties by seat order from the seat after the dealer (seat 0)
        expected = sorted(range(seats), key=lambda s: (points[s], (s - 1) % seats))
        assert final["placement"] == expected
    elif fmt == "pool":
        assert final["reason"] == "pool"
        limit = view["rules"]["pool"]
        assert final["totals"][final["winner"]] < limit
        assert all(final["totals"][s] >= limit for s in final["placement"][1:])
        # Once out, a seat is dealt no more: its hand is "out" in every later deal.
        for seat in range(seats):
            out = [r["number"] for r in rounds if r["hands"][seat]["status"] == "out"]
            if out:
                assert out == list(range(out[0], len(rounds) + 1))
    else:
        assert final["reason"] == "deals"
        assert len(rounds) == view["rules"]["deals"]
        best = min(final["totals"])
        assert final["totals"][final["winner"]] == best
    # The dealer moves one seat (among those still in) every deal; deal 1 is seat 0's.
    assert rounds[0]["dealer"] == 0


def assert_results_written(game_id: str, users: dict[int, Any], final: dict[str, Any]) -> None:
    game = Game.objects.get(pk=game_id)
    assert not game.aborted
    assert game.finish_reason == final["reason"] and game.winner_seat == final["winner"]
    rows = {row.seat: row for row in GameResult.objects.filter(game_id=game_id)}
    assert set(rows) == set(users)
    for seat, row in rows.items():
        assert row.user_id == users[seat].pk
        assert row.variant == "indian"
        assert row.placement == final["placement"].index(seat) + 1
        assert row.won == (seat == final["winner"])
        assert row.total == final["totals"][seat]
        assert row.reason == final["reason"]


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("computers", [1, 2, 5], ids=["2-seats", "3-seats", "6-seats"])
def test_whole_game_against_the_computers(computer_table, fmt, computers):
    seats = computers + 1
    decks = [seeded_deck(100 * seats + n) for n in range(12)]
    table = computer_table(computers=computers, rules=FORMATS[fmt], decks=decks)
    created = table["view"]
    assert created["status"] == "active" and created["you"] == 0
    assert created["variant"] == "indian"
    assert [p["computer"] for p in created["players"]] == [None] + ["easy"] * computers
    assert created["rules"]["format"] == fmt
    assert set(created["round"]) == ROUND_KEYS
    assert created["round"]["dealer"] == 0
    game_id = table["id"]
    seen: list = [(0, created)]
    view = play_out(game_id, table["clients"], seen=seen)
    assert_finished(view, fmt, seats)
    assert assert_views_hide(game_id, seen) == len(seen)
    assert_moves_hide(moves_of(table["clients"][0], game_id), 0, finished=True)
    assert_results_written(game_id, table["users"], view["final"])
    call_command("verify_games", game=[game_id])


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize(
    ("seats", "computers"), [(2, 0), (3, 1), (6, 2)], ids=["2-seats", "3-seats", "6-seats"]
)
def test_whole_game_between_people(people_table, fmt, seats, computers):
    decks = [seeded_deck(1000 * seats + 7 + n) for n in range(12)]
    table = people_table(
        seats=seats,
        computers=computers,
        difficulty="easy" if computers else None,
        rules=FORMATS[fmt],
        decks=decks,
    )
    game_id = table["id"]
    clients = table["clients"]
    first = table["view"]
    assert first["status"] == "active" and first["players"][-1]["computer"] == (
        "easy" if computers else None
    )
    assert first["round"]["hand_sizes"] == [13] * seats
    # Dealt as docs/games/indian-rummy.md says: seat (1 + i) % n gets deck[13 i: 13 i + 13], then
    # the wild joker
    # card, then the first upcard.
    deck = decks[0]
    you = first["you"]
    i = (you - 1) % seats
    assert Counter(first["round"]["hand"]) == Counter(deck[13 * i : 13 * i + 13])
    assert first["round"]["wild_joker"]["card"] == deck[13 * seats]
    assert first["round"]["discard_pile"][0] == deck[13 * seats + 1]

    seen: list = []
    midway = play_out(game_id, clients, seen=seen, droppers=droppers_at(seats), actions=6)
    if midway["status"] == "active":
        for seat, client in clients.items():
            live = moves_of(client, game_id)
            assert_moves_hide(live, seat, finished=False)
    view = play_out(game_id, clients, seen=seen, droppers=droppers_at(seats))
    assert_finished(view, fmt, seats)
    assert assert_views_hide(game_id, seen) == len(seen)
    for seat, client in clients.items():
        assert_moves_hide(moves_of(client, game_id), seat, finished=True)
    assert_results_written(game_id, table["users"], view["final"])
    call_command("verify_games", game=[game_id])
