"""``Idempotency-Key``: the first response to a key is kept 24 hours and replayed to
retries, byte for byte; the same key with another body is 422 ``idempotency_key_reused``.

What a key keeps is bounded, whatever the request was. A refusal (400, 409, 422), whose
text may echo what the client sent, keeps :data:`IDEMPOTENCY_MAX_BODY` bytes at most: one
over it is answered, and kept, as its compact form (its ``code`` and the start of its
``detail``, :func:`kept_refusal_text`), so its retries still get the first answer byte for
byte. A 200 is the caller's view, made by the server and bounded by the game, not by the
request: it is kept whole up to :data:`VIEW_MAX_BODY`, far above any real game's view;
one over that is kept as its status only, and a retry gets 200 and the caller's view as it
is then. Either way nothing is applied twice.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework import status

from accounts.models import User
from core.api import json_text
from games.errors import IdempotencyKeyReused
from games.models import Game, IdempotencyRecord

IDEMPOTENCY_TTL = timedelta(hours=24)
IDEMPOTENCY_MAX_BODY = 16 * 1024
"""The most bytes of a refusal a key keeps (a real refusal is far shorter)."""
VIEW_MAX_BODY = 256 * 1024
"""The most bytes of a 200 (a view) a key keeps whole: a long game's view is tens of
kilobytes; a bigger one is kept as its status only."""
REFUSAL_DETAIL_KEPT = 500
"""The most characters of a refusal's ``detail`` its compact form keeps."""


def request_fingerprint(body: object) -> str:
    """What identifies a request body (key order and spacing do not matter)."""
    return hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


def _size(text: str) -> int:
    return len(text.encode())


def kept_refusal_text(body: dict[str, Any]) -> str:
    """The text of a refusal that a key answers and keeps: the refusal itself, or over
    :data:`IDEMPOTENCY_MAX_BODY` its ``code`` and the start of its ``detail`` (no
    ``fields``), which is then the first answer too."""
    text = json_text(body)
    if _size(text) <= IDEMPOTENCY_MAX_BODY:
        return text
    detail = str(body.get("detail", ""))
    if len(detail) > REFUSAL_DETAIL_KEPT:
        detail = detail[: REFUSAL_DETAIL_KEPT - 3] + "..."
    return json_text({"code": body.get("code", "bad_request"), "detail": detail})


def idempotency_replay(
    *, game: Game, user: User, key: str, fingerprint: str
) -> tuple[int, str | None] | None:
    """The stored ``(status, body)`` for a retry, None for a new key; 422 when the key
    came with another body. The body is None where only the status was kept (a 200 over
    :data:`VIEW_MAX_BODY`): the caller answers the view as it is now. The caller
    holds the game's lock."""
    record = IdempotencyRecord.objects.filter(
        user=user, game=game, key=key, created_at__gte=timezone.now() - IDEMPOTENCY_TTL
    ).first()
    if record is None:
        return None
    if record.request_hash != fingerprint:
        raise IdempotencyKeyReused()
    return record.status_code, record.body or None


def idempotency_store(
    *, game: Game, user: User, key: str, fingerprint: str, status_code: int, body: str
) -> None:
    """Keep the response to ``key`` (replacing an expired record of the same key): a
    refusal whole (it comes through :func:`kept_refusal_text` first), a 200's view whole up
    to :data:`VIEW_MAX_BODY` bytes, else its status only. The caller holds the game's
    lock, so the record commits with the change it answers."""
    cap = VIEW_MAX_BODY if status_code == status.HTTP_200_OK else IDEMPOTENCY_MAX_BODY
    kept = body if _size(body) <= cap else ""
    if not kept and status_code != status.HTTP_200_OK:
        raise ValueError("a refusal is kept whole: pass it through kept_refusal_text")
    IdempotencyRecord.objects.filter(user=user, game=game, key=key).delete()
    IdempotencyRecord.objects.create(
        user=user,
        game=game,
        key=key,
        request_hash=fingerprint,
        status_code=status_code,
        body=kept,
    )


def idempotency_purge() -> int:
    """Delete idempotency records older than 24 hours; returns how many."""
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - IDEMPOTENCY_TTL
    ).delete()
    return deleted
