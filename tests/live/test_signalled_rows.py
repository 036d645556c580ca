"""A game's change signals its channel with the row it committed: the streams of a game of
two render the new version from that row, without a query, into the same frame a read of
the database gives; whatever they cannot tell apart from the state they hold (a chat
message, a row no newer than theirs) sends them back to the database."""

from __future__ import annotations

import json
import uuid

import pytest

from games.live import notify, streams
from games.models import Game
from tests.games.helpers import act
from tests.live.conftest import Stream
from tests.live.test_stream_fanout import events_url, queries_run_anywhere, turn_of

pytestmark = pytest.mark.django_db(transaction=True)


def text(value: object) -> str:
    """JSON text, keys in their order: equal texts are equal bytes on the wire."""
    return json.dumps(value, separators=(",", ":"))


def test_a_move_reaches_the_other_seat_without_a_query_in_the_frame_a_read_renders(
    human_game,
):
    game = human_game()
    mover = turn_of(game)
    watcher = 1 - mover
    stream = Stream(game["clients"][watcher].get(events_url(game["id"])))
    fresh = None
    try:
        assert stream.next(event="state")["id"] == 1
        with queries_run_anywhere() as seen:
            assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
            frame = stream.next(event="state")
        assert frame["id"] == 2
        assert seen == []  # rendered from the signalled row
        feed = streams._feeds[uuid.UUID(game["id"])]
        assert feed.rows_taken == 1
        # A new stream of the same seat opens with a read of the database: the same frame.
        fresh = Stream(game["clients"][watcher].get(events_url(game["id"])))
        opening = fresh.next(event="state")
        assert opening["id"] == 2
        assert text(opening["data"]) == text(frame["data"])
        assert frame["data"]["view"] == game["clients"][watcher].get(
            f"/api/v1/games/{game['id']}"
        ).json()
    finally:
        stream.close()
        if fresh is not None:
            fresh.close()


def test_a_chat_message_after_signalled_rows_is_read_and_sent(human_game):
    game = human_game()
    mover = turn_of(game)
    watcher = 1 - mover
    stream = Stream(game["clients"][watcher].get(events_url(game["id"])))
    try:
        assert stream.next(event="state")["id"] == 1
        assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
        assert stream.next(event="state")["id"] == 2
        with queries_run_anywhere() as seen:
            posted = game["clients"][mover].post(
                f"/api/v1/games/{game['id']}/messages", {"phrase": "good_luck"}, format="json"
            )
            assert posted.status_code == 201
            message = stream.next(event="message")
        assert message["data"]["phrase"] == "good_luck" and message["data"]["seat"] == mover
        assert any('"games_message"' in sql for sql in seen)
    finally:
        stream.close()


def test_a_row_overtaken_by_a_newer_one_sends_the_stream_to_the_database(human_game):
    game = human_game()
    mover = turn_of(game)
    watcher = 1 - mover
    channel = notify.game_channel(game["id"])
    stream = Stream(game["clients"][watcher].get(events_url(game["id"])))
    try:
        assert stream.next(event="state")["id"] == 1
        old_row = notify.row_of(Game.objects.get(pk=game["id"]))
        assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
        assert stream.next(event="state")["id"] == 2
        feed = streams._feeds[uuid.UUID(game["id"])]
        reads = feed.reads
        # Version 1's signal arrives late, then the watcher passes too (version 3).
        notify.publish(channel, notify.ROW_PREFIX + json.dumps(old_row))
        assert act(game["clients"][watcher], game["id"], {"type": "pass"}).status_code == 200
        frame = stream.next(event="state")
        assert frame["id"] == 3
        assert feed.reads > reads  # the late row could not be told apart: read again
        assert frame["data"]["view"] == game["clients"][watcher].get(
            f"/api/v1/games/{game['id']}"
        ).json()
    finally:
        stream.close()


def test_only_a_newer_row_counts_as_a_row(human_game):
    game = human_game()
    channel = notify.game_channel(game["id"])
    stream = Stream(game["clients"][0].get(events_url(game["id"])))
    try:
        stream.next(event="state")  # the stream follows the channel
        row = notify.row_of(Game.objects.get(pk=game["id"]))
        before = notify.received(channel)
        notify._receive(channel, notify.ROW_PREFIX + json.dumps(row))
        notify._receive(channel, notify.ROW_PREFIX + json.dumps(row))  # the same version
        notify._receive(channel, notify.ROW_PREFIX + json.dumps({**row, "version": 0}))
        notify._receive(channel, "1")
        plain, rows, kept = notify.received(channel)
        assert (plain - before[0], rows - before[1]) == (3, 1)
        assert kept == row
    finally:
        stream.close()
    assert notify.received(channel) == (0, 0, None)  # forgotten with its last stream


def test_a_row_without_a_column_of_this_release_is_read_from_the_database_instead(human_game):
    game = human_game()
    feed = streams._GameFeed(uuid.UUID(game["id"]))
    held = feed.refresh(0)  # the first take is a read: the players of a game of two, fixed
    plain, rows = feed.received
    newer = {**notify.row_of(held), "version": held.version + 1}
    taken = feed._from_row(plain, rows + 1, newer)
    assert taken is not None and taken.version == held.version + 1
    assert taken.state == held.state and taken.updated_at == held.updated_at
    older_release = {key: value for key, value in newer.items() if key != "turn_deadline"}
    assert feed._from_row(plain, rows + 1, older_release) is None
    assert feed._from_row(plain, rows + 1, {**newer, "updated_at": "not a time"}) is None
    assert feed._from_row(plain + 1, rows + 1, newer) is None  # a plain signal came too
