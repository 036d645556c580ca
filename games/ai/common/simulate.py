"""The simulator's runner, for every game: computer players against each other, whole
games through the game's :class:`~games.rules.common.game.GameRules`, no HTTP, no
database.

A match puts player ``a`` at one seat and player ``b`` at every other. Games come in
groups of ``seats``: every game of a group is dealt the same decks (round ``i`` uses the
group's ``i``-th deck) with ``a`` at seat 0, 1, ... in turn, so every seat arrangement is
played equally often and the deal's luck and the seat order cancel out (at two seats: each
deal played twice, seats swapped). Everything is seeded from ``seed`` and the group's
index, so a run is deterministic (apart from the decision times) whatever the number of
workers. Each game says what it counts of a finished game (:attr:`Contest.figures`) and
writes its own report; the statistics are :mod:`games.ai.common.stats` and
:func:`percentile`.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, TypeAlias, TypeVar

from games.ai.common.stats import grouped_interval, wilson_interval
from games.rules.common.game import GameRules, Json

Task = TypeVar("Task")
Result = TypeVar("Result", bound=tuple[Any, ...])
State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View")
Figures = TypeVar("Figures")

MAX_ROUNDS = 500
"""A safety net: a game still running after this many rounds is stopped unfinished."""

SeatPlayer = Callable[[View, random.Random], Action]
"""One seat's player for a whole game: the seat's view and random source to an action."""


@dataclass(frozen=True)
class Contest(Generic[State, Action, View, Figures]):
    """One game as the simulator plays it."""

    rules: GameRules[State, Action, View]
    players: tuple[str, ...]
    """Every player's name (the levels, ``baseline``, ``random``)."""
    seat_player: Callable[[str], SeatPlayer[View, Action]]
    """The player called ``name``, fresh for one seat of one game (it may keep what it
    saw, as Gin Rummy's players keep their memory)."""
    figures: Callable[[State, int], Figures]
    """What the game counts of a finished (or stopped) game, for player ``a`` at a seat."""
    report: Callable[[Run[Figures]], str]
    """The game's plain-text report of a run."""
    seats: tuple[int, ...]
    """The table sizes the game is played at (the first when the command line names
    another)."""
    max_round_actions: int
    """A safety net: a round still going after this many actions stops the game
    unfinished (the rules allow a round without end when players keep taking the discard
    pile's top card, so the stock never shrinks)."""
    seed_prefix: str = ""
    """Put before the names of the random streams (each game keeps its own)."""

    def check_player(self, name: str) -> None:
        """Raise ValueError unless ``name`` is one of :attr:`players`."""
        if name not in self.players:
            raise ValueError(f"Unknown player {name!r}; choose from {', '.join(self.players)}.")


@dataclass(slots=True)
class GameRecord(Generic[Figures]):
    """One game's result for player ``a``."""

    a_seat: int
    a_won: bool
    finished: bool
    rounds: int
    figures: Figures
    times: dict[str, list[int]] = field(default_factory=dict)
    """Decision times in nanoseconds, by player name."""


class GroupDecks:
    """The decks of one group of games, shuffled on demand from the group's own stream."""

    def __init__(
        self, rules: GameRules[Any, Any, Any], settings: Mapping[str, Json], name: str
    ) -> None:
        self._rules = rules
        self._settings = settings
        self._rng = random.Random(name)
        self._decks: list[list[str]] = []

    def __getitem__(self, index: int) -> list[str]:
        while len(self._decks) <= index:
            self._decks.append(self._rules.new_deck(self._rng, self._settings))
        return self._decks[index]


def group_decks(
    contest: Contest[Any, Any, Any, Any], seed: int, group: int, settings: Mapping[str, Json]
) -> GroupDecks:
    """The decks of group ``group`` of a run seeded ``seed``."""
    return GroupDecks(contest.rules, settings, f"{contest.seed_prefix}decks:{seed}:{group}")


def play_game(
    contest: Contest[State, Action, View, Figures],
    a: str,
    b: str,
    seats: int,
    a_seat: int,
    seed: int,
    group: int,
    settings: Mapping[str, Json],
    decks: GroupDecks | None = None,
) -> GameRecord[Figures]:
    """One whole game: ``a`` at ``a_seat``, ``b`` at every other seat (``settings``: the
    rules as JSON)."""
    rules = contest.rules
    decks = decks or group_decks(contest, seed, group, settings)
    names = [a if seat == a_seat else b for seat in range(seats)]
    players = [contest.seat_player(name) for name in names]
    rngs = [
        random.Random(f"{contest.seed_prefix}player:{seed}:{group}:{a_seat}:{seat}")
        for seat in range(seats)
    ]
    times: dict[str, list[int]] = {a: [], b: []}
    state = rules.new_game(settings, seats=seats, dealer=0, deck=decks[0], salt="")
    actions = 0
    while True:
        progress = rules.progress(state)
        if progress.is_over:
            break
        if progress.awaiting_deal:
            if progress.round_number >= MAX_ROUNDS:
                break
            state = rules.deal_next_round(state, decks[progress.round_number], "")
            actions = 0
            continue
        actions += 1
        if actions > contest.max_round_actions:
            break
        seat = progress.turn
        assert seat is not None
        view = rules.view_for(state, seat)
        started = time.perf_counter_ns()
        action = players[seat](view, rngs[seat])
        times[names[seat]].append(time.perf_counter_ns() - started)
        state = rules.apply_action(state, action, seat)
    progress = rules.progress(state)
    won = progress.is_over and rules.outcome(state).winner == a_seat
    rounds = progress.round_number - (0 if progress.is_over or progress.awaiting_deal else 1)
    return GameRecord(a_seat, won, progress.is_over, rounds, contest.figures(state, a_seat), times)


def play_group(
    contest: Contest[State, Action, View, Figures],
    task: tuple[str, str, int, int, int, dict[str, Json]],
) -> tuple[int, list[GameRecord[Figures]]]:
    """Every game of group ``group``: ``a`` at each seat in turn, the same decks."""
    a, b, seats, seed, group, settings = task
    decks = group_decks(contest, seed, group, settings)
    return group, [
        play_game(contest, a, b, seats, a_seat, seed, group, settings, decks)
        for a_seat in range(seats)
    ]


@dataclass(slots=True)
class Run(Generic[Figures]):
    """A run's games, group by group, and what every report quotes of them."""

    a: str
    b: str
    seats: int
    seed: int
    settings: dict[str, Json]
    groups: list[list[GameRecord[Figures]]]
    wall_seconds: float
    workers: int

    @property
    def records(self) -> list[GameRecord[Figures]]:
        return [record for group in self.groups for record in group]

    @property
    def games(self) -> int:
        return len(self.groups) * self.seats

    @property
    def wins(self) -> int:
        """Games won by ``a``."""
        return sum(record.a_won for record in self.records)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def rounds(self) -> int:
        return sum(record.rounds for record in self.records)

    @property
    def unfinished(self) -> int:
        return sum(not record.finished for record in self.records)

    @property
    def group_scores(self) -> list[float]:
        """``a``'s share of the games won in each group (dealt the same cards)."""
        return [sum(r.a_won for r in group) / len(group) for group in self.groups]

    @property
    def times(self) -> dict[str, list[int]]:
        """Every decision time, by player name."""
        times: dict[str, list[int]] = {self.a: [], self.b: []}
        for record in self.records:
            for name, values in record.times.items():
                times[name].extend(values)
        return times

    def seat_heading(
        self, game: str, changed: Mapping[str, object] | None, deals: str = "deals"
    ) -> str:
        """The report's first line at a table of several seats: the match, the deals
        (``deals`` names them), the seed, the rules ``changed`` from the defaults (``None``
        when none is), the workers and the time taken."""
        rules = json.dumps(dict(changed)) if changed else "default"
        return (
            f"{game}, {self.seats} seats: {self.a} vs {self.seats - 1} x {self.b}: "
            f"{self.games} games ({self.games // self.seats} {deals}, {self.a} at every seat "
            f"in turn), seed {self.seed}, rules {rules}, {self.workers} worker(s), "
            f"{self.wall_seconds:.1f} s"
        )

    def seat_win_line(self) -> str:
        """The report's line of ``a``'s wins at a table of several seats, with the
        interval over grouped deals and the per-game one."""
        low, high = self.confidence_interval()
        blow, bhigh = self.binomial_interval()
        return (
            f"{self.a} won {self.wins} ({100 * self.win_rate:.1f}%, even is "
            f"{100 / self.seats:.1f}%), 95% CI {100 * low:.1f}-{100 * high:.1f}% (grouped "
            f"deals; per-game Wilson {100 * blow:.1f}-{100 * bhigh:.1f}%)"
        )

    def time_lines(self, middle: str = "p50") -> list[str]:
        """The report's table of each player's decision times (ms): the ``middle`` one
        (``p50``, or the ``mean``), the 95th percentile and the longest, and how many
        decisions it made."""
        lines = [f"decision time per player (ms):{middle:>6}      p95      max   decisions"]
        times = self.times
        for name in dict.fromkeys((self.a, self.b)):
            values = times.get(name, [])
            if middle == "mean":
                centre = sum(values) / len(values) / 1e6 if values else 0.0
            else:
                centre = percentile(values, 0.5) / 1e6
            lines.append(
                f"  {name:26} {centre:7.3f}  {percentile(values, 0.95) / 1e6:7.3f}  "
                f"{max(values, default=0) / 1e6:7.2f}  {len(values):>10}"
            )
        return lines

    def confidence_interval(self) -> tuple[float, float]:
        """95% interval of ``a``'s win rate from the groups of games dealt the same cards
        (:func:`games.ai.common.stats.grouped_interval`)."""
        return grouped_interval(self.group_scores)

    def binomial_interval(self) -> tuple[float, float]:
        """The Wilson 95% interval treating every game as independent (for comparison)."""
        return wilson_interval(self.wins, self.games)


def simulate(
    contest: Contest[State, Action, View, Figures],
    a: str,
    b: str,
    seats: int,
    games: int,
    seed: int,
    workers: int | None = None,
    settings: Mapping[str, Json] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Run[Figures]:
    """Play ``games`` games (rounded up to a multiple of ``seats``) with the rules
    ``settings`` (JSON; the defaults without them)."""
    contest.check_player(a)
    contest.check_player(b)
    if seats not in contest.seats:
        allowed = ", ".join(map(str, contest.seats))
        raise ValueError(f"--seats must be one of {allowed}.")
    groups = max(1, -(-games // seats))
    workers = max(1, workers or os.cpu_count() or 1)
    rules_json = contest.rules.rules_from_json(settings)
    tasks = [(a, b, seats, seed, group, rules_json) for group in range(groups)]
    started = time.perf_counter()
    results = run_tasks(partial(play_group, contest), tasks, workers, progress)
    return Run(
        a,
        b,
        seats,
        seed,
        rules_json,
        [records for _, records in results],
        time.perf_counter() - started,
        workers,
    )


def run_tasks(
    play: Callable[[Task], Result],
    tasks: list[Task],
    workers: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """``play`` over ``tasks`` in ``workers`` processes (in this one when 1), sorted by each
    result's first item (its group's index), calling ``progress(done, total)`` as they come.
    ``play`` must be a module-level function (it is pickled for the workers)."""
    results: list[Result] = []
    for done, item in enumerate(_run(play, tasks, workers), start=1):
        results.append(item)
        if progress is not None:
            progress(done, len(tasks))
    results.sort(key=lambda item: item[0])
    return results


def _run(play: Callable[[Task], Result], tasks: list[Task], workers: int) -> Iterator[Result]:
    if workers == 1 or len(tasks) == 1:
        for task in tasks:
            yield play(task)
        return
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap_unordered(play, tasks, chunksize=1)


def percentile(values: list[int], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest-rank method."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return float(ordered[rank - 1])


Rules = TypeVar("Rules")


def parse_rules_option(
    games: int, rules: str | None, from_json: Callable[[object], Rules]
) -> Rules:
    """``--rules`` (JSON) read by ``from_json`` (which takes ``None`` for the defaults),
    once ``--games`` is checked too; ValueError naming the option at fault."""
    if games < 1:
        raise ValueError("--games must be at least 1.")
    if not rules:
        return from_json(None)
    try:
        return from_json(json.loads(rules))
    except ValueError as error:  # not JSON, or refused rules (RulesError is a ValueError)
        raise ValueError(f"--rules: {error}") from error


def progress_printer(write: Callable[[str], object]) -> Callable[[int, int], None]:
    """A progress callback for :func:`simulate` that writes a line every 5%."""

    def show(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            write(f"  {done}/{total} pairs played")

    return show


GameContest: TypeAlias = "Contest[State, Action, View, Any]"
"""A game's contest, whatever its figures (the registry's descriptions hold these)."""
AnyContest: TypeAlias = "Contest[Any, Any, Any, Any]"
"""A contest of a game the caller does not know (the simulator's command line)."""
