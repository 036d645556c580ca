"""Account-stream events (``GET /me/events``): written with the change that causes them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts.models import User
from games.live import notify
from games.models import PlayerEvent

PLAYER_EVENT_TTL = timedelta(days=7)


def player_event_add(*, user_id: int, kind: str, data: dict[str, Any]) -> None:
    """Record an event for one player and wake their stream once the transaction commits."""
    PlayerEvent.objects.create(user_id=user_id, kind=kind, data=data)
    notify.publish_on_commit(notify.player_channel(user_id))


def public_user(user: User) -> dict[str, str]:
    """How an event names a player."""
    return {"username": user.username, "display_name": user.public_name}


def player_events_purge() -> int:
    """Delete account-stream events older than a week; returns how many."""
    deleted, _ = PlayerEvent.objects.filter(
        created_at__lt=timezone.now() - PLAYER_EVENT_TTL
    ).delete()
    return deleted
