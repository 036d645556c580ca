"""How much a win counts on the ``computer`` boards (docs/leaderboards.md).

A win against the computer is weighted by its level, so farming easy games does not beat
winning hard ones; a win against a person always counts 1.
"""

from __future__ import annotations

from decimal import Decimal

LEVEL_WEIGHTS: dict[str, Decimal] = {
    "easy": Decimal("0.25"),
    "medium": Decimal("0.50"),
    "hard": Decimal("1.00"),
}
HUMAN_WEIGHT = Decimal("1.00")


def result_weight(*, opponent_type: str, difficulty: str) -> Decimal:
    """The leaderboard weight of one game's result row."""
    if opponent_type != "computer":
        return HUMAN_WEIGHT
    return LEVEL_WEIGHTS.get(difficulty, HUMAN_WEIGHT)
