"""Play Rummy computer players against each other on the runner of
:mod:`games.ai.common.simulate`: ``a`` at one seat and ``b`` at every other (2-4 seats),
each deal played with ``a`` at every seat in turn.

Used by ``python manage.py simulate --variant rummy`` and ``bench/simulate.py``
(:mod:`games.variants.simulate`).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.common import simulate as runner
from games.ai.common.simulate import Contest, SeatPlayer
from games.ai.rummy import PLAYERS
from games.rules.rummy import RUMMY_RULES, Action, GameState, Outcome, PlayerView, RuleSet

MAX_ROUND_ACTIONS = 5000
"""A safety net: the rules allow a round without end when players keep taking the discard
pile's top card; a game with a round this long is stopped unfinished (won by nobody)."""


@dataclass(slots=True)
class Figures:
    """What one game counts for player ``a``."""

    a_rounds_won: int
    a_total: int
    b_total: float
    """The mean total of the ``b`` seats."""


def figures(state: GameState, a_seat: int) -> Figures:
    """The figures of a finished (or stopped) game, ``a`` at ``a_seat``."""
    a_rounds = sum(1 for r in state.rounds if r.winner == a_seat and r.outcome is not Outcome.BLOCK)
    others = [state.scores[s] for s in range(state.seats) if s != a_seat]
    return Figures(a_rounds, state.scores[a_seat], sum(others) / len(others))


def seat_player(name: str) -> SeatPlayer[PlayerView, Action]:
    """Player ``name`` (Rummy's players keep nothing between decisions)."""
    return PLAYERS[name]


def report(run: runner.Run[Figures]) -> str:
    """A plain-text report of a run."""
    s = run
    records = run.records
    a_rounds_won = sum(r.figures.a_rounds_won for r in records)
    a_total = sum(r.figures.a_total for r in records)
    b_total = sum(r.figures.b_total for r in records)
    changed = {k: v for k, v in s.settings.items() if RuleSet().to_dict().get(k) != v}
    lines = [
        s.seat_heading("rummy", changed),
        s.seat_win_line(),
        f"rounds: {s.rounds} ({s.rounds / s.games:.2f} a game), {s.a} went out in "
        f"{a_rounds_won}; average total {s.a}: {a_total / s.games:.1f}, "
        f"each {s.b}: {b_total / s.games:.1f}; games stopped unfinished: "
        f"{s.unfinished}",
        *s.time_lines(),
    ]
    return "\n".join(lines)


CONTEST: Contest[GameState, Action, PlayerView, Figures] = Contest(
    RUMMY_RULES,
    tuple(PLAYERS),
    seat_player,
    figures,
    report,
    (2, 3, 4),
    MAX_ROUND_ACTIONS,
    "rummy-",
)
"""Rummy as the simulator plays it: ``a`` at one seat, ``b`` at every other."""
