"""Celery tasks: ids in, one service call each (named: services queue them by name)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from . import services


@shared_task(name="fairplay.review_game", acks_late=True, ignore_result=True)
def review_game(game_id: str) -> None:
    """What a finished game tells: recent records, sitting, devices, the pairs' history."""
    services.game_review(game_id=game_id)


@shared_task(
    name="fairplay.scan", acks_late=True, ignore_result=True, time_limit=3600, soft_time_limit=3500
)
def scan() -> dict[str, Any]:
    """The nightly scan: every detector over the last days' games."""
    return services.scan_run()


@shared_task(name="fairplay.purge_traces", acks_late=True, ignore_result=True)
def purge_traces() -> int:
    """Delete the hashes of addresses, networks and devices not seen for
    ``FAIRPLAY_TRACE_DAYS``."""
    return services.traces_purge()
