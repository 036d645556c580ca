"""Play computer players against each other: whole games with the rules core, no HTTP, no
database.

Games come in pairs: both games of a pair are dealt the same decks (round ``i`` of both
uses the ``i``-th deck of the pair) with the players' seats swapped, which cuts the luck of
the deal out of the comparison. Everything is seeded from ``seed`` and the pair's index,
so a run is deterministic (apart from the decision times) whatever the number of workers.

Used by ``python manage.py simulate`` and ``bench/simulate.py``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from games.ai import gin as ai
from games.ai.common.simulate import parse_rules_option, percentile, run_tasks
from games.ai.common.stats import grouped_interval, wilson_interval
from games.ai.gin.memory import Memory
from games.rules.gin import (
    Card,
    GameState,
    Outcome,
    RuleSet,
    apply_action,
    deal_next_round,
    new_deck,
    new_game,
    view_for,
)

MAX_ROUNDS = 500
"""A safety net: a game still running after this many rounds is stopped unfinished."""
MAX_ROUND_ACTIONS = 2000
"""A safety net: the rules allow a round without end when both players keep drawing from
the discard pile (the stock never shrinks); a game with a round this long is stopped
unfinished and counted as won by nobody."""


@dataclass(slots=True)
class SideStats:
    """One player's figures in one game (or summed over games)."""

    wins: int = 0
    total: int = 0
    hand_points: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts: int = 0
    undercut_against: int = 0

    def add(self, other: SideStats) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(slots=True)
class GameRecord:
    """The result of one game from the point of view of the players named ``a`` and ``b``."""

    a: SideStats
    b: SideStats
    rounds: int
    drawn_rounds: int
    finished: bool
    times: dict[str, list[int]] = field(default_factory=dict)
    """Decision times in nanoseconds, by player name."""


class PairDecks:
    """The decks of one pair of games, shuffled on demand from the pair's own stream."""

    def __init__(self, seed: int, pair: int) -> None:
        self._rng = random.Random(f"decks:{seed}:{pair}")
        self._decks: list[list[Card]] = []

    def __getitem__(self, index: int) -> list[Card]:
        while len(self._decks) <= index:
            self._decks.append(new_deck(self._rng))
        return self._decks[index]


def check_player(name: str) -> None:
    """Raise ValueError unless ``name`` is one of :data:`games.ai.PLAYERS`."""
    if name not in ai.PLAYERS:
        raise ValueError(f"Unknown player {name!r}; choose from {', '.join(ai.PLAYERS)}.")


def play_game(
    a: str,
    b: str,
    a_seat: int,
    seed: int,
    pair: int,
    decks: PairDecks | None = None,
    rules: RuleSet | None = None,
) -> GameRecord:
    """Play one game to the target score: ``a`` at seat ``a_seat``, ``b`` at the other."""
    rules = rules or RuleSet()
    decks = decks or PairDecks(seed, pair)
    names = (a, b) if a_seat == 0 else (b, a)
    rngs = [random.Random(f"player:{seed}:{pair}:{a_seat}:{seat}") for seat in (0, 1)]
    memories = [Memory(), Memory()]
    times: dict[str, list[int]] = {a: [], b: []}
    state: GameState = new_game(rules, dealer=0, deck=decks[0])
    actions = 0
    while not state.is_over and len(state.rounds) < MAX_ROUNDS:
        if state.awaiting_deal:
            state = deal_next_round(state, decks[state.round.number])
            actions = 0
            continue
        actions += 1
        if actions > MAX_ROUND_ACTIONS:
            break
        seat = state.round.turn
        assert seat is not None
        view = view_for(state, seat)
        started = time.perf_counter_ns()
        action = ai.play(names[seat], view, rngs[seat], memory=memories[seat])
        times[names[seat]].append(time.perf_counter_ns() - started)
        state = apply_action(state, action, seat)
    sides = (SideStats(), SideStats())
    drawn = 0
    for result in state.rounds:
        if result.outcome is Outcome.DRAW or result.winner is None:
            drawn += 1
            continue
        winner = sides[result.winner]
        winner.hands_won += 1
        winner.hand_points += result.points
        if result.outcome is Outcome.GIN:
            winner.gins += 1
        elif result.outcome is Outcome.BIG_GIN:
            winner.big_gins += 1
        elif result.outcome is Outcome.KNOCK:
            winner.knocks += 1
        elif result.outcome is Outcome.UNDERCUT:
            winner.undercuts += 1
            sides[1 - result.winner].undercut_against += 1
    if state.final is not None:
        sides[state.final.winner].wins = 1
        for seat in (0, 1):
            sides[seat].total = state.final.totals[seat]
    a_side, b_side = (sides[0], sides[1]) if a_seat == 0 else (sides[1], sides[0])
    return GameRecord(a_side, b_side, len(state.rounds), drawn, state.is_over, times)


def play_pair(
    task: tuple[str, str, int, int, dict[str, object]],
) -> tuple[int, GameRecord, GameRecord]:
    """Both games of pair ``pair``: ``a`` first at seat 0, then at seat 1, same decks."""
    a, b, seed, pair, rules_dict = task
    rules = RuleSet.from_dict(rules_dict)
    decks = PairDecks(seed, pair)
    first = play_game(a, b, 0, seed, pair, decks, rules)
    second = play_game(a, b, 1, seed, pair, decks, rules)
    return pair, first, second


@dataclass(slots=True)
class Summary:
    """Aggregated figures of a run."""

    a: str
    b: str
    games: int
    seed: int
    a_stats: SideStats
    b_stats: SideStats
    rounds: int
    drawn_rounds: int
    unfinished: int
    pair_scores: list[float]
    times: dict[str, list[int]]
    wall_seconds: float
    workers: int

    @property
    def win_rate(self) -> float:
        return self.a_stats.wins / self.games if self.games else 0.0

    def confidence_interval(self) -> tuple[float, float]:
        """95% interval of ``a``'s win rate from the groups of games dealt the same cards
        (:func:`games.ai.common.stats.grouped_interval`)."""
        return grouped_interval(self.pair_scores)

    def binomial_interval(self) -> tuple[float, float]:
        """The Wilson 95% interval treating every game as independent (for comparison)."""
        return wilson_interval(self.a_stats.wins, self.games)


def simulate(
    a: str,
    b: str,
    games: int,
    seed: int,
    workers: int | None = None,
    rules: RuleSet | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``games`` games (rounded up to an even number: pairs with seats swapped)."""
    check_player(a)
    check_player(b)
    pairs = max(1, (games + 1) // 2)
    workers = max(1, workers or os.cpu_count() or 1)
    rules_dict = (rules or RuleSet()).to_dict()
    tasks = [(a, b, seed, pair, rules_dict) for pair in range(pairs)]
    started = time.perf_counter()
    results = run_tasks(play_pair, tasks, workers, progress)
    a_stats, b_stats = SideStats(), SideStats()
    rounds = drawn = unfinished = 0
    pair_scores = []
    times: dict[str, list[int]] = {a: [], b: []}
    for _, *records in results:
        score = 0.0
        for record in records:
            a_stats.add(record.a)
            b_stats.add(record.b)
            rounds += record.rounds
            drawn += record.drawn_rounds
            unfinished += not record.finished
            score += record.a.wins / 2
            for name, values in record.times.items():
                times[name].extend(values)
        pair_scores.append(score)
    return Summary(
        a,
        b,
        2 * pairs,
        seed,
        a_stats,
        b_stats,
        rounds,
        drawn,
        unfinished,
        pair_scores,
        times,
        time.perf_counter() - started,
        workers,
    )


def report(summary: Summary) -> str:
    """A plain-text report of a run."""
    s = summary
    low, high = s.confidence_interval()
    blow, bhigh = s.binomial_interval()
    lines = [
        f"{s.a} vs {s.b}: {s.games} games ({s.games // 2} deals played twice, seats swapped), "
        f"seed {s.seed}, {s.workers} worker(s), {s.wall_seconds:.1f} s",
        f"{s.a} won {s.a_stats.wins} ({100 * s.win_rate:.1f}%), 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}% (paired deals; per-game Wilson "
        f"{100 * blow:.1f}-{100 * bhigh:.1f}%)",
        f"{'':10} {'wins':>6} {'avg total':>10} {'avg hand pts':>13} {'hands won':>10} "
        f"{'gins':>6} {'big gins':>9} {'undercuts':>10}",
    ]
    for name, side in ((s.a, s.a_stats), (s.b, s.b_stats)):
        lines.append(
            f"{name:10} {side.wins:>6} {side.total / s.games:>10.1f} "
            f"{side.hand_points / s.games:>13.1f} {side.hands_won:>10} {side.gins:>6} "
            f"{side.big_gins:>9} {side.undercuts:>10}"
        )
    lines.append(
        f"rounds: {s.rounds} ({s.rounds / s.games:.2f} a game), drawn: {s.drawn_rounds}, "
        f"games stopped unfinished: {s.unfinished}"
    )
    lines.append("decision time per player (ms):  mean      p95      max   decisions")
    seen = set()
    for name in (s.a, s.b):
        if name in seen:
            continue
        seen.add(name)
        values = s.times.get(name, [])
        mean = sum(values) / len(values) / 1e6 if values else 0.0
        lines.append(
            f"  {name:26} {mean:7.3f}  {percentile(values, 0.95) / 1e6:7.3f}  "
            f"{max(values, default=0) / 1e6:7.2f}  {len(values):>10}"
        )
    return "\n".join(lines)


def check_options(games: int, rules: str | None) -> RuleSet:
    """The rules given by ``--rules`` (JSON; the defaults without it), once ``--games`` is
    checked too; ValueError naming the option at fault."""
    return parse_rules_option(games, rules, RuleSet, RuleSet.from_dict)
