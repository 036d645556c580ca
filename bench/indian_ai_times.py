"""What an Indian Rummy computer player's decision costs, in CPU time.

    python bench/indian_ai_times.py --level hard --seats 6 --games 300 --seed 7

Plays ``--games`` points-format deals of ``--level`` at one seat against the baseline at
every other (the simulator's decks and seating, :mod:`games.ai.indian.simulate`) in this
one process and times each of the level's decisions with the process's CPU clock
(``time.process_time_ns``), which a busy machine's other jobs do not inflate, unlike the
wall-clock times of ``bench/simulate.py``. Prints the p50, p95 and maximum, overall and by
phase (draw, discard).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.common.simulate import group_decks, percentile
from games.ai.indian import PLAYERS
from games.ai.indian.simulate import CONTEST
from games.rules.indian import INDIAN_RULES, Phase


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard", choices=tuple(PLAYERS))
    parser.add_argument("--seats", type=int, default=2, choices=(2, 3, 4, 5, 6))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args(argv)
    rules = INDIAN_RULES
    settings = rules.rules_from_json({"format": "points"})
    times: dict[str, list[int]] = {"draw": [], "discard": []}
    seats = options.seats
    for game in range(options.games):
        group, a_seat = divmod(game, seats)
        decks = group_decks(CONTEST, options.seed, group, settings)
        names = ["baseline"] * seats
        names[a_seat] = options.level
        rngs = [random.Random(f"times:{options.seed}:{game}:{seat}") for seat in range(seats)]
        state = rules.new_game(settings, seats=seats, dealer=0, deck=decks[0], salt="")
        while not rules.progress(state).is_over:
            seat = rules.progress(state).turn
            assert seat is not None
            view = rules.view_for(state, seat)
            started = time.process_time_ns()
            action = PLAYERS[names[seat]](view, rngs[seat])
            spent = time.process_time_ns() - started
            if seat == a_seat:
                phase = "draw" if view.round.phase is Phase.DRAW else "discard"
                times[phase].append(spent)
            state = rules.apply_action(state, action, seat)
    every = times["draw"] + times["discard"]
    print(f"{options.level} at {seats} seats against the baseline, {options.games} deals, "
          f"seed {options.seed}")
    print("CPU time per decision (ms)   p50      p95      max   decisions")
    for name, values in (("all", every), *times.items()):
        p50, p95 = percentile(values, 0.5) / 1e6, percentile(values, 0.95) / 1e6
        print(f"  {name:8} {p50:8.3f} {p95:8.3f} {max(values, default=0) / 1e6:8.2f}"
              f" {len(values):>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
