"""The action path straight to PostgreSQL and through PgBouncer, interleaved in one run.

    .venv/bin/python bench/pooling_load.py [--clients 16] [--seconds 12] [--rounds 3]

Starts the local stack (``bench/drills/stack.py``: PostgreSQL with ``pg_stat_statements``,
Redis, gunicorn, the events service, a Celery worker and beat), Debian's PgBouncer in front
of its PostgreSQL in transaction mode (a pool of ``--pool`` server connections), and a
second gunicorn with as many workers whose ``DATABASE_URL`` is PgBouncer's and which runs
with ``DJANGO_DB_PREPARED=false`` (a transaction-mode pool cannot keep a session's prepared
statements). Phases of ``--seconds`` alternate between the two, ``direct`` first, then
``pooled``, ``--rounds`` times, with the same kind of players (half games between two
people, half against the computer, as ``make bench-api``; each gunicorn has its own
players, only one set plays at a time). The Celery worker and the events process talk to
PostgreSQL directly in both.

It prints per kind: actions/s and their latency, the CPU per action of gunicorn, PostgreSQL,
PgBouncer and the rest, PostgreSQL's statements per action (calls, execution and planning
time), and the server connections PostgreSQL held for each gunicorn's workers. Figures are
in docs/scaling.md ("Pooling").
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "drills"))
sys.path.insert(0, str(HERE))

from api_load import (  # noqa: E402
    GamePlayer,
    Meter,
    Sample,
    describe,
    describe_statements,
    merge,
    percentile,
    run_phase,
)
from load import Client, make_users  # noqa: E402
from machine import cpu_model  # noqa: E402
from stack import PgBouncer, Postgres, Service, Stack, free_port, log  # noqa: E402


class PoolingMeter(Meter):
    """:class:`Meter` with the second gunicorn and PgBouncer as parts of their own."""

    def __init__(self, stack: Stack, pooled: Service, bouncer: PgBouncer) -> None:
        super().__init__(stack)
        self.pooled, self.bouncer = pooled, bouncer

    def roots(self) -> dict[int, str]:
        roots = super().roots()
        for proc, name in ((self.pooled.proc, "web (pooled)"), (self.bouncer.proc, "pgbouncer")):
            if proc is not None:
                roots[proc.pid] = name
        return roots


def server_connections(stack: Stack) -> tuple[int, int]:
    """PostgreSQL's client backends now: (all of them, those PgBouncer opened, which its
    ``connect_query`` names)."""
    rows = stack.sql(
        "SELECT count(*), count(*) FILTER (WHERE application_name = 'pgbouncer') "
        "FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = 'ginrummy'"
    )
    return int(rows[0][0]), int(rows[0][1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers, each")
    parser.add_argument("--seconds", type=float, default=12, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=3, help="direct/pooled phase pairs")
    parser.add_argument("--pool", type=int, default=10, help="PgBouncer's server connections")
    args = parser.parse_args()

    settings = {
        "shared_preload_libraries": "pg_stat_statements",
        "pg_stat_statements.track_planning": "on",
        "pg_stat_statements.max": "2000",
        # Django sets the session's time zone when the server's differs: behind a pool in
        # transaction mode that would run on every new client connection.
        "timezone": "UTC",
    }
    with Stack(web_workers=args.workers, postgres_settings=settings) as stack:
        assert isinstance(stack.postgres, Postgres)
        stack.sql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        bouncer = PgBouncer(stack.workdir, stack.postgres, pool_size=args.pool)
        pooled_port = free_port()
        web = stack.services["web"]
        assert web.cmd[2] == "--bind"
        pooled = Service(
            "web-pooled",
            [*web.cmd[:3], f"127.0.0.1:{pooled_port}", *web.cmd[4:]],
            {**stack.env, "DATABASE_URL": bouncer.url, "DJANGO_DB_PREPARED": "false"},
            stack.logdir,
        )
        try:
            bouncer.start()
            pooled.start()
            stack.wait_healthy(pooled_port)
            log(f"stack up; registering {3 * args.clients} players")
            tokens = make_users(stack, 3 * args.clients)
            players: dict[str, list[Any]] = {}
            for kind, port, offset in (
                ("direct", stack.api_port, 0),
                ("pooled", pooled_port, args.clients + args.clients // 2),
            ):
                mine = tokens[offset : offset + args.clients + args.clients // 2]
                people = args.clients // 2
                group = [
                    GamePlayer(stack, mine[2 * i : 2 * i + 2], False, "easy") for i in range(people)
                ]
                group += [
                    GamePlayer(stack, [mine[2 * people + i]], True, "easy")
                    for i in range(args.clients - people)
                ]
                for player in group:
                    player.clients = [Client(port, token) for token in player.tokens]
                players[kind] = group
            for kind in ("direct", "pooled"):
                run_phase("warm-up", [p.step for p in players[kind]], 3)
            meter = PoolingMeter(stack, pooled, bouncer)
            results: dict[str, list[Sample]] = {"direct": [], "pooled": []}
            connections: dict[str, list[tuple[int, int]]] = {"direct": [], "pooled": []}
            for r in range(args.rounds):
                for kind in ("direct", "pooled"):
                    log(f"round {r + 1}: {kind}")
                    results[kind].append(
                        run_phase(kind, [p.step for p in players[kind]], args.seconds, meter)
                    )
                    connections[kind].append(server_connections(stack))
            load = os.getloadavg()[0]
        finally:
            pooled.close()
            bouncer.close()

    ms = 1000
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average at the end {load:.1f}"
    )
    print(
        f"{args.clients} clients per gunicorn ({args.workers} sync workers each), "
        f"{args.rounds} x ({args.seconds:.0f} s direct + {args.seconds:.0f} s pooled), "
        f"interleaved; PgBouncer {args.pool} server connections, transaction mode"
    )
    totals = {kind: merge(samples) for kind, samples in results.items()}
    for kind, total in totals.items():
        actions = total.count("action")
        print(describe(kind, total, ["action"]) + f"   actions/s {actions / total.seconds:.1f}")
        replies = total.replies
        if replies:
            print(f"  computer's reply p95 {ms * percentile(replies, 95):.1f} ms")
        parts = sorted(total.cpu.items(), key=lambda item: -item[1])
        print(
            f"  CPU per action ({sum(total.cpu.values()) / total.seconds:.2f} cores busy): "
            + ", ".join(f"{part} {ms * sec / max(1, actions):.2f} ms" for part, sec in parts)
        )
        print("\n".join("  " + line for line in describe_statements(total, "action", actions, 6)))
        counts = connections[kind]
        print(
            "  PostgreSQL client backends at the end of each phase (all / PgBouncer's): "
            + ", ".join(f"{a}/{b}" for a, b in counts)
        )
    per_round = [
        f"{d.count('action') / d.seconds:.0f}/{p.count('action') / p.seconds:.0f}"
        for d, p in zip(results["direct"], results["pooled"], strict=True)
    ]
    print(f"per round, direct / pooled actions/s: {', '.join(per_round)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
