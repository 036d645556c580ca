"""An Indian Rummy table's event stream (docs/api.md#event-streams, docs/games/indian-rummy.md):
every version once,
in order, each frame the receiving seat's own view -- no other hand, no stock, no
face-down card -- whether it is sent live or rebuilt from the move log to catch up."""

from __future__ import annotations

import pytest

from tests.games.indian.helpers import assert_view_hides, choose, play_out, seeded_deck, view_of
from tests.games.melding.streams import assert_streams, assert_streams_computers_live

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
    for seat, client in table["clients"].items():
        # A catch-up from the start: every frame rebuilt from the move log.
        assert_streams(client, game_id, seat, start, current, assert_view_hides)


def test_a_table_of_six_with_computers_streams_their_turns_live(computer_table):
    table = computer_table(
        computers=5,
        rules={"format": "deals", "deals": 2},
        decks=[seeded_deck(800 + n) for n in range(3)],
    )
    game_id = table["id"]
    client = table["clients"][0]
    view = view_of(client, game_id)
    assert view["version"] >= 5  # the five computers before the caller played at once
    assert_streams(client, game_id, 0, 0, view["version"], assert_view_hides)
    assert_streams_computers_live(client, game_id, choose, assert_view_hides)
