"""Beat's tournament safety net inside the web process, for the embedded quick start.

Without a broker (``make run``) tasks run in-process and no beat runs, so nothing would
start a tournament at its time, end an arena, stop a Swiss round at its deadline or
forfeit a no-show: reading a tournament does not (a GET changes nothing). With
``EMBEDDED_BEAT`` (on exactly when there is no broker; off in the tests) the WSGI entry
point starts one daemon thread that sends the :data:`ENTRIES` of ``CELERY_BEAT_SCHEDULE``
at their period, in-process, as beat sends them to a worker.
"""

from __future__ import annotations

import logging
import threading

from celery import current_app
from django.conf import settings
from django.db import close_old_connections, connection

logger = logging.getLogger(__name__)

ENTRIES = ("tournaments-advance-due",)
"""The beat entries run in-process (their ``schedule`` is a period in seconds)."""


def start(stop: threading.Event | None = None) -> threading.Thread | None:
    """Start the thread when ``EMBEDDED_BEAT`` is on (it runs until ``stop`` is set, or
    the process ends); None otherwise."""
    if not settings.EMBEDDED_BEAT:
        return None
    thread = threading.Thread(
        target=run, args=(stop or threading.Event(),), name="embedded-beat", daemon=True
    )
    thread.start()
    return thread


def run(stop: threading.Event) -> None:
    """Send each entry's task every period until ``stop`` is set."""
    entries = [settings.CELERY_BEAT_SCHEDULE[name] for name in ENTRIES]
    period = min(float(entry["schedule"]) for entry in entries)
    try:
        while not stop.wait(period):
            for entry in entries:
                try:
                    current_app.tasks[entry["task"]].apply(throw=True)
                except Exception:  # the next period tries again, as beat's next send would
                    logger.exception("embedded beat: %s failed", entry["task"])
                finally:
                    close_old_connections()
    finally:
        connection.close()
