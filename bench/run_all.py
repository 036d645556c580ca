"""``make bench``: every benchmark, one after another; figures go to docs/benchmarks.md.

    tests/with_services.sh .venv/bin/python bench/run_all.py [--quick]

``make bench`` runs this under ``tests/with_services.sh`` (a throwaway PostgreSQL and
Redis). ``--quick`` runs small versions of each, for a smoke test (about a minute); the
full run takes several minutes on two cores. The computer-player strength runs (thousands
of games) are separate: see docs/ai.md for their commands.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"


def python_for_rules() -> str:
    """The rules benchmark compares against OpenSpiel and RLCard when they are installed in
    ``.bench-venv`` (the ``bench`` extra); otherwise it measures the rules core alone."""
    candidate = ROOT / ".bench-venv" / "bin" / "python"
    return str(candidate) if candidate.exists() else sys.executable


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small runs (a smoke test)")
    args = parser.parse_args()
    quick = args.quick
    runs = [
        (
            "rules core",
            [python_for_rules(), BENCH / "rules_bench.py", *(["--quick"] if quick else [])],
        ),
        (
            "rummy rules core",
            [sys.executable, BENCH / "rummy_bench.py", *(["--quick"] if quick else [])],
        ),
        (
            "game snapshots",
            [
                sys.executable,
                BENCH / "snapshot_bench.py",
                *(["--batches", "3", "--calls", "50"] if quick else []),
            ],
        ),
        (
            "tournament pairings",
            [sys.executable, BENCH / "tournament_bench.py", *(["--quick"] if quick else [])],
        ),
        (
            "leaderboards",
            [
                sys.executable,
                BENCH / "leaderboard_bench.py",
                *(["--users", "1000", "--games", "20000", "--repeat", "2"] if quick else []),
            ],
        ),
        (
            "live games",
            [
                sys.executable,
                BENCH / "live_bench.py",
                *(["--games", "4", "--seconds", "20"] if quick else []),
            ],
        ),
        (
            "registrations beside a game (embedded SQLite)",
            [
                sys.executable,
                BENCH / "registration_stall.py",
                *(["--threads", "4", "--phase-seconds", "4", "--rounds", "1"] if quick else []),
            ],
        ),
        (
            "computer players (short)",
            [
                sys.executable,
                BENCH / "simulate.py",
                "--a",
                "hard",
                "--b",
                "baseline",
                "--games",
                "20" if quick else "200",
                "--seed",
                "7",
                "--workers",
                "2",
            ],
        ),
        (
            "indian computer players (short)",
            [
                sys.executable,
                BENCH / "simulate.py",
                "--variant",
                "indian",
                "--seats",
                "6",
                "--a",
                "hard",
                "--b",
                "baseline",
                "--games",
                "12" if quick else "120",
                "--seed",
                "7",
                "--workers",
                "2",
            ],
        ),
    ]
    failed = []
    for title, command in runs:
        print(f"\n=== {title} ===", flush=True)
        started = time.monotonic()
        result = subprocess.run([str(part) for part in command], cwd=ROOT)
        print(f"--- {title}: {time.monotonic() - started:.0f} s, exit {result.returncode}")
        if result.returncode:
            failed.append(title)
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
