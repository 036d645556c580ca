"""A Rummy table's event stream: every version once, in order, each frame the receiving
seat's own view (no other hand, no stock)."""

from __future__ import annotations

import pytest

from tests.games.rummy.helpers import (
    assert_view_hides,
    play_out,
    seeded_deck,
    states_by_version,
    view_of,
)
from tests.live.conftest import Stream

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
        stream = Stream(client.get(f"/api/v1/games/{game_id}/events?after={start}"))
        try:
            frames = stream.states_until(current)
        finally:
            stream.close()
        assert [frame["id"] for frame in frames] == list(range(start + 1, current + 1))
        for frame in frames:
            assert frame["event"] == "state"
            assert frame["data"]["version"] == frame["id"]
            frame_view = frame["data"]["view"]
            assert frame_view["version"] == frame["id"]
            assert_view_hides(frame_view, seat, by_version[frame["id"]])
