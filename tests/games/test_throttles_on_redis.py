"""The games endpoints' throttles on the shared Redis cache, where every throttle of a
request is checked and recorded by one script: the same tests as on the in-process cache
(``test_throttles``: the same limits, weighted wrong codes, the address budget and
``Retry-After``), and one round trip for all the throttles of a request."""

from __future__ import annotations

from typing import Any

import pytest
from redis.connection import AbstractConnection

from tests.conftest import SHARED_CACHE_DB
from tests.games.test_throttles import *  # noqa: F403  (the same tests, run here again)
from tests.games.test_throttles import join


@pytest.fixture(autouse=True)
def _on_redis(shared_cache: object, settings: Any) -> None:
    """Every test of this module runs its throttles on the shared cache (sign-ins are not
    cached: these tests commit nothing, so no change would mark them stale)."""
    settings.AUTH_TOKEN_CACHE_SECONDS = 0


class CacheRoundTrips:
    """Counts what is sent to the shared cache's Redis database: one send per command,
    pipeline or script (a round trip). The fair-play trace mark a successful ``POST`` sets
    afterwards (``fairplay.middleware``, once per player, address and device in a window)
    is not the throttles' and is not counted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = AbstractConnection.send_packed_command

        def counted(conn: AbstractConnection, command: object, check_health: bool = True):
            if conn.db == SHARED_CACHE_DB and b"fairplay:trace:" not in _packed(command):
                self.count += 1
            return original(conn, command, check_health)

        monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)


def _packed(command: object) -> bytes:
    parts = command if isinstance(command, list | tuple) else [command]
    return b"".join(p.encode() if isinstance(p, str) else bytes(p) for p in parts)


def test_a_join_meets_both_its_throttles_in_one_round_trip(
    make_user, client_for, monkeypatch, settings
):
    host = client_for(make_user())
    code = host.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
    guest = client_for(make_user())
    assert join(guest, "ZZZZZZ").status_code == 404  # loads the script into Redis
    trips = CacheRoundTrips(monkeypatch)
    response = join(guest, code)
    assert response.status_code == 200, response.content
    assert trips.count == 1


def test_every_throttle_of_a_request_is_one_script_call(make_user, monkeypatch, rf):
    from rest_framework.request import Request

    from games.apis.tables import JoinApi
    from games.throttles import JoinIPThrottle, JoinThrottle

    user = make_user()
    request = Request(rf.post("/api/v1/games/join", REMOTE_ADDR="10.5.0.1"))
    request.user = user
    view = JoinApi()
    view.request, view.args, view.kwargs, view.headers = request, (), {}, {}
    view.check_throttles(request)  # loads the script
    calls = []
    from core.cache import ResilientRedisCache

    original = ResilientRedisCache.run_script

    def spy(self, source, keys, args):
        calls.append(len(keys))
        return original(self, source, keys, args)

    monkeypatch.setattr(ResilientRedisCache, "run_script", spy)
    trips = CacheRoundTrips(monkeypatch)
    view.check_throttles(request)
    assert [type(t) for t in view.get_throttles()] == [JoinThrottle, JoinIPThrottle]
    assert calls == [3]  # the player's window, the address's and the account's there
    assert trips.count == 1


def test_a_wrong_code_is_counted_five_times_in_redis(make_user, client_for, shared_cache, rates):
    rates(join="30/hour", join_ip="1000/hour")
    guesser = make_user()
    client = client_for(guesser)
    assert join(client, "ZZZZZZ").status_code == 404
    redis = shared_cache._cache.get_client()
    key = shared_cache.redis_key(f"throttle_join_{guesser.pk}:window")
    assert redis.zcard(key) == 5
    assert 0 < redis.pttl(key) <= 3600 * 1000


def test_throttles_let_requests_through_while_redis_is_unreachable(auth_client, settings, rates):
    rates(game_create="1/hour")
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    for _ in range(3):
        created = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json")
        assert created.status_code == 201
