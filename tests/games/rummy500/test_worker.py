"""Whole Rummy 500 games at 2 and 4 seats on PostgreSQL with a real Celery worker playing
the computers, against the computers and between people: a leak scan of every view a
person received, every frame of every person's event stream and every page of every
person's move log, mid-game and at the end; then ``verify_games`` replays each game's log
to its snapshot."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from games.models import Game, Move
from tests.games.melding.play import (
    assert_moves_hide,
    moves_of,
    play_out_against_the_worker,
)
from tests.games.melding.streams import assert_streams
from tests.games.rummy500.helpers import (
    assert_moves_show_the_pile,
    assert_view_hides,
    assert_views_hide,
    chooser,
    seeded_deck,
)

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

PAGE = 7
"""A small page, so that every game's log spans many pages."""


@pytest.fixture(autouse=True)
def fast_streams(settings) -> None:
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6


def scan_everything(table: dict[str, Any], upto: int, finished: bool) -> int:
    """Every person's stream from the start up to ``upto``, and their whole move log page
    by page: no frame shows another hand or the stock; until the end no other seat's
    stock draw is named, and every take from the pile is. Returns how many other seats'
    stock draws the people's logs left unnamed."""
    unnamed = 0
    for seat, client in table["clients"].items():
        assert_streams(client, table["id"], seat, 0, upto, assert_view_hides)
        moves = moves_of(client, table["id"], page_size=PAGE)
        assert moves[-1]["seq"] >= upto and len(moves) >= 3 * PAGE
        unnamed += assert_moves_hide(moves, seat, finished=finished)
        assert_moves_show_the_pile(moves)
    return unnamed


def play_and_scan(table: dict[str, Any], seed: int) -> dict[str, Any]:
    game_id = table["id"]
    seen: list = []
    scanned: list[int] = []

    def midway(after: dict[str, Any]) -> None:
        if not scanned and after["status"] == "active" and after["version"] > 3 * PAGE:
            scanned.append(scan_everything(table, after["version"], finished=False))

    view = play_out_against_the_worker(
        game_id, table["clients"], chooser(seed), limit=3000, seen=seen, on_action=midway
    )
    assert view["status"] == "finished" and view["variant"] == "rummy500"
    assert sorted(view["final"]["placement"]) == list(range(len(view["players"])))
    assert scanned and scanned[0] > 0, "midway, no other seat's stock draw was looked at"
    assert assert_views_hide(game_id, seen) > 0
    scan_everything(table, view["version"], finished=True)
    # Every move was played once, by the people and by the worker (a table of people
    # took version 1 when it filled), and the log replays to the snapshot.
    moves = Move.objects.filter(game_id=game_id).order_by("seq")
    seqs = list(moves.values_list("seq", flat=True))
    start = 1 if "code" in table else 0
    assert seqs == list(range(start + 1, view["version"] + 1))
    assert Game.objects.get(pk=game_id).version == view["version"]
    assert {m.seat for m in moves} == set(range(len(view["players"])))
    call_command("verify_games", game=[game_id])
    return view


@pytest.mark.parametrize("computers", [1, 3], ids=["2-seats", "4-seats"])
def test_a_whole_game_against_the_computers_on_a_worker_leaks_no_card(
    real_worker, computer_table, computers
):
    table = computer_table(
        computers=computers,
        difficulty="medium",
        rules={"rounds": 2},
        decks=[seeded_deck(900 + computers)],
    )
    view = play_and_scan(table, seed=computers)
    assert [p["computer"] for p in view["players"]] == [None] + ["medium"] * computers


@pytest.mark.parametrize(
    ("seats", "computers"), [(2, 0), (4, 1)], ids=["2-people", "3-people-1-computer"]
)
def test_a_whole_game_between_people_on_a_worker_leaks_no_card(
    real_worker, people_table, seats, computers
):
    table = people_table(
        seats=seats,
        computers=computers,
        difficulty="easy" if computers else None,
        rules={"rounds": 2},
        decks=[seeded_deck(950 + seats)],
    )
    view = play_and_scan(table, seed=seats)
    assert [p["computer"] is None for p in view["players"]] == [
        seat < seats - computers for seat in range(seats)
    ]
