"""Game read operations."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, Sum

from .models import GameResult


def player_stats(*, user: Any) -> dict[str, Any]:
    """Lifetime statistics from the player's finished games (one aggregate query)."""
    agg = GameResult.objects.filter(user=user).aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(won=True)),
        gins=Sum("gins", default=0),
        big_gins=Sum("big_gins", default=0),
        undercuts=Sum("undercuts", default=0),
        hand_points=Sum("hand_points", default=0),
        hands=Sum("hands", default=0),
    )
    hands = agg["hands"] or 0
    return {
        "games": agg["games"],
        "wins": agg["wins"],
        "losses": agg["games"] - agg["wins"],
        "gins": agg["gins"],
        "big_gins": agg["big_gins"],
        "undercuts": agg["undercuts"],
        "hands": hands,
        "average_points_per_hand": round(agg["hand_points"] / hands, 2) if hands else 0.0,
    }
