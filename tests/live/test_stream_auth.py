"""An open stream ends within one recheck interval of a logout, a revoked token or a
deactivated account: it must not keep sending that seat's view (hand included)."""

from __future__ import annotations

import time

import pytest

from accounts.models import AuthToken, User
from tests.conftest import WAIT_SECONDS
from tests.factories import token_for
from tests.live.conftest import Stream, parse

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fast_recheck(settings) -> None:
    settings.EVENTS_AUTH_RECHECK_SECONDS = 0.3


def read_until_end(stream: Stream, timeout: float = WAIT_SECONDS) -> list[dict]:
    """Every frame up to the end of the stream; fails if it is still open after ``timeout``
    (pings keep arriving while it is, so this never blocks for long). The end is due at
    the next recheck (0.3 s): the bound only catches a stream that never ends."""
    deadline = time.monotonic() + timeout
    frames = []
    for chunk in stream.chunks:
        frames.append(parse(chunk))
        if time.monotonic() > deadline:
            raise AssertionError(f"the stream is still open after {timeout} s: {frames[-3:]}")
    return frames


def test_logout_ends_an_open_game_stream(human_game):
    game = human_game()
    client = game["clients"][0]
    stream = Stream(client.get(f"/api/v1/games/{game['id']}/events"))
    try:
        assert stream.next(event="state")["data"]["view"]["round"]["hand"]
        assert client.post("/api/v1/auth/logout").status_code == 204
        frames = read_until_end(stream)
    finally:
        stream.close()
    assert frames[-1]["event"] == "closed"
    assert frames[-1]["data"]["code"] == "authentication_failed"
    assert all(f["event"] != "state" for f in frames)
    again = client.get(f"/api/v1/games/{game['id']}/events")
    assert again.status_code == 401


def test_deactivating_the_user_ends_the_account_stream(user, client_for):
    stream = Stream(client_for(user).get("/api/v1/me/events"))
    try:
        assert parse(next(stream.chunks))["comment"] == "connected"
        User.objects.filter(pk=user.pk).update(is_active=False)
        frames = read_until_end(stream)
    finally:
        stream.close()
    assert frames[-1]["event"] == "closed"


def test_revoking_the_token_ends_the_stream_but_another_login_does_not(human_game, rechecks):
    game = human_game()
    ann = game["users"][0]
    stream = Stream(game["clients"][0].get(f"/api/v1/games/{game['id']}/events"))
    try:
        stream.next(event="state")
        other = token_for(ann)  # a second device logs in and out again
        AuthToken.objects.for_key(other).delete()
        # Several rechecks: its own token is still valid, the stream goes on.
        seen = stream.keeps_going(rechecks, 3)
        assert seen and all(f["event"] != "closed" for f in seen)
        # The stream's own token is revoked (e.g. by an admin): it ends.
        AuthToken.objects.filter(user=ann).delete()
        frames = read_until_end(stream)
    finally:
        stream.close()
    assert frames[-1]["event"] == "closed"
