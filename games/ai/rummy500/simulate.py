"""Play Rummy 500 computer players against each other on the runner of
:mod:`games.ai.common.simulate`: ``a`` at one seat and ``b`` at every other (2-4 seats),
each deal played with ``a`` at every seat in turn.

Used by ``python manage.py simulate --variant rummy500`` (:mod:`games.variants.simulate`).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.common import simulate as runner
from games.ai.common.simulate import Contest, SeatPlayer
from games.ai.rummy500 import PLAYERS
from games.rules.rummy500 import RUMMY500_RULES, Action, GameState, PlayerView, RuleSet

MAX_ROUND_ACTIONS = 5000
"""A safety net: a round this long is stopped unfinished (won by nobody)."""


@dataclass(slots=True)
class Figures:
    """What one game counts for player ``a``."""

    a_rounds_out: int
    a_total: int
    b_total: float
    """The mean total of the ``b`` seats."""


def figures(state: GameState, a_seat: int) -> Figures:
    """The figures of a finished (or stopped) game, ``a`` at ``a_seat``."""
    outs = sum(1 for r in state.rounds if r.went_out == a_seat)
    others = [state.scores[s] for s in range(state.seats) if s != a_seat]
    return Figures(outs, state.scores[a_seat], sum(others) / len(others))


def seat_player(name: str) -> SeatPlayer[PlayerView, Action]:
    """Player ``name`` (the players keep nothing between decisions)."""
    return PLAYERS[name]


def report(run: runner.Run[Figures]) -> str:
    """A plain-text report of a run."""
    s = run
    records = run.records
    outs = sum(r.figures.a_rounds_out for r in records)
    a_total = sum(r.figures.a_total for r in records)
    b_total = sum(r.figures.b_total for r in records)
    changed = {k: v for k, v in s.settings.items() if RuleSet().to_dict().get(k) != v}
    lines = [
        s.seat_heading("rummy500", changed),
        s.seat_win_line(),
        f"rounds: {s.rounds} ({s.rounds / s.games:.2f} a game), {s.a} went out in {outs}; "
        f"average total {s.a}: {a_total / s.games:.1f}, each {s.b}: {b_total / s.games:.1f}; "
        f"games stopped unfinished: {s.unfinished}",
        *s.time_lines(),
    ]
    return "\n".join(lines)


CONTEST: Contest[GameState, Action, PlayerView, Figures] = Contest(
    RUMMY500_RULES,
    tuple(PLAYERS),
    seat_player,
    figures,
    report,
    (2, 3, 4),
    MAX_ROUND_ACTIONS,
    "rummy500-",
)
"""Rummy 500 as the simulator plays it: ``a`` at one seat, ``b`` at every other."""
