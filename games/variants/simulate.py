"""The simulator's command line, for every game of the registry: ``python manage.py
simulate`` and ``bench/simulate.py`` (the same options, the same report).

Each game's contest is its own (``variant.contest``: :mod:`games.ai.gin.simulate`,
:mod:`games.ai.rummy.simulate`), on the runner of :mod:`games.ai.common.simulate`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from games.ai.common.simulate import AnyContest, parse_rules_option, progress_printer, simulate
from games.variants import DEFAULT_VARIANT, VARIANTS

CONTESTS: dict[str, AnyContest] = {
    name: variant.contest for name, variant in VARIANTS.items() if variant.contest is not None
}
"""Every game the simulator plays, by the ``--variant`` that names it."""
PLAYER_NAMES = tuple(dict.fromkeys(p for contest in CONTESTS.values() for p in contest.players))


def add_arguments(parser: object) -> None:
    """The command-line options (shared by the management command and the script)."""
    add = parser.add_argument  # type: ignore[attr-defined]
    add("--a", default="hard", choices=PLAYER_NAMES, help="first player (default: hard)")
    add("--b", default="baseline", choices=PLAYER_NAMES, help="second player (default: baseline)")
    add("--games", type=int, default=200, help="games to play, rounded up to even (200)")
    add("--seed", type=int, default=7, help="seed of the decks and the players (7)")
    add("--workers", type=int, default=None, help="processes (default: every core)")
    add("--rules", default=None, help="rule options as JSON, e.g. '{\"knock_limit\": 0}'")
    add("--progress", action="store_true", help="report progress on stderr")
    add(
        "--variant",
        default=DEFAULT_VARIANT,
        choices=tuple(CONTESTS),
        help="the game (gin: two seats, games in pairs; see each game's simulate module)",
    )
    add(
        "--seats",
        type=int,
        default=2,
        choices=tuple(range(2, max(v.max_seats for v in VARIANTS.values()) + 1)),
        help="games of more seats: seats; --a sits at one, --b at every other (default 2)",
    )


def run(options: argparse.Namespace, progress_line: Callable[[str], object] | None) -> str:
    """The report of the run the options ask for; ValueError naming an option at fault.
    ``progress_line`` writes the progress lines (with ``--progress``)."""
    contest = CONTESTS[options.variant]
    settings = parse_rules_option(options.games, options.rules, contest.rules.rules_from_json)
    seats = options.seats if options.seats in contest.seats else contest.seats[0]
    progress = (
        progress_printer(progress_line) if options.progress and progress_line else None
    )
    result = simulate(
        contest,
        options.a,
        options.b,
        seats,
        options.games,
        options.seed,
        options.workers,
        settings,
        progress,
    )
    return contest.report(result)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point (``bench/simulate.py``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    add_arguments(parser)
    options = parser.parse_args(argv)
    try:
        text = run(options, lambda line: print(line, file=sys.stderr, flush=True))
    except ValueError as error:
        parser.error(str(error))
    print(text)
    return 0
