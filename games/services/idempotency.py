"""``Idempotency-Key``: the first response to a key is kept 24 hours and replayed to
retries, byte for byte; the same key with another body is 422 ``idempotency_key_reused``."""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from games.errors import IdempotencyKeyReused
from games.models import Game, IdempotencyRecord

IDEMPOTENCY_TTL = timedelta(hours=24)


def request_fingerprint(body: object) -> str:
    """What identifies a request body (key order and spacing do not matter)."""
    return hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


def idempotency_replay(
    *, game: Game, user: User, key: str, fingerprint: str
) -> tuple[int, str] | None:
    """The stored ``(status, body)`` for a retry, None for a new key; 422 when the key
    came with another body. The caller holds the game's lock."""
    record = IdempotencyRecord.objects.filter(
        user=user, game=game, key=key, created_at__gte=timezone.now() - IDEMPOTENCY_TTL
    ).first()
    if record is None:
        return None
    if record.request_hash != fingerprint:
        raise IdempotencyKeyReused()
    return record.status_code, record.body


def idempotency_store(
    *, game: Game, user: User, key: str, fingerprint: str, status_code: int, body: str
) -> None:
    """Keep the response to ``key`` (replacing an expired record of the same key). The
    caller holds the game's lock, so the record commits with the change it answers."""
    IdempotencyRecord.objects.filter(user=user, game=game, key=key).delete()
    IdempotencyRecord.objects.create(
        user=user,
        game=game,
        key=key,
        request_hash=fingerprint,
        status_code=status_code,
        body=body,
    )


def idempotency_purge() -> int:
    """Delete idempotency records older than 24 hours; returns how many."""
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - IDEMPOTENCY_TTL
    ).delete()
    return deleted
