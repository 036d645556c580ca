"""Signing out everywhere or changing the password ends the player's open streams at once,
not at the next periodic recheck (``EVENTS_AUTH_RECHECK_SECONDS``, an hour here: a stream
that waited for it would still be open when the test gives up on it)."""

from __future__ import annotations

import time

import pytest

from tests.conftest import WAIT_SECONDS
from tests.factories import PASSWORD
from tests.live.conftest import Stream, parse

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def slow_recheck(settings) -> None:
    settings.EVENTS_AUTH_RECHECK_SECONDS = 3600


def read_until_end(stream: Stream, timeout: float = WAIT_SECONDS) -> list[dict]:
    """Every frame up to the end of the stream; fails if it is still open after ``timeout``
    (pings keep arriving while it is, so this never blocks for long)."""
    deadline = time.monotonic() + timeout
    frames = []
    for chunk in stream.chunks:
        frames.append(parse(chunk))
        if time.monotonic() > deadline:
            raise AssertionError(f"the stream is still open after {timeout} s: {frames[-3:]}")
    return frames


def test_logout_all_ends_the_game_and_account_streams_at_once(human_game, client_for):
    game = human_game()
    ann, client = game["users"][0], game["clients"][0]
    table = Stream(client.get(f"/api/v1/games/{game['id']}/events"))
    account = Stream(client_for(ann).get("/api/v1/me/events"))
    try:
        table.next(event="state")
        assert parse(next(account.chunks))["comment"] == "connected"
        assert client_for(ann).post("/api/v1/auth/logout-all").status_code == 204
        for stream in (table, account):
            frames = read_until_end(stream)
            assert frames[-1]["event"] == "closed"
            assert frames[-1]["data"]["code"] == "authentication_failed"
            assert all(f["event"] != "state" for f in frames)
    finally:
        table.close()
        account.close()


def test_a_password_change_ends_the_open_streams_at_once(human_game, client_for):
    game = human_game()
    ann = game["users"][0]
    table = Stream(game["clients"][0].get(f"/api/v1/games/{game['id']}/events"))
    try:
        table.next(event="state")
        body = {"current_password": PASSWORD, "new_password": "a-brand-new-passphrase-7"}
        response = client_for(ann).post("/api/v1/auth/password", body, format="json")
        assert response.status_code == 200
        frames = read_until_end(table)
    finally:
        table.close()
    assert frames[-1]["event"] == "closed"


def test_another_players_sign_out_leaves_a_stream_open(human_game, client_for):
    game = human_game()
    bob = game["users"][1]
    table = Stream(game["clients"][0].get(f"/api/v1/games/{game['id']}/events"))
    try:
        table.next(event="state")
        assert client_for(bob).post("/api/v1/auth/logout-all").status_code == 204
        seen = [parse(next(table.chunks)) for _ in range(3)]  # pings, 0.6 s apart
        assert all(f["event"] != "closed" for f in seen)
    finally:
        table.close()
