"""Speed of the rules core's meld search, against two public reference implementations.

Figures (single thread, best of several timed passes over the same hands):

* ten-card least deadwood: ``deadwood_mask`` on 20,000 random 10-card hands;
* eleven-card best discard: ``best_discards_mask`` (exact least deadwood after the best
  discard, and every best discard) on 20,000 random 11-card hands;
* random full-round playouts per second (deal, random legal actions to the round's end,
  through ``apply_action`` with all its checks).

References, timed on the same hands in the same run (hands converted to each library's
own card form before timing, as ours are converted to masks):

* OpenSpiel's C++ ``GinRummyUtils(13, 4, 10).min_deadwood`` (PyPI ``open-spiel``; cards
  are ``suit * 13 + rank`` with suits in the order s c d h). For 11 cards it returns the
  deadwood of the best 11-card meld group less its highest deadwood card, which is not
  always the best discard; disagreements with the exact figure are reported.
* RLCard's pure-Python melding (PyPI ``rlcard``: ``melding.get_best_meld_clusters`` and
  ``utils.get_deadwood_count``, as its own scorer does); ten-card hands only.

The references are the ``bench`` extra of pyproject.toml; install them in a separate
environment (``python -m venv .bench-venv && .bench-venv/bin/pip install open-spiel
rlcard``) and run ``.bench-venv/bin/python bench/rules_bench.py``. Without them the script
still measures the rules core and says which reference was skipped.

Usage: ``python bench/rules_bench.py [--quick] [--seed N] [--hands N] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine import cpu_model

from games.rules import (
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
    parser.add_argument("--playouts", type=int, default=None, help="round playouts (300)")
    args = parser.parse_args()
    count = args.hands or (2000 if args.quick else 20000)
    repeat = args.repeat or (2 if args.quick else 7)
    playouts = args.playouts or (20 if args.quick else 300)

    print("Rules core benchmark")
    print(f"  command: {interpreter()} bench/rules_bench.py {' '.join(sys.argv[1:])}".rstrip())
    print(f"  CPU: {cpu_model()}; {os.cpu_count()} logical CPUs; load average "
          f"{load_average()}")
    print(f"  Python {platform.python_version()} ({platform.python_implementation()}), "
          f"seed {args.seed}, {count} hands per size, best of {repeat} passes")

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

    start = time.perf_counter()
    actions = sum(playout(rng) for _ in range(playouts))
    elapsed = time.perf_counter() - start
    rows.append(("random full-round playouts", f"{playouts} rounds, {actions} actions",
                 playouts / elapsed))

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


def report(label: str, hands: Sequence[Sequence[int]], ours: Sequence[int],
           theirs: Sequence[int]) -> None:
    differ = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    print(f"  {label}: {len(hands) - len(differ)} of {len(hands)} hands agree")
    for i in differ[:5]:
        text = " ".join(str(DECK[index]) for index in sorted(hands[i]))
        print(f"    differs: {text}: rules core {ours[i]}, reference {theirs[i]}")


if __name__ == "__main__":
    main()
