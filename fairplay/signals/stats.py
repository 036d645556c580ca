"""The few statistics the detectors share."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (0 for no values)."""
    return sum(values) / len(values) if values else 0.0


def coefficient_of_variation(values: Sequence[float]) -> float | None:
    """The sample standard deviation over the mean; None for fewer than two values or a
    mean of 0 (nothing to compare with)."""
    if len(values) < 2:
        return None
    centre = mean(values)
    if centre <= 0:
        return None
    variance = sum((value - centre) ** 2 for value in values) / (len(values) - 1)
    return math.sqrt(variance) / centre


def two_proportion_z(hits: int, tries: int, base_hits: int, base_tries: int) -> float:
    """How many standard errors ``hits / tries`` lies above ``base_hits / base_tries``
    (the pooled two-proportion z-test); 0 when either side has no tries or the pooled
    proportion is 0 or 1 (nothing varies)."""
    if tries <= 0 or base_tries <= 0:
        return 0.0
    pooled = (hits + base_hits) / (tries + base_tries)
    if pooled <= 0.0 or pooled >= 1.0:
        return 0.0
    error = math.sqrt(pooled * (1 - pooled) * (1 / tries + 1 / base_tries))
    return (hits / tries - base_hits / base_tries) / error
