"""Durable moves side by side with a peer: this service against boardgame.io, in one run.

    make bench-peer                      # or: .venv/bin/python bench/peer_load.py [options]

The same scenario against both, in interleaved phases of ``--seconds`` each (service,
boardgame.io, service, ...), so that both see the same machine:

* **service**: the production-shaped stack of ``make bench-api`` (``bench/drills/stack.py``:
  PostgreSQL, Redis, gunicorn, the ASGI events service, a Celery worker, beat); ``--pairs``
  games of Gin Rummy between two people, one client thread per seat (32 by default), each
  following its game's event stream and, when a frame shows its turn, acting at once over
  HTTP with ``expected_version``: it reads nothing else (the action's answer is its next
  view; the other seat learns of the move from its stream). A draw and a discard are two
  moves. A finished game is followed at once by a new one (create, join, two streams).
* **boardgame.io**: boardgame.io 0.50.2's server (Koa, its socket.io transport, its lobby
  API) with bgio-postgres 1.0.16 as its storage, serving a small card game of one move a
  turn (``bench/peer/game.js``: draw the stock's top card and discard one); ``--pairs``
  matches of two, one boardgame.io client per seat on its socket.io transport in one Node
  load generator (``bench/peer/load.js``), each moving as soon as its turn comes. A match
  ends after ``--peer-match-moves`` moves (200: as many turns as a Gin game to 100 between
  the service's clients has, about 215) and the pair opens a new one.

Each side has its own PostgreSQL 15 cluster with the same settings: fsync, synchronous
commit and full-page writes on (``make bench-api`` runs with them off), and
``pg_stat_statements``. Node and npm come from Debian's packages (installed with apt when
missing and running as root); the npm packages, pinned by ``bench/peer/package-lock.json``,
are installed on the first run with ``npm ci`` into the git-ignored
``bench/peer/node_modules``.

Printed per side, over all its phases: moves per second (each acknowledged move: an
action's 200 answer, a move's new state reaching its mover), latency p50/p95/p99 (sent to
acknowledged), the move reaching the other seat, CPU per move by process (each with its
children; PostgreSQL's backends included) and in total without the load generator,
PostgreSQL's statements per move, and durability: when a phase ends, every game is read in
its table right after its last acknowledgement, and counted behind when the table holds an
older state than the one acknowledged. The last line is ``ratio service / boardgame.io
moves/s: X.XX``. Figures are recorded in docs/benchmarks.md ("Against a peer").
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import http.client
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PEER = HERE / "peer"
sys.path.insert(0, str(HERE / "drills"))
sys.path.insert(0, str(HERE))

from api_load import Statement, percentile, processes  # noqa: E402
from load import Client, choose, make_users  # noqa: E402
from machine import cpu_model  # noqa: E402
from stack import Postgres, Stack, apt_install, as_root, free_port, log  # noqa: E402

DURABLE = {
    "fsync": "on",
    "synchronous_commit": "on",
    "full_page_writes": "on",
    "shared_preload_libraries": "pg_stat_statements",
    "pg_stat_statements.max": "2000",
}
"""PostgreSQL's settings for both sides (the stack's defaults turn the first three off)."""

SERVICE, PEER_SIDE = "service", "boardgame.io"


# --- the peer's Node processes ----------------------------------------------------------------


def node_ready() -> None:
    """Node and npm (Debian's, with apt when missing and running as root), then the pinned
    npm packages in ``bench/peer/node_modules`` (``npm ci`` when the lock file changed)."""
    for tool, package in (("node", "nodejs"), ("npm", "npm")):
        if shutil.which(tool) is None:
            if not as_root():
                raise SystemExit(f"{tool} is missing: install it (apt-get install {package})")
            apt_install(package)
    lock = PEER / "package-lock.json"
    stamp = PEER / "node_modules" / ".bench-peer-lock"
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    log("installing the peer's npm packages (npm ci)")
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel", "error"], cwd=PEER, check=True
    )
    stamp.write_text(digest)


class PeerServer:
    """``node bench/peer/server.js`` on a loopback port, against the peer's cluster."""

    def __init__(self, database_url: str, logdir: Path) -> None:
        self.port = free_port()
        self.env = {
            **os.environ,
            "PORT": str(self.port),
            "DATABASE_URL": database_url,
            "NODE_ENV": "production",
        }
        self.logfile = logdir / "peer-server.log"
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["node", "server.js"],
            cwd=PEER,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=self.logfile.open("a"),
            text=True,
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if line.strip() != "ready":
            raise SystemExit(f"the boardgame.io server did not start: {line!r} ({self.logfile})")

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None


class PeerLoad:
    """``node bench/peer/load.js``: the peer's clients, driven one JSON line at a time."""

    def __init__(self, server: PeerServer, logdir: Path) -> None:
        self.proc = subprocess.Popen(
            ["node", "load.js"],
            cwd=PEER,
            env=server.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=(logdir / "peer-load.log").open("a"),
            text=True,
            start_new_session=True,
        )

    def ask(self, command: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("the boardgame.io load generator exited")
            if line.startswith("@@ "):
                answer: dict[str, Any] = json.loads(line[3:])
                if "error" in answer:
                    raise SystemExit(f"the boardgame.io load generator: {answer['error']}")
                return answer

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.proc.stdin.flush()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# --- the service's clients ---------------------------------------------------------------------


@dataclass
class Phase:
    """One phase of one side: what it measured."""

    side: str
    running: bool = True
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, sent -> acknowledged
    handoffs: list[float] = field(default_factory=list)  # sent -> the other seat has it
    moves: int = 0
    turns: int = 0  # moves that passed the turn (or ended the game)
    setup: int = 0  # requests that set games up (service)
    games: int = 0  # games (matches) started during the phase
    errors: int = 0
    checks: list[tuple[int, int | None]] = field(default_factory=list)  # (acked, stored)
    cpu: dict[str, float] = field(default_factory=dict)
    statements: dict[str, Statement] = field(default_factory=dict)
    inflight: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    settled: threading.Condition = field(init=False)

    def __post_init__(self) -> None:
        self.settled = threading.Condition(self.lock)


class Stream:
    """A game's event stream, frame by frame (``data:`` lines; pings and ids skipped)."""

    def __init__(self, port: int, token: str, game_id: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.conn.request(
            "GET", f"/api/v1/games/{game_id}/events", headers={"Authorization": f"Token {token}"}
        )
        self.response = self.conn.getresponse()
        if self.response.status != 200:
            raise RuntimeError(f"stream answered {self.response.status}")

    def next_view(self) -> dict[str, Any]:
        while True:
            line = self.response.readline()
            if not line:
                raise RuntimeError("stream closed")
            if line.startswith(b"data: "):
                data = json.loads(line[6:])
                if "view" in data:
                    return dict(data["view"])

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.sock and self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


class Pair:
    """One game between two people at a time: its id, how to join it, when each move was
    sent (for the other seat's arrival time) and what was acknowledged (for the check)."""

    def __init__(self, bench: ServiceSide, tokens: list[str]) -> None:
        self.bench = bench
        self.tokens = tokens
        self.cond = threading.Condition()
        self.game_id: str | None = None
        self.code = ""
        self.acked = 0  # the latest version an action's answer acknowledged
        self.sent: dict[int, tuple[int, float]] = {}  # version -> (seat, sent at)
        self.checked = False
        self.inflight = 0
        self.db: Any = None  # a connection for the durability check, opened on first use

    def new_game(self, client: Client, finished: str | None) -> str:
        """Seat 0: a new game once ``finished`` (or nothing yet) is the pair's game."""
        with self.cond:
            if self.game_id != finished and self.game_id is not None:
                return self.game_id
        status, game = self.bench.timed_setup(
            client, "POST", "/games", {"opponent": "human", "visibility": "private"}
        )
        if status != 201:
            raise RuntimeError(f"create answered {status}: {game}")
        with self.cond:
            self.game_id, self.code = str(game["id"]), str(game["invite_code"])
            self.acked, self.sent = 0, {}
            self.cond.notify_all()
            return self.game_id

    def wait_game(self, finished: str | None) -> tuple[str, str]:
        """Seat 1: the pair's next game after ``finished``, and its invite code."""
        with self.cond:
            while self.game_id is None or self.game_id == finished:
                self.cond.wait(1.0)
                if self.bench.closing.is_set():
                    raise RuntimeError("closing")
            return self.game_id, self.code

    def check(self, phase: Phase, game_id: str, acked: int) -> None:
        """The game's version in the table against the one last acknowledged."""
        import psycopg

        with self.cond:
            if self.checked or not acked:
                return
            self.checked = True
        if self.db is None:
            self.db = psycopg.connect(self.bench.stack.postgres.url, autocommit=True)
        row = self.db.execute("SELECT version FROM games_game WHERE id = %s", (game_id,)).fetchone()
        with phase.lock:
            phase.checks.append((acked, row[0] if row else None))


class Seat(threading.Thread):
    """One client: one seat of its pair's game, following the game's stream."""

    def __init__(self, bench: ServiceSide, pair: Pair, seat: int) -> None:
        super().__init__(daemon=True)
        self.bench, self.pair, self.seat = bench, pair, seat
        self.client = Client(bench.stack.api_port, pair.tokens[seat], timeout=120)
        self.stream: Stream | None = None
        self.game_id: str | None = None
        self.view: dict[str, Any] | None = None

    def run(self) -> None:
        while not self.bench.closing.is_set():
            try:
                self.step()
            except Exception as exc:  # one client's failure is an error, not the end
                if self.bench.closing.is_set():
                    return
                self.bench.error(f"seat {self.seat}: {exc!r}")
                self.drop_stream()  # read the game again from a new stream
                time.sleep(0.5)

    def drop_stream(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None

    def next_game(self) -> None:
        """Into the pair's next game: seat 0 creates it, seat 1 joins it."""
        finished = self.game_id
        self.drop_stream()
        self.view = None
        if self.seat == 0:
            game_id = self.pair.new_game(self.client, finished)
        else:
            game_id, code = self.pair.wait_game(finished)
            status, joined = self.bench.timed_setup(
                self.client, "POST", "/games/join", {"code": code}
            )
            if status != 200:
                raise RuntimeError(f"join answered {status}: {joined}")
        self.game_id = game_id
        self.bench.count_setup(game_started=self.seat == 0)

    def step(self) -> None:
        if self.game_id is None or (
            self.view is not None and self.view["status"] in ("finished", "abandoned")
        ):
            self.next_game()
        if self.stream is None:
            assert self.game_id is not None
            self.stream = Stream(
                self.bench.stack.events_port, self.pair.tokens[self.seat], self.game_id
            )
            self.view = self.stream.next_view()
        view = self.view
        assert view is not None
        mine = (
            view["status"] == "active"
            and view["round"] is not None
            and view["round"]["turn"] == view["you"]
        )
        if mine:
            self.act(self.bench.wait_running(), view)
        elif view["status"] in ("waiting", "active"):
            self.read()

    def read(self) -> None:
        """The next frame newer than the view held (the other seat's move, the start)."""
        assert self.stream is not None and self.view is not None
        while True:
            seen = self.stream.next_view()
            if seen["version"] > self.view["version"]:
                break
        arrived = time.perf_counter()
        with self.pair.cond:
            sent = [
                (version, at)
                for version, (seat, at) in self.pair.sent.items()
                if seat != self.seat and version <= seen["version"]
            ]
            for version, _ in sent:
                del self.pair.sent[version]
        phase = self.bench.phase
        if sent and phase is not None and phase.running:
            with phase.lock:
                phase.handoffs.extend(arrived - at for _, at in sent)
        self.view = seen

    def act(self, phase: Phase, view: dict[str, Any]) -> None:
        pair = self.pair
        action = {**choose(view), "expected_version": view["version"]}
        with phase.lock:
            phase.inflight += 1
        sent = time.perf_counter()
        with pair.cond:
            pair.inflight += 1
            pair.sent[view["version"] + 1] = (self.seat, sent)
        try:
            status, answer = self.client.request("POST", f"/games/{self.game_id}/actions", action)
            took = time.perf_counter() - sent
            with pair.cond:
                pair.inflight -= 1
                if status == 200:
                    pair.acked = max(pair.acked, answer["version"])
                last = not phase.running and pair.inflight == 0
                game_id, acked = str(self.game_id), pair.acked
            if status != 200:
                with phase.lock:
                    phase.errors += 1
                log(f"action answered {status}: {answer}")
                self.drop_stream()  # the stream says what the game is now
                return
            passes = answer["status"] != "active" or answer["round"]["turn"] != answer["you"]
            with phase.lock:
                phase.latencies.append(took)
                phase.moves += 1
                phase.turns += passes
            if last:
                pair.check(phase, game_id, acked)  # right after the game's last acknowledgement
            self.view = answer
        finally:
            with phase.lock:
                phase.inflight -= 1
                phase.settled.notify_all()


class ServiceSide:
    """The service's clients: ``pairs`` games between two people, a thread per seat."""

    def __init__(self, stack: Stack, tokens: list[str], pairs: int) -> None:
        self.stack = stack
        self.closing = threading.Event()
        self.go = threading.Condition()
        self.phase: Phase | None = None
        self.errors: list[str] = []
        self.pairs = [Pair(self, tokens[2 * i : 2 * i + 2]) for i in range(pairs)]
        self.seats = [Seat(self, pair, seat) for pair in self.pairs for seat in (0, 1)]

    def start(self) -> None:
        for seat in self.seats:
            seat.start()

    def wait_running(self) -> Phase:
        """The phase in progress, once there is one (nobody moves between phases)."""
        with self.go:
            while self.phase is None or not self.phase.running:
                self.go.wait()
                if self.closing.is_set():
                    raise RuntimeError("closing")
            return self.phase

    def timed_setup(
        self, client: Client, method: str, path: str, body: dict[str, Any]
    ) -> tuple[int, Any]:
        status, answer = client.request(method, path, body)
        phase = self.phase
        if phase is not None and phase.running:
            with phase.lock:
                phase.setup += 1
        return status, answer

    def count_setup(self, game_started: bool) -> None:
        phase = self.phase
        if phase is not None and phase.running and game_started:
            with phase.lock:
                phase.games += 1

    def error(self, message: str) -> None:
        phase = self.phase
        if phase is not None:
            with phase.lock:
                phase.errors += 1
        log(message)

    def run(self, seconds: float, meter: Meter) -> Phase:
        phase = Phase(SERVICE)
        for pair in self.pairs:
            pair.checked = False
        meter.reset()
        before = meter.cpu()
        started = time.perf_counter()
        with self.go:
            self.phase = phase
            self.go.notify_all()
        time.sleep(seconds)
        with phase.lock:
            phase.running = False
        for pair in self.pairs:  # a game with no move in flight: checked now
            with pair.cond:
                idle, game_id, acked = pair.inflight == 0, pair.game_id, pair.acked
            if idle and game_id is not None:
                pair.check(phase, game_id, acked)
        with phase.lock:
            phase.settled.wait_for(lambda: phase.inflight == 0, timeout=60)
        phase.seconds = time.perf_counter() - started
        after = meter.cpu()
        phase.cpu = {name: after[name] - before.get(name, 0.0) for name in after}
        phase.statements = meter.statements(SERVICE)
        return phase

    def close(self) -> None:
        self.closing.set()
        with self.go:
            self.go.notify_all()
        for seat in self.seats:
            seat.drop_stream()
        for pair in self.pairs:
            if pair.db is not None:
                pair.db.close()


# --- measuring ------------------------------------------------------------------------------


class Meter:
    """CPU seconds by process (each with its descendants) and PostgreSQL's statements, for
    both sides."""

    def __init__(self, stack: Stack, peer_pg: Postgres, server: PeerServer, load: PeerLoad):
        self.stack, self.peer_pg, self.server, self.load = stack, peer_pg, server, load

    def roots(self) -> dict[int, str]:
        roots = {os.getpid(): "service clients (Python)"}
        names = {"web": "web (gunicorn)", "events": "events (uvicorn)"}
        names |= {"worker": "worker (Celery)", "beat": "beat (Celery)"}
        for name, label in names.items():
            proc = self.stack.services[name].proc
            if proc is not None:
                roots[proc.pid] = label
        for cluster, label in ((self.stack.postgres, "PostgreSQL"), (self.peer_pg, "peer PG")):
            with contextlib.suppress(OSError, ValueError, IndexError):
                pid = int((cluster.data / "postmaster.pid").read_text().split()[0])
                roots[pid] = label
        if self.stack.redis.proc is not None:
            roots[self.stack.redis.proc.pid] = "Redis"
        if self.server.proc is not None:
            roots[self.server.proc.pid] = "server (Node)"
        roots[self.load.proc.pid] = "peer clients (Node)"
        return roots

    def cpu(self) -> dict[str, float]:
        table, roots = processes(), self.roots()
        totals: dict[str, float] = {}
        for pid, (_, seconds) in table.items():
            node, seen = pid, 0
            while node not in roots and node in table and seen < 32:
                node, seen = table[node][0], seen + 1
            if node in roots:
                totals[roots[node]] = totals.get(roots[node], 0.0) + seconds
        return totals

    def url(self, side: str) -> str:
        return self.stack.postgres.url if side == SERVICE else self.peer_pg.url

    def reset(self) -> None:
        for side in (SERVICE, PEER_SIDE):
            self.stack.sql("SELECT pg_stat_statements_reset()", database=self.url(side))

    def statements(self, side: str) -> dict[str, Statement]:
        rows = self.stack.sql(
            "SELECT query, calls, total_exec_time, total_plan_time, rows, wal_bytes, "
            "shared_blks_hit + shared_blks_read + shared_blks_dirtied + shared_blks_written "
            "FROM pg_stat_statements",
            database=self.url(side),
        )
        out: dict[str, Statement] = {}
        for query, calls, exec_ms, plan_ms, count, wal, blocks in rows:
            if "pg_stat_statements" in query:
                continue
            text = " ".join(query.split())
            kept = out.setdefault(text, Statement(text))
            kept.add(Statement(text, calls, exec_ms, plan_ms, count, int(wal), blocks))
        return out


def peer_phase(load: PeerLoad, seconds: float, meter: Meter) -> Phase:
    phase = Phase(PEER_SIDE)
    meter.reset()
    before = meter.cpu()
    started = time.perf_counter()
    answer = load.ask({"cmd": "phase", "seconds": seconds})
    phase.seconds = time.perf_counter() - started
    after = meter.cpu()
    phase.cpu = {name: after[name] - before.get(name, 0.0) for name in after}
    phase.statements = meter.statements(PEER_SIDE)
    phase.moves = phase.turns = answer["moves"]
    phase.latencies = [ms / 1000 for ms in answer["latencies"]]
    phase.handoffs = [ms / 1000 for ms in answer["handoffs"]]
    phase.errors = answer["errors"]
    phase.games = answer["matches"]
    phase.checks = [(check["acked"], check["stored"]) for check in answer["checks"]]
    return phase


# --- the report -------------------------------------------------------------------------------

SERVER_PARTS = {
    SERVICE: [
        "web (gunicorn)",
        "events (uvicorn)",
        "worker (Celery)",
        "beat (Celery)",
        "Redis",
        "PostgreSQL",
    ],
    PEER_SIDE: ["server (Node)", "peer PG"],
}
CLIENT_PART = {SERVICE: "service clients (Python)", PEER_SIDE: "peer clients (Node)"}


@dataclass
class Total:
    side: str
    phases: list[Phase]

    @property
    def seconds(self) -> float:
        return sum(p.seconds for p in self.phases)

    @property
    def moves(self) -> int:
        return sum(p.moves for p in self.phases)

    def rate(self) -> float:
        return self.moves / max(1e-9, self.seconds)

    def values(self, name: str) -> list[float]:
        return [v for p in self.phases for v in getattr(p, name)]

    def count(self, name: str) -> int:
        return sum(getattr(p, name) for p in self.phases)

    def cpu_ms(self, part: str) -> float:
        return 1000 * sum(p.cpu.get(part, 0.0) for p in self.phases) / max(1, self.moves)

    def server_cpu_ms(self) -> float:
        return sum(self.cpu_ms(part) for part in SERVER_PARTS[self.side])

    def statements(self) -> Statement:
        total = Statement("")
        for p in self.phases:
            for statement in p.statements.values():
                total.add(statement)
        return total

    def behind(self) -> tuple[int, int]:
        checks = [c for p in self.phases for c in p.checks]
        return sum(1 for acked, stored in checks if stored is None or stored < acked), len(checks)


def report(args: argparse.Namespace, totals: dict[str, Total], context: dict[str, Any]) -> None:
    service, peer = totals[SERVICE], totals[PEER_SIDE]
    ms = 1000

    def row(label: str, a: str, b: str) -> None:
        print(f"{label:<44} {a:>22} {b:>22}")

    def latency(total: Total, name: str, points: tuple[int, ...]) -> str:
        values = total.values(name)
        return " / ".join(f"{ms * percentile(values, p):.1f}" for p in points)

    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"Node {context['node']}, PostgreSQL {context['postgres']}; load average "
        f"{context['load_before']:.1f} before, {context['load_after']:.1f} after"
    )
    print(
        f"{args.pairs} games (matches) of two, {2 * args.pairs} clients per side; "
        f"{args.rounds} x ({args.seconds:.0f} s service + {args.seconds:.0f} s boardgame.io), "
        f"interleaved; each side's PostgreSQL with fsync, synchronous_commit and "
        f"full_page_writes on; boardgame.io matches of {args.peer_match_moves} moves"
    )
    row("", "service", "boardgame.io")
    row("moves/s", f"{service.rate():.1f}", f"{peer.rate():.1f}")
    row(
        "  per phase",
        ", ".join(f"{p.moves / p.seconds:.0f}" for p in service.phases),
        ", ".join(f"{p.moves / p.seconds:.0f}" for p in peer.phases),
    )
    row(
        "turns/s (a turn: draw + discard / one move)",
        f"{service.count('turns') / service.seconds:.1f}",
        f"{peer.count('turns') / peer.seconds:.1f}",
    )
    row(
        "latency p50 / p95 / p99 ms",
        latency(service, "latencies", (50, 95, 99)),
        latency(peer, "latencies", (50, 95, 99)),
    )
    row(
        "move to the other seat p50 / p95 ms",
        latency(service, "handoffs", (50, 95)),
        latency(peer, "handoffs", (50, 95)),
    )
    row("games started in the phases", str(service.count("games")), str(peer.count("games")))
    row("errors", str(service.count("errors")), str(peer.count("errors")))
    print("CPU per move, ms (each process with its children):")
    for part in SERVER_PARTS[SERVICE]:
        row(f"  {part}", f"{service.cpu_ms(part):.2f}", "")
    for part in SERVER_PARTS[PEER_SIDE]:
        label = "  PostgreSQL" if part == "peer PG" else f"  {part}"
        row(label, "", f"{peer.cpu_ms(part):.2f}")
    row(
        "  servers + PostgreSQL",
        f"{service.server_cpu_ms():.2f}",
        f"{peer.server_cpu_ms():.2f}",
    )
    row(
        "  load generator (not counted above)",
        f"{service.cpu_ms(CLIENT_PART[SERVICE]):.2f}",
        f"{peer.cpu_ms(CLIENT_PART[PEER_SIDE]):.2f}",
    )
    cores = {
        side: sum(sum(p.cpu.values()) for p in t.phases) / max(1e-9, t.seconds)
        for side, t in totals.items()
    }
    row("cores busy (whole run's processes)", f"{cores[SERVICE]:.2f}", f"{cores[PEER_SIDE]:.2f}")
    stmts = {side: t.statements() for side, t in totals.items()}
    row(
        "PostgreSQL statements per move",
        f"{stmts[SERVICE].calls / max(1, service.moves):.2f}",
        f"{stmts[PEER_SIDE].calls / max(1, peer.moves):.2f}",
    )
    row(
        "  their time per move ms (exec + plan)",
        f"{(stmts[SERVICE].exec_ms + stmts[SERVICE].plan_ms) / max(1, service.moves):.3f}",
        f"{(stmts[PEER_SIDE].exec_ms + stmts[PEER_SIDE].plan_ms) / max(1, peer.moves):.3f}",
    )
    row(
        "  WAL bytes per move",
        f"{stmts[SERVICE].wal_bytes / max(1, service.moves):,.0f}",
        f"{stmts[PEER_SIDE].wal_bytes / max(1, peer.moves):,.0f}",
    )
    behind = {side: t.behind() for side, t in totals.items()}
    row(
        "durable: behind at the check / games checked",
        f"{behind[SERVICE][0]} / {behind[SERVICE][1]}",
        f"{behind[PEER_SIDE][0]} / {behind[PEER_SIDE][1]}",
    )
    row(
        "committed before acknowledged",
        "yes" if behind[SERVICE][0] == 0 else "NO",
        "yes" if behind[PEER_SIDE][0] == 0 else "no",
    )
    if args.statements:
        for side, total in totals.items():
            print(f"{side}: PostgreSQL statements per move, by time")
            ordered = sorted(
                (s for p in total.phases for s in p.statements.values()),
                key=lambda s: s.query,
            )
            merged: dict[str, Statement] = {}
            for statement in ordered:
                merged.setdefault(statement.query, Statement(statement.query)).add(statement)
            n = max(1, total.moves)
            for st in sorted(merged.values(), key=lambda s: -(s.exec_ms + s.plan_ms))[
                : args.statements
            ]:
                print(
                    f"  {st.calls / n:6.2f} calls {(st.exec_ms + st.plan_ms) / n:7.3f} ms "
                    f"{st.wal_bytes / max(1, st.calls):7.0f} WAL B/call  {st.query[:100]}"
                )
    print(
        f"ratio CPU per move, service / boardgame.io (servers + PostgreSQL): "
        f"{service.server_cpu_ms() / max(1e-9, peer.server_cpu_ms()):.2f}"
    )
    print(f"ratio service / boardgame.io moves/s: {service.rate() / max(1e-9, peer.rate()):.2f}")


def version(cmd: list[str]) -> str:
    out = subprocess.run(cmd, capture_output=True, text=True, check=False).stdout
    return out.strip().lstrip("v")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=16, help="games (matches) of two per side")
    parser.add_argument("--seconds", type=float, default=20, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=3, help="service/peer phase pairs")
    parser.add_argument("--warmup", type=float, default=5, help="unmeasured seconds per side")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument(
        "--peer-match-moves",
        type=int,
        default=200,
        help="moves of a boardgame.io match (a Gin game to 100 between these clients: about "
        "430 moves, 215 turns)",
    )
    parser.add_argument(
        "--statements", type=int, default=0, help="list each side's N costliest statements"
    )
    args = parser.parse_args()

    node_ready()
    load_before = os.getloadavg()[0]
    with Stack(web_workers=args.workers, postgres_settings=DURABLE) as stack:
        stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        peer_pg = Postgres(stack.workdir, name="pg-peer", settings=DURABLE)
        peer_pg.start()
        server: PeerServer | None = None
        load: PeerLoad | None = None
        service: ServiceSide | None = None
        try:
            peer_pg.create_database()
            stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", database=peer_pg.url)
            settings = stack.sql(
                "SELECT current_setting('fsync'), current_setting('synchronous_commit'), "
                "current_setting('server_version')",
                database=peer_pg.url,
            )[0]
            if settings[:2] != ("on", "on"):
                raise SystemExit(f"the peer's PostgreSQL is not durable: {settings}")
            server = PeerServer(peer_pg.url, stack.logdir)
            server.start()
            load = PeerLoad(server, stack.logdir)
            log(f"stack up; registering {2 * args.pairs} players")
            tokens = make_users(stack, 2 * args.pairs)
            service = ServiceSide(stack, tokens, args.pairs)
            service.start()
            load.ask({"cmd": "start", "pairs": args.pairs, "moves": args.peer_match_moves})
            meter = Meter(stack, peer_pg, server, load)
            log("warming up both sides")
            service.run(args.warmup, meter)
            peer_phase(load, args.warmup, meter)
            totals = {SERVICE: Total(SERVICE, []), PEER_SIDE: Total(PEER_SIDE, [])}
            for r in range(args.rounds):
                log(f"round {r + 1}: service")
                totals[SERVICE].phases.append(service.run(args.seconds, meter))
                log(f"round {r + 1}: boardgame.io")
                totals[PEER_SIDE].phases.append(peer_phase(load, args.seconds, meter))
            context = {
                "node": version(["node", "--version"]),
                "postgres": settings[2],
                "load_before": load_before,
                "load_after": os.getloadavg()[0],
            }
        finally:
            if service is not None:
                service.close()
            if load is not None:
                load.close()
            if server is not None:
                server.close()
            peer_pg.close()
    report(args, totals, context)
    return 0


if __name__ == "__main__":
    sys.exit(main())
