"""Streams cannot starve the API: a cap on open streams per player, counted in Redis across
processes, and WSGI processes that refuse streams when the ASGI service serves them."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
import redis
import time_machine
from asgiref.sync import async_to_sync
from django.conf import settings as django_settings
from django.test import AsyncClient

from games.live import slots as stream_slots
from tests.conftest import WAIT_SECONDS, wait_until
from tests.factories import token_for
from tests.live.conftest import Stream, parse

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slots(settings, redis_url):
    """The Redis the streams count in, with no slots left over; a cap of two."""
    settings.EVENTS_MAX_STREAMS_PER_USER = 2
    client = redis.Redis.from_url(django_settings.EVENTS_REDIS_URL)
    for key in client.scan_iter("ginrummy:streams:*"):
        client.delete(key)
    return client


def events(game) -> str:
    return f"/api/v1/games/{game['id']}/events"


def assert_too_many(response, limit: int = 2) -> None:
    assert response.status_code == 429, response.content
    body = response.json()
    assert body["code"] == "too_many_streams" and body["limit"] == limit and body["detail"]
    assert 1 <= int(response["Retry-After"]) <= 60


def test_a_player_holds_at_most_the_cap_of_open_streams(human_game, slots):
    game = human_game()
    ann, bob = game["clients"][0], game["clients"][1]
    first = Stream(ann.get(events(game)))
    second = Stream(ann.get("/api/v1/me/events"))
    elsewhere = ann.post(
        "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
    ).json()
    try:
        assert slots.zcard(stream_slots.slots_key(game["users"][0].pk)) == 2
        assert_too_many(ann.get(events(elsewhere)))
        other = Stream(bob.get(events(game)))  # another player is not affected
        other.close()
        first.close()  # a stream that ends gives its slot back
        third = Stream(ann.get(events(elsewhere)))
        assert third.next(event="state")["data"]["view"]["you"] == 0
        third.close()
    finally:
        first.close()
        second.close()
    assert slots.zcard(stream_slots.slots_key(game["users"][0].pk)) == 0
    # The API itself is never capped by streams.
    assert ann.get(f"/api/v1/games/{game['id']}").status_code == 200


def test_a_new_stream_of_the_same_token_and_game_replaces_the_old_one(
    human_game, slots, settings, rechecks
):
    """A reload (or a phone back online) opens the game's and the account's streams again
    before the server has noticed the old reader is gone: they take over the old slots
    instead of counting twice, and the old streams end at their next recheck."""
    settings.EVENTS_AUTH_RECHECK_SECONDS = 0.2
    game = human_game()
    client = game["clients"][0]
    key = stream_slots.slots_key(game["users"][0].pk)
    old_game = Stream(client.get(events(game)))
    old_me = Stream(client.get("/api/v1/me/events"))
    new_game = new_me = None
    try:
        assert slots.zcard(key) == 2  # the cap is reached
        new_game = Stream(client.get(events(game)))
        new_me = Stream(client.get("/api/v1/me/events"))
        assert slots.zcard(key) == 2
        assert new_game.next(event="state")["data"]["view"]["you"] == 0
        ended = old_game.next(event="replaced")
        assert ended["data"]["code"] == "stream_replaced" and ended["data"]["detail"]
        assert old_me.next(event="replaced")["data"]["code"] == "stream_replaced"
        old_game.close()  # the replaced streams' ends give back nothing of the new ones
        old_me.close()
        assert slots.zcard(key) == 2
        # A stream of another game still counts against the cap.
        other = client.post(
            "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
        ).json()
        assert_too_many(client.get(events(other)))
        # The new game stream goes on past several rechecks (each renews its slot).
        frames = new_game.keeps_going(rechecks, 3)
        assert all(frame["event"] in (None, "state") for frame in frames)
    finally:
        for stream in (old_game, old_me, new_game, new_me):
            if stream is not None:
                stream.close()
    assert slots.zcard(key) == 0


@pytest.mark.parametrize("follows", ["game", "tournament", "player"])
def test_a_stream_whose_client_has_gone_gives_its_slot_back_at_once(
    human_game, slots, follows
):
    """Served by the ASGI events service: the client's disconnect ends the stream (a
    game's, a tournament's, the account's) and frees its slot then, not at the next ping or
    lease. (On the WSGI development server: tests/live/test_stream_disconnect.py.)"""
    from config.asgi import application
    from tournaments import services as tournament_services

    game = human_game()
    key = stream_slots.slots_key(game["users"][0].pk)
    token = token_for(game["users"][0])
    if follows == "tournament":
        tournament = tournament_services.tournament_create(
            data={"format": "sit_and_go", "capacity": 4, "private": True}, by=game["users"][0]
        )
        path = f"/api/v1/tournaments/{tournament.pk}/events"
    else:
        path = events(game) if follows == "game" else "/api/v1/me/events"
    seen: dict[str, int] = {}

    async def scenario() -> None:
        gone = asyncio.Event()
        opened = asyncio.Event()

        async def receive() -> dict:
            if "started" not in seen:
                seen["started"] = 1
                return {"type": "http.request", "body": b"", "more_body": False}
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            if message["type"] == "http.response.body" and b": connected" in message.get(
                "body", b""
            ):
                opened.set()

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"testserver"), (b"authorization", f"Token {token}".encode())],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        served = asyncio.ensure_future(application(scope, receive, send))
        await asyncio.wait_for(opened.wait(), WAIT_SECONDS)
        seen["open"] = await asyncio.to_thread(slots.zcard, key)
        gone.set()  # the browser closed the connection (a reload, a closed tab)
        await asyncio.wait_for(served, WAIT_SECONDS)
        seen["after"] = await asyncio.to_thread(slots.zcard, key)

    asyncio.run(scenario())
    assert seen["open"] == 1
    assert seen["after"] == 0


def test_slots_of_a_process_that_died_lapse(human_game, slots, settings):
    settings.EVENTS_STREAM_LEASE_SECONDS = 60
    game = human_game()
    user_id = game["users"][0].pk
    for _ in range(2):  # taken by another process that then crashed without giving back
        assert stream_slots.acquire(user_id)
    refused = game["clients"][0].get(events(game))
    assert_too_many(refused)
    assert 1 <= int(refused["Retry-After"]) <= 60
    # Nobody renews them: once their lease has passed (the clock moved on past it, rather
    # than the test waiting for it), they no longer count.
    with time_machine.travel(time.time() + 61):
        stream = Stream(game["clients"][0].get(events(game)))
        try:
            assert stream.next(event="state")["id"] == 1
        finally:
            stream.close()


def test_open_streams_keep_their_slots_past_the_lease(human_game, slots, settings):
    settings.EVENTS_STREAM_LEASE_SECONDS = 3
    settings.EVENTS_AUTH_RECHECK_SECONDS = 0.2  # each recheck renews the lease
    game = human_game()
    client = game["clients"][0]
    key = stream_slots.slots_key(game["users"][0].pk)
    elsewhere = client.post(
        "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
    ).json()
    streams = [Stream(client.get(events(game))), Stream(client.get("/api/v1/me/events"))]
    first_lease_ends = max(score for _, score in slots.zrange(key, 0, -1, withscores=True))
    stop = threading.Event()
    errors: list[BaseException] = []

    def follow(stream: Stream) -> None:  # keep each stream running, as a server would
        try:
            while not stop.is_set():
                parse(next(stream.chunks))
        except BaseException as exc:
            errors.append(exc)

    def renewed_past_their_first_lease() -> bool:
        now = time.time()
        leases = [score for _, score in slots.zrange(key, 0, -1, withscores=True)]
        return now > first_lease_ends and len(leases) == 2 and min(leases) > now

    threads = [threading.Thread(target=follow, args=(s,)) for s in streams]
    try:
        for thread in threads:
            thread.start()
        # Past the lease they were opened with: only renewals keep the slots.
        wait_until(renewed_past_their_first_lease)
        assert_too_many(client.get(events(elsewhere)))
    finally:
        stop.set()
        for thread in threads:
            thread.join(WAIT_SECONDS)
        for stream in streams:
            stream.close()
    assert not errors and not any(thread.is_alive() for thread in threads)


def test_a_wsgi_process_that_does_not_serve_streams_refuses_them_at_once(
    human_game, slots, settings
):
    settings.EVENTS_WSGI_STREAMS = False
    game = human_game()
    client = game["clients"][0]
    for url in (events(game), "/api/v1/me/events"):
        response = client.get(url)
        assert not response.streaming  # refused whole, before any stream is opened
        assert response.status_code == 503
        assert response["Content-Type"] == "application/json"
        assert response.json()["code"] == "streams_not_served_here"
    assert slots.zcard(stream_slots.slots_key(game["users"][0].pk)) == 0
    # The ASGI service still serves them.
    token = token_for(game["users"][0])

    async def opening() -> dict:
        response = await AsyncClient().get(
            events(game), headers={"Authorization": f"Token {token}"}
        )
        assert response.status_code == 200, response.content
        chunks = response.streaming_content.__aiter__()
        try:
            frame = parse(await chunks.__anext__())
            while frame["event"] is None:  # the `: connected` comment comes first
                frame = parse(await chunks.__anext__())
            return frame
        finally:
            await chunks.aclose()

    frame = async_to_sync(opening)()
    assert frame["event"] == "state" and frame["id"] == 1


def test_without_redis_one_process_counts_its_own_streams(settings):
    settings.EVENTS_REDIS_URL = None  # make run: one process serves everything
    settings.EVENTS_MAX_STREAMS_PER_USER = 2
    taken = [stream_slots.acquire("local-user") for _ in range(2)]
    with pytest.raises(stream_slots.TooManyStreams) as refused:
        stream_slots.acquire("local-user")
    assert refused.value.status_code == 429 and refused.value.headers["Retry-After"]
    stream_slots.release("local-user", taken[0])
    stream_slots.release("local-user", stream_slots.acquire("local-user"))
    stream_slots.release("local-user", taken[1])
    assert "local-user" not in stream_slots._local


def test_the_proxy_sends_exactly_the_stream_paths_to_the_events_service():
    """config/nginx/ginrummy.conf: the stream location (a PCRE regex, read here with
    Python's compatible ``re``) matches the URLs Django serves streams on and nothing else,
    and turns buffering off."""
    import re
    from pathlib import Path

    from django.urls import reverse

    conf = (Path(__file__).resolve().parents[2] / "config/nginx/ginrummy.conf").read_text()
    block = re.search(r"location ~ (\S+) \{(.*?)\n    \}", conf, re.S)
    assert block is not None
    pattern, body = re.compile(block.group(1)), block.group(2)
    assert "proxy_pass http://ginrummy_events;" in body and "proxy_buffering off;" in body
    game_id = "0178711d-bdfe-4c29-9e6d-c48f00bfe6bc"
    streams = [reverse("game-events", args=[game_id]), reverse("me-events")]
    assert all(pattern.search(url) for url in streams), streams
    others = [
        reverse("games-join"),
        reverse("game", args=[game_id]),
        reverse("game-actions", args=[game_id]),
        reverse("game-messages", args=[game_id]),
        "/api/v1/health",
        "/api/v1/me",
        f"/api/v1/games/{game_id}/events/extra",
    ]
    assert not [url for url in others if pattern.search(url)]
