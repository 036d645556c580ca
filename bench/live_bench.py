"""Many live games at once, through the real servers: action throughput and how fast a move
reaches the opponent's event stream.

    tests/with_services.sh .venv/bin/python bench/live_bench.py [--games 20] [--workers 3]

``tests/with_services.sh`` provides PostgreSQL (``DATABASE_URL``) and Redis (``REDIS_URL``).
The script creates a scratch database, migrates it, starts gunicorn (sync workers, the API)
and uvicorn (ASGI, the event streams) on free ports with production settings, creates
``--games`` games between two people, and plays them all at once: each player is a thread
that follows its game's event stream and, when the stream says it is its turn, posts an
action (a simple strategy: knock when it can, else keep the least deadwood). It reports
actions per second, the action request's latency, and the delivery latency: from the
moment a player sends an action to the moment the opponent's stream shows that version.
Figures are recorded in docs/benchmarks.md ("Live games").
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import clients
from machine import cpu_model

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]




def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def scratch_database(base_url: str, name: str) -> str:
    import psycopg

    parts = urlsplit(base_url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def drop_database(base_url: str, name: str) -> None:
    import psycopg

    parts = urlsplit(base_url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def wait_for(port: int, path: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"server on port {port} did not come up")


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[tuple[str, int], tuple[str, float]] = {}  # by whom, when
        self.seen: dict[tuple[str, int, str], float] = {}  # (game, version, by whom)
        self.request_times: list[float] = []
        self.replies: list[float] = []  # a turn handed to the computer -> it is yours again
        self.errors: list[str] = []
        self.finished = 0
        self.computer_finished = 0


def player(
    api_port: int,
    events_port: int,
    token: str,
    game_id: str,
    rec: Recorder,
    stop: float,
    vs_computer: bool = False,
    think: float = 0.0,
) -> None:
    """One player: follow the game's stream, act whenever it is this player's turn."""
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    api = http.client.HTTPConnection("127.0.0.1", api_port, timeout=30)
    events = http.client.HTTPConnection("127.0.0.1", events_port, timeout=30)
    events.request("GET", f"/api/v1/games/{game_id}/events", headers=headers)
    stream = events.getresponse()
    if stream.status != 200:
        rec.errors.append(f"stream {stream.status}")
        return
    data = None
    handed_over: float | None = None  # when our action gave the turn to the computer
    while time.monotonic() < stop:
        line = stream.readline()
        if not line:
            break
        text = line.decode().rstrip("\n")
        if text.startswith("data: "):
            data = json.loads(text[6:])
            continue
        if text or data is None or "view" not in data:
            continue
        view, data = data["view"], None
        with rec.lock:
            rec.seen.setdefault((game_id, view["version"], token), time.monotonic())
        if view["status"] != "active":
            with rec.lock:
                if vs_computer:
                    rec.computer_finished += 1
                else:
                    rec.finished += 1
            break
        if view["round"]["turn"] != view["you"]:
            continue
        if handed_over is not None:
            with rec.lock:
                rec.replies.append(time.monotonic() - handed_over)
            handed_over = None
        action = clients.choose(view)
        if think:
            time.sleep(think * (0.5 + random.random()))  # a person takes a moment
        body = json.dumps({**action, "expected_version": view["version"]})
        started = time.monotonic()
        if not vs_computer:
            with rec.lock:
                rec.sent[(game_id, view["version"] + 1)] = (token, started)
        api.request("POST", f"/api/v1/games/{game_id}/actions", body=body, headers=headers)
        response = api.getresponse()
        answer = json.loads(response.read() or b"{}")
        with rec.lock:
            rec.request_times.append(time.monotonic() - started)
            if response.status != 200:
                rec.errors.append(f"action {response.status}")
        turn = (answer.get("round") or {}).get("turn")
        if vs_computer and response.status == 200 and turn is not None and turn != view["you"]:
            handed_over = started
    stream.close()
    events.close()
    api.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games between two people")
    parser.add_argument(
        "--computer-games", type=int, default=10, help="games against the computer at once"
    )
    parser.add_argument("--level", default="hard", choices=["easy", "medium", "hard"])
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a player waits before acting (0: bots acting at once)",
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--events-workers", type=int, default=2, help="uvicorn workers")
    parser.add_argument("--seconds", type=float, default=90, help="stop after this long")
    args = parser.parse_args()

    base_url = os.environ["DATABASE_URL"]
    redis_url = os.environ["REDIS_URL"]
    name = f"bench_live_{secrets.token_hex(3)}"
    db_url = scratch_database(base_url, name)
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "EVENTS_REDIS_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "THROTTLE_ACTIONS": "100000/min",
        "CELERY_BROKER_URL": redis_url,
    }
    python = sys.executable
    bin_dir = Path(python).parent
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    api_port, events_port = free_port(), free_port()
    gunicorn = [str(bin_dir / "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{api_port}"]
    gunicorn += ["--workers", str(args.workers), "--log-level", "warning"]
    uvicorn = [str(bin_dir / "uvicorn"), "config.asgi:application", "--port", str(events_port)]
    uvicorn += ["--workers", str(args.events_workers), "--log-level", "warning", "--no-access-log"]
    celery = [str(bin_dir / "celery"), "-A", "config", "worker", "--concurrency", "2"]
    celery += ["--loglevel", "WARNING", "--without-gossip", "--without-mingle"]
    servers = [subprocess.Popen(cmd, cwd=ROOT, env=env) for cmd in (gunicorn, uvicorn, celery)]
    try:
        wait_for(api_port, "/api/v1/health")
        wait_for(events_port, "/api/v1/health")
        keys = ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY")
        os.environ.update({key: env[key] for key in (*keys, "DJANGO_ALLOWED_HOSTS")})
        os.environ["CELERY_BROKER_URL"] = redis_url
        import django

        django.setup()
        from accounts.models import AuthToken, User
        from games import services

        pairs = []
        for i in range(args.games):
            ann = User.objects.create(username=f"ann{i}")
            bob = User.objects.create(username=f"bob{i}")
            game = services.game_create_vs_human(user=ann, visibility="private")
            services.game_join(user=bob, code=game.invite_code)
            tokens = [AuthToken.objects.issue(u)[1] for u in (ann, bob)]
            pairs.append((str(game.pk), tokens))
        solo = []
        for i in range(args.computer_games):
            carl = User.objects.create(username=f"carl{i}")
            game = services.game_create_vs_computer(user=carl, difficulty=args.level)
            solo.append((str(game.pk), AuthToken.objects.issue(carl)[1]))
        from django.db import connection

        connection.close()

        rec = Recorder()
        started = time.monotonic()
        stop = started + args.seconds
        jobs = [(game_id, token, False) for game_id, tokens in pairs for token in tokens]
        jobs += [(game_id, token, True) for game_id, token in solo]
        threads = [
            threading.Thread(
                target=player,
                args=(api_port, events_port, token, game_id, rec, stop, computer, args.think),
            )
            for game_id, token, computer in jobs
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
        drop_database(base_url, name)

    opponent = {token: tokens[1 - i] for _, tokens in pairs for i, token in enumerate(tokens)}
    delivery = [
        rec.seen[(game_id, version, opponent[by])] - when
        for (game_id, version), (by, when) in rec.sent.items()
        if (game_id, version, opponent[by]) in rec.seen
    ]
    actions = len(rec.request_times)
    ms = 1000
    print(f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(
        f"games at once: {args.games} between people, {args.computer_games} against the "
        f"computer ({args.level}); {2 * args.games + args.computer_games} event streams; "
        f"gunicorn workers: {args.workers}, uvicorn workers: {args.events_workers}, "
        "Celery worker concurrency: 2; "
        f"think time: {args.think} s on average"
    )
    print(
        f"in {elapsed:.1f} s: finished {rec.finished // 2} of {args.games} games between "
        f"people and {rec.computer_finished} of {args.computer_games} against the computer; "
        f"errors: {len(rec.errors)} {sorted(set(rec.errors))[:3]}"
    )
    print(f"actions by players: {actions} ({actions / elapsed:.0f} per second)")
    times = rec.request_times
    print(
        f"action request: p50 {ms * statistics.median(times):.1f} ms, "
        f"p95 {ms * percentile(times, 95):.1f} ms"
    )
    if delivery:
        print(
            f"move to the opponent's stream: p50 {ms * statistics.median(delivery):.1f} ms, "
            f"p95 {ms * percentile(delivery, 95):.1f} ms, max {ms * max(delivery):.1f} ms "
            f"({len(delivery)} moves)"
        )
    if rec.replies:
        print(
            "computer's reply (action sent -> your turn again on the stream): "
            f"p50 {ms * statistics.median(rec.replies):.1f} ms, "
            f"p95 {ms * percentile(rec.replies, 95):.1f} ms ({len(rec.replies)} replies)"
        )


if __name__ == "__main__":
    main()
