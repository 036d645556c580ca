"""The Celery app: settings from Django (``CELERY_*``), tasks discovered in every app.

Without ``CELERY_BROKER_URL`` the settings make every task run eagerly in-process, so the
embedded quick start needs no broker. Tasks are acknowledged late (a worker that dies
mid-task leaves the message for another worker), so every task must be idempotent.
"""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("ginrummy")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def close_old_connections(**kwargs: Any) -> None:
    """Around every task a worker runs, what Django does around every request: close the
    connections that are past ``CONN_MAX_AGE`` or unusable, and check the others' health
    before their next use (``CELERY_DB_REUSE_MAX`` keeps Celery from closing them all)."""
    task = kwargs.get("task")
    if task is not None and getattr(task.request, "is_eager", False):
        return  # an eager task runs inside the caller's request (or its transaction)
    from django.db import close_old_connections as close

    close()
