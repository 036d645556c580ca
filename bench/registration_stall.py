"""A player's actions while other clients register, on the embedded default (``make run``:
Django's development server, SQLite, tasks run in-process).

    .venv/bin/python bench/registration_stall.py [--threads 10] [--phase-seconds 12]

The script migrates a scratch SQLite file with the local settings, starts
``manage.py runserver`` on a free port (throttles raised out of the way), registers a
player who plays Gin Rummy against the computer (easy) through the API, one action after
another, and alternates phases: *quiet* (the player alone) and *registering* (``--threads``
clients registering new accounts in a loop besides). After each registering phase the
registrations still in flight finish before the next quiet phase begins. It reports, per
kind of phase, the player's action request (``POST /games/{id}/actions``; against the
computer with in-process tasks it includes the computer's reply) at the median, p95 and
max, and the registrations' answers and times. A password hash is slow by design; none may
hold the database's one write lock, so the two kinds of phase should look alike.
``--app-dir`` serves another checkout of the project (the same virtualenv), to compare
code before and after a change on the same machine. Figures are recorded in
docs/benchmarks.md ("Registrations beside a game, on the embedded default").
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import secrets
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import clients
from machine import cpu_model

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "stall-bench-passphrase-7"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def request(
    port: int, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """One request on its own connection: the status and the JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(
            method, f"/api/v1{path}", body=None if body is None else json.dumps(body),
            headers=headers,
        )
        response = conn.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None
    finally:
        conn.close()


def server_env(database: Path) -> dict[str, str]:
    """The embedded defaults: local settings, SQLite, no broker, no Redis, no shared cache;
    throttles raised so that only the database decides what waits."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "EVENTS_REDIS_URL", "REDIS_URL"}
    }
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{database}",
            "THROTTLE_REGISTER": "1000000/hour",
            "THROTTLE_ACTIONS": "1000000/min",
            "THROTTLE_GAME_CREATE": "1000000/hour",
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


class Phase:
    """What happened while one kind of phase ran (all its rounds together)."""

    def __init__(self) -> None:
        self.actions: list[float] = []
        self.action_statuses: Counter[int] = Counter()
        self.registrations: list[float] = []
        self.registration_statuses: Counter[str] = Counter()


class Bench:
    def __init__(self, port: int) -> None:
        self.port = port
        self.lock = threading.Lock()
        self.phase: str | None = None  # None: between phases (nothing counted)
        self.phases = {"quiet": Phase(), "registering": Phase()}
        self.stop = threading.Event()
        self.registering = threading.Event()
        self.in_flight = 0
        self.errors: list[str] = []

    # --- the player ------------------------------------------------------------------------

    def play(self, token: str, think: float) -> None:
        game_id: str | None = None
        view: dict[str, Any] | None = None
        while not self.stop.is_set():
            if game_id is None:
                status, game = request(
                    self.port, "POST", "/games", {"opponent": "computer", "difficulty": "easy"},
                    token,
                )
                if status != 201:
                    self.errors.append(f"create {status}: {game}")
                    time.sleep(1)
                    continue
                game_id, view = game["id"], None
            if view is None or not view.get("round") or view["round"]["turn"] != view["you"]:
                status, view = request(self.port, "GET", f"/games/{game_id}", token=token)
                if status != 200:
                    self.errors.append(f"view {status}: {view}")
                    view = None
                    time.sleep(0.2)
                    continue
                if view["status"] != "active":
                    game_id = None
                elif not view.get("round") or view["round"]["turn"] != view["you"]:
                    time.sleep(0.05)
                continue
            action = {**clients.choose(view), "expected_version": view["version"]}
            phase = self.phase
            started = time.perf_counter()
            status, answer = request(
                self.port, "POST", f"/games/{game_id}/actions", action, token
            )
            took = time.perf_counter() - started
            if phase is not None:  # counted in the phase it began in, however long it took
                with self.lock:
                    self.phases[phase].actions.append(took)
                    self.phases[phase].action_statuses[status] += 1
            if status == 200:
                view = answer
                if view["status"] != "active":
                    game_id = None
            else:
                view = None
                if status >= 500:
                    self.errors.append(f"action {status}: {answer}")
            time.sleep(think)

    # --- the registering clients -----------------------------------------------------------

    def register(self, number: int) -> None:
        count = 0
        while not self.stop.is_set():
            if not self.registering.wait(0.1):
                continue
            with self.lock:
                self.in_flight += 1
            count += 1
            name = f"r{number}x{count}{secrets.token_hex(2)}"
            started = time.perf_counter()
            try:
                status, answer = request(
                    self.port, "POST", "/auth/register", {"username": name, "password": PASSWORD}
                )
                outcome = str(status) if status < 500 else f"{status} {answer.get('code')}"
            except OSError as exc:
                outcome = type(exc).__name__
            took = time.perf_counter() - started
            with self.lock:
                self.in_flight -= 1
                self.phases["registering"].registrations.append(took)
                self.phases["registering"].registration_statuses[outcome] += 1

    def drain(self) -> None:
        """Let the registrations in flight finish (their load counts for no phase)."""
        self.registering.clear()
        while True:
            with self.lock:
                if self.in_flight == 0:
                    return
            time.sleep(0.05)


def line(values: list[float]) -> str:
    if not values:
        return "none"
    ms = [v * 1000 for v in values]
    return (
        f"{len(ms)} requests, median {statistics.median(ms):,.0f} ms, "
        f"p95 {percentile(ms, 95):,.0f} ms, max {max(ms):,.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=10, help="clients registering at once")
    parser.add_argument("--phase-seconds", type=float, default=12, help="length of each phase")
    parser.add_argument("--rounds", type=int, default=2, help="pairs of quiet + registering")
    parser.add_argument(
        "--think", type=float, default=0.05, help="seconds the player waits between requests"
    )
    parser.add_argument(
        "--app-dir", type=Path, default=ROOT, help="the checkout to serve (default: this one)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()

    app_dir = args.app_dir.resolve()
    workdir = Path(tempfile.mkdtemp(prefix="registration-stall-"))
    env = server_env(workdir / "db.sqlite3")
    manage = [sys.executable, str(app_dir / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=app_dir, env=env, check=True)
    port = free_port()
    log = (workdir / "server.log").open("w")
    server = subprocess.Popen(
        [*manage, "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=app_dir, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    load_before = os.getloadavg()[0]
    bench = Bench(port)
    threads: list[threading.Thread] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if request(port, "GET", "/health")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit(f"the server did not come up: see {workdir / 'server.log'}")
            time.sleep(0.2)
        status, player = request(
            port, "POST", "/auth/register", {"username": "player", "password": PASSWORD}
        )
        if status != 201:
            raise SystemExit(f"could not register the player: {status} {player}")
        threads.append(threading.Thread(target=bench.play, args=(player["token"], args.think)))
        threads += [
            threading.Thread(target=bench.register, args=(n,)) for n in range(args.threads)
        ]
        for thread in threads:
            thread.start()
        time.sleep(2)  # the player's first game is under way
        for _ in range(args.rounds):
            bench.phase = "quiet"
            time.sleep(args.phase_seconds)
            bench.phase = "registering"
            bench.registering.set()
            time.sleep(args.phase_seconds)
            bench.phase = None
            bench.drain()
    finally:
        bench.stop.set()
        bench.registering.clear()
        for thread in threads:
            thread.join(150)
        server.terminate()
        server.wait(30)
        log.close()
    load_after = os.getloadavg()[0]

    quiet, busy = bench.phases["quiet"], bench.phases["registering"]
    print(
        f"{platform.python_implementation()} {platform.python_version()}, SQLite "
        f"{sqlite3.sqlite_version}, {cpu_model()}, {os.cpu_count()} logical CPUs; load "
        f"average {load_before:.1f} before, {load_after:.1f} after; serving {app_dir}"
    )
    print(
        f"{args.rounds} x ({args.phase_seconds:.0f} s quiet + {args.phase_seconds:.0f} s with "
        f"{args.threads} clients registering), interleaved"
    )
    print(f"player's actions, quiet:       {line(quiet.actions)}")
    print(f"player's actions, registering: {line(busy.actions)}")
    print(f"registrations:                 {line(busy.registrations)}")
    print(f"registration answers: {dict(sorted(busy.registration_statuses.items()))}")
    refused = {s: n for s, n in (quiet.action_statuses + busy.action_statuses).items() if s != 200}
    if refused:
        print(f"player's actions not answered 200: {refused}")
    if bench.errors:
        print(f"errors ({len(bench.errors)}), first: {bench.errors[:3]}")
    if args.json:
        print(
            json.dumps(
                {
                    kind: {
                        "actions_ms": sorted(round(v * 1000, 1) for v in phase.actions),
                        "registrations_ms": sorted(round(v * 1000) for v in phase.registrations),
                        "registration_statuses": dict(phase.registration_statuses),
                    }
                    for kind, phase in bench.phases.items()
                }
            )
        )
    return 1 if not quiet.actions or not busy.actions else 0


if __name__ == "__main__":
    raise SystemExit(main())
