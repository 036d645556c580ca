"""Boards and profiles read from the streaming standby, beside the same reads from the
primary, while games are played, interleaved in one run.

    .venv/bin/python bench/replica_reads.py [--readers 8] [--seconds 12] [--rounds 3]

Starts the local stack with PostgreSQL as the failover drill runs it
(``bench/drills/stack.py``, ``cluster=True``: a primary and a synchronous standby under
Patroni, the services on libpq's multi-host URL), fills it with a history (``--games``
finished games between the benchmark's players, their moves and results, as ``make
bench-api --fill`` does; every board refreshed, every player rated), and starts two more
gunicorns for the readers: ``replica``, whose ``DATABASE_REPLICA_URL`` prefers the standby
(``target_session_attrs=prefer-standby`` over both nodes), and ``primary``, without one.
Meanwhile games are played through the stack's own gunicorn (``--games-in-play`` at once,
against the computer and between people), so the primary is busy with writes throughout.

Phases of ``--seconds`` alternate between the two reader gunicorns, ``--rounds`` times:
``--readers`` threads each ask for a random one of the weekly, monthly and all-time boards,
the rating board and a player's public profile. Per kind it prints reads/s and their
latency, and on each database node: the CPU its PostgreSQL processes used (cores busy), and
the transactions and rows its ``ginrummy`` database served (``pg_stat_database``); the
standby's replay lag (``pg_stat_replication``) as the reads ran; and, for the games played
meanwhile, the primary's WAL per action and the standby's CPU per action replaying it.
Figures are in docs/scaling.md ("Reads from the standby").
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import threading
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "drills"))
sys.path.insert(0, str(HERE))

from api_load import Sample, fill, percentile, processes, timed  # noqa: E402
from load import Client, Driver, Tally, make_users  # noqa: E402
from machine import cpu_model  # noqa: E402
from stack import PatroniCluster, PatroniNode, Service, Stack, free_port, log  # noqa: E402

PAGES = (
    "/leaderboards/weekly",
    "/leaderboards/monthly",
    "/leaderboards/all-time",
    "/leaderboards/rating",
)


def node_cpu(node: PatroniNode) -> float:
    """CPU seconds of the node's PostgreSQL: the postmaster and everything under it."""
    root = node.postmaster()
    table = processes()
    total = 0.0
    for pid, (_, seconds) in table.items():
        current, hops = pid, 0
        while current != root and current in table and hops < 8:
            current, hops = table[current][0], hops + 1
        if current == root:
            total += seconds
    return total


def node_counters(cluster: PatroniCluster, node: PatroniNode) -> tuple[int, int]:
    """The node's ``ginrummy`` database: (transactions, rows returned and fetched)."""
    import psycopg

    with psycopg.connect(cluster.node_url(node), autocommit=True) as conn:
        row = conn.execute(
            "SELECT xact_commit + xact_rollback, tup_returned + tup_fetched "
            "FROM pg_stat_database WHERE datname = 'ginrummy'"
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def replay_lag(cluster: PatroniCluster, primary: PatroniNode) -> float:
    """The standby's replay lag as the primary sees it, in milliseconds (0 when idle)."""
    import psycopg

    with psycopg.connect(cluster.node_url(primary), autocommit=True) as conn:
        row = conn.execute(
            "SELECT COALESCE(EXTRACT(epoch FROM max(replay_lag)), 0) FROM pg_stat_replication"
        ).fetchone()
    return 1000 * float(row[0]) if row else 0.0


def wal_position(cluster: PatroniCluster, primary: PatroniNode) -> int:
    """The primary's write-ahead log position, in bytes."""
    import psycopg

    with psycopg.connect(cluster.node_url(primary), autocommit=True) as conn:
        row = conn.execute("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn").fetchone()
    assert row is not None
    return int(row[0])


def reader_gunicorn(stack: Stack, name: str, replica: bool) -> tuple[Service, int]:
    """Another gunicorn like the stack's, with or without the replica configured."""
    web = stack.services["web"]
    assert web.cmd[2] == "--bind"
    port = free_port()
    env = dict(stack.env)
    if not replica:
        env.pop("DATABASE_REPLICA_URL", None)
    service = Service(name, [*web.cmd[:3], f"127.0.0.1:{port}", *web.cmd[4:]], env, stack.logdir)
    service.start()
    stack.wait_healthy(port)
    return service, port


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=8, help="concurrent reading clients")
    parser.add_argument("--seconds", type=float, default=12, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=3, help="replica/primary phase pairs")
    parser.add_argument("--players", type=int, default=60, help="players registered")
    parser.add_argument("--games", type=int, default=20_000, help="finished games filled in")
    parser.add_argument("--games-in-play", type=int, default=4, help="games played meanwhile")
    args = parser.parse_args()

    with Stack(cluster=True) as stack:
        cluster = stack.postgres
        assert isinstance(cluster, PatroniCluster)
        log(f"stack up; registering {args.players} players, filling {args.games:,} games")
        tokens = make_users(stack, args.players)
        fill(stack, args.games, 10 * args.games)
        refreshed = stack.manage(
            "shell",
            "-c",
            "from leaderboards.services import standings_refresh_open as r; r()",
        )
        assert refreshed.returncode == 0, refreshed.stderr
        stack.sql(
            "INSERT INTO leaderboards_playerrating (user_id, variant, rating, "
            "rating_deviation, volatility, games, updated_at) "
            "SELECT id, 'gin', 1200 + random() * 600, 50 + random() * 50, 0.06, 30, now() "
            "FROM accounts_user ON CONFLICT DO NOTHING"
        )
        names = [row[0] for row in stack.sql("SELECT username FROM accounts_user")]
        cluster.wait_synchronous()
        primary, standby = cluster.primary(), cluster.sync_standby()
        assert primary is not None and standby is not None
        gunicorns = {
            "replica": reader_gunicorn(stack, "web-replica", replica=True),
            "primary": reader_gunicorn(stack, "web-primary", replica=False),
        }
        writers_stop = threading.Event()
        tally = Tally()
        writers = [
            Driver(
                stack.api_port,
                tokens[2 * i : 2 * i + 2] if i % 2 else [tokens[2 * i]],
                "people" if i % 2 else "computer",
                tally,
                writers_stop,
                think=0.1,
            )
            for i in range(args.games_in_play)
        ]
        for writer in writers:
            writer.start()
        readers = tokens[-args.readers :]
        samples: dict[str, list[Sample]] = {"replica": [], "primary": []}
        cpu: dict[str, Counter[str]] = {"replica": Counter(), "primary": Counter()}
        served: dict[str, Counter[str]] = {"replica": Counter(), "primary": Counter()}
        lags: dict[str, list[float]] = {"replica": [], "primary": []}
        try:
            for r in range(args.rounds):
                for kind, (_service, port) in gunicorns.items():
                    log(f"round {r + 1}: reads through the {kind} gunicorn")
                    sample, stop = Sample(), time.monotonic() + args.seconds
                    before = {
                        node.name: (node_cpu(node), node_counters(cluster, node))
                        for node in (primary, standby)
                    }
                    actions, wal = tally.actions, wal_position(cluster, primary)

                    def read(
                        token: str, port: int = port, sample: Sample = sample, stop: float = stop
                    ) -> None:
                        client = Client(port, token)
                        pick = random.Random(token)
                        while time.monotonic() < stop:
                            page = pick.choice([*PAGES, "profile"])
                            if page == "profile":
                                page = f"/users/{pick.choice(names)}"
                            timed(sample, "read", client, "GET", page)

                    threads = [threading.Thread(target=read, args=(t,)) for t in readers]
                    started = time.monotonic()
                    for thread in threads:
                        thread.start()
                    while time.monotonic() < stop - 0.5:
                        lags[kind].append(replay_lag(cluster, primary))
                        time.sleep(1.0)
                    for thread in threads:
                        thread.join()
                    sample.seconds = time.monotonic() - started
                    samples[kind].append(sample)
                    for node in (primary, standby):
                        seconds, (xacts, rows) = before[node.name]
                        now_xacts, now_rows = node_counters(cluster, node)
                        cpu[kind][node.name] += node_cpu(node) - seconds
                        served[kind][f"{node.name} transactions"] += now_xacts - xacts
                        served[kind][f"{node.name} rows"] += now_rows - rows
                    served[kind]["actions"] += tally.actions - actions
                    served[kind]["WAL bytes"] += wal_position(cluster, primary) - wal
        finally:
            writers_stop.set()
            for writer in writers:
                writer.join(timeout=30)
            for service, _port in gunicorns.values():
                service.close()
        load = os.getloadavg()[0]

    ms = 1000
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average at the end {load:.1f}"
    )
    print(
        f"{args.readers} readers per phase, {args.rounds} x ({args.seconds:.0f} s through the "
        f"replica gunicorn + {args.seconds:.0f} s through the primary one), interleaved; "
        f"{args.games:,} finished games filled in, {args.games_in_play} games in play "
        f"meanwhile ({tally.actions} actions, {tally.statuses[200]} answers 200, errors "
        f"{sum(n for s, n in tally.statuses.items() if s not in (200, 201))}); primary "
        f"{primary.name}, standby {standby.name}"
    )
    for kind in ("replica", "primary"):
        total = Sample()
        for s in samples[kind]:
            total.seconds += s.seconds
            total.latencies.setdefault("read", []).extend(s.latencies.get("read", []))
            total.statuses.update(s.statuses)
        reads = total.latencies.get("read", [])
        errors = sum(n for status, n in total.statuses.items() if status != 200)
        print(
            f"{kind:<8} {len(reads) / total.seconds:7.1f} reads/s   p50 "
            f"{ms * percentile(reads, 50):6.1f}  p95 {ms * percentile(reads, 95):6.1f} ms   "
            f"errors {errors}"
        )
        for node, role in ((primary, "primary"), (standby, "standby")):
            busy = cpu[kind][node.name] / total.seconds
            xacts, rows = (served[kind][f"{node.name} {what}"] for what in ("transactions", "rows"))
            print(
                f"  {role} ({node.name}): PostgreSQL {busy:.3f} cores busy; "
                f"{xacts / total.seconds:,.1f} transactions/s, {rows / total.seconds:,.0f} rows/s"
            )
        actions = max(1, served[kind]["actions"])
        print(
            f"  the standby's replay lag meanwhile: max {max(lags[kind], default=0):.1f} ms, "
            f"median {percentile(lags[kind], 50):.1f} ms; games in play: "
            f"{served[kind]['actions']} actions, {served[kind]['WAL bytes'] / actions:,.0f} "
            f"WAL bytes per action"
            + (
                f", the standby's CPU (replaying them) {ms * cpu[kind][standby.name] / actions:.2f}"
                " ms per action"
                if kind == "primary"
                else ""
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
