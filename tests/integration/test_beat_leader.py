"""Two real ``celery beat`` processes against a real Redis: only the one holding the lease
sends due tasks; when it is killed the other takes over once the lease lapses, and a beat
stopped cleanly hands the lease back at once."""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings

from config.beat import BEAT_LEASE_KEY
from tests.conftest import STARTUP_SECONDS, WAIT_SECONDS

ROOT = Path(__file__).resolve().parents[2]
SWEEP = "games.sweep_overdue"


@pytest.fixture
def broker(redis_url: str) -> Iterator[redis.Redis]:
    """A Redis database of its own (no test worker consumes it), emptied before and after."""
    database = settings.REDIS_DATABASE_BASE + 7
    client = redis.Redis.from_url(redis_url.rsplit("/", 1)[0] + f"/{database}")
    client.flushdb()
    yield client
    client.flushdb()


@pytest.fixture
def start_beat(broker: redis.Redis, tmp_path: Path) -> Iterator[Callable[[], subprocess.Popen]]:
    url = "redis://{host}:{port}/{db}".format(**broker.connection_pool.connection_kwargs)
    procs: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        n = len(procs)
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "REDIS_URL": url,
            "CELERY_TEST_WORKER": "1",  # send through the broker (the test settings run eagerly)
            "GAMES_SWEEP_SECONDS": "0.3",
            "BEAT_LEASE_SECONDS": "6",
        }
        log = (tmp_path / f"beat-{n}.log").open("w")
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(tmp_path / f"schedule-{n}"),
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def sweeps_by_pid(broker: redis.Redis) -> list[int]:
    """The pid of the process that sent each queued sweep, oldest first."""
    senders = []
    for raw in reversed(broker.lrange("celery", 0, -1)):  # LPUSHed: newest first
        message = json.loads(raw)
        headers = message["headers"]
        if headers["task"] == SWEEP:
            json.loads(base64.b64decode(message["body"]))  # a real task message
            senders.append(int(headers["origin"].split("@")[0].removeprefix("gen")))
    return senders


def leader_pid(broker: redis.Redis) -> int | None:
    token = broker.get(BEAT_LEASE_KEY)
    return int(token.decode().split(":")[1]) if token else None


def wait_for(condition: Callable[[], bool], what: str, timeout: float = STARTUP_SECONDS) -> None:
    """Wait on ``condition``; ``timeout`` only bounds a beat that never gets there (two
    processes starting Django and Celery on a busy machine take a while)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"waited {timeout:.0f} s for {what}")


def test_only_the_beat_holding_the_lease_sends_and_another_takes_over_when_it_dies(
    broker, start_beat
):
    first, second = start_beat(), start_beat()
    pids = {first.pid, second.pid}
    wait_for(lambda: len(sweeps_by_pid(broker)) >= 10, "ten sweeps queued")
    leader = leader_pid(broker)
    assert leader in pids
    assert set(sweeps_by_pid(broker)) == {leader}  # the other sent nothing
    assert first.poll() is None and second.poll() is None  # both alive: one waits

    dead, survivor = (first, second) if leader == first.pid else (second, first)
    os.kill(dead.pid, signal.SIGKILL)
    dead.wait()
    sent_before = len(sweeps_by_pid(broker))
    wait_for(lambda: survivor.pid in sweeps_by_pid(broker), "the other beat to send")
    senders = sweeps_by_pid(broker)
    assert senders[:sent_before] == [leader] * sent_before
    first_of_survivor = senders.index(survivor.pid)
    assert set(senders[first_of_survivor:]) == {survivor.pid}  # never both at once
    assert leader_pid(broker) == survivor.pid


def test_a_beat_stopped_cleanly_gives_its_lease_to_the_waiting_one_at_once(broker, start_beat):
    first, second = start_beat(), start_beat()
    wait_for(lambda: leader_pid(broker) is not None and len(sweeps_by_pid(broker)) >= 3, "a leader")
    leader = leader_pid(broker)
    stopped, waiting = (first, second) if leader == first.pid else (second, first)
    stopped.send_signal(signal.SIGTERM)
    stopped.wait(timeout=WAIT_SECONDS)
    # Its key was deleted on the way out, not left to lapse (it renews every 2 s of a 6 s
    # lease, so a key left behind would still name it now).
    assert leader_pid(broker) != stopped.pid
    wait_for(lambda: leader_pid(broker) == waiting.pid, "the waiting beat to lead")
    wait_for(lambda: waiting.pid in sweeps_by_pid(broker), "the waiting beat to send")
