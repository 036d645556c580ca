"""The shared subscriber: one Redis connection per process fans signals out to every open
stream; the streams of a game share one read per signal and one rendering per seat and
version; an idle stream runs no query; a dropped Redis connection is reconnected, and while
Redis is away the streams poll."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis
from django.db.backends.signals import connection_created

from games.live import notify, streams
from tests.conftest import WAIT_SECONDS
from tests.factories import token_for
from tests.games.helpers import act
from tests.live.conftest import Stream, parse

pytestmark = pytest.mark.django_db(transaction=True)


def events_url(game_id: str) -> str:
    return f"/api/v1/games/{game_id}/events"


def turn_of(game) -> int:
    return game["clients"][0].get(f"/api/v1/games/{game['id']}").json()["round"]["turn"]


@contextmanager
def queries_run_anywhere() -> Iterator[list[str]]:
    """Every SQL statement run on a connection opened meanwhile, on any thread (the streams
    read on their own threads; tests close those connections after every read)."""
    seen: list[str] = []

    def count(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    def on_connect(sender, connection, **kwargs) -> None:
        connection.execute_wrappers.append(count)

    connection_created.connect(on_connect)
    try:
        yield seen
    finally:
        connection_created.disconnect(on_connect)


def test_many_streams_of_one_game_share_one_read_and_one_rendering_per_seat(human_game):
    game = human_game()
    mover = turn_of(game)
    watcher = 1 - mover
    watching = [Stream(game["clients"][watcher].get(events_url(game["id"]))) for _ in range(3)]
    moving = Stream(game["clients"][mover].get(events_url(game["id"])))
    every = [*watching, moving]
    try:
        for stream in every:
            assert stream.next(event="state")["id"] == 1
        feed = streams._feeds[uuid.UUID(game["id"])]
        assert feed.refs == 4
        reads, taken, renders = feed.reads, feed.rows_taken, feed.renders
        assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
        frames = [stream.next(event="state") for stream in every]
        assert [frame["id"] for frame in frames] == [2, 2, 2, 2]
        assert [frame["data"]["view"]["you"] for frame in frames] == [watcher] * 3 + [mover]
        assert frames[0]["data"] == frames[1]["data"] == frames[2]["data"]
        # One take of the game for all four streams: the row its change signalled.
        assert feed.reads == reads and feed.rows_taken == taken + 1
        assert feed.renders - renders == 2  # one view per seat for version 2
    finally:
        for stream in every:
            stream.close()
    assert uuid.UUID(game["id"]) not in streams._feeds  # the last stream gave the feed back


def test_all_streams_of_the_process_share_one_redis_subscription(human_game, redis_url):
    games = [human_game() for _ in range(3)]
    channels = [notify.game_channel(game["id"]) for game in games]
    opened = [
        Stream(game["clients"][seat].get(events_url(game["id"])))
        for game in games
        for seat in (0, 1)
    ]
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        for stream in opened:
            stream.next(event="state")
        shared = notify.subscriber()
        assert [shared.refs[channel] for channel in channels] == [2, 2, 2]
        # Two streams per game, one subscription per game: the process's own.
        assert client.pubsub_numsub(*channels) == [(channel, 1) for channel in channels]
        named = [c for c in client.client_list() if c["name"] == notify.subscriber_name()]
        assert len(named) == 1 and int(named[0]["sub"]) >= 3
    finally:
        for stream in opened:
            stream.close()
    assert all(channel not in shared.refs for channel in channels)


def test_an_idle_stream_runs_no_query(human_game, settings):
    # The recheck is the one query an idle stream runs: none falls within the test.
    settings.EVENTS_AUTH_RECHECK_SECONDS = 3600
    game = human_game()
    mover = turn_of(game)
    stream = Stream(game["clients"][1 - mover].get(events_url(game["id"])))
    try:
        assert stream.next(event="state")["id"] == 1
        with queries_run_anywhere() as seen:
            pings = 0
            while pings < 3:  # three heartbeats (0.6 s each here) of an idle stream
                if parse(next(stream.chunks))["comment"] == "ping":
                    pings += 1
            assert seen == []
            assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
            assert stream.next(event="state")["id"] == 2
            assert seen == []  # the move came with its row
            posted = game["clients"][mover].post(
                f"/api/v1/games/{game['id']}/messages", {"phrase": "good_luck"}, format="json"
            )
            assert posted.status_code == 201
            assert stream.next(event="message")["data"]["phrase"] == "good_luck"
            assert any('"games_message"' in sql for sql in seen)  # read once it comes
    finally:
        stream.close()


def subscriber_client_id(client: redis.Redis) -> int:
    named = [c for c in client.client_list() if c["name"] == notify.subscriber_name()]
    assert len(named) == 1
    return int(named[0]["id"])


def test_streams_survive_a_dropped_subscriber_connection(human_game, redis_url):
    game = human_game()
    channel = notify.game_channel(game["id"])
    stream = Stream(game["clients"][0].get(events_url(game["id"])))
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        assert stream.next(event="state")["id"] == 1
        shared = notify.subscriber()
        connects = shared.connects
        assert client.client_kill_filter(_id=subscriber_client_id(client)) == 1
        # A move at once: its signal may be lost, the stream must still deliver it.
        assert act(game["clients"][turn_of(game)], game["id"], {"type": "pass"}).status_code == 200
        assert stream.next(event="state")["id"] == 2
        for _ in range(100):  # heartbeats until the subscriber is back (about 0.2 s)
            if shared.connects > connects and shared.live(channel):
                break
            assert parse(next(stream.chunks))["event"] is None  # nothing else was sent
        assert shared.connects == connects + 1 and shared.live(channel)
        assert client.pubsub_numsub(channel) == [(channel, 1)]
        assert act(game["clients"][turn_of(game)], game["id"], {"type": "pass"}).status_code == 200
        assert stream.next(event="state")["id"] == 3  # each version once, in order
    finally:
        stream.close()


def test_streams_poll_the_database_while_redis_is_down(human_game, monkeypatch, request):
    unreachable = notify.Subscriber("redis://127.0.0.1:1/0")  # nothing listens on port 1
    monkeypatch.setattr(notify, "_subscriber", unreachable)
    request.addfinalizer(unreachable.stop)
    game = human_game()
    mover = turn_of(game)
    stream = Stream(game["clients"][1 - mover].get(events_url(game["id"])))
    try:
        assert stream.next(event="state")["id"] == 1
        assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
        frame = stream.next(event="state")  # no signal can arrive: the poll finds it
        assert frame["id"] == 2 and frame["data"]["view"]["you"] == 1 - mover
        assert not unreachable.connected and unreachable.connects == 0
    finally:
        stream.close()


def test_open_streams_on_the_asgi_service_hold_no_thread_each(human_game):
    """Django would start a thread per request for its thread-sensitive calls and keep it
    for the stream's life; the service's entry point shares one."""
    from config.asgi import application

    games = [human_game() for _ in range(5)]
    tokens = [(g["id"], token_for(g["users"][seat])) for g in games for seat in (0, 1)]

    def threads() -> list[str]:
        return [thread.name for thread in threading.enumerate()]

    async def scenario() -> tuple[list[str], list[str], int]:
        gone = asyncio.Event()
        first_frames: list[bytes] = []

        async def one(game_id: str, token: str) -> None:
            started = False

            async def receive() -> dict:
                nonlocal started
                if not started:
                    started = True
                    return {"type": "http.request", "body": b"", "more_body": False}
                await gone.wait()
                return {"type": "http.disconnect"}

            async def send(message: dict) -> None:
                if message["type"] == "http.response.body" and b"event: state" in message.get(
                    "body", b""
                ):
                    first_frames.append(message["body"])

            scope = {
                "type": "http",
                "asgi": {"version": "3.0"},
                "http_version": "1.1",
                "method": "GET",
                "scheme": "http",
                "path": events_url(game_id),
                "raw_path": events_url(game_id).encode(),
                "query_string": b"",
                "root_path": "",
                "headers": [
                    (b"host", b"testserver"),
                    (b"authorization", f"Token {token}".encode()),
                ],
                "client": ("127.0.0.1", 50000),
                "server": ("testserver", 80),
            }
            await application(scope, receive, send)

        async def opened(count: int) -> None:
            async def until_opened() -> None:
                while len(first_frames) < count:
                    await asyncio.sleep(0.02)  # a poll of the frames received so far

            await asyncio.wait_for(until_opened(), WAIT_SECONDS)

        tasks = [asyncio.ensure_future(one(*tokens[0]))]
        await opened(1)
        before = threads()
        tasks += [asyncio.ensure_future(one(*pair)) for pair in tokens[1:]]
        await opened(len(tokens))
        during = threads()
        gone.set()
        await asyncio.gather(*tasks)
        return before, during, len(first_frames)

    before, during, frames = asyncio.run(scenario())  # a loop of its own, as uvicorn runs
    assert frames == 10
    added = [name for name in during if name not in before]
    # Nine more streams: at most the streams' database threads filling up, no thread each.
    assert len(added) < 5, added
    assert not [name for name in added if name.startswith("ThreadPoolExecutor-")], added


def test_without_redis_streams_are_woken_in_process(human_game, settings):
    settings.EVENTS_REDIS_URL = None  # the embedded default: one process serves everything
    game = human_game()
    mover = turn_of(game)
    stream = Stream(game["clients"][1 - mover].get(events_url(game["id"])))
    try:
        assert stream.next(event="state")["id"] == 1
        assert notify.game_channel(game["id"]) in notify._waiters
        assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
        assert stream.next(event="state")["id"] == 2  # no poll runs: only the wake-up brings it
    finally:
        stream.close()
    assert notify.game_channel(game["id"]) not in notify._waiters
