"""Celery tasks of the tournaments app: ids in, one service call; every one idempotent
(a run that finds nothing to do does nothing). Services queue ``tournaments.advance`` by
name (``tournaments.services.advance``)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

from tournaments import selectors, services

logger = logging.getLogger(__name__)


@shared_task(
    name="tournaments.advance",
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=10,
    max_retries=5,
)
def advance(tournament_id: str) -> bool:
    """The pairing run of one tournament (a game ended, a moment came due)."""
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task(name="tournaments.advance_due", acks_late=True)
def advance_due() -> int:
    """The safety net: a pairing run for every tournament under way or due to start (a
    lost task, a missed moment); returns how many were run."""
    count = 0
    for tournament_id in selectors.tournaments_to_advance():
        try:
            services.tournament_advance(tournament_id=tournament_id)
        except OperationalError as exc:  # the next run catches up
            logger.warning("tournament %s not advanced: %s", tournament_id, exc)
            continue
        count += 1
    return count


@shared_task(name="tournaments.plan_schedules", acks_late=True)
def plan_schedules() -> int:
    """Create the scheduled tournaments of the next 24 hours (each start once)."""
    return len(services.schedules_plan())
