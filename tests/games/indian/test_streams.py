"""An Indian Rummy table's event stream (DESIGN §4 "Live tables", §6): every version once,
in order, each frame the receiving seat's own view -- no other hand, no stock, no
face-down card -- whether it is sent live or rebuilt from the move log to catch up."""

from __future__ import annotations

import pytest

from tests.games.indian.helpers import (
    act,
    assert_view_hides,
    choose,
    play_out,
    seeded_deck,
    states_by_version,
    view_of,
)
from tests.live.conftest import Stream, states_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fast_streams(settings) -> None:
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6


def test_each_seat_streams_every_version_with_only_its_own_cards(people_table):
    decks = [seeded_deck(700 + n) for n in range(6)]
    table = people_table(seats=3, rules={"format": "pool"}, decks=decks)
    game_id = table["id"]
    start = view_of(table["clients"][0], game_id)["version"]
    # Seat 2 drops at once: its cards leave play and must stay hidden from the others.
    view = play_out(game_id, table["clients"], droppers={2}, actions=14)
    assert view["status"] == "active"
    current = view["version"]
    assert current == start + 14
    by_version = states_by_version(game_id)
    for seat, client in table["clients"].items():
        # A catch-up from the start: every frame rebuilt from the move log.
        frames = states_until(client.get(f"/api/v1/games/{game_id}/events?after={start}"), current)
        assert [frame["id"] for frame in frames] == list(range(start + 1, current + 1))
        for frame in frames:
            assert frame["event"] == "state"
            assert frame["data"]["version"] == frame["id"]
            frame_view = frame["data"]["view"]
            assert frame_view["version"] == frame["id"]
            assert_view_hides(frame_view, seat, by_version[frame["id"]])


def test_a_table_of_six_with_computers_streams_their_turns_live(computer_table):
    table = computer_table(
        computers=5,
        rules={"format": "deals", "deals": 2},
        decks=[seeded_deck(800 + n) for n in range(3)],
    )
    game_id = table["id"]
    client = table["clients"][0]
    view = view_of(client, game_id)
    current = view["version"]
    assert current >= 5  # the five computers before the caller played at once
    by_version = states_by_version(game_id)
    frames = states_until(client.get(f"/api/v1/games/{game_id}/events?after=0"), current)
    assert [frame["id"] for frame in frames] == list(range(1, current + 1))
    for frame in frames:
        assert_view_hides(frame["data"]["view"], 0, by_version[frame["id"]])

    stream = Stream(client.get(f"/api/v1/games/{game_id}/events"))
    try:
        opening = stream.next(event="state")
        assert opening["id"] == current
        while view["status"] == "active" and view["round"]["turn"] == 0:
            response = act(client, game_id, choose(view))
            assert response.status_code == 200, response.json()
            view = response.json()
        later = view_of(client, game_id)["version"]
        assert later > current + 2, "the computers did not play"
        frames = stream.states_until(later)
    finally:
        stream.close()
    assert [frame["id"] for frame in frames] == list(range(current + 1, later + 1))
    by_version = states_by_version(game_id)
    for frame in frames:
        assert_view_hides(frame["data"]["view"], 0, by_version[frame["id"]])
