"""The confidence intervals the simulators report (pure arithmetic, no dependencies)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_95 = 1.96


def grouped_interval(scores: Sequence[float]) -> tuple[float, float]:
    """95% interval of the mean of per-group scores (each group: games dealt the same
    cards, scored as the share ``a`` won), which accounts for the shared decks."""
    n = len(scores)
    if n < 2:
        return 0.0, 1.0
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = Z_95 * math.sqrt(var / n)
    return max(0.0, mean - half), min(1.0, mean + half)


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """The Wilson 95% interval of ``wins / games``, every game taken as independent."""
    if not games:
        return 0.0, 1.0
    p, n, z = wins / games, games, Z_95
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
