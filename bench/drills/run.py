"""Fault drills: kill or stop one part of the stack while games are being played, bring it
back, and prove that no turn was lost, doubled or left stuck.

    .venv/bin/python bench/drills/run.py [--only worker,redis,...,failover] [--load 20]

(``make drills`` runs all nine: worker, redis, postgres, web, beat, nodes, backup, slow,
failover.) Each drill starts the full local stack (``stack.py``: PostgreSQL, Redis,
gunicorn, uvicorn, a Celery worker and beat, production settings; for ``nodes`` two such
nodes and for ``slow`` one, behind Debian's nginx running ``config/nginx/ginrummy.conf``;
for ``failover`` one node behind the proxy and PostgreSQL as a primary and a synchronous
standby under Patroni, with etcd), puts a bounded load of
games in play (``load.py``: against the computer and between people), lets the fault happen,
recovers, lets the load run on, stops it, and then checks:

* answers by status: no 500, every error JSON with a ``code`` (a 503 only while the database
  was down, a dropped connection only while a web worker was killed);
* games stuck: a computer or an expired turn deadline holding the turn for more than a few
  seconds after recovery;
* ``manage.py verify_games``: every game's move log replays to its stored snapshot;
* moves per game equal to its version (the log's ``seq`` is contiguous and ends at the
  game's version: nothing lost, nothing applied twice);
* the drill's own promise (streams without a gap, overdue timers enforced once, ...);
* time to recover.

The script prints a report per drill and exits 1 if any check failed. Figures of a run of
record are in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import platform
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from load import Client, Driver, StreamFollower, Tally, choose, make_users
from machine import cpu_model
from stack import ROOT, PatroniCluster, PatroniNode, Postgres, Stack, log

STUCK_AFTER = 8.0  # seconds a computer or an expired deadline may hold a turn after recovery
LIMIT = 64  # the proxy's limit_conn per address (config/nginx/ginrummy.conf)


@dataclass
class Report:
    name: str
    promise: str
    lines: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def add(self, line: str) -> None:
        self.lines.append(line)

    def check(self, ok: bool, line: str) -> None:
        self.lines.append(("ok    " if ok else "FAIL  ") + line)
        if not ok:
            self.failures.append(line)


class Load:
    """The drivers (and optional stream followers) of one drill."""

    def __init__(
        self,
        stack: Stack,
        *,
        people: int,
        computer: int,
        followers: int = 0,
        rules: dict[str, Any] | None = None,
        think: float = 0.02,
    ) -> None:
        self.stack, self.tally, self.stop = stack, Tally(), threading.Event()
        tokens = make_users(stack, 2 * people + computer)
        self.drivers = [
            Driver(
                stack.api_port,
                tokens[2 * i : 2 * i + 2],
                "people",
                self.tally,
                self.stop,
                rules=rules,
                think=think,
            )
            for i in range(people)
        ] + [
            Driver(
                stack.api_port,
                [tokens[2 * people + i]],
                "computer",
                self.tally,
                self.stop,
                rules=rules,
                think=think,
            )
            for i in range(computer)
        ]
        self.followers = [
            StreamFollower(stack.events_port, driver, self.stop)
            for driver in self.drivers[:followers]
        ]

    def __enter__(self) -> Load:
        for thread in (*self.drivers, *self.followers):
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in (*self.drivers, *self.followers):
            thread.join(timeout=30)


# --- the checks every drill ends with ---------------------------------------------------------


def stuck_games(stack: Stack) -> list[str]:
    """Active games in which a computer seat, or an expired deadline, has held the turn for
    longer than ``STUCK_AFTER`` seconds."""
    rows = stack.sql(
        """
        SELECT g.id::text, g.version,
               CASE WHEN s.computer <> '' THEN 'computer' ELSE 'deadline' END
        FROM games_game g
        LEFT JOIN games_seat s ON s.game_id = g.id AND s.seat = g.turn_seat
        WHERE g.status = 'active' AND (
            (s.computer <> '' AND g.updated_at < now() - make_interval(secs => %s))
            OR g.turn_deadline < now() - make_interval(secs => %s))
        """,
        STUCK_AFTER,
        STUCK_AFTER,
    )
    return [f"{game_id[:8]} v{version} ({why})" for game_id, version, why in rows]


def wait_unstuck(stack: Stack, timeout: float = 45) -> tuple[float, list[str]]:
    """Seconds until no game is stuck (or the timeout), and what is still stuck then."""
    started = time.monotonic()
    while True:
        stuck = stuck_games(stack)
        if not stuck or time.monotonic() - started > timeout:
            return time.monotonic() - started, stuck
        time.sleep(1)


def log_mismatches(stack: Stack, database: str | None = None) -> list[str]:
    """Games whose move log is not exactly seq start..version, once each (in the stack's
    database, or in ``database``)."""
    rows = stack.sql(
        """
        SELECT g.id::text, g.version, count(m.id), count(DISTINCT m.seq), min(m.seq),
               max(m.seq)
        FROM games_game g LEFT JOIN games_move m ON m.game_id = g.id
        WHERE g.state IS NOT NULL
        GROUP BY g.id, g.version
        """,
        database=database,
    )
    bad = []
    for game_id, version, moves, distinct, low, high in rows:
        if moves == 0:
            continue  # dealt and not yet played
        if moves != distinct or high != version or moves != high - low + 1:
            bad.append(f"{game_id[:8]}: version {version}, {moves} moves, seq {low}..{high}")
    return bad


def common_checks(stack: Stack, load: Load, report: Report, *, allowed: set[int]) -> None:
    """The checks every drill ends with, after its load has stopped."""
    tally = load.tally
    by_status = ", ".join(f"{s or 'no answer'}: {n}" for s, n in sorted(tally.statuses.items()))
    report.add(
        f"requests sent: {tally.requests} ({tally.actions} actions); answers by status: {by_status}"
    )
    if tally.codes:
        report.add("error codes: " + ", ".join(f"{c} x{n}" for c, n in tally.codes.most_common()))
    report.add(f"retries: {tally.retries}; requests answered after a retry: {tally.retried_ok}")
    unexpected = {s: n for s, n in tally.statuses.items() if s not in {200, 201, 409, *allowed}}
    report.check(not unexpected, f"no unexpected status: {unexpected or 'none'}")
    report.check(not tally.non_json, f"every answer is JSON: {tally.non_json[:2] or 'yes'}")
    report.check(not tally.errors, f"no action refused: {tally.errors[:3] or 'none'}")
    _settle, stuck = wait_unstuck(stack)
    games = stack.sql("SELECT count(*) FROM games_game WHERE state IS NOT NULL")[0][0]
    report.add(f"games checked: {games} ({tally.finished} finished during the drill)")
    report.check(not stuck, f"games stuck: {len(stuck)} {stuck[:3]}")
    mismatched = log_mismatches(stack)
    report.check(
        not mismatched,
        f"moves per game equal to its version: {len(mismatched)} off {mismatched[:3]}",
    )
    restarted = stack.restarted()
    report.add(
        "processes that exited by themselves and were restarted by the supervisor: "
        + (", ".join(f"{name} x{n}" for name, n in restarted.items()) or "none")
    )
    verify = stack.manage("verify_games")
    summary = (verify.stdout.strip().splitlines() or [verify.stderr.strip()])[-1]
    report.check(verify.returncode == 0, f"verify_games divergences: {summary}")


def computer_turns_waiting(stack: Stack) -> int:
    return int(
        stack.sql(
            """SELECT count(*) FROM games_game g JOIN games_seat s
           ON s.game_id = g.id AND s.seat = g.turn_seat
           WHERE g.status = 'active' AND s.computer <> ''"""
        )[0][0]
    )


def computer_moves(stack: Stack) -> int:
    return int(
        stack.sql(
            "SELECT count(*) FROM games_move m JOIN games_seat s "
            "ON s.game_id = m.game_id AND s.seat = m.seat "
            "WHERE s.computer <> ''"
        )[0][0]
    )


def seconds_until(condition: Callable[[], bool], timeout: float = 60) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if condition():
            return time.monotonic() - started
        time.sleep(0.2)
    return float("inf")


# --- the drills ---------------------------------------------------------------------------------


def drill_worker(args: argparse.Namespace) -> Report:
    report = Report(
        "worker killed",
        "kill -9 of the Celery worker while computer turns are "
        "queued and running, then a restart: every game continues, no computer "
        "turn is lost or played twice",
    )
    with Stack() as stack:
        load = Load(stack, people=2, computer=args.load)
        with load:
            time.sleep(args.warmup)
            log("worker: kill -9")
            stack.services["worker"].kill()
            time.sleep(5)
            report.add(
                f"computer turns waiting with the worker dead: {computer_turns_waiting(stack)}"
            )
            moves = computer_moves(stack)
            stack.services["worker"].start()
            log("worker: restarted")
            back = seconds_until(lambda: computer_moves(stack) > moves)
            report.check(
                back < 30, f"time to recover: first computer move {back:.1f} s after the restart"
            )
            time.sleep(args.after)
        common_checks(stack, load, report, allowed=set())
    return report


def drill_redis(args: argparse.Namespace) -> Report:
    report = Report(
        "Redis down",
        f"Redis stopped for {args.outage:.0f} s, then back: human "
        "actions keep succeeding, computer turns and timers are not lost, streams "
        "resume without a gap, health names the broker",
    )
    with Stack() as stack:
        load = Load(
            stack, people=args.load // 2 + 1, computer=args.load // 2, followers=3, think=0.1
        )
        with load:
            time.sleep(args.warmup)
            log("redis: stop")
            stack.redis.stop()
            down_at = time.monotonic()
            people_before = load.tally.statuses[200]
            time.sleep(3)
            status, body = stack.health()
            report.check(
                status == 503 and body.get("checks", {}).get("broker") == "unavailable",
                f"health while Redis is down: {status} {body.get('checks')}",
            )
            # Timed tables that start during the outage: their timer tasks cannot be queued.
            timed = timed_tables(stack, 2, turn_seconds=10)
            time.sleep(max(0.0, args.outage - (time.monotonic() - down_at)))
            served = load.tally.statuses[200] - people_before
            report.check(served > 0, f"answers 200 while Redis was down: {served}")
            moves = computer_moves(stack)
            stack.redis.start()
            log("redis: back")
            healthy = seconds_until(lambda: stack.health()[0] == 200)
            back = seconds_until(lambda: computer_moves(stack) > moves)
            report.check(
                back < 30,
                f"time to recover: health 200 after {healthy:.1f} s, first "
                f"computer move after {back:.1f} s",
            )
            time.sleep(args.after)
        played = stack.sql(
            "SELECT count(DISTINCT game_id) FROM games_move WHERE automatic "
            "AND game_id = ANY(%s::uuid[])",
            timed,
        )[0][0]
        report.check(
            played == len(timed),
            f"timed tables started while Redis was down whose "
            f"expired turn the server played: {played} of {len(timed)}",
        )
        gaps = [gap for follower in load.followers for gap in follower.gaps()]
        received = sum(follower.received() for follower in load.followers)
        reconnects = sum(follower.reconnects for follower in load.followers)
        report.check(
            not gaps and received > 0,
            f"event streams: {received} versions received over {reconnects} "
            f"reconnects, gaps or repeats: {gaps[:3] or 'none'}",
        )
        common_checks(stack, load, report, allowed=set())
    return report


def drill_postgres(args: argparse.Namespace) -> Report:
    report = Report(
        "PostgreSQL restarted",
        "the database stopped for a few seconds under "
        "load, then started: 503 with a code during the outage (never a 500, never "
        "HTML), every process recovers by itself",
    )
    with Stack() as stack:
        load = Load(stack, people=args.load // 2, computer=args.load // 2)
        with load:
            time.sleep(args.warmup)
            log("postgres: stop")
            stack.postgres.stop()
            time.sleep(5)
            status, body = stack.health()
            report.check(
                status == 503 and body.get("checks", {}).get("database") == "unavailable",
                f"health while the database is down: {status} {body.get('checks')}",
            )
            stack.postgres.start()
            started = time.monotonic()
            log("postgres: started")
            ok_before = load.tally.statuses[200]
            back = seconds_until(lambda: load.tally.statuses[200] > ok_before + 20)
            moves = computer_moves(stack)
            computer = seconds_until(lambda: computer_moves(stack) > moves)
            report.check(
                back < 30 and computer < 30,
                f"time to recover: answers 200 again "
                f"{back:.1f} s, computer moves {computer:.1f} s after the start "
                f"({time.monotonic() - started:.1f} s in all)",
            )
            time.sleep(args.after)
        codes = {code for code in load.tally.codes if code.startswith("503")}
        report.check(
            load.tally.statuses[503] > 0 and all("database_unavailable" in code for code in codes),
            f"503s during the outage: {load.tally.statuses[503]} with codes {sorted(codes)}",
        )
        common_checks(stack, load, report, allowed={503})
    return report


def drill_web(args: argparse.Namespace) -> Report:
    report = Report(
        "web worker killed",
        "kill -9 of gunicorn workers in the middle of "
        "requests: a retry with the same Idempotency-Key gets the first answer or "
        "applies once",
    )
    with Stack(web_workers=2) as stack:
        load = Load(stack, people=args.load // 2, computer=args.load // 2, think=0.0)
        with load:
            time.sleep(args.warmup)
            # A kill cuts off whatever that worker is serving (a view or an action): kill
            # until a few actions have been cut off and retried, or 20 kills.
            kills = 0
            while kills < 20 and (kills < 4 or load.tally.actions_retried < 2):
                for pid in stack.services["web"].children()[:1]:
                    os.kill(pid, signal.SIGKILL)
                    kills += 1
                time.sleep(2.5)
            log(f"web: killed {kills} workers")
            report.add(f"gunicorn workers killed: {kills}")
            time.sleep(args.after)
        tally = load.tally
        report.check(
            tally.actions_retried > 0 and tally.actions_retried == tally.actions_retried_once,
            f"actions cut off and sent again with the same Idempotency-Key: "
            f"{tally.actions_retried}; answered 200 at exactly the next version (the first "
            f"answer, or applied once): {tally.actions_retried_once}",
        )
        report.check(
            tally.statuses[0] > 0 and tally.retried_ok > 0,
            f"requests cut off by a kill: {tally.statuses[0]}; answered after a retry "
            f"with the same key: {tally.retried_ok}",
        )
        common_checks(stack, load, report, allowed={0})
    return report


def drill_beat(args: argparse.Namespace) -> Report:
    report = Report(
        "beat down",
        "Celery beat stopped for a while, then back: missed periods "
        "close, overdue turn deadlines are enforced, nothing is doubled",
    )
    with Stack() as stack:
        # Timed tables where one player never acts, so the server must play that seat's turns.
        # Short games (to 10 points), so some finish and have results to close a week on.
        load = Load(
            stack, people=args.load // 2, computer=args.load // 2, rules={"target_score": 10}
        )
        with load:
            time.sleep(args.warmup)
            stack.services["beat"].kill()
            log("beat: down")
            # A finished game last week, whose week nobody has closed yet (as after a beat
            # outage across midnight), and timed games whose timer tasks were lost.
            seeded = seed_last_week(stack)
            lost = lose_timers(stack, 4)
            report.add(
                f"while beat was down: {lost} expired turns whose timer task was lost, "
                f"{seeded} game finished in a week not yet closed"
            )
            time.sleep(args.outage / 2)
            report.check(
                len(overdue(stack)) >= lost,
                f"expired turns still waiting with beat down: {len(overdue(stack))}",
            )
            stack.services["beat"].start()
            log("beat: back")
            enforced = seconds_until(lambda: not overdue(stack))
            early = week_closed(stack)
            closed = seconds_until(lambda: week_closed(stack), timeout=90)
            report.add(
                "last week was closed "
                + (
                    "while beat was down, by the refresh that a finished game queues"
                    if early
                    else "by beat's refresh"
                )
            )
            report.check(
                enforced < 30 and closed < 90,
                f"time to recover: overdue turns enforced {enforced:.1f} s, last week "
                f"closed {closed:.1f} s after beat came back",
            )
            time.sleep(args.after)
        timed = stack.sql("SELECT count(*) FROM games_move WHERE automatic")[0][0]
        report.check(timed >= lost, f"turns played by the server for absent players: {timed}")
        periods = stack.sql(
            "SELECT count(*) FROM leaderboards_period WHERE closed_at IS NOT "
            "NULL AND kind = 'weekly' AND start = %s",
            last_monday(),
        )
        report.check(periods[0][0] == 1, f"last week closed exactly once: {periods[0][0]} row")
        common_checks(stack, load, report, allowed=set())
    return report


def last_monday() -> dt.date:
    today = dt.datetime.now(dt.UTC).date()
    return today - dt.timedelta(days=today.weekday() + 7)


def seed_last_week(stack: Stack) -> int:
    """Move one finished game's result into last week, as if it had finished there and beat
    had been down over the week's end: that week is then due to close."""
    seconds_until(lambda: bool(stack.sql("SELECT 1 FROM games_gameresult LIMIT 1")), 60)
    moment = dt.datetime.combine(last_monday() + dt.timedelta(days=2), dt.time(12), tzinfo=dt.UTC)
    rows = stack.sql(
        """UPDATE games_gameresult SET finished_at = %s WHERE game_id = (
               SELECT game_id FROM games_gameresult ORDER BY id LIMIT 1) RETURNING game_id""",
        moment,
    )
    return len(rows)


def lose_timers(stack: Stack, count: int) -> int:
    """Timed tables (an hour a turn) whose players never act, with the deadline moved into
    the past: their timer tasks are an hour away, so only the sweeper can enforce them."""
    ids = timed_tables(stack, count, turn_seconds=3600)
    stack.sql(
        "UPDATE games_game SET turn_deadline = now() - interval '1 second' "
        "WHERE id = ANY(%s::uuid[])",
        ids,
    )
    return len(ids)


def timed_tables(stack: Stack, count: int, *, turn_seconds: int) -> list[str]:
    """Started tables between two people who never act; their ids."""
    tokens = make_users(stack, 2 * count)
    ids = []
    for i in range(count):
        ann, bob = Client(stack.api_port, tokens[2 * i]), Client(stack.api_port, tokens[2 * i + 1])
        status, game = ann.request(
            "POST",
            "/games",
            {"opponent": "human", "visibility": "private", "turn_seconds": turn_seconds},
        )
        if status != 201:
            raise SystemExit(f"could not create a timed table: {status} {game}")
        status, body = bob.request("POST", "/games/join", {"code": game["invite_code"]})
        if status != 200:
            raise SystemExit(f"could not join a timed table: {status} {body}")
        ids.append(game["id"])
    return ids


def overdue(stack: Stack) -> list[str]:
    return [
        row[0]
        for row in stack.sql(
            "SELECT id::text FROM games_game WHERE status = 'active' AND turn_deadline < now()"
        )
    ]


def week_closed(stack: Stack) -> bool:
    return bool(
        stack.sql(
            "SELECT 1 FROM leaderboards_period WHERE kind = 'weekly' AND "
            "start = %s AND closed_at IS NOT NULL",
            last_monday(),
        )
    )


def drill_nodes(args: argparse.Namespace) -> Report:
    report = Report(
        "a whole node killed",
        "two nodes (gunicorn, uvicorn, a Celery worker and beat each) behind the proxy, on "
        "one PostgreSQL and Redis; kill -9 of every process of the node whose beat leads, "
        "mid-load: every game goes on on the other node, streams resume through the proxy "
        "with Last-Event-ID without a gap or a repeat, the other beat takes the lease",
    )
    with Stack(nodes=2) as stack:
        assert stack.proxy is not None
        node_of = {port: node for node, ports in enumerate(stack.node_ports, 1) for port in ports}

        def by_node(since: float = 0.0) -> dict[int, int]:
            counts: dict[int, int] = {}
            for port, n in stack.proxy.answered_by(since).items():  # type: ignore[union-attr]
                counts[node_of[port]] = counts.get(node_of[port], 0) + n
            return counts

        load = Load(stack, people=args.load // 2, computer=args.load // 2, followers=6, think=0.05)
        with load:
            time.sleep(args.warmup)
            victim = stack.beat_leader() or 1
            survivor = 3 - victim
            before = by_node()
            report.check(
                before.get(1, 0) > 0 and before.get(2, 0) > 0,
                f"requests the proxy passed to each node before the kill: "
                f"node 1: {before.get(1, 0)}, node 2: {before.get(2, 0)}",
            )
            moves = computer_moves(stack)
            killed = time.monotonic()
            for service in stack.node_services(victim):
                service.kill()
            # Requests that came in while the kills were under way may still have been
            # answered by the victim; from here on nothing of it is left to answer.
            killed_wall = time.time()
            log(f"node {victim} (beat's leader): kill -9 of gunicorn, uvicorn, worker, beat")
            answered = seconds_until(lambda: load.tally.last_ok > killed)
            computer = seconds_until(lambda: computer_moves(stack) > moves)
            lease = seconds_until(lambda: stack.beat_leader() == survivor)
            report.check(
                max(answered, computer, lease) < 45,
                f"time to recover: answers 200 {answered:.1f} s, computer moves "
                f"{computer:.1f} s after the kill; node {survivor}'s beat took the lease "
                f"after {lease:.1f} s (lease {stack.env.get('BEAT_LEASE_SECONDS', '15')} s)",
            )
            time.sleep(args.after)
            # Overdue work is the sweeper's, which now runs from the other node's beat.
            swept = lose_timers(stack, 2)
            enforced = seconds_until(lambda: not overdue(stack))
            report.check(
                enforced < 30,
                f"expired turns whose timer was lost, enforced by node {survivor}'s "
                f"beat: {swept} in {enforced:.1f} s",
            )
        after = by_node(since=killed_wall)
        report.check(
            after.get(victim, 0) == 0 and after.get(survivor, 0) > 0,
            f"requests that came in after the kill, by the node that answered: node {victim}: "
            f"{after.get(victim, 0)}, node {survivor}: {after.get(survivor, 0)}",
        )
        tally = load.tally
        report.check(
            tally.actions_retried == tally.actions_retried_once,
            f"actions cut off by the kill and sent again with the same Idempotency-Key: "
            f"{tally.actions_retried}; answered 200 at exactly the next version: "
            f"{tally.actions_retried_once}",
        )
        gaps = [gap for follower in load.followers for gap in follower.gaps()]
        received = sum(follower.received() for follower in load.followers)
        reconnects = sum(follower.reconnects for follower in load.followers)
        report.check(
            not gaps and received > 0 and reconnects > 0,
            f"event streams through the proxy: {received} versions received over "
            f"{reconnects} reconnects, gaps or repeats: {gaps[:3] or 'none'}",
        )
        common_checks(stack, load, report, allowed={502})
    return report


def drill_backup(args: argparse.Namespace) -> Report:
    report = Report(
        "backup and restore",
        "make backup (pg_dump, custom format) while games are played; the backup restored "
        "into a fresh cluster replays clean (verify_games, moves = version) and holds every "
        "game as it was at the backup point",
    )
    with Stack() as stack:
        load = Load(stack, people=args.load // 2, computer=args.load // 2)
        backups = stack.workdir / "backups"
        with load:
            time.sleep(args.warmup)
            ok_before, started = load.tally.statuses[200], time.monotonic()
            backup = subprocess.run(
                [str(ROOT / "ops" / "backup.sh")],
                env={**os.environ, "DATABASE_URL": stack.postgres.url, "BACKUP_DIR": str(backups)},
                capture_output=True,
                text=True,
                check=False,
            )
            took = time.monotonic() - started
            served = load.tally.statuses[200] - ok_before
            log(f"backup: {backup.stdout.strip() or backup.stderr.strip()}")
            report.check(
                backup.returncode == 0 and served > 0,
                f"make backup while games were played: {took:.1f} s, "
                f"{(backup.stdout or backup.stderr).strip().rsplit('/', 1)[-1]}; "
                f"answers 200 meanwhile: {served}",
            )
            time.sleep(args.after)
        dump = next(backups.glob("*.dump"))
        fresh = Postgres(stack.workdir, name="restored")
        try:
            fresh.start()
            fresh.create_database()
            started = time.monotonic()
            restore = subprocess.run(
                [str(ROOT / "ops" / "restore.sh"), str(dump)],
                env={**os.environ, "DATABASE_URL": fresh.url},
                capture_output=True,
                text=True,
                check=False,
            )
            report.check(
                restore.returncode == 0,
                f"restored into a fresh cluster in {time.monotonic() - started:.1f} s"
                + (f": {restore.stderr.strip()[-300:]}" if restore.returncode else ""),
            )
            pending = stack.manage("migrate", "--check", database=fresh.url)
            report.check(pending.returncode == 0, "restored schema: no migration missing")
            verify = stack.manage("verify_games", database=fresh.url)
            summary = (verify.stdout.strip().splitlines() or [verify.stderr.strip()])[-1]
            report.check(verify.returncode == 0, f"verify_games on the restored data: {summary}")
            mismatched = log_mismatches(stack, database=fresh.url)
            report.check(
                not mismatched,
                f"restored moves per game equal to its version: {len(mismatched)} off "
                f"{mismatched[:3]}",
            )
            restored = dict(
                stack.sql("SELECT id::text, version FROM games_game", database=fresh.url)
            )
            live = dict(stack.sql("SELECT id::text, version FROM games_game"))
            ahead = [g[:8] for g, version in restored.items() if live.get(g, -1) < version]
            report.check(
                not ahead,
                f"every restored game is an earlier or equal state of a live game: "
                f"{ahead[:3] or 'yes'}",
            )
            count = "SELECT count(*) FROM games_move"
            moves_restored = stack.sql(count, database=fresh.url)[0][0]
            moves_live = stack.sql(count)[0][0]
            report.add(
                f"in the backup: {len(restored)} of {len(live)} games, {moves_restored} of "
                f"{moves_live} moves; the {moves_live - moves_restored} moves played after "
                f"the backup point are what a restore to it loses"
            )
        finally:
            fresh.close()
        common_checks(stack, load, report, allowed=set())
    return report


def acknowledged_missing(stack: Stack, tally: Tally) -> list[str]:
    """Actions that a client saw answered 200 whose move is not in the log as answered
    (the same seat and action type at the version the answer carried), and games whose
    version is behind one that a 2xx answer showed."""
    moves = {
        (game_id, seq): (seat, kind)
        for game_id, seq, seat, kind in stack.sql(
            "SELECT game_id::text, seq, seat, action->>'type' FROM games_move "
            "WHERE game_id = ANY(%s::uuid[])",
            sorted(tally.seen),
        )
    }
    missing = [
        f"{game_id[:8]} v{version} seat {seat} {kind}"
        for game_id, version, seat, kind in tally.acknowledged
        if moves.get((game_id, version)) != (seat, kind)
    ]
    versions = dict(stack.sql("SELECT id::text, version FROM games_game"))
    missing += [
        f"{game_id[:8]} at v{versions.get(game_id)} after a 2xx showed v{seen}"
        for game_id, seen in tally.seen.items()
        if versions.get(game_id, -1) < seen
    ]
    return missing


def rewound(node: PatroniNode, since: int) -> bool:
    """Whether Patroni ran pg_rewind on ``node`` (in its log after byte ``since``)."""
    with node.logfile.open("rb") as log_file:
        log_file.seek(since)
        return b"running pg_rewind" in log_file.read()


def since(moment: float, condition: Callable[[], bool], timeout: float = 60) -> float:
    """Seconds from ``moment`` (``time.monotonic()``) until ``condition`` holds (polled
    every 0.1 s; infinity after ``timeout`` more seconds)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic() - moment
        time.sleep(0.1)
    return float("inf")


def by_status(counts: Counter[int]) -> str:
    return ", ".join(f"{s or 'no answer'}: {n}" for s, n in sorted(counts.items())) or "none"


def fail_over(
    stack: Stack, load: Load, report: Report, *, attempt: str, whole_node: bool, cut: bool
) -> None:
    """One failover: the fault on the primary, the standby's promotion, the actions
    answering again, and the old primary back as the synchronous standby.

    ``cut``: the worst moment for it. The standby's WAL receiver is stopped (``SIGSTOP``,
    as a stalled network would stall it) half a second before the kill and ended with it,
    so the primary dies holding commits that only it has written: they waited for the
    standby's acknowledgement, so no client was answered for them, and the old primary
    must be rewound (``pg_rewind``, run by Patroni) before it can follow the new one."""
    cluster = stack.postgres
    assert isinstance(cluster, PatroniCluster)
    old, standby = cluster.primary(), cluster.sync_standby()
    assert old is not None and standby is not None, "no primary and standby before the fault"
    log_at = old.logfile.stat().st_size
    receiver = standby.wal_receiver() if cut else None
    if receiver is not None:
        os.kill(receiver, signal.SIGSTOP)
        time.sleep(0.5)
    moves = computer_moves(stack)
    before = Counter(load.tally.statuses)
    killed = time.monotonic()
    if whole_node:
        old.kill()
    else:
        old.kill_postgres()
    if receiver is not None:
        os.kill(receiver, signal.SIGTERM)
        os.kill(receiver, signal.SIGCONT)
    log(f"{attempt}: kill -9 of {'the node' if whole_node else 'PostgreSQL'} on {old.name}")
    promoted = since(killed, lambda: cluster.primary() not in (None, old))
    acting = since(killed, lambda: load.tally.first_action_ok_after(killed) is not None)
    answered = (load.tally.first_action_ok_after(killed) or float("inf")) - killed
    window = Counter(load.tally.statuses)
    window.subtract(before)
    computer = since(killed, lambda: computer_moves_or_zero(stack) > moves)
    new = cluster.primary()
    report.check(
        new is standby and max(promoted, acting, computer) < 45,
        f"{attempt}: kill -9 of {'the node' if whole_node else 'PostgreSQL'} on {old.name}"
        + (" (the standby's WAL stream stalled 0.5 s before)" if receiver else "")
        + f"; {new.name if new else 'no node'} (the synchronous standby) promoted after "
        f"{promoted:.1f} s; the first action sent after the kill answered 200 after "
        f"{answered:.1f} s, a computer move after {computer:.1f} s; answers meanwhile: "
        f"{by_status(+window)}",
    )
    if whole_node:
        old.start()  # the machine is back (its service manager starts Patroni)
        log(f"{attempt}: {old.name}'s Patroni started again")
    back = since(killed, old.is_sync_standby, timeout=90)
    rewind = "ran" if rewound(old, log_at) else "not needed (no WAL past the standby's)"
    report.check(
        back < 120 and (receiver is None or rewind == "ran"),
        f"{attempt}: {old.name} back as the synchronous standby {back:.1f} s after the kill "
        f"(pg_rewind: {rewind})",
    )


def drill_failover(args: argparse.Namespace) -> Report:
    report = Report(
        "database failover",
        "a primary and a synchronous standby under Patroni (etcd), the service on libpq's "
        "multi-host URL (target_session_attrs=read-write), games under load through the "
        "proxy; kill -9 of the primary's PostgreSQL (run 1) and of its whole node, Patroni "
        "and PostgreSQL (run 2): the standby takes over, every move a client saw "
        "acknowledged is in the log once, errors in the window are 503 "
        "database_unavailable with Retry-After; the old primary rejoins as the standby "
        "(pg_rewind through Patroni) and the same fault on the new primary fails back",
    )
    with Stack(nodes=1, cluster=True) as stack:
        load = Load(stack, people=args.load // 2, computer=args.load // 2, think=0.05)
        tally = load.tally
        with load:
            time.sleep(args.warmup)
            for run, whole_node in ((1, False), (2, True)):
                requests, acknowledged = tally.requests, len(tally.acknowledged)
                statuses = Counter(tally.statuses)
                for attempt, cut in (("failover", True), ("failover back", False)):
                    fail_over(
                        stack,
                        load,
                        report,
                        attempt=f"run {run}, {attempt}",
                        whole_node=whole_node,
                        cut=cut,
                    )
                statuses = Counter(tally.statuses) - statuses
                report.add(
                    f"run {run} ({'the node' if whole_node else 'PostgreSQL'} killed): "
                    f"requests {tally.requests - requests}; answers by status: "
                    f"{by_status(statuses)}; moves acknowledged: "
                    f"{len(tally.acknowledged) - acknowledged}"
                )
            time.sleep(args.after / 2)
        missing = acknowledged_missing(stack, tally)
        report.check(
            not missing and bool(tally.acknowledged),
            f"moves acknowledged to a client (200): {len(tally.acknowledged)}; found in the "
            f"log as acknowledged: {len(tally.acknowledged) - len(missing)} {missing[:3]}",
        )
        errors = sorted(code for code in tally.codes if code.startswith("5"))
        report.check(
            set(errors) <= {"503 database_unavailable"} and tally.no_retry_after == 0,
            f"errors: {errors or 'none'}, without Retry-After: {tally.no_retry_after}",
        )
        report.check(
            tally.actions_retried == tally.actions_retried_once,
            f"actions sent again with the same Idempotency-Key: {tally.actions_retried}; "
            f"answered 200 at exactly the next version: {tally.actions_retried_once}",
        )
        common_checks(stack, load, report, allowed={503})
    return report


def computer_moves_or_zero(stack: Stack) -> int:
    """:func:`computer_moves`, or 0 while no node takes writes."""
    try:
        return computer_moves(stack)
    except Exception:  # the database is failing over
        return 0


SLOW_ADDRESSES = 10  # loopback source addresses 127.0.0.2 ... the slow clients come from
SLOW_PER_ADDRESS = 20  # half trickle their headers, half their body
LIMIT_ADDRESS = "127.0.0.99"


class Trickle(threading.Thread):
    """Slow clients: connections that send a request one byte a second and never finish it,
    from several loopback addresses. Records when the proxy answers or drops each one."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port, self.stop = port, threading.Event()
        self.open: dict[socket.socket, str] = {}  # socket -> "headers" / "body"
        self.opened_at: dict[socket.socket, float] = {}
        self.dropped: list[tuple[str, float]] = []  # (kind, seconds it was held)
        self.answers: Counter[str] = Counter()  # "429 too_many_connections", ...
        self.lock = threading.Lock()

    def connect(self, source: str, kind: str) -> None:
        sock = socket.socket()
        sock.bind((source, 0))
        sock.settimeout(5)
        sock.connect(("127.0.0.1", self.port))
        if kind == "headers":
            sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        else:
            sock.sendall(
                b"POST /api/v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
            )
        sock.setblocking(False)
        with self.lock:
            self.open[sock] = kind
            self.opened_at[sock] = time.monotonic()

    def held(self, kind: str) -> int:
        with self.lock:
            return sum(1 for k in self.open.values() if k == kind)

    def run(self) -> None:
        while not self.stop.wait(1.0):
            with self.lock:
                for sock, kind in list(self.open.items()):
                    try:
                        data = sock.recv(4096)
                    except BlockingIOError:
                        data = None
                    except OSError:
                        data = b""
                    if data is not None:  # answered or closed by the proxy
                        if data:
                            self.answers[answer_of(data)] += 1
                        self.dropped.append((kind, time.monotonic() - self.opened_at[sock]))
                        del self.open[sock]
                        sock.close()
                        continue
                    with contextlib.suppress(OSError):
                        sock.send(b"a")

    def close(self) -> None:
        self.stop.set()
        if self.is_alive():
            self.join(timeout=5)
        with self.lock:
            for sock in self.open:
                sock.close()
            self.open.clear()


def answer_of(data: bytes) -> str:
    """``"429 too_many_connections retry-after"`` from the start of an HTTP answer."""
    head, _, body = data.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/") else "?"
    retry = " with Retry-After" if b"\r\nretry-after:" in head.lower() else ""
    try:
        code = json.loads(body)["code"]
    except (ValueError, KeyError, TypeError):
        code = "(not JSON)"
    return f"{status} {code}{retry}"


class Probe(threading.Thread):
    """A normal client beside the slow ones: ``/api/v1/health`` and its own game against the
    computer, through the proxy, timing every request."""

    def __init__(self, stack: Stack, token: str) -> None:
        super().__init__(daemon=True)
        self.client, self.stop = Client(stack.api_port, token), threading.Event()
        self.phase = "before"
        self.times: dict[tuple[str, str], list[float]] = {}
        self.failures: list[str] = []

    def timed(self, kind: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        started = time.monotonic()
        status, answer = self.client.request(method, path, body)
        self.times.setdefault((self.phase, kind), []).append(time.monotonic() - started)
        if status not in (200, 201, 409):
            self.failures.append(f"{self.phase} {method} {path}: {status}")
        return status, answer

    def run(self) -> None:
        game: str | None = None
        while not self.stop.wait(0.1):
            self.timed("health", "GET", "/health")
            if game is None:
                status, created = self.timed(
                    "action", "POST", "/games", {"opponent": "computer", "difficulty": "easy"}
                )
                game = created["id"] if status == 201 else None
                continue
            status, view = self.timed("view", "GET", f"/games/{game}")
            if status != 200:
                continue
            if view["status"] != "active":
                game = None
            elif view["round"]["turn"] == view["you"]:
                action = {**choose(view), "expected_version": view["version"]}
                self.timed("action", "POST", f"/games/{game}/actions", action)

    def figures(self, phase: str, kind: str) -> str:
        times = sorted(self.times.get((phase, kind), []))
        if not times:
            return "none"
        p50, p95 = times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]
        return (
            f"{len(times)} requests, p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {times[-1] * 1000:.0f} ms"
        )

    def p95(self, phase: str) -> float:
        times = sorted(t for (p, _k), ts in self.times.items() if p == phase for t in ts)
        return times[min(len(times) - 1, int(len(times) * 0.95))] if times else float("inf")


def drill_slow(args: argparse.Namespace) -> Report:
    report = Report(
        "slow clients",
        f"{SLOW_ADDRESSES * SLOW_PER_ADDRESS} connections trickling their headers or bodies "
        f"a byte a second from {SLOW_ADDRESSES} loopback addresses, and more connections "
        "from one address than the proxy allows: the proxy drops or holds them, refuses the "
        "excess with 429, and a normal client's health checks and game actions keep "
        "answering quickly",
    )
    with Stack(nodes=1) as stack:
        load = Load(stack, people=1, computer=1, think=0.2)
        probe = Probe(stack, make_users(stack, 1)[0])
        trickle = Trickle(stack.api_port)
        with load:
            probe.start()
            time.sleep(args.warmup / 2)
            probe.phase = "slow"
            for i in range(SLOW_ADDRESSES * SLOW_PER_ADDRESS):
                trickle.connect(f"127.0.0.{2 + i % SLOW_ADDRESSES}", ("headers", "body")[i % 2])
            trickle.start()
            log(f"slow: {len(trickle.open)} slow connections open")
            for _ in range(LIMIT + 6):
                trickle.connect(LIMIT_ADDRESS, "body")
            held_at_start = trickle.held("headers") + trickle.held("body")
            # Past the header timeout: the header tricklers are dropped, the others held.
            time.sleep(12)
            probe.phase = "after"
            held = {"headers": trickle.held("headers"), "body": trickle.held("body")}
            time.sleep(2)
        probe.stop.set()
        probe.join(timeout=15)
        trickle.close()
        dropped = [seconds for kind, seconds in trickle.dropped if kind == "headers"]
        report.add(
            f"slow connections opened: {held_at_start} ({SLOW_ADDRESSES * SLOW_PER_ADDRESS} "
            f"from {SLOW_ADDRESSES} addresses, {LIMIT + 6} from one)"
        )
        report.check(
            len(dropped) == SLOW_ADDRESSES * SLOW_PER_ADDRESS // 2 and held["headers"] == 0,
            f"header tricklers dropped by the proxy: {len(dropped)} of "
            f"{SLOW_ADDRESSES * SLOW_PER_ADDRESS // 2}, after "
            f"{min(dropped, default=0):.0f}-{max(dropped, default=0):.0f} s "
            "(client_header_timeout 10 s)",
        )
        refused = trickle.answers["429 too_many_connections with Retry-After"]
        report.check(
            refused == 6 and set(trickle.answers) == {"429 too_many_connections with Retry-After"},
            f"connections over the limit from one address ({LIMIT}): answered "
            f"{dict(trickle.answers) or 'nothing'}",
        )
        report.add(f"body tricklers held by the proxy (never reaching gunicorn): {held['body']}")
        for kind in ("health", "view", "action"):
            report.add(
                f"a normal client's {kind}: before {probe.figures('before', kind)}; with the "
                f"slow connections open {probe.figures('slow', kind)}"
            )
        report.check(
            not probe.failures and probe.p95("slow") < 1.0,
            f"the normal client with the slow connections open: p95 "
            f"{probe.p95('slow') * 1000:.0f} ms (before: {probe.p95('before') * 1000:.0f} "
            f"ms), failed requests: {probe.failures[:3] or 'none'}",
        )
        # Why the proxy: the same trickle straight at gunicorn (sync workers) stops it.
        web_port = stack.node_ports[0][0]
        direct = Trickle(web_port)
        for _ in range(2):
            direct.connect("127.0.0.1", "headers")
        started = time.monotonic()
        status = stack.health(web_port, timeout=3)[0]
        report.add(
            "for comparison, 2 header tricklers straight at gunicorn (2 sync workers, no "
            "proxy): /api/v1/health "
            + (f"answered {status}" if status else "did not answer")
            + f" within {time.monotonic() - started:.1f} s"
        )
        direct.close()
        common_checks(stack, load, report, allowed=set())
    return report


DRILLS: dict[str, Callable[[argparse.Namespace], Report]] = {
    "worker": drill_worker,
    "redis": drill_redis,
    "postgres": drill_postgres,
    "web": drill_web,
    "beat": drill_beat,
    "nodes": drill_nodes,
    "backup": drill_backup,
    "slow": drill_slow,
    "failover": drill_failover,
}

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only",
        default=",".join(DRILLS),
        help="comma-separated drills (by default all)",
    )
    parser.add_argument("--load", type=int, default=8, help="games in play at once")
    parser.add_argument("--warmup", type=float, default=8, help="seconds of load before the fault")
    parser.add_argument("--outage", type=float, default=30, help="seconds Redis / beat are down")
    parser.add_argument("--after", type=float, default=8, help="seconds of load after recovery")
    args = parser.parse_args()
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    started = time.monotonic()
    failed = []
    for name in args.only.split(","):
        began = time.monotonic()
        log(f"drill: {name}")
        report = DRILLS[name](args)
        print(f"\n== {report.name} ({time.monotonic() - began:.0f} s): {report.promise}")
        for line in report.lines:
            print(f"   {line}")
        print(flush=True)
        if report.failures:
            failed.append(name)
    print(
        f"{len(args.only.split(','))} drills in {time.monotonic() - started:.0f} s; "
        f"failed: {', '.join(failed) or 'none'}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
