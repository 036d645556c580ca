"""A Rummy table's event stream: every version once, in order, each frame the receiving
seat's own view (no other hand, no stock)."""

from __future__ import annotations

import pytest

from tests.games.rummy.helpers import (
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
    rules = {"rounds": 1, "hand_size": 9, "first_meld_points": 20, "jokers": 4}
    table = people_table(seats=3, rules=rules, decks=[seeded_deck(71, 4)])
    game_id = table["id"]
    start = view_of(table["clients"][0], game_id)["version"]
    view = play_out(game_id, table["clients"], actions=18)
    assert view["status"] == "active"
    current = view["version"]
    assert current == start + 18
    by_version = states_by_version(game_id)
    for seat, client in table["clients"].items():
        frames = states_until(client.get(f"/api/v1/games/{game_id}/events?after={start}"), current)
        assert [frame["id"] for frame in frames] == list(range(start + 1, current + 1))
        for frame in frames:
            assert frame["event"] == "state"
            assert frame["data"]["version"] == frame["id"]
            frame_view = frame["data"]["view"]
            assert frame_view["version"] == frame["id"]
            assert_view_hides(frame_view, seat, by_version[frame["id"]])


def test_a_table_with_computers_streams_every_version_of_their_turns(computer_table):
    table = computer_table(
        computers=2, rules={"rounds": 1, "hand_size": 7, "jokers": 2}, decks=[seeded_deck(72, 2)]
    )
    game_id = table["id"]
    client = table["clients"][0]
    view = play_out(game_id, table["clients"], actions=6)
    assert view["status"] == "active"
    current = view["version"]
    by_version = states_by_version(game_id)
    frames = states_until(client.get(f"/api/v1/games/{game_id}/events?after=0"), current)
    # Every applied action is one version, the computers' included: each arrives once.
    assert [frame["id"] for frame in frames] == list(range(1, current + 1))
    for frame in frames:
        assert_view_hides(frame["data"]["view"], 0, by_version[frame["id"]])

    # Live: the stream is open while seat 0 finishes its turn and both computers play.
    stream = Stream(client.get(f"/api/v1/games/{game_id}/events"))
    try:
        opening = stream.next(event="state")
        assert opening["id"] == current
        view = view_of(client, game_id)
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
