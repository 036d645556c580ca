"""The action path under load, side by side with a bare endpoint, in one run.

    make bench-api                       # or: .venv/bin/python bench/api_load.py [options]

Starts the production-shaped stack locally (``bench/drills/stack.py``: PostgreSQL, Redis,
gunicorn with the production settings, the ASGI events service, one Celery worker, beat),
registers players through the API, and then drives, with the same client code, the same
gunicorn workers and the same database, in alternating phases of ``--seconds`` each:

* **game**: ``--clients`` threads, each playing games through the HTTP API for real, half of
  them games between two people (the thread plays both seats with their own tokens; every
  action carries ``expected_version``) and half games against the computer (``--level``;
  after handing the turn over, the thread follows the game's event stream until the
  computer's move is visible there);
* **bare**: the same number of threads posting to a bare DRF endpoint mounted for this
  benchmark only (``bench/bare/``: token authentication, lock the game row, insert a move,
  update the game, nothing else).

It prints, per kind and in total over all phases: requests/s, latency p50/p95/p99, errors;
for the game: actions/s, the computer's reply latency (the action's response to the
computer's move being visible on the stream) and the ratio of game actions/s to bare
requests/s; the CPU time each part of the stack (gunicorn, events, the Celery worker, beat,
PostgreSQL, Redis, the load generator; each with its children) spent per bare request and
per game action; PostgreSQL's statements per bare request and per game action
(``pg_stat_statements``, reset at the start of every phase: calls, execution and planning
time, rows, WAL bytes); and the largest resident memory (VmRSS) each gunicorn worker and
Celery worker process reached under the load.

``--fill`` first fills the database with finished games between the benchmark's players
(by default 100,000 games, 1,000,000 moves, a deal and two result rows per game, half a
million account events), with ``INSERT ... SELECT`` over ``generate_series``, and analyses
it: the same measure against a database that holds a history.
Figures are recorded in docs/benchmarks.md ("API under load").
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "drills"))
sys.path.insert(0, str(HERE))

from load import Client, choose, make_users  # noqa: E402
from machine import cpu_model  # noqa: E402
from stack import Stack, log  # noqa: E402


@dataclass
class Statement:
    """One normalised statement's totals over a phase (``pg_stat_statements``)."""

    query: str
    calls: int = 0
    exec_ms: float = 0.0
    plan_ms: float = 0.0
    rows: int = 0
    wal_bytes: int = 0
    blocks: int = 0  # shared blocks hit, read, dirtied and written

    def add(self, other: Statement) -> None:
        self.calls += other.calls
        self.exec_ms += other.exec_ms
        self.plan_ms += other.plan_ms
        self.rows += other.rows
        self.wal_bytes += other.wal_bytes
        self.blocks += other.blocks


@dataclass
class Sample:
    """What one phase of one kind measured."""

    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter[int] = field(default_factory=Counter)
    replies: list[float] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds by part of the stack
    statements: dict[str, Statement] = field(default_factory=dict)  # by normalised query
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            self.statuses[status] += 1

    def count(self, kind: str | None = None) -> int:
        if kind is None:
            return sum(len(v) for v in self.latencies.values())
        return len(self.latencies.get(kind, []))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def timed(
    sample: Sample,
    kind: str,
    client: Client,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
) -> tuple[int, Any]:
    started = time.perf_counter()
    status, answer = client.request(method, path, body)
    sample.add(kind, time.perf_counter() - started, status)
    return status, answer


class StreamReader:
    """A game's event stream, read frame by frame (``id``/``data`` lines)."""

    def __init__(self, port: int, token: str, game_id: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
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
                return dict(json.loads(line[6:])["view"])

    def close(self) -> None:
        self.conn.close()


class GamePlayer:
    """One client thread's games: between two people, or against the computer."""

    def __init__(self, stack: Stack, tokens: list[str], vs_computer: bool, level: str) -> None:
        self.stack, self.tokens, self.vs_computer, self.level = stack, tokens, vs_computer, level
        self.clients = [Client(stack.api_port, token) for token in tokens]
        self.game_id: str | None = None
        self.views: list[dict[str, Any] | None] = [None, None]
        self.stream: StreamReader | None = None

    def start_game(self, sample: Sample) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        if self.vs_computer:
            body = {"opponent": "computer", "difficulty": self.level}
            status, game = timed(sample, "setup", self.clients[0], "POST", "/games", body)
            if status != 201:
                raise RuntimeError(f"create answered {status}: {game}")
            self.stream = StreamReader(self.stack.events_port, self.tokens[0], game["id"])
            self.views = [self.stream.next_view(), None]
        else:
            body = {"opponent": "human", "visibility": "private"}
            status, game = timed(sample, "setup", self.clients[0], "POST", "/games", body)
            status, joined = timed(
                sample,
                "setup",
                self.clients[1],
                "POST",
                "/games/join",
                {"code": game["invite_code"]},
            )
            if status != 200:
                raise RuntimeError(f"join answered {status}: {joined}")
            self.views = [None, joined]
        self.game_id = game["id"]

    def step(self, sample: Sample) -> None:
        """One action (and, when the turn passes, what it takes to see the next one)."""
        if self.game_id is None:
            self.start_game(sample)
        seat = next(
            (
                i
                for i, v in enumerate(self.views)
                if v is not None and v["round"] and v["round"]["turn"] == v["you"]
            ),
            None,
        )
        if seat is None:  # nobody's view says it is their turn: look again
            seat = 0 if self.views[0] is None or self.vs_computer else 1
            status, view = timed(
                sample, "view", self.clients[seat], "GET", f"/games/{self.game_id}"
            )
            self.views[seat] = view if status == 200 else None
            if status == 200 and view["status"] != "active":
                self.game_id = None
            return
        view = self.views[seat]
        assert view is not None
        if view["status"] != "active":
            self.game_id = None
            return
        action = {**choose(view), "expected_version": view["version"]}
        status, answer = timed(
            sample, "action", self.clients[seat], "POST", f"/games/{self.game_id}/actions", action
        )
        if status != 200:
            self.views = [None, None]
            return
        self.views[seat] = answer
        if answer["status"] != "active":
            self.game_id = None
            return
        if answer["round"]["turn"] == answer["you"]:
            return
        if self.vs_computer:
            handed_over = time.perf_counter()
            assert self.stream is not None
            while True:
                seen = self.stream.next_view()
                if seen["version"] > answer["version"] and (
                    seen["status"] != "active" or seen["round"]["turn"] == seen["you"]
                ):
                    break
            with sample.lock:
                sample.replies.append(time.perf_counter() - handed_over)
            self.views[0] = seen
            if seen["status"] != "active":
                self.game_id = None
        else:
            other = 1 - seat
            status, view = timed(
                sample, "view", self.clients[other], "GET", f"/games/{self.game_id}"
            )
            self.views[other] = view if status == 200 else None


TICK = os.sysconf("SC_CLK_TCK")


def processes() -> dict[int, tuple[int, float]]:
    """Every process on the machine: pid -> (parent pid, CPU seconds used so far by it and
    by its children that have exited: PostgreSQL's backends come and go)."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        out[int(entry.name)] = (int(fields[1]), ticks / TICK)
    return out


class Meter:
    """CPU seconds per part of the stack (a process and all its descendants: gunicorn,
    events, the Celery worker, beat, PostgreSQL, Redis, and this load generator) over a
    phase, and the largest resident memory each gunicorn and Celery worker reached."""

    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.rss: dict[str, dict[int, int]] = {"web": {}, "worker": {}}

    def roots(self) -> dict[int, str]:
        roots = {os.getpid(): "client"}
        for name in ("web", "events", "worker", "beat"):
            proc = self.stack.services[name].proc
            if proc is not None:
                roots[proc.pid] = name
        postmaster = self.stack.postgres.data / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError, IndexError):
            roots[int(postmaster.read_text().split()[0])] = "postgres"
        if self.stack.redis.proc is not None:
            roots[self.stack.redis.proc.pid] = "redis"
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

    def statements_reset(self) -> None:
        self.stack.sql("SELECT pg_stat_statements_reset()")

    def statements(self) -> dict[str, Statement]:
        """Every statement run since the last reset, by its normalised text (the benchmark's
        own reset and read left out)."""
        rows = self.stack.sql(
            "SELECT query, calls, total_exec_time, total_plan_time, rows, wal_bytes, "
            "shared_blks_hit + shared_blks_read + shared_blks_dirtied + shared_blks_written "
            "FROM pg_stat_statements"
        )
        out: dict[str, Statement] = {}
        for query, calls, exec_ms, plan_ms, count, wal, blocks in rows:
            if "pg_stat_statements" in query:
                continue
            text = " ".join(query.split())
            kept = out.setdefault(text, Statement(text))
            kept.add(Statement(text, calls, exec_ms, plan_ms, count, int(wal), blocks))
        return out

    def sample_memory(self) -> None:
        for name, kept in self.rss.items():
            for pid in self.stack.services[name].children():
                with contextlib.suppress(OSError):
                    kept[pid] = max(kept.get(pid, 0), rss_kb(pid))


def run_phase(kind: str, workers: list[Any], seconds: float, meter: Meter | None = None) -> Sample:
    sample = Sample()
    stop = time.monotonic() + seconds
    if meter is not None:
        meter.statements_reset()
    cpu_before = meter.cpu() if meter is not None else {}

    def loop(worker: Any) -> None:
        while time.monotonic() < stop:
            try:
                worker(sample)
            except Exception as exc:  # one client's failure is an error, not the end
                sample.add("failure", 0.0, -1)
                log(f"{kind} client: {exc!r}")
                time.sleep(0.2)

    threads = [threading.Thread(target=loop, args=(w,)) for w in workers]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    if meter is not None:
        while time.monotonic() < stop - 0.5:  # memory under load, every second
            meter.sample_memory()
            time.sleep(1.0)
    for thread in threads:
        thread.join()
    sample.seconds = time.monotonic() - started
    if meter is not None:
        after = meter.cpu()
        sample.cpu = {name: after[name] - cpu_before.get(name, 0.0) for name in after}
        sample.statements = meter.statements()
    return sample


def merge(samples: list[Sample]) -> Sample:
    total = Sample()
    for s in samples:
        total.seconds += s.seconds
        for kind, values in s.latencies.items():
            total.latencies.setdefault(kind, []).extend(values)
        total.statuses.update(s.statuses)
        total.replies.extend(s.replies)
        for name, seconds in s.cpu.items():
            total.cpu[name] = total.cpu.get(name, 0.0) + seconds
        for text, statement in s.statements.items():
            total.statements.setdefault(text, Statement(text)).add(statement)
    return total


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def describe(name: str, s: Sample, kinds: list[str]) -> str:
    ms = 1000
    latencies = [v for k in kinds for v in s.latencies.get(k, [])]
    errors = sum(n for status, n in s.statuses.items() if status not in (200, 201))
    p50, p95, p99 = (ms * percentile(latencies, p) for p in (50, 95, 99))
    return (
        f"{name:<6} {len(latencies) / s.seconds:8.1f} req/s   p50 {p50:6.1f}  p95 {p95:6.1f}"
        f"  p99 {p99:6.1f} ms   errors {errors}"
    )


def describe_statements(s: Sample, unit: str, count: int, top: int) -> list[str]:
    """PostgreSQL's statements per ``unit``: the ``top`` ones by time, and the total."""
    n = max(1, count)
    ordered = sorted(s.statements.values(), key=lambda st: -(st.exec_ms + st.plan_ms))
    total = Statement("")
    for statement in ordered:
        total.add(statement)
    lines = [
        f"PostgreSQL statements per {unit}: {total.calls / n:.2f} calls, "
        f"{(total.exec_ms + total.plan_ms) / n:.3f} ms (execution {total.exec_ms / n:.3f}, "
        f"planning {total.plan_ms / n:.3f}), {total.wal_bytes / n:,.0f} WAL bytes, "
        f"{total.blocks / n:.1f} shared blocks"
    ]
    lines.append(
        f"  {'calls':>6} {'exec ms':>8} {'plan ms':>8} {'rows':>6} {'WAL B':>7} {'blocks':>7}  "
        "statement (per call: rows, WAL bytes, blocks)"
    )
    for st in ordered[:top]:
        calls = max(1, st.calls)
        lines.append(
            f"  {st.calls / n:6.2f} {st.exec_ms / n:8.3f} {st.plan_ms / n:8.3f} "
            f"{st.rows / calls:6.1f} {st.wal_bytes / calls:7.0f} {st.blocks / calls:7.1f}  "
            f"{st.query[:110]}"
        )
    return lines


FILL_SQL = [
    """CREATE TABLE bench_fill AS
       SELECT gen_random_uuid() AS id, n,
              (%(users)s::bigint[])[1 + n %% cardinality(%(users)s::bigint[])] AS a,
              (%(users)s::bigint[])[1 + (n + 1) %% cardinality(%(users)s::bigint[])] AS b,
              now() - make_interval(mins => n) AS at
       FROM generate_series(1, %(games)s) AS n""",
    """INSERT INTO games_game (id, variant, seat_count, status, opponent_type, difficulty,
           visibility, rules, version, invite_code, created_by_id, state, scores, round_number,
           timeouts_in_row, winner_seat, finish_reason, aborted, created_at, updated_at,
           started_at, finished_at)
       SELECT id, 'gin', 2, 'finished', 'human', '', 'private', %(rules)s::jsonb,
           %(per_game)s + 1, '', a, NULL, '[104, 37]', 1, '[0, 0]', 0, 'target', false,
           at, at, at, at
       FROM bench_fill""",
    """INSERT INTO games_seat (game_id, seat, user_id, computer, joined_at)
       SELECT id, 0, a, '', at FROM bench_fill
       UNION ALL SELECT id, 1, b, '', at FROM bench_fill""",
    """INSERT INTO games_move (game_id, seq, round, seat, action, card, automatic, created_at)
       SELECT f.id, s + 1, 1, s %% 2,
           CASE WHEN s %% 2 = 0 THEN '{"type": "draw_stock"}'
                ELSE '{"type": "discard", "card": "7H"}' END::jsonb,
           CASE WHEN s %% 2 = 0 THEN '7H' ELSE '' END, false, f.at
       FROM bench_fill AS f, generate_series(1, %(per_game)s) AS s""",
    """INSERT INTO games_gameround (game_id, number, dealer, deck, salt, commitment,
           start_version, created_at)
       SELECT id, 1, 0, %(deck)s::jsonb, md5(n::text), md5(id::text) || md5(n::text), 1, at
       FROM bench_fill""",
    """INSERT INTO games_gameresult (game_id, user_id, seat, opponent_type, difficulty,
           opponent_id, variant, won, placement, reason, total, opponent_total, weight,
           hand_points, hands, hands_won, gins, big_gins, undercuts, finished_at)
       SELECT id, a, 0, 'human', '', b, 'gin', true, 1, 'target', 204, 37, 1, 104, 1, 1, 0, 0,
           0, at FROM bench_fill
       UNION ALL SELECT id, b, 1, 'human', '', a, 'gin', false, 2, 'target', 37, 204, 1, 37, 1,
           0, 0, 0, 0, at FROM bench_fill""",
    """INSERT INTO games_playerevent (user_id, kind, data, created_at)
       SELECT CASE WHEN s %% 2 = 0 THEN f.b ELSE f.a END, 'your_turn',
           jsonb_build_object('game_id', f.id::text, 'version', s + 1), f.at
       FROM bench_fill AS f, generate_series(1, %(per_game)s / 2) AS s""",
    "DROP TABLE bench_fill",
    "VACUUM ANALYZE",
]


def fill(stack: Stack, games: int, moves: int) -> None:
    """Finished games between the registered players, with their moves, deals, results and
    account events, straight into the tables (see the module's docstring)."""
    import psycopg

    users = [row[0] for row in stack.sql("SELECT id FROM accounts_user ORDER BY id")]
    deck = json.dumps([f"{rank}{suit}" for suit in "CDHS" for rank in "A23456789TJQK"])
    params = {
        "users": users,
        "games": games,
        "per_game": max(1, moves // max(1, games)),
        "rules": json.dumps({"knock_limit": 10, "gin_bonus": 25}),
        "deck": deck,
    }
    started = time.monotonic()
    url = stack.postgres.url  # parameters bound here: CREATE TABLE AS takes none of its own
    with psycopg.connect(url, autocommit=True, cursor_factory=psycopg.ClientCursor) as conn:
        for statement in FILL_SQL:
            conn.execute(statement if "%(" in statement else statement.replace("%%", "%"), params)
    counts = stack.sql(
        "SELECT (SELECT count(*) FROM games_game), (SELECT count(*) FROM games_move), "
        "(SELECT pg_size_pretty(pg_database_size(current_database())))"
    )[0]
    log(
        f"filled in {time.monotonic() - started:.0f} s: {counts[0]:,} games, {counts[1]:,} "
        f"moves, database {counts[2]}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers")
    parser.add_argument("--seconds", type=float, default=15, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=3, help="bare/game phase pairs")
    parser.add_argument("--level", default="easy", choices=["easy", "medium", "hard"])
    parser.add_argument(
        "--fill", action="store_true", help="first fill the database with finished games"
    )
    parser.add_argument("--fill-games", type=int, default=100_000, help="games --fill adds")
    parser.add_argument("--fill-moves", type=int, default=1_000_000, help="moves --fill adds")
    parser.add_argument(
        "--statements", type=int, default=12, help="PostgreSQL statements listed per kind"
    )
    args = parser.parse_args()

    env = {
        "DJANGO_SETTINGS_MODULE": "bare.settings",
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
    }
    statements = {
        "shared_preload_libraries": "pg_stat_statements",
        "pg_stat_statements.track_planning": "on",
        "pg_stat_statements.max": "2000",
    }
    with Stack(web_workers=args.workers, extra_env=env, postgres_settings=statements) as stack:
        stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        log(f"stack up; registering {3 * args.clients} players")
        tokens = make_users(stack, 3 * args.clients)
        if args.fill:
            fill(stack, args.fill_games, args.fill_moves)
        people = args.clients // 2
        players = [
            GamePlayer(stack, tokens[2 * i : 2 * i + 2], False, args.level) for i in range(people)
        ]
        players += [
            GamePlayer(stack, [tokens[2 * people + i]], True, args.level)
            for i in range(args.clients - people)
        ]
        bare_games = []
        for i in range(args.clients):
            client = Client(stack.api_port, tokens[2 * args.clients + i])
            _, game = client.request("POST", "/games", {"opponent": "human"})
            bare_games.append((client, game["id"]))

        def bare(client: Client, game_id: str) -> Any:
            return lambda sample: timed(sample, "bare", client, "POST", f"/bare/{game_id}", {})

        bare_workers = [bare(c, g) for c, g in bare_games]
        game_workers = [p.step for p in players]
        run_phase("warm-up", game_workers, 3)
        meter = Meter(stack)
        results: dict[str, list[Sample]] = {"bare": [], "game": []}
        for r in range(args.rounds):
            for kind, workers in (("bare", bare_workers), ("game", game_workers)):
                log(f"round {r + 1}: {kind}")
                results[kind].append(run_phase(kind, workers, args.seconds, meter))
        web = list(meter.rss["web"].values())
        celery = list(meter.rss["worker"].values())
        events = (
            [rss_kb(stack.services["events"].proc.pid)] if stack.services["events"].proc else []
        )
        load = os.getloadavg()[0]

    bare_total, game_total = merge(results["bare"]), merge(results["game"])
    ms = 1000
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average at the end {load:.1f}"
    )
    print(
        f"{args.clients} clients, gunicorn {args.workers} sync workers, {args.rounds} x "
        f"({args.seconds:.0f} s bare + {args.seconds:.0f} s game), interleaved; computer "
        f"level {args.level}"
        + (
            f"; database filled first ({args.fill_games:,} games, {args.fill_moves:,} moves)"
            if args.fill
            else ""
        )
    )
    print(describe("bare", bare_total, ["bare"]))
    print(describe("game", game_total, ["action", "view", "setup"]) + "  (all requests)")
    print(describe("action", game_total, ["action"]))
    actions = game_total.count("action") / game_total.seconds
    bare_rate = bare_total.count("bare") / bare_total.seconds
    replies = game_total.replies
    action_p99 = percentile(game_total.latencies.get("action", []), 99)
    bare_p99 = max(1e-9, percentile(bare_total.latencies["bare"], 99))
    print(
        f"game actions/s {actions:.1f}; ratio game actions / bare requests "
        f"{actions / bare_rate:.2f}; action p99 / bare p99 {action_p99 / bare_p99:.2f}"
    )
    if replies:
        print(
            f"computer's reply (action answered -> its move on the stream): p50 "
            f"{ms * statistics.median(replies):.1f} ms, p95 {ms * percentile(replies, 95):.1f} ms "
            f"({len(replies)} replies)"
        )
    per_round = [
        f"{s.count('bare') / s.seconds:.0f}/{g.count('action') / g.seconds:.0f}"
        for s, g in zip(results["bare"], results["game"], strict=True)
    ]
    print(f"per round, bare req/s / game actions/s: {', '.join(per_round)}")
    for name, total, unit, count in (
        ("bare", bare_total, "bare request", bare_total.count("bare")),
        ("game", game_total, "game action", game_total.count("action")),
    ):
        parts = sorted(total.cpu.items(), key=lambda item: -item[1])
        print(
            f"CPU per {unit} ({name} phases, {sum(total.cpu.values()) / total.seconds:.2f} "
            f"cores busy): "
            + ", ".join(f"{part} {ms * seconds / max(1, count):.1f} ms" for part, seconds in parts)
        )
    for total, unit, count in (
        (bare_total, "bare request", bare_total.count("bare")),
        (game_total, "game action", game_total.count("action")),
    ):
        print("\n".join(describe_statements(total, unit, count, args.statements)))
    print(
        "resident memory under load (largest seen): gunicorn workers "
        f"{', '.join(f'{kb // 1024} MB' for kb in web)}; "
        f"Celery worker processes {', '.join(f'{kb // 1024} MB' for kb in celery)}; "
        f"events process {', '.join(f'{kb // 1024} MB' for kb in events)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
