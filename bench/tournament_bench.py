"""Tournament pairing speed: an arena with 1,000 waiting players, and Swiss rounds.

    .venv/bin/python bench/tournament_bench.py [--runs N] [--quick]

Arena: 1,000 active players, all waiting (the worst case: every game of a full arena has
just ended), ranks a random permutation, ratings drawn around 1500, every player's last
opponent another waiting player. ``arena_pairings`` is timed ``--runs`` times (median and
max), beside references in the same run:

* the same matching over the whole field at once, each player joined to its 12 nearest in
  rank (twice the neighbours, no groups): what the groups and the neighbour limit save, and
  what they cost in pairing quality (the total pairing cost of both answers);
* the complete graph (every waiting pair) on the first 200 players by rank: how fast the
  unrestricted blossom grows.

and a second arena figure: 1,000 active players of whom a random 300 are waiting (wider
rank gaps between them).

Swiss: ``swiss_pairings`` for round 5 of a 1-v-1 Swiss of 64, 128 and 256 players (four
rounds played, random results), the complete graph minus rematches, median of the runs.

Wall times move with the machine's load; each figure also gives the median CPU time of the
process over the same runs, which other processes move much less.

Figures are recorded in docs/benchmarks.md ("Tournament pairings").
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import networkx as nx  # noqa: E402
from machine import cpu_model  # noqa: E402

from tournaments.formats import (  # noqa: E402
    Entry,
    Format,
    Game,
    Settings,
    Waiting,
    arena_pairings,
    swiss_pairings,
)
from tournaments.formats.arena import NEIGHBOURS, PAIRING_GROUP, pairing_cost  # noqa: E402

START = datetime(2025, 6, 1, 18, tzinfo=UTC)
ARENA = Settings(format=Format.ARENA, starts_at=START, ends_at=START + timedelta(hours=1))
NOW = START + timedelta(minutes=30)


def timed(fn: Callable[[], object], runs: int) -> tuple[list[float], object]:
    """Wall seconds of each run (the process's CPU seconds go to ``CPU``) and the answer."""
    seconds = []
    result: object = None
    CPU.clear()
    for _ in range(runs):
        begin, begin_cpu = time.perf_counter(), time.process_time()
        result = fn()
        seconds.append(time.perf_counter() - begin)
        CPU.append(time.process_time() - begin_cpu)
    return seconds, result


CPU: list[float] = []


def arena_field(n: int, rng: random.Random):
    players = list(range(1, n + 1))
    ranks = {p: i for i, p in enumerate(rng.sample(players, n), start=1)}
    ratings = {p: rng.gauss(1500, 300) for p in players}
    shuffled = rng.sample(players, n)
    last: dict[int, set[int]] = {}
    for a, b in zip(shuffled[::2], shuffled[1::2], strict=True):
        last[a], last[b] = {b}, {a}
    waiting = [
        Waiting(p, NOW - timedelta(seconds=30) + timedelta(milliseconds=i))
        for i, p in enumerate(players)
    ]
    return players, ranks, ratings, last, waiting


def total_cost(pairs, ranks, ratings, worst) -> int:
    return sum(
        pairing_cost(ranks[a], ranks[b], ratings[a], ratings[b], worst=worst) for a, b in pairs
    )


def reference_matching(players, ranks, ratings, last, worst, band):
    """The whole field as one blossom; each player joined to its ``band`` nearest by rank."""
    order = sorted(players, key=lambda p: ranks[p])
    graph: nx.Graph[int] = nx.Graph()
    edges = []
    for i, a in enumerate(order):
        for b in order[i + 1 : i + 1 + band]:
            if b not in last.get(a, ()):
                edges.append(
                    (a, b, pairing_cost(ranks[a], ranks[b], ratings[a], ratings[b], worst=worst))
                )
    ceiling = max(c for *_, c in edges) + 1
    graph.add_weighted_edges_from((a, b, ceiling - c) for a, b, c in edges)
    return nx.max_weight_matching(graph, maxcardinality=True)


def swiss_field(n: int, rng: random.Random):
    entries = [Entry(player=p, rating=rng.gauss(1500, 300), joined=p) for p in range(1, n + 1)]
    settings = Settings(format=Format.SWISS, rounds=9)
    records: list = []
    for round_no in range(1, 5):
        paired = swiss_pairings(settings, round_no=round_no, entries=entries, records=records)
        records += paired.byes
        records += [
            Game.decided(round=round_no, players=t, winner=rng.choice([*t, None]))
            for t in paired.tables
        ]
    return settings, entries, records


def fmt(seconds: list[float]) -> str:
    """Median and max wall time, and the median CPU time of the same runs."""
    return (
        f"median {statistics.median(seconds) * 1000:,.0f} ms, max {max(seconds) * 1000:,.0f} ms"
        f" (CPU median {statistics.median(CPU) * 1000:,.0f} ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--quick", action="store_true", help="200 players, 3 runs, small Swiss")
    args = parser.parse_args()
    n = 200 if args.quick else args.players
    runs = 3 if args.quick else args.runs
    rng = random.Random(args.seed)
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} logical CPUs, "
        f"load average {os.getloadavg()[0]:.2f}, CPython {platform.python_version()}, "
        f"networkx {nx.__version__}"
    )

    players, ranks, ratings, last, waiting = arena_field(n, rng)
    worst = n + 1

    def ours():
        return arena_pairings(
            ARENA,
            waiting=waiting,
            active_count=n,
            last_opponents=last,
            ranks=ranks,
            ratings=ratings,
            now=NOW,
        )

    seconds, pairs = timed(ours, runs)
    assert len(pairs) == n // 2, "every waiting player is paired"
    ours_cost = total_cost(pairs, ranks, ratings, worst)
    print(
        f"\narena, {n} waiting: arena_pairings (groups of {PAIRING_GROUP}, "
        f"{NEIGHBOURS} nearest): {fmt(seconds)} over {runs} runs"
    )

    ref_seconds, ref = timed(
        lambda: reference_matching(players, ranks, ratings, last, worst, 2 * NEIGHBOURS), 1
    )
    ref_cost = total_cost(ref, ranks, ratings, worst)
    print(
        f"reference, one blossom over all {n} ({2 * NEIGHBOURS} nearest): "
        f"{ref_seconds[0] * 1000:,.0f} ms (CPU {CPU[0] * 1000:,.0f} ms), {len(ref)} pairs"
    )
    print(
        f"total pairing cost: groups {ours_cost:,}, whole field {ref_cost:,} "
        f"(groups / whole = {ours_cost / ref_cost:.4f})"
    )

    some = sorted(rng.sample(waiting, n * 3 // 10), key=lambda w: w.since)
    seconds, part = timed(
        lambda: arena_pairings(
            ARENA,
            waiting=some,
            active_count=n,
            last_opponents=last,
            ranks=ranks,
            ratings=ratings,
            now=NOW,
        ),
        runs,
    )
    print(f"arena, {n} active, a random {len(some)} waiting: {fmt(seconds)}, {len(part)} games")

    top = sorted(players, key=lambda p: ranks[p])[: min(200, n)]
    full_seconds, _ = timed(
        lambda: reference_matching(top, ranks, ratings, last, worst, len(top)), 1
    )
    print(
        f"reference, complete graph on the top {len(top)}: {full_seconds[0] * 1000:,.0f} ms"
        f" (CPU {CPU[0] * 1000:,.0f} ms)"
    )

    for size in (16, 32) if args.quick else (64, 128, 256):
        settings, entries, records = swiss_field(size, rng)
        seconds, paired = timed(
            lambda s=settings, e=entries, r=records: swiss_pairings(
                s, round_no=5, entries=e, records=r
            ),
            1 if size >= 256 else 3,
        )
        print(f"swiss, {size} players, round 5: {fmt(seconds)}, {len(paired.tables)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
