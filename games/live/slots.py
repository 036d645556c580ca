"""A cap on the event streams one user may hold open at once, counted across processes.

Each open stream holds a *slot*: a member of a Redis sorted set per user (when
``EVENTS_REDIS_URL`` is set, shared by every web and events process), scored by the moment
its lease ends. A stream renews its lease at every token recheck
(``EVENTS_AUTH_RECHECK_SECONDS``) and gives the slot back when it ends; slots of a process
that died without giving them back lapse when their lease ends
(``EVENTS_STREAM_LEASE_SECONDS``), so a crash cannot lock a player out for long. Without
Redis (``make run``: one process serves everything) the slots are kept in memory.

A stream opened with a *key* (the token and what it follows: one game, or the account)
replaces the stream that holds that key already instead of counting twice: a reloaded page,
or a phone back on the network, gets its stream at once although the server has not yet
noticed that the old one's reader is gone. The slot passes to the new stream (its owner
is kept beside the set, in a hash); the old stream learns at its next renewal that it was
replaced, and ends, and its release then gives nothing back.

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

# KEYS: the user's slots (sorted set), their owners (hash). ARGV: now, lease end, limit,
# member, key TTL, owner ('' for a slot without a key).
_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local held = redis.call('ZSCORE', KEYS[1], ARGV[4])
if (not held) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, first[2]}
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
if ARGV[6] ~= '' then
  redis.call('HSET', KEYS[2], ARGV[4], ARGV[6])
  redis.call('EXPIRE', KEYS[2], ARGV[5])
end
return {1, '0'}
"""

# ARGV: member, lease end, key TTL, owner. 0 when another stream has taken the slot.
_RENEW = """
if ARGV[4] ~= '' and redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[4] then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
if ARGV[4] ~= '' then
  redis.call('EXPIRE', KEYS[2], ARGV[3])
end
return 1
"""

# ARGV: member, owner. Gives the slot back only while this stream still owns it.
_RELEASE = """
if ARGV[2] ~= '' then
  if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then
    return 0
  end
  redis.call('HDEL', KEYS[2], ARGV[1])
end
redis.call('ZREM', KEYS[1], ARGV[1])
return 1
"""

_lock = threading.Lock()
_local: dict[Any, dict[str, tuple[float, str]]] = {}  # user: member -> (lease end, owner)


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


def owners_key(user_id: Any) -> str:
    return f"ginrummy:stream-owners:{user_id}"


def _split(slot: str) -> tuple[str, str]:
    """A slot id is ``member`` (no key) or ``member|owner`` (a keyed slot)."""
    member, _, owner = slot.partition("|")
    return member, owner


def _lease() -> float:
    return float(settings.EVENTS_STREAM_LEASE_SECONDS)


def _retry_after(first_lapse: float, now: float) -> int:
    return max(1, min(math.ceil(first_lapse - now), math.ceil(_lease())))


def acquire(user_id: Any, key: str | None = None) -> str | None:
    """Take a stream slot for the user; 429 ``too_many_streams`` (with ``Retry-After``:
    when the oldest slot lapses unless renewed) when all are taken. With ``key``, the slot
    of a stream opened with the same key is taken over rather than a new one counted.
    Returns the slot id."""
    limit = settings.EVENTS_MAX_STREAMS_PER_USER
    owner = secrets.token_hex(8)
    member, owner = (key, owner) if key else (owner, "")
    slot = f"{member}|{owner}" if owner else member
    now = time.time()
    until = now + _lease()
    if settings.EVENTS_REDIS_URL:
        try:
            taken, first = notify.redis_client().eval(
                _ACQUIRE, 2, slots_key(user_id), owners_key(user_id),
                now, until, limit, member, math.ceil(_lease()) + 1, owner,
            )
        except Exception as exc:  # Redis away: let the stream through
            logger.warning("could not count the streams of user %s: %s", user_id, exc)
            return None
        if not int(taken):
            raise TooManyStreams(limit=limit, retry_after=_retry_after(float(first), now))
        return slot
    with _lock:
        slots = {m: held for m, held in _local.get(user_id, {}).items() if held[0] > now}
        if member not in slots and len(slots) >= limit:
            _local[user_id] = slots
            first = min(until for until, _ in slots.values())
            raise TooManyStreams(limit=limit, retry_after=_retry_after(first, now))
        slots[member] = (until, owner)
        _local[user_id] = slots
    return slot


def renew(user_id: Any, slot: str | None) -> bool:
    """Extend the slot's lease (an open stream does this at every token recheck). False
    when a newer stream with the same key has taken the slot: this stream should end."""
    if slot is None:
        return True
    member, owner = _split(slot)
    until = time.time() + _lease()
    if settings.EVENTS_REDIS_URL:
        try:
            kept = notify.redis_client().eval(
                _RENEW, 2, slots_key(user_id), owners_key(user_id),
                member, until, math.ceil(_lease()) + 1, owner,
            )
        except Exception as exc:
            logger.warning("could not renew a stream slot of user %s: %s", user_id, exc)
            return True
        return bool(int(kept))
    with _lock:
        slots = _local.setdefault(user_id, {})
        held = slots.get(member)
        if owner and held is not None and held[1] != owner:
            return False
        slots[member] = (until, owner)
    return True


def release(user_id: Any, slot: str | None) -> None:
    """Give the slot back (the stream ended), unless a newer stream has taken it over."""
    if slot is None:
        return
    member, owner = _split(slot)
    if settings.EVENTS_REDIS_URL:
        try:
            notify.redis_client().eval(
                _RELEASE, 2, slots_key(user_id), owners_key(user_id), member, owner
            )
        except Exception as exc:
            logger.warning("could not release a stream slot of user %s: %s", user_id, exc)
        return
    with _lock:
        slots = _local.get(user_id)
        if slots is not None:
            held = slots.get(member)
            if held is not None and held[1] == owner:
                del slots[member]
            if not slots:
                _local.pop(user_id, None)
