"""Speed of the Indian Rummy rules core on the paths every request takes.

Figures (single thread; the arrangement cache is emptied before every timed call, so
every figure is cold; each hand is timed three times and keeps its best, to shed the
noise of a shared machine):

* the least-points arrangement (``best_arrangement``) of 13 cards and, with 14 cards,
  the best discard and the arrangement after it together with ``valid_with`` (one
  search answers both), median, 95th and 99th percentile and worst, on two sets of
  hands: freshly dealt ones (13 cards, and 14 after a stock draw) and hands held during
  greedy games (players keep what groups, take the discard pile's top card when it
  lowers their points and declare when they can: meld-rich hands with jokers);
* reference, in the same run: the same 14-card hands with every discard searched on its
  own (``discard_points``, then the best), the plain way the bound of
  :func:`games.rules.indian.melds._analyse` replaces;
* the seat to act's whole view, ``view_to_json(view_for(state, seat))``, in the discard
  phase (14 cards: arrangement, legal actions and ``valid_with``), on the greedy games'
  positions;
* random deal playouts per second at 2 and 6 seats: a deal from the deck to its end
  through ``apply_action`` with all its checks, the players drawing from the stock (or
  the pile's top now and then), discarding at random, declaring whenever
  ``legal_actions`` offers a valid show and dropping one turn in a hundred.

Usage: ``python bench/indian_bench.py [--quick] [--seed N] [--hands N]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import cpu_model

from games.rules.indian import (
    Action,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    GameState,
    IndianCard,
    Phase,
    RuleSet,
    apply_action,
    best_arrangement,
    legal_actions,
    new_deck,
    new_game,
    timeout_action,
    view_for,
    view_to_json,
    wild_rank_of,
)
from games.rules.indian import melds as search

Hand = tuple[tuple[IndianCard, ...], int, IndianCard | None]
"""Cards, the wild rank, the card that must be kept (taken from the pile), if any."""


def salt(rng: random.Random) -> str:
    return f"{rng.getrandbits(128):032x}"


def dealt_hands(count: int, size: int, rng: random.Random) -> list[Hand]:
    out: list[Hand] = []
    for _ in range(count):
        deck = new_deck(rng)
        out.append((tuple(deck[1 : 1 + size]), wild_rank_of(deck[0]), None))
    return out


def greedy_action(state: GameState, seat: int) -> Action:
    """Take the pile's top card when it lowers the hand's points, else draw from the
    stock; declare a valid show; else discard the arrangement's discard."""
    view = view_for(state, seat)
    legal = {entry.type: entry for entry in view.round.legal_actions}
    arrangement = view.round.arrangement
    assert arrangement is not None
    if "draw_stock" in legal:
        if "draw_discard" in legal:
            top = state.round.discard_pile[-1]
            with_top = best_arrangement((*view.round.hand, top), view.round.wild_rank, keep=top)
            if with_top.points < arrangement.points - 3:
                return DrawDiscard()
        return DrawStock()
    if legal["declare"].valid_with:
        return Declare(legal["declare"].valid_with[0])
    assert arrangement.discard is not None
    return Discard(arrangement.discard)


def greedy_positions(count: int, rng: random.Random) -> list[tuple[GameState, int]]:
    """Positions of greedy games at 2, 4 and 6 seats (points format), every turn."""
    out: list[tuple[GameState, int]] = []
    while len(out) < count:
        state = new_game(RuleSet(), rng.choice([2, 4, 6]), new_deck(rng), salt(rng))
        while state.round.phase is not Phase.ROUND_OVER and len(out) < count:
            seat = state.turn
            assert seat is not None
            out.append((state, seat))
            state = apply_action(state, greedy_action(state, seat), seat)
    return out


def _best_of_three(run: Callable[[], object], cold: bool = True) -> float:
    best = float("inf")
    for _ in range(3):
        if cold:
            search._analyse.cache_clear()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def time_hands(hands: Sequence[Hand], reference: bool = False) -> tuple[list[float], list[float]]:
    """Each hand's best of three cold runs of ``best_arrangement`` (with ``valid_with``
    for 14 cards: the same search), in seconds, sorted; with ``reference``, interleaved
    hand by hand with the reference's (every discard searched on its own by
    ``discard_points``, then the best), so that both see the same load."""
    ours, theirs = [], []
    for cards, wild, keep in hands:

        def run(
            cards: Sequence[IndianCard] = cards, wild: int = wild, keep: IndianCard | None = keep
        ) -> None:
            best_arrangement(cards, wild, keep=keep)
            if len(cards) == 14:
                search.valid_with(cards, wild, keep=keep)

        def plain(
            cards: Sequence[IndianCard] = cards, wild: int = wild, keep: IndianCard | None = keep
        ) -> None:
            min(search.discard_points(cards, wild, keep=keep).values())

        ours.append(_best_of_three(run))
        if reference:
            theirs.append(_best_of_three(plain, cold=False))
    return sorted(ours), sorted(theirs)


def report(label: str, times: Sequence[float]) -> None:
    def at(share: float) -> float:
        return 1e3 * times[min(len(times) - 1, int(share * len(times)))]

    print(
        f"{label:40} median {1e3 * statistics.median(times):6.3f} ms  p95 {at(0.95):6.3f}"
        f"  p99 {at(0.99):6.3f}  worst {1e3 * times[-1]:6.3f}  ({len(times)} hands)"
    )


def random_action(state: GameState, seat: int, rng: random.Random) -> Action:
    legal = {entry.type: entry for entry in legal_actions(state, seat)}
    if rng.random() < 0.01:
        return Drop()
    if "draw_stock" in legal:
        if "draw_discard" in legal and rng.random() < 0.2:
            return DrawDiscard()
        return DrawStock()
    valid = legal["declare"].valid_with
    if valid:
        return Declare(rng.choice(valid))
    return Discard(rng.choice(legal["discard"].cards or ()))


def play_deal(seats: int, rng: random.Random) -> int:
    """One random deal from the deck to its end; returns the actions applied."""
    state = new_game(RuleSet(), seats, new_deck(rng), salt(rng), dealer=rng.randrange(seats))
    actions = 0
    while state.round.phase is not Phase.ROUND_OVER:
        seat = state.turn
        assert seat is not None
        state = apply_action(state, random_action(state, seat, rng), seat)
        actions += 1
    return actions


def best_time(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        search._analyse.cache_clear()
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and playouts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args(argv)
    count = 200 if args.quick else args.hands
    deals = 4 if args.quick else 30

    print(f"indian rummy rules core -- Python {platform.python_version()} on {cpu_model()}")
    for wild in range(1, 14):  # the per-wild-rank tables, built once per process
        search._cores(wild)
        search._runs(wild)
    rng = random.Random(args.seed)
    report("arrangement, 13 dealt cards", time_hands(dealt_hands(count, 13, rng))[0])
    report("arrangement + valid_with, 14 dealt", time_hands(dealt_hands(count, 14, rng))[0])

    positions = greedy_positions(2 * count, random.Random(args.seed + 1))
    held: list[Hand] = [
        (state.round.hands[seat], state.round.wild_rank, state.round.drawn_from_discard)
        for state, seat in positions
    ]
    thirteen = [hand for hand in held if len(hand[0]) == 13][:count]
    fourteen = [hand for hand in held if len(hand[0]) == 14][:count]
    report("arrangement, 13 cards in play", time_hands(thirteen)[0])
    ours, plain = time_hands(fourteen, reference=True)
    report("arrangement + valid_with, 14 in play", ours)
    report("reference: every discard searched", plain)
    print(f"{'':40} median ratio {statistics.median(plain) / statistics.median(ours):.1f}x,"
          f" total {sum(plain) / sum(ours):.1f}x")

    movers = [(s, seat) for s, seat in positions if s.round.phase is Phase.DISCARD][:count]

    def views() -> None:
        for state, seat in movers:
            view_to_json(view_for(state, seat))

    elapsed = best_time(views, 3)
    print(f"{'views, seat to act with 14 cards':40} {len(movers) / elapsed:8,.0f} views/s"
          f"  ({1e3 * elapsed / len(movers):.3f} ms each)")
    for state, seat in movers[:50]:  # the timer's move reads the same view
        timeout_action(view_for(state, seat))

    for seats in (2, 6):
        rng = random.Random(args.seed + seats)
        start = time.perf_counter()
        actions = sum(play_deal(seats, rng) for _ in range(deals))
        elapsed = time.perf_counter() - start
        print(f"{f'playouts, {seats} seats':40} {deals / elapsed:8,.1f} deals/s"
              f"  ({actions / elapsed:,.0f} actions/s, {actions / deals:.0f} actions a deal)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
