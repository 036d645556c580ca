"""The image's default command, run as the Dockerfile says with the production settings,
keeps answering while event streams are asked of it: production refuses streams on WSGI
unless told otherwise, and even then one open stream does not take the only worker."""

from __future__ import annotations

import http.client
import importlib
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.config.test_production_settings import GOOD_KEY, load_production
from tests.conftest import STARTUP_SECONDS, WAIT_SECONDS, _database_url_for
from tests.factories import UserFactory, token_for

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def dockerfile_instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped."""
    joined, parts = [], []
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        if line.rstrip().endswith("\\"):
            parts.append(line.rstrip()[:-1])
            continue
        joined.append(" ".join([*parts, line]).strip())
        parts = []
    return [(text.split(None, 1)[0].upper(), text.split(None, 1)[1]) for text in joined]


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for instruction, value in dockerfile_instructions():
        if instruction == "ENV":
            env.update(pair.split("=", 1) for pair in shlex.split(value))
    return env


def image_cmd() -> list[str]:
    cmds = [value for instruction, value in dockerfile_instructions() if instruction == "CMD"]
    assert len(cmds) == 1, cmds
    return list(json.loads(cmds[0]))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(port: int, path: str, token: str | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_SECONDS)
    headers = {"Authorization": f"Token {token}"} if token else {}
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, json.loads(body)


@pytest.fixture
def image_server(transactional_db, redis_url, tmp_path) -> Iterator[object]:
    """Start the image's CMD (gunicorn, its own flags, the image's ENV) on a free loopback
    port against the test database; ``start(**env)`` returns the port."""
    from django.db import connection

    procs: list[subprocess.Popen[bytes]] = []

    def start(**extra: str) -> int:
        port = free_port()
        cmd = image_cmd()
        assert cmd[0] == "gunicorn"
        cmd = [str(BIN / "gunicorn"), *cmd[1:]]
        cmd[cmd.index("--bind") + 1] = f"127.0.0.1:{port}"
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("EVENTS_", "WEB_CONCURRENCY", "DJANGO_"))
        }
        env.update(image_env())
        env.update(
            {
                "DJANGO_SECRET_KEY": GOOD_KEY,
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                "DJANGO_SECURE_SSL_REDIRECT": "false",
                "DATABASE_URL": _database_url_for(connection.settings_dict["NAME"]),
                "CELERY_BROKER_URL": redis_url,
                "EVENTS_REDIS_URL": redis_url,
                "PYTHONPATH": str(ROOT),
                **extra,
            }
        )
        log = (tmp_path / f"gunicorn-{port}.log").open("wb")
        procs.append(subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            assert procs[-1].poll() is None, (tmp_path / f"gunicorn-{port}.log").read_text()
            try:
                if get(port, "/api/v1/health")[0] == 200:
                    return port
            except OSError:
                time.sleep(0.2)
        pytest.fail(f"the image's command did not answer /api/v1/health within {STARTUP_SECONDS} s")

    yield start
    for proc in procs:
        proc.send_signal(signal.SIGQUIT)  # gunicorn's quick shutdown: held streams end too
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_production_settings_refuse_streams_on_wsgi_unless_told_and_local_serves_them(
    monkeypatch,
):
    monkeypatch.delenv("EVENTS_WSGI_STREAMS", raising=False)
    assert load_production(monkeypatch, DJANGO_SECRET_KEY=GOOD_KEY).EVENTS_WSGI_STREAMS is False
    sys.modules.pop("config.settings.local", None)
    try:
        assert importlib.import_module("config.settings.local").EVENTS_WSGI_STREAMS is True
    finally:
        sys.modules.pop("config.settings.local", None)
    production = load_production(
        monkeypatch, DJANGO_SECRET_KEY=GOOD_KEY, EVENTS_WSGI_STREAMS="true"
    )
    assert production.EVENTS_WSGI_STREAMS is True


def test_the_image_runs_more_than_one_web_worker_by_default():
    env = image_env()
    assert env["DJANGO_SETTINGS_MODULE"] == "config.settings.production"
    assert "--workers" not in image_cmd() and "-w" not in image_cmd()
    assert int(env["WEB_CONCURRENCY"]) >= 2  # gunicorn's worker count


def test_the_image_command_refuses_a_stream_at_once_and_keeps_answering(image_server):
    user = UserFactory()
    token = token_for(user)
    port = image_server()
    for _ in range(3):  # more than the workers' count would ever hold, were they held
        status, body = get(port, "/api/v1/me/events", token)
        assert (status, body["code"]) == (503, "streams_not_served_here")
    assert get(port, "/api/v1/health")[0] == 200


def test_the_image_command_answers_health_with_a_stream_held_open_when_told_to_serve_them(
    image_server,
):
    user = UserFactory()
    token = token_for(user)
    port = image_server(EVENTS_WSGI_STREAMS="true")
    stream = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT_SECONDS)
    stream.request("GET", "/api/v1/me/events", headers={"Authorization": f"Token {token}"})
    response = stream.getresponse()
    try:
        assert response.status == 200
        assert response.readline().startswith((b"event:", b"id:", b"retry:", b":"))
        # One worker holds the stream; the others answer (a single worker would not, and
        # this request would wait until its timeout).
        status, body = get(port, "/api/v1/health")
        assert status == 200 and body["status"] == "ok"
    finally:
        stream.close()
