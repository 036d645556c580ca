"""How long one computer player's decisions take, in wall time and in the process's own
CPU time (which other jobs on a shared machine do not inflate).

    python bench/decision_time.py --variant rummy --seats 2 --a hard --b medium \
        --games 40 --seed 3 --rules '{"rounds": 3}'

Plays the games of ``manage.py simulate`` (same deals and seats, one process) and prints,
for each player, the 50th, 95th and 99th percentiles and the maximum of its decisions'
times. The win figures are ``manage.py simulate``'s business, not this script's.
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import cpu_model

from games.ai.common.simulate import (
    AnyContest,
    parse_rules_option,
    percentile,
    play_group,
)
from games.variants.simulate import CONTESTS


def timed(
    contest: AnyContest, clocks: dict[str, tuple[list[int], list[int]]]
) -> AnyContest:
    """``contest`` with every seat's player timed by both clocks into ``clocks``."""

    def seat_player(name: str) -> Callable[[Any, random.Random], Any]:
        player = contest.seat_player(name)
        walls, cpus = clocks.setdefault(name, ([], []))

        def choose(view: Any, rng: random.Random) -> Any:
            wall, cpu = time.perf_counter_ns(), time.thread_time_ns()
            action = player(view, rng)
            cpus.append(time.thread_time_ns() - cpu)
            walls.append(time.perf_counter_ns() - wall)
            return action

        return choose

    return dataclasses.replace(contest, seat_player=seat_player)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="gin", choices=tuple(CONTESTS))
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="medium")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rules", default=None)
    options = parser.parse_args()
    contest = CONTESTS[options.variant]
    settings = parse_rules_option(options.games, options.rules, contest.rules.rules_from_json)
    clocks: dict[str, tuple[list[int], list[int]]] = {}
    played = timed(contest, clocks)
    groups = -(-options.games // options.seats)
    for group in range(groups):
        play_group(played, (options.a, options.b, options.seats, options.seed, group, settings))
    print(
        f"{options.variant}, {options.seats} seats, {options.a} vs {options.b}: "
        f"{groups * options.seats} games, seed {options.seed}; {cpu_model()}, "
        f"Python {platform.python_version()}"
    )
    print("player       clock     p50 ms   p95 ms   p99 ms   max ms  decisions")
    for name, (walls, cpus) in clocks.items():
        for clock, values in (("wall", walls), ("cpu", cpus)):
            print(
                f"{name:12} {clock:6} {percentile(values, 0.5) / 1e6:9.3f}"
                f"{percentile(values, 0.95) / 1e6:9.3f}{percentile(values, 0.99) / 1e6:9.3f}"
                f"{max(values, default=0) / 1e6:9.2f}  {len(values):>9}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
