"""Account housekeeping tasks (scheduled by Celery beat)."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from . import services
from .models import AuthToken, token_max_age


@shared_task(name="accounts.purge_stale_tokens", acks_late=True)
def purge_stale_tokens() -> int:
    """Delete tokens unused for ``AUTH_TOKEN_IDLE_DAYS`` and tokens past their lifetime
    (``AUTH_TOKEN_MAX_AGE_DAYS``, which no longer authenticate); returns how many.
    Idempotent."""
    now = timezone.now()
    cutoff = now - timedelta(days=settings.AUTH_TOKEN_IDLE_DAYS)
    stale = AuthToken.objects.filter(
        Q(last_used_at__lt=cutoff)
        | Q(last_used_at__isnull=True, created_at__lt=cutoff)
        | Q(created_at__lte=now - token_max_age())
    )
    deleted, _ = stale.delete()
    return deleted


@shared_task(name="accounts.purge_idle_guests", acks_late=True)
def purge_idle_guests() -> int:
    """Remove guest accounts unused for ``GUEST_IDLE_DAYS`` (deleted, or kept as an
    anonymous, deactivated row where other players' games need their seat); returns how
    many. Idempotent."""
    deleted, kept = services.guests_purge_idle()
    return deleted + kept
