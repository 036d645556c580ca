"""A cap on the event streams one user may hold open at once, counted across processes.

Each open stream holds a *slot*: a member of a Redis sorted set per user (when
``EVENTS_REDIS_URL`` is set, shared by every web and events process), scored by the moment
its lease ends. A stream renews its lease at every token recheck
(``EVENTS_AUTH_RECHECK_SECONDS``) and gives the slot back when it ends; slots of a process
that died without giving them back lapse when their lease ends
(``EVENTS_STREAM_LEASE_SECONDS``), so a crash cannot lock a player out for long. Without
Redis (``make run``: one process serves everything) the slots are kept in memory.

Taking a slot is one Lua script (drop lapsed slots, count, add), so two streams opened at
the same moment cannot both take the last slot. If Redis cannot be reached the stream is
let through (logged): the cap protects the service, it must not take streams down.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
from typing import Any

from django.conf import settings

from core.exceptions import ApplicationError
from games.live import notify

logger = logging.getLogger(__name__)

_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, first[2]}
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {1, '0'}
"""

_lock = threading.Lock()
_local: dict[Any, dict[str, float]] = {}


class TooManyStreams(ApplicationError):
    status_code = 429
    code = "too_many_streams"

    def __init__(self, *, limit: int, retry_after: int) -> None:
        super().__init__(
            f"You already have {limit} event streams open; close one first.",
            extra={"limit": limit},
            headers={"Retry-After": str(retry_after)},
        )


def slots_key(user_id: Any) -> str:
    return f"ginrummy:streams:{user_id}"


def _lease() -> float:
    return float(settings.EVENTS_STREAM_LEASE_SECONDS)


def _retry_after(first_lapse: float, now: float) -> int:
    return max(1, min(math.ceil(first_lapse - now), math.ceil(_lease())))


def acquire(user_id: Any) -> str | None:
    """Take a stream slot for the user; 429 ``too_many_streams`` (with ``Retry-After``:
    when the oldest slot lapses unless renewed) when all are taken. Returns the slot id."""
    limit = settings.EVENTS_MAX_STREAMS_PER_USER
    slot = secrets.token_hex(8)
    now = time.time()
    until = now + _lease()
    if settings.EVENTS_REDIS_URL:
        try:
            taken, first = notify.redis_client().eval(
                _ACQUIRE, 1, slots_key(user_id), now, until, limit, slot, math.ceil(_lease()) + 1
            )
        except Exception as exc:  # Redis away: let the stream through
            logger.warning("could not count the streams of user %s: %s", user_id, exc)
            return None
        if not int(taken):
            raise TooManyStreams(limit=limit, retry_after=_retry_after(float(first), now))
        return slot
    with _lock:
        slots = {s: t for s, t in _local.get(user_id, {}).items() if t > now}
        if len(slots) >= limit:
            _local[user_id] = slots
            raise TooManyStreams(limit=limit, retry_after=_retry_after(min(slots.values()), now))
        slots[slot] = until
        _local[user_id] = slots
    return slot


def renew(user_id: Any, slot: str | None) -> None:
    """Extend the slot's lease (an open stream does this at every token recheck)."""
    if slot is None:
        return
    until = time.time() + _lease()
    if settings.EVENTS_REDIS_URL:
        try:
            client = notify.redis_client()
            client.zadd(slots_key(user_id), {slot: until})
            client.expire(slots_key(user_id), math.ceil(_lease()) + 1)
        except Exception as exc:
            logger.warning("could not renew a stream slot of user %s: %s", user_id, exc)
        return
    with _lock:
        _local.setdefault(user_id, {})[slot] = until


def release(user_id: Any, slot: str | None) -> None:
    """Give the slot back (the stream ended)."""
    if slot is None:
        return
    if settings.EVENTS_REDIS_URL:
        try:
            notify.redis_client().zrem(slots_key(user_id), slot)
        except Exception as exc:
            logger.warning("could not release a stream slot of user %s: %s", user_id, exc)
        return
    with _lock:
        slots = _local.get(user_id)
        if slots is not None:
            slots.pop(slot, None)
            if not slots:
                _local.pop(user_id, None)
