"""What a game review costs, game by game: one seat's decisions in whole rounds played by
Medium at every seat, each asked of Hard with the review's seeds and, where Hard's choice
differs, its loss estimated as the review does (docs/ai.md#the-game-review). No database:
the games' rules and players alone, timed with the process's CPU clock.

    python bench/review_cost.py --rounds 3 --seed 7
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.variants import VARIANTS

SEEDS = 4  # games.services.review.REVIEW_SEEDS
LEVEL = "medium"  # games.services.review.REVIEW_PLAYOUT_LEVEL


def review_round(name: str, seats: int, seed: int) -> dict[str, float]:
    """One round of ``name`` at ``seats`` seats, Medium everywhere, seat 0 reviewed."""
    variant = VARIANTS[name]
    rules = variant.rules
    settings = rules.rules_from_json(None)
    deck = rules.new_deck(random.Random(f"deck:{seed}"), settings)
    state = rules.new_game(settings, seats=seats, dealer=0, deck=deck, salt="")
    rng = random.Random(f"play:{seed}")
    decisions = differ = 0
    started = time.process_time()
    while True:
        progress = rules.progress(state)
        if progress.is_over or progress.awaiting_deal or progress.turn is None:
            break
        seat = progress.turn
        view = rules.view_for(state, seat)
        move = variant.players.choose(view, LEVEL, rng)
        if seat == 0:
            decisions += 1
            asked = [
                variant.players.choose(view, "hard", random.Random(f"{seed}:{decisions}:{n}"))
                for n in range(SEEDS)
            ]
            keys = [json.dumps(rules.action_to_json(a), sort_keys=True) for a in asked]
            hard = asked[keys.index(max(keys, key=keys.count))]
            if hard != move:
                differ += 1
                variant.move_loss(
                    state, 0, move, hard, level=LEVEL, rng=random.Random(f"{seed}:{decisions}")
                )
        state = rules.apply_action(state, move, seat)
    return {"decisions": decisions, "differ": differ, "seconds": time.process_time() - started}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print("game     seats  rounds  decisions  differ  CPU s/round  CPU s/decision differing")
    for name, seats in (("gin", 2), ("rummy", 2), ("rummy500", 2), ("indian", 2), ("indian", 6)):
        rows = [review_round(name, seats, args.seed + n) for n in range(args.rounds)]
        decisions = sum(r["decisions"] for r in rows)
        differ = sum(r["differ"] for r in rows)
        seconds = sum(r["seconds"] for r in rows)
        print(
            f"{name:8} {seats:5}  {args.rounds:6}  {decisions:9}  {differ:6}  "
            f"{seconds / args.rounds:11.2f}  {seconds / max(differ, 1):14.2f}"
        )


if __name__ == "__main__":
    main()
