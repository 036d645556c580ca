"""Play Rummy computer players against each other: whole games with the rules core, no
HTTP, no database.

A match puts player ``a`` at one seat and player ``b`` at every other (2-4 seats). Games
come in groups of ``seats``: every game of a group is dealt the same decks (round ``i``
uses the group's ``i``-th deck) with ``a`` at seat 0, 1, ... in turn, so every seat
arrangement is played equally often and the deal's luck and the seat order cancel out.
Everything is seeded from ``seed`` and the group's index, so a run is deterministic
(apart from the decision times) whatever the number of workers.

Used by ``python manage.py simulate --variant rummy`` and ``bench/simulate.py``.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from games.ai import rummy as players
from games.ai.common.simulate import parse_rules_option, percentile, run_tasks
from games.ai.common.stats import grouped_interval, wilson_interval
from games.rules.rummy import (
    GameState,
    Outcome,
    RuleSet,
    RummyCard,
    apply_action,
    deal_next_round,
    new_deck,
    new_game,
    view_for,
)

MAX_ROUND_ACTIONS = 5000
"""A safety net: the rules allow a round without end when players keep taking the discard
pile's top card; a game with a round this long is stopped unfinished (won by nobody)."""
MAX_ROUNDS = 500
"""A safety net on the number of rounds of one game."""


@dataclass(slots=True)
class GameRecord:
    """One game's result for player ``a``."""

    a_seat: int
    a_won: bool
    finished: bool
    rounds: int
    a_rounds_won: int
    a_total: int
    b_total: float
    """The mean total of the ``b`` seats."""
    times: dict[str, list[int]] = field(default_factory=dict)
    """Decision times in nanoseconds, by player name."""


class GroupDecks:
    """The decks of one group of games, shuffled on demand from the group's own stream."""

    def __init__(self, seed: int, group: int, jokers: int) -> None:
        self._rng = random.Random(f"rummy-decks:{seed}:{group}")
        self._jokers = jokers
        self._decks: list[list[RummyCard]] = []

    def __getitem__(self, index: int) -> list[RummyCard]:
        while len(self._decks) <= index:
            self._decks.append(new_deck(self._rng, self._jokers))
        return self._decks[index]


def check_player(name: str) -> None:
    """Raise ValueError unless ``name`` is one of :data:`games.ai.rummy.PLAYERS`."""
    if name not in players.PLAYERS:
        raise ValueError(f"Unknown player {name!r}; choose from {', '.join(players.PLAYERS)}.")


def play_game(
    a: str,
    b: str,
    seats: int,
    a_seat: int,
    seed: int,
    group: int,
    rules: RuleSet,
    decks: GroupDecks | None = None,
) -> GameRecord:
    """One whole game: ``a`` at ``a_seat``, ``b`` at every other seat."""
    decks = decks or GroupDecks(seed, group, rules.jokers)
    names = [a if seat == a_seat else b for seat in range(seats)]
    rngs = [random.Random(f"rummy-player:{seed}:{group}:{a_seat}:{seat}") for seat in range(seats)]
    times: dict[str, list[int]] = {a: [], b: []}
    state: GameState = new_game(rules, seats, deck=decks[0])
    actions = 0
    stuck = False
    while not state.is_over:
        if state.awaiting_deal:
            if len(state.rounds) >= MAX_ROUNDS:
                stuck = True
                break
            state = deal_next_round(state, decks[state.round.number])
            actions = 0
            continue
        actions += 1
        if actions > MAX_ROUND_ACTIONS:
            stuck = True
            break
        seat = state.round.turn
        assert seat is not None
        view = view_for(state, seat)
        started = time.perf_counter_ns()
        action = players.play(names[seat], view, rngs[seat])
        times[names[seat]].append(time.perf_counter_ns() - started)
        state = apply_action(state, action, seat)
    finished = state.final is not None and not stuck
    won = finished and state.final is not None and state.final.winner == a_seat
    a_rounds = sum(1 for r in state.rounds if r.winner == a_seat and r.outcome is not Outcome.BLOCK)
    others = [state.scores[s] for s in range(seats) if s != a_seat]
    return GameRecord(
        a_seat,
        won,
        finished,
        len(state.rounds),
        a_rounds,
        state.scores[a_seat],
        sum(others) / len(others),
        times,
    )


def play_group(
    task: tuple[str, str, int, int, int, dict[str, object]],
) -> tuple[int, list[GameRecord]]:
    """Every game of group ``group``: ``a`` at each seat in turn, the same decks."""
    a, b, seats, seed, group, rules_dict = task
    rules = RuleSet.from_dict(rules_dict)
    decks = GroupDecks(seed, group, rules.jokers)
    return group, [play_game(a, b, seats, s, seed, group, rules, decks) for s in range(seats)]


@dataclass(slots=True)
class Summary:
    """Aggregated figures of a run."""

    a: str
    b: str
    seats: int
    games: int
    seed: int
    rules: dict[str, object]
    wins: int
    rounds: int
    a_rounds_won: int
    a_total: int
    b_total: float
    unfinished: int
    group_scores: list[float]
    times: dict[str, list[int]]
    wall_seconds: float
    workers: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def confidence_interval(self) -> tuple[float, float]:
        """95% interval of ``a``'s win rate from the groups of games dealt the same cards
        (:func:`games.ai.common.stats.grouped_interval`)."""
        return grouped_interval(self.group_scores)

    def binomial_interval(self) -> tuple[float, float]:
        """The Wilson 95% interval treating every game as independent (for comparison)."""
        return wilson_interval(self.wins, self.games)


def simulate(
    a: str,
    b: str,
    seats: int,
    games: int,
    seed: int,
    workers: int | None = None,
    rules: RuleSet | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``games`` games (rounded up to a multiple of ``seats``)."""
    check_player(a)
    check_player(b)
    if not 2 <= seats <= 4:
        raise ValueError("--seats must be 2, 3 or 4.")
    groups = max(1, -(-games // seats))
    workers = max(1, workers or os.cpu_count() or 1)
    rules_dict = (rules or RuleSet()).to_dict()
    tasks = [(a, b, seats, seed, group, rules_dict) for group in range(groups)]
    started = time.perf_counter()
    results = run_tasks(play_group, tasks, workers, progress)
    wins = rounds = a_rounds = a_total = unfinished = 0
    b_total = 0.0
    group_scores = []
    times: dict[str, list[int]] = {a: [], b: []}
    for _, records in results:
        for record in records:
            wins += record.a_won
            rounds += record.rounds
            a_rounds += record.a_rounds_won
            a_total += record.a_total
            b_total += record.b_total
            unfinished += not record.finished
            for name, values in record.times.items():
                times[name].extend(values)
        group_scores.append(sum(r.a_won for r in records) / len(records))
    return Summary(
        a,
        b,
        seats,
        groups * seats,
        seed,
        rules_dict,
        wins,
        rounds,
        a_rounds,
        a_total,
        b_total,
        unfinished,
        group_scores,
        times,
        time.perf_counter() - started,
        workers,
    )


def report(summary: Summary) -> str:
    """A plain-text report of a run."""
    s = summary
    low, high = s.confidence_interval()
    blow, bhigh = s.binomial_interval()
    changed = {k: v for k, v in s.rules.items() if RuleSet().to_dict().get(k) != v}
    lines = [
        f"rummy, {s.seats} seats: {s.a} vs {s.seats - 1} x {s.b}: {s.games} games "
        f"({s.games // s.seats} deals, {s.a} at every seat in turn), seed {s.seed}, "
        f"rules {json.dumps(changed) if changed else 'default'}, {s.workers} worker(s), "
        f"{s.wall_seconds:.1f} s",
        f"{s.a} won {s.wins} ({100 * s.win_rate:.1f}%, even is {100 / s.seats:.1f}%), 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}% (grouped deals; per-game Wilson "
        f"{100 * blow:.1f}-{100 * bhigh:.1f}%)",
        f"rounds: {s.rounds} ({s.rounds / s.games:.2f} a game), {s.a} went out in "
        f"{s.a_rounds_won}; average total {s.a}: {s.a_total / s.games:.1f}, each {s.b}: "
        f"{s.b_total / s.games:.1f}; games stopped unfinished: {s.unfinished}",
        "decision time per player (ms):   p50      p95      max   decisions",
    ]
    for name in dict.fromkeys((s.a, s.b)):
        values = s.times.get(name, [])
        lines.append(
            f"  {name:26} {percentile(values, 0.5) / 1e6:7.3f}  "
            f"{percentile(values, 0.95) / 1e6:7.3f}  {max(values, default=0) / 1e6:7.2f}  "
            f"{len(values):>10}"
        )
    return "\n".join(lines)


def check_options(games: int, rules: str | None) -> RuleSet:
    """The Rummy rules given by ``--rules`` (JSON; the defaults without it), once
    ``--games`` is checked too; ValueError naming the option at fault."""
    return parse_rules_option(games, rules, RuleSet, RuleSet.from_dict)
