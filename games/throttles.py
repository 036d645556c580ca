"""Per-user throttles of the games endpoints (rates in ``DEFAULT_THROTTLE_RATES``).

Built on the base classes of :mod:`accounts.throttles` (rates read per request, the
``N/15m`` period form). Every throttled request answers 429 ``throttled`` with
``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from accounts.throttles import ActionThrottle, ChatThrottle, ScopedIPThrottle, ScopedUserThrottle

__all__ = [
    "ActionThrottle",
    "CancelThrottle",
    "ChatThrottle",
    "ConcedeThrottle",
    "CreateGameThrottle",
    "JoinIPThrottle",
    "JoinThrottle",
    "RematchThrottle",
]


class CreateGameThrottle(ScopedUserThrottle):
    """``POST /games``."""

    scope = "game_create"


class RematchThrottle(ScopedUserThrottle):
    """``POST /games/{id}/rematch``."""

    scope = "game_rematch"


class ConcedeThrottle(ScopedUserThrottle):
    """``POST /games/{id}/concede``."""

    scope = "game_concede"


class CancelThrottle(ScopedUserThrottle):
    """``POST /games/{id}/cancel``."""

    scope = "game_cancel"


class _WeightsFailures:
    """A throttle whose failed requests count ``GAMES_JOIN_FAILED_WEIGHT`` times: the view
    calls :meth:`record_failure` after a request the throttle allowed has failed."""

    def record_failure(self: Any, request: Any, view: Any) -> None:
        if self.rate is None:
            return
        key = self.get_cache_key(request, view)
        now = self.timer()
        history = [t for t in self.cache.get(key, []) if t > now - self.duration]
        extra = max(0, settings.GAMES_JOIN_FAILED_WEIGHT - 1)  # the request itself counted
        self.cache.set(key, [now] * extra + history, self.duration)


class JoinThrottle(_WeightsFailures, ScopedUserThrottle):
    """``POST /games/join`` per user; a code that matches no game counts several times, so
    guessing private invite codes runs out long before honest joining does."""

    scope = "join"


class JoinIPThrottle(_WeightsFailures, ScopedIPThrottle):
    """``POST /games/join`` per client IP (many accounts guessing from one address)."""

    scope = "join_ip"
