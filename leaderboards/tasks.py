"""Leaderboard tasks: beat keeps the standings fresh and closes periods; games get rated.

Every task is idempotent (tasks are acknowledged late and may be delivered twice).
"""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="leaderboards.refresh_standings", acks_late=True, ignore_result=True)
def refresh_standings(kinds: list[str] | None = None) -> dict[str, int]:
    """Close the periods that are due, then recompute the open periods' standings (of
    ``kinds``: ``weekly``, ``monthly``, ``all-time``; default all)."""
    return services.standings_refresh_open(kinds=kinds)


@shared_task(name="leaderboards.close_periods", acks_late=True, ignore_result=True)
def close_periods() -> int:
    """Close every week and month that has ended (catching up missed ones); idempotent."""
    return len(services.periods_close_due())


@shared_task(name="leaderboards.rate_game", acks_late=True, ignore_result=True)
def rate_game(game_id: str) -> bool:
    """Apply a finished game between people to its players' ratings in its variant; a
    redelivery does nothing."""
    return services.game_rate(game_id=game_id) is not None


@shared_task(name="leaderboards.rate_pending_games", acks_late=True, ignore_result=True)
def rate_pending_games() -> int:
    """Rate recent human games whose rating task never ran."""
    return services.games_rate_pending()
