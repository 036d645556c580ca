"""Play Gin Rummy computer players against each other on the runner of
:mod:`games.ai.common.simulate`: each deal played twice, seats swapped (a group of two).

Used by ``python manage.py simulate`` and ``bench/simulate.py`` (:mod:`games.variants.simulate`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.ai.common import simulate as runner
from games.ai.common.simulate import Contest, SeatPlayer
from games.ai.gin import PLAYERS, play
from games.ai.gin.memory import Memory
from games.rules.gin import GIN_RULES, Action, GameState, Outcome, PlayerView

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
class Figures:
    """What one game counts, for ``a`` and for ``b``."""

    a: SideStats
    b: SideStats
    drawn_rounds: int


def figures(state: GameState, a_seat: int) -> Figures:
    """The figures of a finished (or stopped) game, ``a`` at ``a_seat``."""
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
    return Figures(sides[a_seat], sides[1 - a_seat], drawn)


def seat_player(name: str) -> SeatPlayer[PlayerView, Action]:
    """Player ``name`` for one seat of one game, keeping its memory between decisions
    (which saves rebuilding it from the view, and never changes a decision)."""
    memory = Memory()

    def choose(view: PlayerView, rng: random.Random) -> Action:
        return play(name, view, rng, memory=memory)

    return choose


def totals(run: runner.Run[Figures]) -> Figures:
    """The run's figures summed over its games."""
    out = Figures(SideStats(), SideStats(), 0)
    for record in run.records:
        out.a.add(record.figures.a)
        out.b.add(record.figures.b)
        out.drawn_rounds += record.figures.drawn_rounds
    return out


def report(run: runner.Run[Figures]) -> str:
    """A plain-text report of a run."""
    s = run
    low, high = s.confidence_interval()
    blow, bhigh = s.binomial_interval()
    total = totals(run)
    a_stats, b_stats = total.a, total.b
    lines = [
        f"{s.a} vs {s.b}: {s.games} games ({s.games // 2} deals played twice, seats swapped), "
        f"seed {s.seed}, {s.workers} worker(s), {s.wall_seconds:.1f} s",
        f"{s.a} won {a_stats.wins} ({100 * s.win_rate:.1f}%), 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}% (paired deals; per-game Wilson "
        f"{100 * blow:.1f}-{100 * bhigh:.1f}%)",
        f"{'':10} {'wins':>6} {'avg total':>10} {'avg hand pts':>13} {'hands won':>10} "
        f"{'gins':>6} {'big gins':>9} {'undercuts':>10}",
    ]
    for name, side in ((s.a, a_stats), (s.b, b_stats)):
        lines.append(
            f"{name:10} {side.wins:>6} {side.total / s.games:>10.1f} "
            f"{side.hand_points / s.games:>13.1f} {side.hands_won:>10} {side.gins:>6} "
            f"{side.big_gins:>9} {side.undercuts:>10}"
        )
    lines.append(
        f"rounds: {s.rounds} ({s.rounds / s.games:.2f} a game), drawn: {total.drawn_rounds}, "
        f"games stopped unfinished: {s.unfinished}"
    )
    lines += s.time_lines("mean")
    return "\n".join(lines)


CONTEST: Contest[GameState, Action, PlayerView, Figures] = Contest(
    GIN_RULES, PLAYERS, seat_player, figures, report, (2,), MAX_ROUND_ACTIONS
)
"""Gin Rummy as the simulator plays it: each deal twice, seats swapped."""
