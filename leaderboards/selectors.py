"""Leaderboard read operations."""

from __future__ import annotations

from typing import Any


def player_rating(*, user: Any) -> dict[str, Any]:
    """The player's skill rating for profiles."""
    return {"rating": 1500.0, "rating_deviation": 350.0, "rating_provisional": True}
