"""The Celery app: settings from Django (``CELERY_*``), tasks discovered in every app.

Without ``CELERY_BROKER_URL`` the settings make every task run eagerly in-process, so the
embedded quick start needs no broker. Tasks are acknowledged late (a worker that dies
mid-task leaves the message for another worker), so every task must be idempotent.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("ginrummy")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
