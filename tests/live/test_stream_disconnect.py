"""On ``make run`` (Django's development server, WSGI, slots counted in the process) a
stream whose client closes the connection gives its slot back at once, whatever it
follows: a WSGI server would otherwise notice the disconnect only when a write failed,
the second ping after it, and the player could open no other stream meanwhile."""

from __future__ import annotations

import socket
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest

from games import services as game_services
from games.live import slots as stream_slots
from tests.conftest import WAIT_SECONDS, wait_until
from tests.factories import UserFactory, token_for
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db(transaction=True)

CAP = 5


@pytest.fixture
def make_run_streams(settings) -> None:
    """The embedded default's streams, and no write to the client for ten minutes: no ping,
    no token recheck, no lapsing lease. Nothing but noticing the disconnect itself can give
    a slot back within the test's bound."""
    settings.EVENTS_REDIS_URL = None
    settings.EVENTS_WSGI_STREAMS = True
    settings.EVENTS_MAX_STREAMS_PER_USER = CAP
    settings.EVENTS_HEARTBEAT_SECONDS = 600
    settings.EVENTS_AUTH_RECHECK_SECONDS = 600
    settings.EVENTS_STREAM_LEASE_SECONDS = 600


def open_stream(url: str, path: str, token: str) -> tuple[int, socket.socket]:
    """A GET of the stream on its own connection: the status, and the connection, read up
    to the stream's ``: connected`` comment (or the end of a refusal's headers)."""
    parts = urlsplit(url)
    conn = socket.create_connection((parts.hostname, parts.port), timeout=WAIT_SECONDS)
    conn.sendall(
        f"GET {path} HTTP/1.1\r\nHost: {parts.hostname}\r\n"
        f"Authorization: Token {token}\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    received = b""
    while b"\r\n\r\n" not in received:
        received += conn.recv(4096)
    status = int(received.split(b" ", 2)[1])
    if status == 200:
        while b": connected" not in received:
            received += conn.recv(4096)
    return status, conn


def game_path(user) -> str:
    game = game_services.game_create_vs_computer(user=user, difficulty="easy")
    return f"/api/v1/games/{game.pk}/events"


def tournament_path(user) -> str:
    tournament = tournament_services.tournament_create(
        data={"format": "sit_and_go", "capacity": 4, "private": True}, by=user
    )
    return f"/api/v1/tournaments/{tournament.pk}/events"


def player_path(user) -> str:
    return "/api/v1/me/events"


@pytest.mark.parametrize(
    "path_for", [tournament_path, game_path, player_path], ids=["tournament", "game", "player"]
)
def test_closing_every_stream_frees_every_slot_at_once(
    live_server, make_run_streams, path_for: Callable[..., str]
):
    user = UserFactory()
    path = path_for(user)
    tokens = [token_for(user) for _ in range(CAP + 1)]  # each token's stream counts apart
    opened = [open_stream(live_server.url, path, token) for token in tokens[:CAP]]
    assert [status for status, _ in opened] == [200] * CAP
    refused, conn = open_stream(live_server.url, path, tokens[CAP])
    conn.close()
    assert refused == 429  # the cap is reached

    for _, conn in opened:
        conn.close()  # a closed tab, a reload

    def sixth() -> socket.socket | None:
        status, conn = open_stream(live_server.url, path, tokens[CAP])
        if status == 200:
            return conn
        conn.close()
        assert status == 429
        return None

    conn = wait_until(sixth, step=0.1)
    try:
        assert len(stream_slots._local.get(user.pk, {})) == 1  # the sixth's, and only it
    finally:
        conn.close()
    wait_until(lambda: user.pk not in stream_slots._local)
