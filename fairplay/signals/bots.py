"""Scripts that play the API: machine-regular timing, no sleep, our own Hard's choices.

* :func:`regular_timing`: the coefficient of variation (standard deviation over mean) of
  the player's think times, over at least ``min_actions`` actions. People's think times
  vary widely (a CV near 1); a script's sleep loop barely does.
* :func:`long_hours`: the most distinct clock hours the player acted in within one UTC
  day. People sleep.
* :func:`engine_agreement`: how often the player's action was our Hard player's choice, over
  at least ``min_decisions`` decisions that matter (where our levels disagree: a forced
  move says nothing).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from .findings import Finding
from .stats import coefficient_of_variation, mean


def regular_timing(
    user: int, think_seconds: Sequence[float], *, min_actions: int, max_cv: float
) -> Finding | None:
    """A finding when ``think_seconds`` (one per action, at least ``min_actions`` of them)
    vary by a coefficient of variation of ``max_cv`` or less."""
    if len(think_seconds) < max(min_actions, 2):
        return None
    cv = coefficient_of_variation(think_seconds)
    if cv is None or cv > max_cv:
        return None
    return Finding(
        kind="regular_timing",
        user=user,
        score=round(cv, 4),
        evidence={
            "actions": len(think_seconds),
            "cv": round(cv, 4),
            "mean_seconds": round(mean(think_seconds), 3),
        },
    )


def long_hours(user: int, active: Iterable[tuple[int, int]], *, min_hours: int) -> Finding | None:
    """A finding when the player acted in ``min_hours`` or more distinct hours of one day;
    ``active``: ``(day, hour)`` of each action (the day as any ordinal, the hour 0-23)."""
    hours: dict[int, set[int]] = defaultdict(set)
    for day, hour in active:
        hours[day].add(hour)
    if not hours:
        return None
    day, most = max(hours.items(), key=lambda item: (len(item[1]), -item[0]))
    if len(most) < min_hours:
        return None
    return Finding(
        kind="long_hours",
        user=user,
        score=float(len(most)),
        evidence={"day": day, "hours": len(most)},
    )


def engine_agreement(
    user: int, agreed: Sequence[bool], *, min_decisions: int, min_share: float
) -> Finding | None:
    """A finding when the player chose as our Hard player in at least ``min_share`` of
    ``agreed`` (one per decision that matters, at least ``min_decisions``)."""
    if len(agreed) < max(min_decisions, 1):
        return None
    share = sum(agreed) / len(agreed)
    if share < min_share:
        return None
    return Finding(
        kind="engine_agreement",
        user=user,
        score=round(share, 4),
        evidence={"decisions": len(agreed), "agreed": sum(agreed), "share": round(share, 4)},
    )
