"""What an action pays for its game's snapshot as the game grows: the whole state stored in
one JSON value, against the round in play with the finished rounds kept apart
(``games.snapshots``).

For a Gin game holding 0, 4, 16 and 64 finished rounds (one real round's result, played
out with random legal actions from a seeded deck, repeated), each contender does what an
action does with the snapshot in the web process: parse the stored text (``json.loads``,
as psycopg returns a ``jsonb``), turn it into the rules core's state, turn the next state
back into JSON and encode it for the ``UPDATE`` (``json.dumps``). The whole state is the
codec's ``state_from_json`` / ``state_to_json``; kept apart, ``snapshots.load`` with the
finished rounds kept by the process (the usual case: the process that wrote them) and
``snapshots.dump`` with the previous reference (no round ended). The two run in turn, in
short batches, so they see the same background load; medians over the batches, and the
bytes each stores on every action.

Usage: ``python bench/snapshot_bench.py [--batches N] [--calls N] [--seed N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import cpu_model

from games import snapshots
from games.rules.gin import RuleSet, apply_action, legal_moves, new_deck, new_game
from games.variants import variant_for

GIN = variant_for("gin")
ROUNDS = (0, 4, 16, 64)


def finished_round(seed: int) -> tuple[Any, Any]:
    """A state in its second round's play and the first round's result (random play)."""
    rng = random.Random(seed)
    while True:
        state = new_game(RuleSet(), rng.randrange(2), new_deck(rng))
        while not state.awaiting_deal and not state.is_over:
            seat = state.turn
            assert seat is not None
            state = apply_action(state, rng.choice(legal_moves(state, seat)), seat)
        if state.rounds:
            result = state.rounds[0]
            playing = new_game(RuleSet(), rng.randrange(2), new_deck(rng))
            for _ in range(5):  # a few actions into the round
                seat = playing.turn
                assert seat is not None
                playing = apply_action(playing, rng.choice(legal_moves(playing, seat)), seat)
            return playing, result


def contenders(state: Any) -> dict[str, Callable[[], int]]:
    rules = GIN.rules
    whole_text = json.dumps(rules.state_to_json(state))
    key = object()
    apart_data = snapshots.dump(GIN, state, key=key, previous=None, keep=lambda n, r: None)
    apart_text = json.dumps(apart_data)

    def whole() -> int:
        loaded = rules.state_from_json(json.loads(whole_text))
        return len(json.dumps(rules.state_to_json(loaded)))

    def apart() -> int:
        data = json.loads(apart_text)
        loaded = snapshots.load(GIN, data, key=key, read=lambda count: [])
        written = snapshots.dump(GIN, loaded, key=key, previous=data, keep=lambda n, r: None)
        return len(json.dumps(written))

    assert rules.state_to_json(
        snapshots.load(GIN, json.loads(apart_text), key=key, read=lambda c: [])
    ) == rules.state_to_json(state)
    return {"whole state": whole, "rounds kept apart": apart}


def batch(function: Callable[[], int], calls: int) -> tuple[float, int]:
    started = time.process_time()
    size = 0
    for _ in range(calls):
        size = function()
    return (time.process_time() - started) / calls, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--batches", type=int, default=9)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    playing, result = finished_round(args.seed)
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print("finished rounds | contender | CPU per action (median, min-max) | bytes stored")
    for count in ROUNDS:
        state = GIN.rules.state_with_rounds(playing, (result,) * count)
        runs = contenders(state)
        times: dict[str, list[float]] = {name: [] for name in runs}
        sizes: dict[str, int] = {}
        for _ in range(args.batches):
            for name, function in runs.items():
                seconds, sizes[name] = batch(function, args.calls)
                times[name].append(seconds)
        for name, values in times.items():
            print(
                f"{count:>15} | {name:<17} | {statistics.median(values) * 1e3:.3f} ms "
                f"({min(values) * 1e3:.3f}-{max(values) * 1e3:.3f}) | {sizes[name]:,}"
            )
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
