"""Sitting: letting the turn timer run out, game after game, rather than lose.

A game a player lost on time while behind (not first as the game stood when the clock ran
out) is a *sitting*. :func:`sitting` fires at ``min_sittings`` of them in the window; each
time, the play ban is longer (:func:`playban_minutes`, as lichess's playban: short at
first, longer on repeats, capped).
"""

from __future__ import annotations

from collections.abc import Sequence

from .findings import Finding


def sat(*, timed_out: bool, place_before: int) -> bool:
    """Whether a forfeit was sitting: the player ran out of time (``timed_out``) while not
    first (``place_before``: their place, 1 the best, as the game stood before)."""
    return timed_out and place_before > 1


def sitting(user: int, games: Sequence[str], *, min_sittings: int) -> Finding | None:
    """A finding when ``games`` (the player's sittings in the window) number at least
    ``min_sittings``."""
    if len(games) < max(min_sittings, 1):
        return None
    return Finding(
        kind="sitting",
        user=user,
        score=float(len(games)),
        evidence={"sittings": len(games), "games": list(games)},
    )


def playban_minutes(previous: int, *, base: int, factor: int, cap: int) -> int:
    """The length of a play ban after ``previous`` bans in memory: ``base`` minutes, times
    ``factor`` for each earlier ban, at most ``cap``."""
    minutes = base
    for _ in range(max(previous, 0)):
        minutes *= factor
        if minutes >= cap:
            return cap
    return min(minutes, cap)
