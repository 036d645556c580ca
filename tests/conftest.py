"""Fixtures shared by the whole suite: API clients, users, Redis and a real Celery worker."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings
from django.core.cache import cache
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from games import dealing
from tests.deals import NobodyOutBeforeThePlayer
from tests.factories import UserFactory, token_for

ROOT = Path(__file__).resolve().parent.parent
WAIT_SECONDS = 60.0
"""How long a test waits for a condition before it calls something broken (a worker's
turn, a stream's frame, a thread at a lock): far above what anything takes, even on a
machine whose cores are all busy. Tests wait on conditions, never for a time."""
STARTUP_SECONDS = 120
"""How long a process the tests start (a Celery worker, beat, gunicorn) may take to answer."""

# Property tests are about what holds, never how fast: no per-example deadline and no
# "too slow" health check, which a busy machine would trip (speed is measured under bench/).
# Loaded here, before any test module is imported, so every @settings inherits it.
hypothesis_settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _clear_cache() -> Iterator[None]:
    """Throttle counters live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _deals_seeded_by_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Games a test starts in its own thread are dealt from a generator seeded by the
    test's name, not the system's: the same test gets the same deals on every run, and no
    computer can end round 1 before seat 0 (the player who made the table) first plays
    (:class:`tests.deals.NobodyOutBeforeThePlayer`). A test that chooses its deals
    (:func:`games.dealing.dealt`) overrides this inside; the live server's threads and a
    real worker still shuffle for themselves."""
    with dealing.dealing_from(NobodyOutBeforeThePlayer(zlib.crc32(request.node.nodeid.encode()))):
        yield


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def make_user(db: None) -> Callable[..., object]:
    return UserFactory


@pytest.fixture
def user(db: None):
    return UserFactory()


@pytest.fixture
def client_for(db: None) -> Callable[..., APIClient]:
    """An API client authenticated as ``user`` (a new token each call)."""

    def make(user) -> APIClient:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
        return client

    return make


@pytest.fixture
def auth_client(user, client_for) -> APIClient:
    return client_for(user)


# --- Redis and a real Celery worker ---------------------------------------------------------


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The Redis that ``make test`` started. Missing Redis fails the test, never skips it."""
    url = settings.REDIS_URL
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"Redis is required at {url} (run the suite with `make test`): {exc}")
    return url


SHARED_CACHE_DB = settings.REDIS_DATABASE_BASE + 5
"""The Redis database the shared-cache tests use (the broker and events use the first of
this test process's block, config/settings/test.py)."""


@pytest.fixture
def shared_cache(redis_url: str, settings) -> Iterator[object]:
    """The default cache switched to the Redis every process would share in production
    (``core.cache.ResilientRedisCache``, as ``CACHE_URL`` makes it), emptied before and
    after: cached sign-ins and the throttles' one-round-trip script are on."""
    from django.core.cache import caches

    location = urlunsplit(urlsplit(redis_url)._replace(path=f"/{SHARED_CACHE_DB}"))
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": location,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    store = caches["default"]
    store.clear()
    yield store
    store.clear()


def _database_url_for(name: str) -> str:
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def celery_worker_process(
    django_db_setup: None, django_db_blocker, redis_url: str, tmp_path_factory
) -> Iterator[subprocess.Popen]:
    """A real ``celery worker`` process on the test database and the Redis broker."""
    from django.db import connection

    name = f"tests-{os.getpid()}@%h"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": _database_url_for(connection.settings_dict["NAME"]),
        "REDIS_URL": redis_url,
        "CELERY_TEST_WORKER": "1",
        "DJANGO_CONN_MAX_AGE": "0",
    }
    log = open(tmp_path_factory.mktemp("celery") / "worker.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=threads",
            "--concurrency=4",
            "--without-heartbeat",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=INFO",
            "-n",
            name,
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    from config.celery import app

    # Waits for the worker's answer to a ping; the bound only matters when it never comes
    # (starting Django and Celery takes a while on a busy machine).
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"celery worker exited with {proc.returncode}; see {log.name}")
        replies = app.control.ping(timeout=0.5)
        if replies:
            break
    else:
        proc.terminate()
        pytest.fail(f"celery worker did not answer within {STARTUP_SECONDS} s; see {log.name}")
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture
def real_worker(celery_worker_process, transactional_db, settings) -> Iterator[object]:
    """Send tasks to the real worker for this test (instead of running them eagerly)."""
    from config.celery import app

    app.conf.task_always_eager = False
    settings.CELERY_TASK_ALWAYS_EAGER = False
    try:
        yield celery_worker_process
    finally:
        app.conf.task_always_eager = True
        _worker_idle(app)


def _worker_idle(app: Any) -> None:
    """End the test's work on the session's worker: the tasks still queued or waiting for
    their time (turn timers, countdowns) are dropped, those running are let finish; a later
    test's tables are never written by an earlier test's task."""
    app.control.purge()
    inspect = app.control.inspect(timeout=5, limit=1)  # the one worker: its first answer
    waiting = [*(inspect.scheduled() or {}).values(), *(inspect.reserved() or {}).values()]
    ids = [task.get("request", task)["id"] for tasks in waiting for task in tasks]
    if ids:
        app.control.revoke(ids)
    wait_until(lambda: not any((inspect.active() or {}).values()))
    wait_until_the_database_is_quiet()


def wait_until(
    predicate: Callable[[], object], timeout: float = WAIT_SECONDS, step: float = 0.05
) -> Any:
    """Poll ``predicate`` until it returns something truthy (its value); fail after
    ``timeout`` seconds. The test waits on the condition it asserts, so ``timeout`` is only
    the bound past which something is broken: generous, never a measure of speed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    pytest.fail(f"condition not met within {timeout} s")


def waiting_on_a_lock(table: str) -> bool:
    """Whether another database session is blocked on a lock (a row lock, another
    transaction's insert) in a statement on ``table``: the proof that a thread has reached
    the lock a test holds, where a pause would only hope so."""
    return _other_sessions("wait_event_type = 'Lock' AND query LIKE %s", [f"%{table}%"]) > 0


def _other_sessions(condition: str, params: list[Any] | None = None) -> int:
    """How many other sessions on this test database meet ``condition`` (SQL over
    ``pg_stat_activity``), read afresh."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # pg_stat_activity afresh
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            f" AND pid <> pg_backend_pid() AND {condition}",
            params or [],
        )
        (count,) = cursor.fetchone()
    return count


def others_at_work() -> int:
    """How many other sessions on this test database are running a statement or hold a
    transaction open (a live server's request thread, a worker's task)."""
    return _other_sessions(
        "backend_type = 'client backend'"
        " AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')"
    )


def wait_until_the_database_is_quiet() -> None:
    """Wait until no other session works on the test database: a test that served a
    browser or a worker ends with whatever they were still writing written, before its
    flush truncates the tables under them (a request half done would deadlock with it, or
    write into the next test's empty tables)."""
    wait_until(lambda: others_at_work() == 0)


def play_seat_0_against_the_worker(
    client: APIClient,
    game_id: str,
    choose: Callable[[dict[str, Any]], dict[str, Any]],
    *,
    limit: int = 3000,
) -> dict[str, Any]:
    """Play seat 0's turns with ``choose`` (each with its ``expected_version``), waiting for
    the worker to play the computers' turns in between; the last view seen."""
    url = f"/api/v1/games/{game_id}"

    def my_turn_or_over() -> dict[str, Any] | None:
        view: dict[str, Any] = client.get(url).json()
        return view if view["status"] != "active" or view["round"]["turn"] == 0 else None

    view: dict[str, Any] = {}
    for _ in range(limit):
        view = wait_until(my_turn_or_over)
        if view["status"] != "active":
            break
        body = {**choose(view), "expected_version": view["version"]}
        response = client.post(f"{url}/actions", body, format="json")
        assert response.status_code == 200, response.json()
    return view
