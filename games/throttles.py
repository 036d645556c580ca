"""Per-user throttles of the games endpoints (rates in ``DEFAULT_THROTTLE_RATES``).

Built on the base classes of :mod:`accounts.throttles` (rates read per request, the
``N/15m`` period form). Every throttled request answers 429 ``throttled`` with
``Retry-After``.
"""

from __future__ import annotations

from accounts.throttles import ActionThrottle, ChatThrottle, ScopedUserThrottle

__all__ = [
    "ActionThrottle",
    "CancelThrottle",
    "ChatThrottle",
    "ConcedeThrottle",
    "CreateGameThrottle",
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
