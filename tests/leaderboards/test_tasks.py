"""The debounced refresh after a finished game, the beat schedule, and a real worker."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest
import redis
import time_machine
from django.conf import settings
from django.core.cache import caches
from django.utils import timezone

from config.celery import app
from leaderboards import services, tasks
from leaderboards.models import RatedGame, Standing
from tests.conftest import wait_until
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game


@pytest.fixture
def broker_mode(monkeypatch):
    """Tasks go to a broker (recorded here instead of sent)."""
    queued: list[dict] = []
    monkeypatch.setattr(app.conf, "task_always_eager", False)
    monkeypatch.setattr(tasks.refresh_standings, "apply_async", lambda *a, **kw: queued.append(kw))
    return queued


def test_finished_games_share_one_refresh_queued_a_few_seconds_later(broker_mode):
    start = datetime(2025, 3, 12, 12, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        assert services.standings_refresh_soon() is True
        assert services.standings_refresh_soon() is False
        clock.shift(timedelta(seconds=services.REFRESH_DEBOUNCE_SECONDS - 0.5))
        assert services.standings_refresh_soon() is False
        # The key lives as long as the countdown: once the queued refresh is due, a new
        # game queues its own.
        clock.shift(timedelta(seconds=0.6))
        assert services.standings_refresh_soon() is True
    queued = {
        "kwargs": {"kinds": ["weekly", "monthly"]},
        "countdown": services.REFRESH_DEBOUNCE_SECONDS,
    }
    assert broker_mode == [queued, queued]


def test_the_debounce_key_is_shared_through_redis(broker_mode, redis_url, settings):
    """Web and worker processes debounce together only through a shared cache: the key is
    set once in Redis, and expires there with the queued refresh's countdown."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": f"leaderboards-test-{os.getpid()}",
        }
    }
    key = caches["default"].make_key(services.REFRESH_DEBOUNCE_KEY)
    other_process = redis.Redis.from_url(redis_url)
    try:
        assert services.standings_refresh_soon() is True
        assert services.standings_refresh_soon() is False
        assert other_process.set(key, "1", nx=True) is None  # already taken
        assert 0 < other_process.pttl(key) <= services.REFRESH_DEBOUNCE_SECONDS * 1000
    finally:
        other_process.delete(key)
    assert len(broker_mode) == 1


@pytest.mark.django_db
def test_without_a_broker_the_refresh_runs_at_once():
    ann, bob = UserFactory(), UserFactory()
    finished_game(player=ann, opponent=bob, total=130, finished_at=timezone.now())
    assert services.standings_refresh_soon() is True
    assert services.standings_refresh_soon() is True  # no debounce: nothing is queued
    assert Standing.objects.filter(user=ann, wins=1).count() == 3


def test_beat_schedules_registered_leaderboard_tasks():
    app.loader.import_default_modules()
    schedule = settings.CELERY_BEAT_SCHEDULE
    entries = {k: v for k, v in schedule.items() if v["task"].startswith("leaderboards.")}
    assert {e["task"] for e in entries.values()} == {
        "leaderboards.refresh_standings",
        "leaderboards.close_periods",
        "leaderboards.rate_pending_games",
    }
    for entry in entries.values():
        assert entry["task"] in app.tasks
    refresh = schedule["leaderboards-refresh-standings"]["schedule"]
    assert refresh.minute == set(range(60)) and refresh.hour == set(range(24))
    close = schedule["leaderboards-close-periods"]["schedule"]
    assert close.minute == {1} and close.hour == {0}


@pytest.mark.celery_worker
def test_a_finished_game_reaches_the_boards_and_ratings_through_the_worker(real_worker):
    ann, bob = UserFactory(), UserFactory()
    game = finished_game(
        player=ann, opponent=bob, total=180, finished_at=timezone.now(), signal=True
    )
    wait_until(lambda: RatedGame.objects.filter(game=game).exists())
    # The debounced refresh: this week and this month (all-time follows with the minute
    # refresh, which beat sends and no beat runs here).
    wait_until(lambda: Standing.objects.filter(user=ann, wins=1, score=180).count() == 2)
    kinds = Standing.objects.filter(user=bob, games=1, wins=0).values_list("period__kind")
    assert sorted(kind for (kind,) in kinds) == ["monthly", "weekly"]
