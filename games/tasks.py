"""Celery tasks of the games app. Each takes ids (and the version it was queued for) and
does nothing when the game has moved on, so redelivery is harmless. Tasks call services;
services queue tasks by these names (``games.services.commit``)."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from games import services

logger = logging.getLogger(__name__)

_TURN_TASK: dict[str, Any] = {
    "acks_late": True,
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "retry_backoff_max": 10,
    "max_retries": 5,
}
"""A task that plays a turn: redelivered if its worker dies, retried while the database is
away (a transient error; every other error is a bug, not retried)."""


@shared_task(name="games.play_computer_turn", **_TURN_TASK)
def play_computer_turn(game_id: str, version: int) -> int:
    """Play the computer's turn of ``game_id`` if the game is still at ``version``."""
    applied = services.game_play_computer_turn(game_id=game_id, version=version)
    logger.debug("computer turn for %s at v%s: %s actions", game_id, version, applied)
    return applied


@shared_task(name="games.purge_idempotency_records", acks_late=True)
def purge_idempotency_records() -> int:
    """Delete idempotency records older than 24 hours (they no longer protect anything)."""
    return services.idempotency_purge()


@shared_task(name="games.expire_turn", **_TURN_TASK)
def expire_turn(game_id: str, version: int) -> bool:
    """The turn timer, queued with an ETA at the deadline for the version it was set at."""
    return services.game_expire_turn(game_id=game_id, version=version)


@shared_task(name="games.sweep_overdue", acks_late=True)
def sweep_overdue() -> int:
    """Enforce whatever is overdue (expired turns whose timer task was lost, lapsed rematch
    offers, tables left waiting for a day), and play the computer turns whose task was lost.
    Idempotent: every change is checked against the game's version under its row lock."""
    changed = services.games_enforce_overdue()
    grace = timedelta(seconds=settings.GAMES_COMPUTER_GRACE_SECONDS)
    for game_id, version in services.games_waiting_for_computer(older_than=grace):
        if services.game_play_computer_turn(game_id=game_id, version=version):
            logger.info("sweeper played the computer's lost turn of %s at v%s", game_id, version)
            changed += 1
    return changed


@shared_task(name="games.purge_player_events", acks_late=True)
def purge_player_events() -> int:
    """Delete account-stream events older than a week."""
    return services.player_events_purge()


@shared_task(name="games.review_game", **_TURN_TASK)
def review_game(game_id: str, seat: int, version: int) -> bool:
    """Compute the pending review of ``seat`` in the finished game ``game_id`` (the version
    it was asked at); a review already written is left as it is."""
    return services.game_review_compute(game_id=game_id, seat=seat, version=version)
