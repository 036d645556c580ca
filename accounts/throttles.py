"""Throttles for the open endpoints: per client IP, and failed logins per username.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` and are read when a request
arrives (so settings overrides apply), in DRF's ``N/period`` form extended with a period
multiplier: ``10/15m`` is ten per fifteen minutes.
"""

from __future__ import annotations

import re
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

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

    def get_rate(self) -> str | None:
        return configured_rate(self.scope) if self.scope else None

    def parse_rate(self, rate: str | None) -> tuple[int | None, int | None]:
        return parse_rate(rate)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class RegisterThrottle(ScopedIPThrottle):
    scope = "register"


class TokenThrottle(ScopedIPThrottle):
    scope = "token"


class ScopedUserThrottle(ScopedIPThrottle):
    """Requests per authenticated user for one ``scope``."""

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = request.user.pk if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class FailedLoginLimiter:
    """Counts failed logins per username (any IP); blocks that username when over the rate.

    Guessing one account's password from many addresses is stopped here, guessing many
    accounts from one address by :class:`TokenThrottle`.
    """

    scope = "failed_login"

    def __init__(self, username: str) -> None:
        self.key = f"throttle_failed_login_{username.strip().lower()[:64]}"
        self.num, self.duration = parse_rate(configured_rate(self.scope))

    def _history(self, now: float) -> list[float]:
        history: list[float] = cache.get(self.key, [])
        assert self.duration is not None
        return [t for t in history if t > now - self.duration]

    def wait(self) -> float | None:
        """Seconds until the next attempt is allowed, or None when allowed now."""
        if self.num is None or self.duration is None:
            return None
        now = time.time()
        history = self._history(now)
        if len(history) < self.num:
            return None
        return max(1.0, min(history) + self.duration - now)

    def record_failure(self) -> None:
        if self.num is None or self.duration is None:
            return
        now = time.time()
        history = self._history(now)
        history.append(now)
        cache.set(self.key, history, self.duration)

    def reset(self) -> None:
        cache.delete(self.key)
