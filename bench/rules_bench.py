"""Speed of the rules core's meld search, against two public reference implementations.

Figures (single thread, best of several timed passes over the same hands):

* ten-card least deadwood: ``deadwood_mask`` on 20,000 random 10-card hands;
* eleven-card best discard: ``best_discards_mask`` (exact least deadwood after the best
  discard, and every best discard) on 20,000 random 11-card hands;
* random full-round playouts per second: a round dealt from a seeded deck, then at each
  step a uniformly random choice among ``legal_moves``, applied through ``apply_action``
  with all its checks, until the round ends.

References, timed on the same hands in the same run (hands converted to each library's
own card form before timing, as ours are converted to masks):

* OpenSpiel's C++ ``GinRummyUtils(13, 4, 10).min_deadwood`` (PyPI ``open-spiel``; cards
  are ``suit * 13 + rank`` with suits in the order s c d h). For 11 cards it returns the
  deadwood of the best 11-card meld group less its highest deadwood card, which is not
  always the best discard; disagreements with the exact figure are reported.
* RLCard's pure-Python melding (PyPI ``rlcard``: ``melding.get_best_meld_clusters`` and
  ``utils.get_deadwood_count``, as its own scorer does); ten-card hands only.
* For the playouts: OpenSpiel's ``gin_rummy`` game (C++) driven from Python through
  ``pyspiel`` with the same policy: a uniformly random choice among
  ``state.legal_actions()``, chance nodes (the deal, the stock draws) sampled by their
  outcome probabilities, from ``new_initial_state()`` until ``is_terminal()``. Both
  contenders play short batches of rounds in turn (ours, theirs, ours, ...), so that they
  see the same background load; the ratio is taken within each repetition.

The references are the ``bench`` extra of pyproject.toml; install them in a separate
environment (``python -m venv .bench-venv && .bench-venv/bin/pip install open-spiel
rlcard``) and run ``.bench-venv/bin/python bench/rules_bench.py``. Without them the script
still measures the rules core and says which reference was skipped.

Rummy (``--rummy``: after the figures above; ``--rummy-only``: those alone): the Rummy
rules core's figures of ``bench/rummy_bench.py`` (views per second at 4 seats with a busy
table, the seat to act's view, the first-meld check, random Rummy playouts per second at 2
and 4 seats), measured by that script's own code with its own seed; ``--quick`` applies.

Usage: ``python bench/rules_bench.py [--quick] [--seed N] [--hands N] [--repeat N]
[--batches N] [--batch-rounds N] [--playouts-only] [--rummy | --rummy-only]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import cpu_model

from games.rules.gin import (
    DECK,
    RuleSet,
    apply_action,
    best_discards_mask,
    cards,
    deadwood_mask,
    deadwood_value,
    legal_moves,
    mask_of,
    new_deck,
    new_game,
)

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""

BEST_DISCARD_EXAMPLE = "3S 4S 5S 6S 4C 5C 6C 3D 4D 5D 6H"
"""An 11-card hand whose best discard breaks no meld: 6H, leaving deadwood 0."""




def interpreter() -> str:
    """The interpreter as run from the repository root (no machine-specific path)."""
    path = Path(sys.executable)
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return path.name


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def best_rate(function: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """Calls per second: the best of ``repeat`` timed passes over ``items``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            function(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def random_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    """Hands as lists of card indices (our mask bit numbers)."""
    return [rng.sample(range(52), size) for _ in range(count)]


def playout(rng: random.Random) -> int:
    """One round from a fresh deal with uniformly random legal actions; returns actions."""
    state = new_game(RuleSet(), rng.randrange(2), new_deck(rng))
    actions = 0
    while not state.awaiting_deal and not state.is_over:
        seat = state.turn
        assert seat is not None
        state = apply_action(state, rng.choice(legal_moves(state, seat)), seat)
        actions += 1
    return actions


class SpielPlayout:
    """Random playouts of OpenSpiel's ``gin_rummy`` through ``pyspiel`` (default options:
    knock card 10, gin bonus 25, undercut bonus 25, the same wall of two cards)."""

    name = "OpenSpiel gin_rummy via pyspiel"

    def __init__(self) -> None:
        import pyspiel

        self.game = pyspiel.load_game("gin_rummy")

    def playout(self, rng: random.Random) -> int:
        """One round with uniformly random legal actions; returns the players' actions
        (chance outcomes, the deal and the stock draws, are not counted)."""
        state = self.game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions


def timed_batch(function: Callable[[random.Random], int], rng: random.Random,
                rounds: int) -> tuple[float, float, int]:
    """``(wall seconds, CPU seconds of this process, actions)`` of ``rounds`` playouts."""
    start = time.perf_counter()
    cpu = time.process_time()
    actions = 0
    for _ in range(rounds):
        actions += function(rng)
    return time.perf_counter() - start, time.process_time() - cpu, actions


def compare_playouts(seed: int, batches: int, rounds: int, spiel: SpielPlayout | None) -> None:
    """Interleaved batches of random playouts: rules core, OpenSpiel, rules core, ..."""
    contenders: list[tuple[str, Callable[[random.Random], int]]] = [
        ("rules core (apply_action)", playout)
    ]
    if spiel is not None:
        contenders.append((spiel.name, spiel.playout))
    rngs = [random.Random(f"playouts:{seed}:{index}") for index in range(len(contenders))]
    for _, function in contenders:
        timed_batch(function, random.Random(seed), 2)  # warm-up, untimed
    rates: list[list[float]] = [[] for _ in contenders]
    cpu_rates: list[list[float]] = [[] for _ in contenders]
    action_rates: list[list[float]] = [[] for _ in contenders]
    totals = [[0, 0] for _ in contenders]  # rounds, actions
    for _ in range(batches):
        for index, (_, function) in enumerate(contenders):
            seconds, cpu, actions = timed_batch(function, rngs[index], rounds)
            rates[index].append(rounds / seconds)
            cpu_rates[index].append(rounds / max(cpu, 1e-9))
            action_rates[index].append(actions / seconds)
            totals[index][0] += rounds
            totals[index][1] += actions
    print(f"\nRandom full-round playouts ({batches} interleaved batches of {rounds} rounds "
          "each; rounds per second of wall time, and per second of this process's CPU time)")
    print(f"  {'contender':<34} {'min':>6} {'median':>6} {'max':>6} {'actions/s':>10} "
          f"{'actions/round':>13} {'CPU median':>10}")
    for index, (name, _) in enumerate(contenders):
        print(f"  {name:<34} {min(rates[index]):>6.0f} {statistics.median(rates[index]):>6.0f} "
              f"{max(rates[index]):>6.0f} {statistics.median(action_rates[index]):>10,.0f} "
              f"{totals[index][1] / totals[index][0]:>13.1f} "
              f"{statistics.median(cpu_rates[index]):>10.0f}")
    if spiel is not None:
        for label, figures in (("wall", rates), ("CPU", cpu_rates)):
            ratios = [ours / theirs for ours, theirs in zip(*figures, strict=True)]
            print(f"  ratio rules core / OpenSpiel per batch ({label}): min {min(ratios):.2f}, "
                  f"median {statistics.median(ratios):.2f}, max {max(ratios):.2f}")
    print(f"  load average after: {load_average()}")


class OpenSpiel:
    name = "OpenSpiel C++ min_deadwood"

    def __init__(self) -> None:
        import pyspiel

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        self.min_deadwood = utils.min_deadwood
        # our index -> OpenSpiel's int, through the text form ("As", "Td", ...)
        self.codes = [utils.card_int(str(card)[0] + str(card)[1].lower()) for card in DECK]
        assert sorted(self.codes) == list(range(52))

    def convert(self, hand: Sequence[int]) -> list[int]:
        return [self.codes[index] for index in hand]


class RLCard:
    name = "RLCard pure-Python melding"

    def __init__(self) -> None:
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils

        self.melding = melding
        self.utils = rl_utils
        # RLCard's card ids use our layout (suit S H D C, then rank A..K); check it
        assert [rl_utils.get_card(i).get_index() for i in (0, 13, 51)] == ["SA", "HA", "CK"]

    def convert(self, hand: Sequence[int]) -> list[Any]:
        return [self.utils.get_card(index) for index in hand]

    def min_deadwood(self, hand: list[Any]) -> int:
        clusters = self.melding.get_best_meld_clusters(hand=hand)
        cluster = clusters[0] if clusters else []
        return int(self.utils.get_deadwood_count(hand, cluster))


def load(kind: type) -> Any:
    try:
        return kind()
    except ImportError as error:
        print(f"  skipped {kind.name}: not importable ({error}).")  # type: ignore[attr-defined]
        print("  Install the bench extra in a separate venv: python -m venv .bench-venv && "
              ".bench-venv/bin/pip install open-spiel rlcard")
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="a small, fast run")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--hands", type=int, default=None, help="hands per size (20000)")
    parser.add_argument("--repeat", type=int, default=None, help="timed passes (7)")
    parser.add_argument("--batches", type=int, default=None,
                        help="interleaved playout batches per contender (9)")
    parser.add_argument("--batch-rounds", type=int, default=None,
                        help="rounds per playout batch (40)")
    parser.add_argument("--playouts-only", action="store_true",
                        help="only the random playouts against OpenSpiel")
    rummy = parser.add_mutually_exclusive_group()
    rummy.add_argument("--rummy", action="store_true",
                       help="also the Rummy rules core's figures (bench/rummy_bench.py)")
    rummy.add_argument("--rummy-only", action="store_true",
                       help="only the Rummy rules core's figures (bench/rummy_bench.py)")
    args = parser.parse_args()
    if args.rummy_only:
        run_rummy(args.quick, first=True)
        return
    count = args.hands or (2000 if args.quick else 20000)
    repeat = args.repeat or (2 if args.quick else 7)
    batches = args.batches or (3 if args.quick else 9)
    batch_rounds = args.batch_rounds or (10 if args.quick else 40)

    print("Rules core benchmark")
    print(f"  command: {interpreter()} bench/rules_bench.py {' '.join(sys.argv[1:])}".rstrip())
    print(f"  CPU: {cpu_model()}; {os.cpu_count()} logical CPUs; load average "
          f"{load_average()}")
    print(f"  Python {platform.python_version()} ({platform.python_implementation()}), "
          f"seed {args.seed}, {count} hands per size, best of {repeat} passes")

    if args.playouts_only:
        print("\nReferences")
        compare_playouts(args.seed, batches, batch_rounds, load(SpielPlayout))
        if args.rummy:
            run_rummy(args.quick)
        return

    rng = random.Random(args.seed)
    hands10 = random_hands(rng, count, 10)
    hands11 = random_hands(rng, count, 11)
    cards10 = [tuple(DECK[index] for index in hand) for hand in hands10]
    masks10 = [mask_of(hand) for hand in cards10]
    masks11 = [mask_of(DECK[index] for index in hand) for hand in hands11]

    print("\nReferences")
    spiel = load(OpenSpiel)
    rlcard = load(RLCard)

    # Every contender is timed in interleaved passes (ours, theirs, ours, ...), so that
    # on a shared machine all of them see the same background load; the best pass counts.
    spiel_hands10 = spiel_hands11 = rl_hands10 = None
    small = cards10[: max(1, count // 10)]
    contenders: list[tuple[str, str, Callable[[Any], object], Sequence[Any], int]] = [
        ("10-card least deadwood", "rules core deadwood_mask (masks)", deadwood_mask,
         masks10, repeat),
        ("11-card exact best discard", "rules core best_discards_mask (masks)",
         best_discards_mask, masks11, repeat),
        ("10-card least deadwood", "rules core deadwood_value (Card tuples)", deadwood_value,
         small, repeat),
    ]
    if spiel is not None:
        spiel_hands10 = [spiel.convert(hand) for hand in hands10]
        spiel_hands11 = [spiel.convert(hand) for hand in hands11]
        contenders.append(("10-card least deadwood", spiel.name, spiel.min_deadwood,
                           spiel_hands10, repeat))
        contenders.append(("11-card deadwood (inexact)", spiel.name, spiel.min_deadwood,
                           spiel_hands11, repeat))
    if rlcard is not None:
        rl_hands10 = [rlcard.convert(hand) for hand in hands10]
        contenders.append(("10-card least deadwood", rlcard.name, rlcard.min_deadwood,
                           rl_hands10, max(1, repeat // 3)))
    best = [0.0] * len(contenders)
    for round_number in range(repeat):
        for index, (_, _, function, items, passes) in enumerate(contenders):
            if round_number < passes:
                best[index] = max(best[index], best_rate(function, items, 1))
    rows = [(what, who, rate) for (what, who, *_), rate in zip(contenders, best, strict=True)]
    ours10, ours11 = best[0], best[1]
    spiel10 = best[3] if spiel is not None else None
    spiel11 = best[4] if spiel is not None else None
    rl10 = best[-1] if rlcard is not None else None

    print("\nFigures (calls per second)")
    for what, who, rate in rows:
        print(f"  {what:<28} {who:<42} {rate:>12,.0f}")

    print("\nRatios")
    if spiel10:
        print(f"  10-card: rules core / OpenSpiel C++ = {ours10 / spiel10:.2f}")
    if spiel11:
        print(f"  11-card: rules core exact / OpenSpiel inexact = {ours11 / spiel11:.2f}")
    if rl10:
        print(f"  10-card: rules core / RLCard = {ours10 / rl10:.1f}")
    if not (spiel10 or rl10):
        print("  (no reference importable)")

    print("\nAgreement")
    ours = [deadwood_mask(mask) for mask in masks10]
    if spiel is not None and spiel_hands10 is not None and spiel_hands11 is not None:
        theirs = [spiel.min_deadwood(hand) for hand in spiel_hands10]
        report("10-card, OpenSpiel", hands10, ours, theirs)
        exact11 = [best_discards_mask(mask)[0] for mask in masks11]
        theirs11 = [spiel.min_deadwood(hand) for hand in spiel_hands11]
        report("11-card, OpenSpiel", hands11, exact11, theirs11)
        example = [card.index for card in cards(BEST_DISCARD_EXAMPLE)]
        print(f"  11-card example {BEST_DISCARD_EXAMPLE}: OpenSpiel "
              f"{spiel.min_deadwood(spiel.convert(example))}, exact "
              f"{best_discards_mask(mask_of(cards(BEST_DISCARD_EXAMPLE)))[0]} (discard 6H)")
    if rlcard is not None and rl_hands10 is not None:
        theirs = [rlcard.min_deadwood(hand) for hand in rl_hands10]
        report("10-card, RLCard", hands10, ours, theirs)

    compare_playouts(args.seed, batches, batch_rounds, load(SpielPlayout))
    if args.rummy:
        run_rummy(args.quick)


def run_rummy(quick: bool, first: bool = False) -> None:
    """The Rummy rules core's figures, by ``bench/rummy_bench.py`` (its default seed).
    Imported here, so that the Gin figures need nothing but this file."""
    import rummy_bench

    if not first:
        print()
    rummy_bench.main(["--quick"] if quick else [])


def report(label: str, hands: Sequence[Sequence[int]], ours: Sequence[int],
           theirs: Sequence[int]) -> None:
    differ = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    print(f"  {label}: {len(hands) - len(differ)} of {len(hands)} hands agree")
    for i in differ[:5]:
        text = " ".join(str(DECK[index]) for index in sorted(hands[i]))
        print(f"    differs: {text}: rules core {ours[i]}, reference {theirs[i]}")


if __name__ == "__main__":
    main()
