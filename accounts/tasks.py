"""Account housekeeping tasks (scheduled by Celery beat)."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from .models import AuthToken


@shared_task(name="accounts.purge_stale_tokens", acks_late=True)
def purge_stale_tokens() -> int:
    """Delete tokens unused for ``AUTH_TOKEN_IDLE_DAYS``; returns how many. Idempotent."""
    cutoff = timezone.now() - timedelta(days=settings.AUTH_TOKEN_IDLE_DAYS)
    stale = AuthToken.objects.filter(
        Q(last_used_at__lt=cutoff) | Q(last_used_at__isnull=True, created_at__lt=cutoff)
    )
    deleted, _ = stale.delete()
    return deleted
