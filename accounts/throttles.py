"""Throttles for the open endpoints: per client IP, and failed logins (username + IP, and a
looser backoff per username).

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` and are read when a request
arrives (so settings overrides apply), in DRF's ``N/period`` form extended with a period
multiplier: ``10/15m`` is ten per fifteen minutes.
"""

from __future__ import annotations

import hashlib
import re
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

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


class ScopedIPThrottle(SimpleRateThrottle):
    """Requests per client IP for one ``scope``."""

    # Set by SimpleRateThrottle (from the rate, and per request); its stubs omit them.
    num_requests: int | None
    duration: int | None
    history: list[float]
    now: float

    def get_rate(self) -> str | None:
        return configured_rate(self.scope) if self.scope else None

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        return parse_rate(rate)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def wait(self) -> float:
        """Seconds until the next request is allowed: until enough of the history has
        lapsed that fewer than the rate's number of requests remain. (DRF's own estimate is
        ``None`` once a history holds more entries than the rate, as a weighted history can,
        and a 429 without ``Retry-After`` follows.)"""
        newest_first = sorted(self.history, reverse=True)
        if self.num_requests is None or self.duration is None:
            return 1.0
        if len(newest_first) < self.num_requests:
            return 1.0
        blocking = newest_first[self.num_requests - 1]
        return max(1.0, blocking + self.duration - self.now)


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

    def _history(self, now: float) -> list[float]:
        history: list[float] = cache.get(self.pair_key, [])
        assert self.duration is not None
        return [t for t in history if t > now - self.duration]

    def _pair_wait(self, now: float) -> float | None:
        if self.num is None or self.duration is None:
            return None
        history = self._history(now)
        if len(history) < self.num:
            return None
        return max(1.0, min(history) + self.duration - now)

    def _user_wait(self, now: float) -> float | None:
        if self.user_num is None or self.user_duration is None:
            return None
        record: dict[str, float] | None = cache.get(self.user_key)
        if not record or record["count"] < self.user_num:
            return None
        if self.ip in cache.get(self.known_key, ()):
            return None
        over = int(record["count"]) - self.user_num
        backoff = min(2.0 ** min(over, 32), float(settings.FAILED_LOGIN_BACKOFF_MAX_SECONDS))
        wait = record["last"] + backoff - now
        return wait if wait > 0 else None

    def wait(self) -> float | None:
        """Seconds until the next attempt is allowed, or None when allowed now."""
        now = time.time()
        waits = [w for w in (self._pair_wait(now), self._user_wait(now)) if w is not None]
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
