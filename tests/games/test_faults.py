"""What a game does when a part of the stack fails: the database, the broker, the cache.

The fault drills (``make drills``, docs/reliability.md) prove the same under load against
the full stack; these are the fast, focused versions that run with the suite.
"""

from __future__ import annotations

import socket
from datetime import timedelta

import pytest
import time_machine
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerDown

from core.cache import ResilientRedisCache
from games import services, tasks
from games.models import Game, Move
from tests.games.helpers import act, choose

pytestmark = pytest.mark.django_db(transaction=True)


def closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def computer_game(client) -> str:
    return client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()["id"]


def hand_turn_to_computer(client, game_id: str) -> dict:
    """Act until the turn passes to the computer; the last answer."""
    for _ in range(10):
        view = client.get(f"/api/v1/games/{game_id}").json()
        answer = act(client, game_id, choose(view)).json()
        if answer["round"]["turn"] != answer["you"]:
            return answer
    raise AssertionError("the turn never passed to the computer")


def test_database_outage_is_503_with_a_code_and_retry_after(auth_client, settings):
    game_id = computer_game(auth_client)
    real_port = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = str(closed_port())  # the server is gone
    try:
        response = auth_client.get(f"/api/v1/games/{game_id}")
    finally:
        connection.close()
        connection.settings_dict["PORT"] = real_port
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "database_unavailable"
    assert response.json()["detail"]
    assert int(response["Retry-After"]) > 0
    assert auth_client.get(f"/api/v1/games/{game_id}").status_code == 200  # recovers


def test_a_move_succeeds_when_the_computer_turn_cannot_be_queued(auth_client, monkeypatch):
    def broker_down(*args, **kwargs):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    game_id = computer_game(auth_client)
    monkeypatch.setattr(tasks.play_computer_turn, "delay", broker_down)
    answer = hand_turn_to_computer(auth_client, game_id)
    game = Game.objects.get(pk=game_id)
    assert game.version == answer["version"]  # committed, the computer still to move
    assert game.turn_seat != answer["you"]


def test_sweeper_plays_a_computer_turn_whose_task_was_lost(auth_client, monkeypatch):
    game_id = computer_game(auth_client)
    monkeypatch.setattr(tasks.play_computer_turn, "delay", lambda *args: None)  # lost
    answer = hand_turn_to_computer(auth_client, game_id)
    version = answer["version"]
    assert tasks.sweep_overdue() == 0  # within the grace period: its task may still come
    with time_machine.travel(timezone.now() + timedelta(seconds=30)):
        assert tasks.sweep_overdue() == 1
        assert tasks.sweep_overdue() == 0  # done once, never twice
    game = Game.objects.get(pk=game_id)
    assert game.version > version
    assert game.turn_seat == answer["you"] or game.status != "active"
    seqs = list(Move.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, game.version + 1))


def test_sweeper_leaves_games_where_a_person_is_to_act(auth_client):
    game_id = computer_game(auth_client)
    hand_turn_to_computer(auth_client, game_id)  # eager: the computer has replied at once
    with time_machine.travel(timezone.now() + timedelta(seconds=30)):
        assert services.games_waiting_for_computer(older_than=timedelta(seconds=5)) == []


def test_cache_fails_open_when_redis_is_unreachable():
    cache = ResilientRedisCache(
        f"redis://127.0.0.1:{closed_port()}/0",
        {"OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}},
    )
    assert isinstance(cache, RedisCache)
    assert cache.get("throttle", "missing") == "missing"
    assert cache.get_many(["a", "b"]) == {}
    cache.set("throttle", [1.0], 60)  # dropped, not raised
    assert cache.add("debounce", 1, 60) is False
    assert cache.delete("throttle") is False


def test_the_cache_keeps_one_redis_client_per_pool(settings):
    cache = ResilientRedisCache(settings.REDIS_URL, {})
    client = cache._cache.get_client("a", write=True)
    assert cache._cache.get_client("b", write=True) is client
    cache.set("kept-client", [1.0, 2.0], 60)  # and it still works as a cache
    assert cache.get("kept-client") == [1.0, 2.0]
    cache.delete("kept-client")
