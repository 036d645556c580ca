"""Open event streams: how many one events process holds, and what each costs.

    make bench-streams      # or: .venv/bin/python bench/streams_load.py [--streams 1000]

Starts the production-shaped stack locally (``bench/drills/stack.py``; one uvicorn process
for the event streams), makes ``--streams / 2`` games between two people directly in the
database (players, tokens, a dealt game), and opens every seated player's game stream at
once, each on its own socket, the way clients that sit at a table do. With them all open
and idle it measures the events process's resident memory (growth divided by streams), the
database connections held (``pg_stat_activity``, before and after), and the Redis
connections; then it plays ``--moves`` actions through the API in games picked at random
and measures how long each move takes to reach the opponent's open stream.
Figures are recorded in docs/benchmarks.md ("Open event streams").
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import selectors
import socket
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "drills"))
sys.path.insert(0, str(HERE))

from load import Client, choose  # noqa: E402
from machine import cpu_model  # noqa: E402
from stack import ROOT, Stack, log  # noqa: E402


def proc_status(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    return 0


def rss_kb(pid: int) -> int:
    return proc_status(pid, "VmRSS")


def make_games(stack: Stack, count: int) -> list[tuple[str, list[str]]]:
    """``count`` started games between two people: (game id, [token of seat 0, seat 1])."""
    os.environ.update(
        {
            k: stack.env[k]
            for k in (
                "DJANGO_SETTINGS_MODULE",
                "DJANGO_SECRET_KEY",
                "DJANGO_ALLOWED_HOSTS",
                "DATABASE_URL",
                "CELERY_BROKER_URL",
                "CACHE_URL",
                "EVENTS_REDIS_URL",
            )
        }
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connection

    from accounts.models import AuthToken, User
    from games import services

    games = []
    run = os.urandom(3).hex()
    for i in range(count):
        ann = User.objects.create(username=f"s{run}a{i}")
        bob = User.objects.create(username=f"s{run}b{i}")
        game = services.game_create_vs_human(user=ann, visibility="private")
        services.game_join(user=bob, code=game.invite_code)
        games.append((str(game.pk), [AuthToken.objects.issue(u)[1] for u in (ann, bob)]))
    connection.close()
    return games


class Stream:
    """One open stream on a raw socket; remembers when each version arrived."""

    def __init__(self, port: int, token: str, game_id: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(
            f"GET /api/v1/games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Token {token}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        self.sock.setblocking(False)
        self.buffer = b""
        self.arrived: dict[int, float] = {}
        self.status = 0

    def read(self) -> None:
        try:
            chunk = self.sock.recv(65536)
        except BlockingIOError:
            return
        now = time.monotonic()
        self.buffer += chunk
        if not self.status and b"\r\n" in self.buffer:
            self.status = int(self.buffer.split(b" ", 2)[1])
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            if line.startswith(b"id: "):
                self.arrived.setdefault(int(line[4:]), now)


def pump(selector: selectors.BaseSelector, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        for key, _ in selector.select(timeout=min(left, 0.05)):
            key.data.read()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000, help="open streams (even)")
    parser.add_argument("--moves", type=int, default=100, help="moves timed while open")
    args = parser.parse_args()
    pairs = args.streams // 2

    load_start = os.getloadavg()[0]
    with Stack(extra_env={"EVENTS_MAX_STREAMS_PER_USER": "5"}) as stack:
        log(f"making {pairs} games")
        games = make_games(stack, pairs)
        events_pid = stack.services["events"].proc.pid  # type: ignore[union-attr]
        pump_idle = 3.0
        time.sleep(pump_idle)
        connections_before = stack.sql(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = 'ginrummy'"
        )[0][0]
        rss_before = rss_kb(events_pid)
        threads_before = proc_status(events_pid, "Threads")
        selector = selectors.DefaultSelector()
        streams: dict[tuple[str, int], Stream] = {}
        log(f"opening {2 * pairs} streams")
        opened = time.monotonic()
        for game_id, tokens in games:
            for seat, token in enumerate(tokens):
                stream = Stream(stack.events_port, token, game_id)
                selector.register(stream.sock, selectors.EVENT_READ, stream)
                streams[(game_id, seat)] = stream
        pump(selector, 10)
        while time.monotonic() - opened < 120 and any(not s.arrived for s in streams.values()):
            pump(selector, 1)
        ready = sum(1 for s in streams.values() if s.status == 200 and s.arrived)
        open_all = time.monotonic() - opened
        log(f"{ready} streams open with their first frame after {open_all:.1f} s")
        pump(selector, 20)  # idle: only pings
        rss_after = rss_kb(events_pid)
        threads_after = proc_status(events_pid, "Threads")
        connections_after = stack.sql(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = 'ginrummy'"
        )[0][0]
        redis_clients = int(
            os.popen(f"redis-cli -p {stack.redis.port} info clients")
            .read()
            .split("connected_clients:")[1]
            .split()[0]
        )

        rng = random.Random(7)
        clients = {}
        delivery = []
        for _ in range(args.moves):
            game_id, tokens = rng.choice(games)
            for seat in (0, 1):
                client = clients.setdefault((game_id, seat), Client(stack.api_port, tokens[seat]))
                status, view = client.request("GET", f"/games/{game_id}")
                if status == 200 and view["round"]["turn"] == view["you"]:
                    break
            else:
                continue
            sent = time.monotonic()
            action = {**choose(view), "expected_version": view["version"]}
            status, answer = client.request("POST", f"/games/{game_id}/actions", action)
            if status != 200:
                continue
            opponent = streams[(game_id, 1 - seat)]
            version = answer["version"]
            deadline = time.monotonic() + 10
            while version not in opponent.arrived and time.monotonic() < deadline:
                pump(selector, 0.01)
            if version in opponent.arrived:
                delivery.append(opponent.arrived[version] - sent)
        still_open = sum(1 for s in streams.values() if s.sock.fileno() != -1)
        for stream in streams.values():
            stream.sock.close()
        load = os.getloadavg()[0]

    ms = 1000
    growth = (rss_after - rss_before) / max(1, ready)
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average {load_start:.1f} at the start, {load:.1f} at the end"
    )
    print(
        f"one uvicorn events process; {2 * pairs} streams asked for, {ready} open "
        f"({still_open} sockets open at the end)"
    )
    print(
        f"events process resident memory: {rss_before // 1024} MB idle, {rss_after // 1024} MB "
        f"with the streams open: {growth:.0f} KB per stream"
    )
    print(f"events process threads: {threads_before} idle, {threads_after} with the streams open")
    print(f"all streams had their first frame {open_all:.1f} s after the first was asked for")
    print(
        f"database connections: {connections_before} before, {connections_after} with the "
        f"streams open (every process of the stack)"
    )
    print(f"Redis connections with the streams open: {redis_clients}")
    if delivery:
        print(
            f"a move reaches the opponent's open stream: p50 "
            f"{ms * statistics.median(delivery):.0f} ms, p95 "
            f"{ms * sorted(delivery)[int(0.95 * len(delivery))]:.0f} ms, max "
            f"{ms * max(delivery):.0f} ms ({len(delivery)} moves)"
        )
    else:
        print("no move was delivered")
    return 0


if __name__ == "__main__":
    sys.exit(main())
