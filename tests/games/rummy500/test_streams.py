"""A Rummy 500 table's event stream (docs/api.md#event-streams): every version once, in
order, each frame the receiving seat's own view -- its hand and the open pile, never
another hand or the stock -- whether rebuilt from the move log to catch up or sent live
while the computers play."""

from __future__ import annotations

import pytest

from tests.games.melding.play import view_of
from tests.games.melding.streams import assert_streams, assert_streams_computers_live
from tests.games.rummy500.helpers import assert_view_hides, chooser, play_out, seeded_deck

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fast_streams(settings) -> None:
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6


def test_each_of_four_seats_streams_every_version_with_only_its_own_cards(people_table):
    table = people_table(seats=4, rules={"rounds": 1}, decks=[seeded_deck(71)])
    game_id = table["id"]
    start = view_of(table["clients"][0], game_id)["version"]
    # Deep takes from the pile: picked cards owed, seen by every seat.
    view = play_out(game_id, table["clients"], seed=71, actions=24)
    assert view["status"] == "active"
    current = view["version"]
    assert current == start + 24
    for seat, client in table["clients"].items():
        assert_streams(client, game_id, seat, start, current, assert_view_hides)


def test_a_table_with_computers_streams_their_turns_live(computer_table):
    table = computer_table(computers=3, rules={"rounds": 1}, decks=[seeded_deck(72)])
    game_id = table["id"]
    client = table["clients"][0]
    view = view_of(client, game_id)
    assert view["version"] >= 3  # the three computers after the dealer played at once
    assert_streams(client, game_id, 0, 0, view["version"], assert_view_hides)
    assert_streams_computers_live(client, game_id, chooser(72), assert_view_hides)
