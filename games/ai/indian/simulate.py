"""Play Indian Rummy computer players against each other on the runner of
:mod:`games.ai.common.simulate`: ``a`` at one seat and ``b`` at every other (2-6 seats),
each deal played with ``a`` at every seat in turn.

Used by ``python manage.py simulate --variant indian`` and ``bench/simulate.py``
(:mod:`games.variants.simulate`). With ``--rules '{"format": "points"}'`` (the default
format) a game is one deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.common import simulate as runner
from games.ai.common.simulate import Contest, SeatPlayer
from games.ai.indian import PLAYERS
from games.rules.indian import (
    INDIAN_RULES,
    Action,
    GameState,
    HandStatus,
    PlayerView,
    RuleSet,
)

MAX_ROUND_ACTIONS = 5000
"""A safety net: a deal still going after this many actions stops its game unfinished
(won by nobody). The rules bound a deal only by the players' choices: players who keep
taking the discard pile's top card keep the stock from running down."""


@dataclass(slots=True)
class Figures:
    """What one game counts for player ``a``."""

    a_deals_won: int
    a_total: int
    b_total: float
    """The mean total of the ``b`` seats."""
    a_drops: int
    a_wrong_shows: int
    b_drops: float
    """The mean number of drops of a ``b`` seat."""


def figures(state: GameState, a_seat: int) -> Figures:
    """The figures of a finished (or stopped) game, ``a`` at ``a_seat``."""
    won = sum(1 for r in state.rounds if r.winner == a_seat)
    others = [s for s in range(state.seats) if s != a_seat]

    def count(seat: int, status: HandStatus) -> int:
        return sum(1 for r in state.rounds if r.hands[seat].status is status)

    return Figures(
        won,
        state.scores[a_seat],
        sum(state.scores[s] for s in others) / len(others),
        count(a_seat, HandStatus.DROPPED),
        count(a_seat, HandStatus.WRONG_SHOW),
        sum(count(s, HandStatus.DROPPED) for s in others) / len(others),
    )


def seat_player(name: str) -> SeatPlayer[PlayerView, Action]:
    """Player ``name`` (Indian Rummy's players keep nothing between decisions)."""
    return PLAYERS[name]


def report(run: runner.Run[Figures]) -> str:
    """A plain-text report of a run."""
    s = run
    records = run.records
    games = max(1, s.games)
    a_won = sum(r.figures.a_deals_won for r in records)
    a_total = sum(r.figures.a_total for r in records)
    b_total = sum(r.figures.b_total for r in records)
    a_drops = sum(r.figures.a_drops for r in records)
    b_drops = sum(r.figures.b_drops for r in records)
    wrong = sum(r.figures.a_wrong_shows for r in records)
    defaults = RuleSet.from_dict({"format": s.settings.get("format", "points")}).to_dict()
    changed = {k: v for k, v in s.settings.items() if defaults.get(k) != v}
    changed = {"format": s.settings["format"], **changed}
    lines = [
        s.seat_heading("indian", changed, deals="deal sets"),
        s.seat_win_line(),
        f"deals: {s.rounds} ({s.rounds / games:.2f} a game), {s.a} won {a_won}; average "
        f"points {s.a}: {a_total / games:.1f}, each {s.b}: {b_total / games:.1f}; drops "
        f"{s.a}: {a_drops}, each {s.b}: {b_drops:.1f}; wrong shows {s.a}: {wrong}; games "
        f"stopped unfinished: {s.unfinished}",
        *s.time_lines(),
    ]
    return "\n".join(lines)


CONTEST: Contest[GameState, Action, PlayerView, Figures] = Contest(
    INDIAN_RULES,
    tuple(PLAYERS),
    seat_player,
    figures,
    report,
    (2, 3, 4, 5, 6),
    MAX_ROUND_ACTIONS,
    "indian-",
)
"""Indian Rummy as the simulator plays it: ``a`` at one seat, ``b`` at every other."""
