"""A real worker process, on the Redis broker, runs a task that writes to PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import AuthToken
from accounts.tasks import purge_stale_tokens
from tests.conftest import wait_until
from tests.factories import UserFactory


@pytest.mark.celery_worker
def test_worker_process_runs_a_task_that_deletes_rows(real_worker):
    user = UserFactory()
    stale, _ = AuthToken.objects.issue(user)
    fresh, _ = AuthToken.objects.issue(user)
    AuthToken.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(days=400))

    purge_stale_tokens.delay()

    wait_until(lambda: not AuthToken.objects.filter(pk=stale.pk).exists())
    assert AuthToken.objects.filter(pk=fresh.pk).exists()
