"""Throttles for the open endpoints: per client IP, and failed logins (username + IP, and a
looser backoff per username).

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` and are read when a request
arrives (so settings overrides apply), in DRF's ``N/period`` form extended with a period
multiplier: ``10/15m`` is ten per fifteen minutes.

Every throttle keeps a sliding window: the times of the requests it counted within its
period. On the shared Redis cache (:func:`core.cache.shared_cache`) each window is a sorted
set, and every throttle a request meets is checked and recorded by one Lua script
(:data:`WINDOW_SCRIPT`): one round trip per request, however many throttles, each with the
limit, the weighted failures and the ``Retry-After`` it has on its own. On the in-process
cache (``make run``, the test settings) each throttle keeps DRF's list of times under its
own key, as DRF does. Either way a cache that cannot be reached lets requests through
(fails open), as every use of the cache does.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from core.cache import ResilientRedisCache, shared_cache

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str | None) -> tuple[int | None, int | None]:
    if rate is None:
        return None, None
    num, period = rate.split("/")
    match = re.fullmatch(r"(\d*)\s*([smhd])\w*", period.strip())
    if match is None:
        raise ValueError(f"Bad throttle rate {rate!r}")
    return int(num), int(match.group(1) or 1) * _UNITS[match.group(2)]


def configured_rate(scope: str) -> str | None:
    return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get(scope)


WINDOW_SCRIPT = """
-- Sliding windows of request times, one sorted set per key (member: a unique name, score:
-- the time), for every throttle one request meets, checked and recorded atomically.
-- ARGV: now, a prefix unique to this call, the number of steps, then five per step:
--   kind, cutoff (times at or before it have lapsed), lifetime in ms, limit, count.
-- Kinds (KEYS are taken in order):
--   hit    1 key: refused, {0, the limit-th newest time}, when the window holds limit
--          times or more; else now is added and the reply is {1} (DRF's check).
--   guard  2 keys, an address's window and an account's there: allowed, {1}, while the
--          address holds fewer than limit times or the account fewer than count; else
--          {0, the address's limit-th newest time, the account's count-th newest}.
--   add    1 key: count times of now are added and the newest limit kept (0: all); {1}.
local now, prefix = ARGV[1], ARGV[2]
local replies, k = {}, 1
local function live(key, cutoff)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', cutoff)
  return redis.call('ZCARD', key)
end
local function nth_newest(key, n)
  local found = redis.call('ZREVRANGE', key, n - 1, n - 1, 'WITHSCORES')
  return found[2] or now
end
for step = 0, tonumber(ARGV[3]) - 1 do
  local at = 4 + step * 5
  local kind, cutoff, lifetime = ARGV[at], ARGV[at + 1], ARGV[at + 2]
  local limit, count = tonumber(ARGV[at + 3]), tonumber(ARGV[at + 4])
  if kind == 'hit' then
    local key = KEYS[k]
    k = k + 1
    if live(key, cutoff) >= limit then
      replies[#replies + 1] = {0, nth_newest(key, limit)}
    else
      redis.call('ZADD', key, now, prefix .. step)
      redis.call('PEXPIRE', key, lifetime)
      replies[#replies + 1] = {1}
    end
  elseif kind == 'guard' then
    local address, account = KEYS[k], KEYS[k + 1]
    k = k + 2
    if live(address, cutoff) < limit or live(account, cutoff) < count then
      replies[#replies + 1] = {1}
    else
      replies[#replies + 1] = {0, nth_newest(address, limit), nth_newest(account, count)}
    end
  else
    local key = KEYS[k]
    k = k + 1
    redis.call('ZREMRANGEBYSCORE', key, '-inf', cutoff)
    for i = 1, count do
      redis.call('ZADD', key, now, prefix .. step .. ':' .. i)
    end
    if limit > 0 then
      redis.call('ZREMRANGEBYRANK', key, 0, -(limit + 1))
    end
    redis.call('PEXPIRE', key, lifetime)
    replies[#replies + 1] = {1}
  end
end
return replies
"""


@dataclass(frozen=True)
class WindowStep:
    """One step of :data:`WINDOW_SCRIPT` on windows named by cache keys."""

    kind: str  # "hit", "guard" or "add"
    keys: tuple[str, ...]
    duration: int
    limit: int
    count: int = 1


def run_window_steps(
    store: ResilientRedisCache, steps: Sequence[WindowStep], now: float
) -> list[list[Any]] | None:
    """Every step in one round trip; a reply per step, or None while Redis is
    unreachable (the caller lets the request through)."""
    if not steps:
        return []
    keys: list[str] = []
    args: list[Any] = [repr(now), f"{now!r}:{secrets.token_hex(6)}:", len(steps)]
    for step in steps:
        keys.extend(store.redis_key(f"{key}:window") for key in step.keys)
        args += [step.kind, repr(now - step.duration), step.duration * 1000]
        args += [step.limit, step.count]
    replies = store.run_script(WINDOW_SCRIPT, keys, args)
    return None if replies is None else [list(reply) for reply in replies]


def _time(value: Any, default: float) -> float:
    return float(value) if value not in (None, b"", "") else default


class ScopedIPThrottle(SimpleRateThrottle):
    """Requests per client IP for one ``scope``."""

    # Set by SimpleRateThrottle (from the rate, and per request); its stubs omit them.
    num_requests: int | None
    duration: int | None
    history: list[float]
    now: float
    # On the shared cache, when refused: the time whose lapse lets a request through.
    _blocking: float | None = None

    def get_rate(self) -> str | None:
        return configured_rate(self.scope) if self.scope else None

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        return parse_rate(rate)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None or self.num_requests is None or self.duration is None:
            return True
        store = shared_cache()
        if store is None:
            self._blocking = None
            return self.allow_locally(request, view)
        return _shared_verdict(self, request, view, store)

    def allow_locally(self, request: Any, view: Any) -> bool:
        """The check on the in-process cache: DRF's list of times under this key."""
        return super().allow_request(request, view)

    def window_steps(self, request: Any, view: Any) -> list[WindowStep]:
        """What this throttle asks of :data:`WINDOW_SCRIPT` for ``request``: a hit on its
        window (checked, and recorded when allowed)."""
        assert self.num_requests is not None and self.duration is not None
        key = self.get_cache_key(request, view)
        if key is None:
            return []
        return [WindowStep("hit", (key,), self.duration, self.num_requests)]

    def window_verdict(self, replies: list[list[Any]], now: float) -> bool:
        """Whether the request is allowed, from the script's replies to
        :meth:`window_steps` (none: Redis was unreachable, or nothing to check)."""
        self.now, self.history = now, []
        if not replies or replies[0][0]:
            return True
        self._blocking = _time(replies[0][1] if len(replies[0]) > 1 else None, now)
        return False

    def wait(self) -> float:
        """Seconds until the next request is allowed: until enough of the history has
        lapsed that fewer than the rate's number of requests remain. (DRF's own estimate is
        ``None`` once a history holds more entries than the rate, as a weighted history can,
        and a 429 without ``Retry-After`` follows.)"""
        if self.num_requests is None or self.duration is None:
            return 1.0
        if self._blocking is not None:
            return max(1.0, self._blocking + self.duration - self.now)
        newest_first = sorted(self.history, reverse=True)
        if len(newest_first) < self.num_requests:
            return 1.0
        blocking = newest_first[self.num_requests - 1]
        return max(1.0, blocking + self.duration - self.now)


def _shared_verdict(
    throttle: ScopedIPThrottle, request: Any, view: Any, store: ResilientRedisCache
) -> bool:
    """``throttle``'s verdict on the shared cache. The first throttle of a request that
    asks runs the script for every throttle of the view (DRF asks each in turn, with
    instances of its own), and leaves the others' replies on the request for them."""
    pending: dict[type, tuple[list[list[Any]], float]] = (
        getattr(request, "_throttle_replies", None) or {}
    )
    mine = pending.pop(type(throttle), None)
    if mine is None:
        batch: list[ScopedIPThrottle] = [throttle]
        for other in view.get_throttles() if hasattr(view, "get_throttles") else []:
            if (
                isinstance(other, ScopedIPThrottle)
                and other.rate is not None
                and other.num_requests is not None
                and other.duration is not None
                and all(type(other) is not type(t) for t in batch)
            ):
                batch.append(other)
        now = throttle.timer()
        steps = [t.window_steps(request, view) for t in batch]
        replies = run_window_steps(store, [step for group in steps for step in group], now)
        at = 0
        for member, group in zip(batch, steps, strict=True):
            share = [] if replies is None else replies[at : at + len(group)]
            at += len(group)
            pending[type(member)] = (share, now)
        mine = pending.pop(type(throttle))
        request._throttle_replies = pending
    return throttle.window_verdict(*mine)


def window_record(steps: Sequence[WindowStep], *, now: float) -> bool:
    """Record failures (``add`` steps) on the shared cache in one round trip; False when
    the cache is the in-process one (the caller writes its lists itself)."""
    store = shared_cache()
    if store is None:
        return False
    run_window_steps(store, steps, now)
    return True


class RegisterThrottle(ScopedIPThrottle):
    scope = "register"


class TokenThrottle(ScopedIPThrottle):
    scope = "token"


class ScopedUserThrottle(ScopedIPThrottle):
    """Requests per authenticated user for one ``scope``."""

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = request.user.pk if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def client_ip(request: Any) -> str:
    """The client's address as the throttles see it (``DJANGO_NUM_PROXIES`` applies)."""
    return str(BaseThrottle().get_ident(request))


class FailedLoginLimiter:
    """Failed logins for one username, from one address and from everywhere.

    - **Hard limit per username + client IP** (``failed_login``, default ``10/15m``): past
      it, that address gets 429 for that username, even with the right password, until
      the window passes. It stops one address guessing one account's password.
    - **Backoff per username, any IP** (``failed_login_username``, default ``50/15m``):
      past that many failures from everywhere, each further try must wait twice as long
      as the one before (1 s, 2 s, 4 s, ... at most ``FAILED_LOGIN_BACKOFF_MAX_SECONDS``)
      after the latest failure. It slows guessing from many addresses to a crawl without
      locking the owner out: the wait is short, and an address that has logged in to this
      account before (``FAILED_LOGIN_KNOWN_IP_DAYS``) is not held back by it at all.

    A successful login clears the address's count and remembers the address. Guessing
    many accounts from one address is stopped by :class:`TokenThrottle`. Every check runs
    before the password is hashed, so a refused attempt costs no hashing.
    """

    scope = "failed_login"
    username_scope = "failed_login_username"

    def __init__(self, username: str, ip: str | None) -> None:
        name = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]
        self.ip = ip or "unknown"
        self.pair_key = f"throttle_failed_login_{name}_{self.ip}"
        self.user_key = f"throttle_failed_login_user_{name}"
        self.known_key = f"login_known_ips_{name}"
        self.num, self.duration = parse_rate(configured_rate(self.scope))
        self.user_num, self.user_duration = parse_rate(configured_rate(self.username_scope))

    def _history(self, now: float, stored: list[float] | None = None) -> list[float]:
        history: list[float] = cache.get(self.pair_key, []) if stored is None else stored
        assert self.duration is not None
        return [t for t in history if t > now - self.duration]

    def _pair_wait(self, now: float, stored: list[float]) -> float | None:
        if self.num is None or self.duration is None:
            return None
        history = self._history(now, stored)
        if len(history) < self.num:
            return None
        return max(1.0, min(history) + self.duration - now)

    def _user_wait(
        self, now: float, record: dict[str, float] | None, known: Sequence[str]
    ) -> float | None:
        if self.user_num is None or self.user_duration is None:
            return None
        if not record or record["count"] < self.user_num:
            return None
        if self.ip in known:
            return None
        over = int(record["count"]) - self.user_num
        backoff = min(2.0 ** min(over, 32), float(settings.FAILED_LOGIN_BACKOFF_MAX_SECONDS))
        wait = record["last"] + backoff - now
        return wait if wait > 0 else None

    def wait(self) -> float | None:
        """Seconds until the next attempt is allowed, or None when allowed now. The three
        counters are read together (one round trip on Redis)."""
        now = time.time()
        stored = cache.get_many([self.pair_key, self.user_key, self.known_key])
        waits = [
            w
            for w in (
                self._pair_wait(now, stored.get(self.pair_key, [])),
                self._user_wait(now, stored.get(self.user_key), stored.get(self.known_key, ())),
            )
            if w is not None
        ]
        return max(waits) if waits else None

    def record_failure(self) -> None:
        now = time.time()
        if self.num is not None and self.duration is not None:
            history = self._history(now)
            history.append(now)
            cache.set(self.pair_key, history[-self.num :], self.duration)
        if self.user_num is not None and self.user_duration is not None:
            record = cache.get(self.user_key) or {"count": 0, "last": now}
            record = {"count": record["count"] + 1, "last": now}
            cache.set(self.user_key, record, self.user_duration)

    def record_success(self) -> None:
        cache.delete(self.pair_key)
        known = [ip for ip in cache.get(self.known_key, []) if ip != self.ip]
        known = [*known[-(KNOWN_IPS_KEPT - 1) :], self.ip]
        cache.set(self.known_key, known, settings.FAILED_LOGIN_KNOWN_IP_DAYS * 86400)


KNOWN_IPS_KEPT = 20
"""How many addresses that logged in successfully are remembered per username."""
