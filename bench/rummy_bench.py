"""Speed of the rummy rules core on the paths every request takes.

Figures (single thread, best of several timed passes; the first-meld search caches are
emptied before each pass, so every figure is cold):

* views per second at 4 seats with a busy table: ``view_to_json(view_for(state, seat))``
  for every seat of positions taken from random 4-seat games once the table holds at
  least six melds (the seat to act gets its legal actions, lay-off and swap options and
  the meld check; the others an empty list);
* the seat to act's view alone, split by whether it has come out (before: the exact
  first-meld search over a 13-14 card hand with jokers; after: the table scan);
* the first-meld check on fresh deals: the view of the first player after the first draw
  (14 cards, six jokers in the deck), on average and at worst over many deals;
* random round playouts per second at 2 and 4 seats (deal, then random legal actions
  through ``apply_action`` with all its checks until a player goes out or the block).

Usage: ``python bench/rummy_bench.py [--quick] [--seed N] [--positions N] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import cpu_model

from games.rules.rummy import (
    GameState,
    Phase,
    RuleSet,
    apply_action,
    deal_next_round,
    legal_actions,
    meld_moves,
    new_deck,
    new_game,
    view_for,
    view_to_json,
)
from games.rules.rummy.actions import Discard, DrawDiscard, DrawStock, Layoff, SwapJoker
from games.rules.rummy.melds import clear_caches


def random_action(state: GameState, seat: int, rng: random.Random) -> object:
    """A random legal action that makes progress: mostly stock draws, melds and lay-offs
    when there are some, else a random discard."""
    legal = {entry.type: entry for entry in legal_actions(state, seat)}
    if "draw_stock" in legal:
        if "draw_discard" in legal and rng.random() < 0.3:
            return DrawDiscard()
        return DrawStock()
    if "meld" in legal and rng.random() < 0.9:
        melds = meld_moves(state, seat)
        if melds:
            return rng.choice(melds)
    for kind in ("layoff", "swap_joker"):
        if kind in legal and rng.random() < 0.7:
            option = rng.choice(legal[kind].options or ())
            if kind == "layoff":
                return Layoff(option.card, option.meld, option.end)
            return SwapJoker(option.card, option.meld)
    if "discard" in legal:
        return Discard(rng.choice(legal["discard"].cards or ()))
    # an owed joker with only a meld or lay-off left to play it
    option = rng.choice(legal["layoff"].options or ()) if "layoff" in legal else None
    if option is not None:
        return Layoff(option.card, option.meld, option.end)
    return rng.choice(meld_moves(state, seat))


def busy_positions(count: int, seed: int) -> list[GameState]:
    """Positions of random 4-seat games (default rules) whose table holds six melds or
    more, in the draw or play phase."""
    rng = random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        state = new_game(RuleSet(), 4, new_deck(rng, 6))
        while state.round.phase is not Phase.ROUND_OVER and len(out) < count:
            if len(state.round.table) >= 6 and rng.random() < 0.3:
                out.append(state)
            seat = state.turn
            assert seat is not None
            state = apply_action(state, random_action(state, seat, rng), seat)  # type: ignore[arg-type]
    return out


def play_round(seats: int, rng: random.Random) -> int:
    """One random round from the deal to its end; returns the actions applied."""
    state = new_game(RuleSet(), seats, new_deck(rng, 6), dealer=rng.randrange(seats))
    actions = 0
    while state.round.phase is not Phase.ROUND_OVER:
        seat = state.turn
        assert seat is not None
        state = apply_action(state, random_action(state, seat, rng), seat)  # type: ignore[arg-type]
        actions += 1
    if state.awaiting_deal:  # the next deal is part of a round's cost on the server too
        deal_next_round(state, new_deck(rng, 6))
    return actions


def best_time(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def views(states: Sequence[GameState], seats: Sequence[Sequence[int]]) -> Callable[[], None]:
    def run() -> None:
        for state, which in zip(states, seats, strict=True):
            for seat in which:
                view_to_json(view_for(state, seat))

    return run


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and playouts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    count = 60 if args.quick else args.positions
    repeat = 2 if args.quick else args.repeat
    rounds = 4 if args.quick else 20

    print(f"rummy rules core -- Python {platform.python_version()} on {cpu_model()}")
    states = busy_positions(count, args.seed)
    melds = sum(len(state.round.table) for state in states) / len(states)
    print(f"{len(states)} busy 4-seat positions (table: {melds:.1f} melds on average)")

    every = [range(4)] * len(states)
    elapsed = best_time(views(states, every), repeat)
    print(f"views, every seat:            {4 * len(states) / elapsed:10,.0f} views/s")

    movers = [[state.turn] for state in states]
    elapsed = best_time(views(states, movers), repeat)  # type: ignore[arg-type]
    print(f"views, seat to act:           {len(states) / elapsed:10,.0f} views/s")
    for came_out, label in ((False, "not yet out (meld search)"), (True, "out (table scan)")):
        chosen = [s for s in states if s.round.phase is Phase.PLAY
                  and s.round.came_out[s.turn or 0] is came_out]
        if chosen:
            elapsed = best_time(views(chosen, [[s.turn] for s in chosen]), repeat)  # type: ignore[misc]
            print(f"  play phase, {label + ':':26}{len(chosen) / elapsed:10,.0f} views/s"
                  f"  ({len(chosen)} positions, {1e3 * elapsed / len(chosen):.2f} ms each)")

    rng = random.Random(args.seed)
    fresh = []
    for _ in range(200 if args.quick else 2000):
        state = new_game(RuleSet(), 4, new_deck(rng, 6))
        fresh.append(apply_action(state, DrawStock(), 1))
    elapsed = best_time(views(fresh, [[1]] * len(fresh)), repeat)
    worst = 0.0  # the slowest deal, each timed three times (its best), cold
    for state in fresh:
        times = []
        for _ in range(3):
            clear_caches()
            start = time.perf_counter()
            view_for(state, 1)
            times.append(time.perf_counter() - start)
        worst = max(worst, min(times))
    can_meld = sum(1 for state in fresh
                   if any(e.type == "meld" for e in legal_actions(state, 1)))
    print(f"views, first turn (14 cards):  {len(fresh) / elapsed:10,.0f} views/s"
          f"  ({1e3 * elapsed / len(fresh):.2f} ms each, worst {1e3 * worst:.1f} ms;"
          f" {100 * can_meld / len(fresh):.0f}% can come out)")

    for seats in (2, 4):
        rng = random.Random(args.seed + seats)
        start = time.perf_counter()
        actions = sum(play_round(seats, rng) for _ in range(rounds))
        elapsed = time.perf_counter() - start
        print(f"playouts, {seats} seats:            {rounds / elapsed:10,.1f} rounds/s"
              f"  ({actions / elapsed:,.0f} actions/s, {actions / rounds:.0f} actions a round)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
