"""A Rummy table's event stream: every version once, in order, each frame the receiving
seat's own view (no other hand, no stock)."""

from __future__ import annotations

import pytest

from tests.games.melding.streams import assert_streams, assert_streams_computers_live
from tests.games.rummy.helpers import assert_view_hides, choose, play_out, seeded_deck, view_of

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
    for seat, client in table["clients"].items():
        assert_streams(client, game_id, seat, start, current, assert_view_hides)


def test_a_table_with_computers_streams_every_version_of_their_turns(computer_table):
    table = computer_table(
        computers=2, rules={"rounds": 1, "hand_size": 7, "jokers": 2}, decks=[seeded_deck(72, 2)]
    )
    game_id = table["id"]
    client = table["clients"][0]
    view = play_out(game_id, table["clients"], actions=6)
    assert view["status"] == "active"
    # Every applied action is one version, the computers' included: each arrives once.
    assert_streams(client, game_id, 0, 0, view["version"], assert_view_hides)
    assert_streams_computers_live(client, game_id, choose, assert_view_hides)
