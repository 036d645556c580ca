"""A Celery worker keeps its database connection from one task to the next, as a web
worker keeps it from one request to the next, and closes it on the same terms."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from celery.fixups.django import DjangoWorkerFixup
from django.db import connection

from config.celery import app, close_old_connections

pytestmark = pytest.mark.django_db(transaction=True)


def _backend() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


@pytest.fixture
def kept_connections() -> Iterator[None]:
    """The production default: connections kept for a minute (the tests keep none)."""
    before = connection.settings_dict["CONN_MAX_AGE"]
    connection.close()
    connection.settings_dict["CONN_MAX_AGE"] = 60
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["CONN_MAX_AGE"] = before


def _run_task(fixup: DjangoWorkerFixup) -> int:
    """What a worker does around one task (Celery's fixup, then the project's receivers),
    with the task's query in between; the backend that served it."""
    task = app.tasks["games.play_computer_turn"]
    fixup.on_task_prerun(sender=task)
    close_old_connections(task=task)
    backend = _backend()
    fixup.on_task_postrun(sender=task)
    close_old_connections(task=task)
    return backend


def test_a_worker_runs_its_tasks_on_one_database_connection(kept_connections):
    fixup = DjangoWorkerFixup(app)
    backends = {_run_task(fixup) for _ in range(5)}
    assert len(backends) == 1


def test_a_worker_closes_a_connection_past_its_age_before_the_next_task(kept_connections):
    fixup = DjangoWorkerFixup(app)
    first = _run_task(fixup)
    connection.close_at = time.monotonic() - 1  # CONN_MAX_AGE has passed
    assert _run_task(fixup) != first


def test_a_worker_replaces_a_connection_the_database_dropped_between_tasks(kept_connections):
    import psycopg

    fixup = DjangoWorkerFixup(app)
    first = _run_task(fixup)
    params = connection.get_connection_params()
    with psycopg.connect(**params, autocommit=True) as admin:  # as a database restart would
        admin.execute("SELECT pg_terminate_backend(%s)", [first])
    assert _run_task(fixup) != first  # the health check saw it: the task ran, no error
