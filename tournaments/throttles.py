"""Per-user throttles of the tournament endpoints (rates in ``DEFAULT_THROTTLE_RATES``);
every throttled request answers 429 ``throttled`` with ``Retry-After``."""

from __future__ import annotations

from accounts.throttles import ScopedIPThrottle, ScopedUserThrottle


class CreateTournamentThrottle(ScopedUserThrottle):
    """``POST /tournaments``."""

    scope = "tournament_create"


class JoinTournamentThrottle(ScopedUserThrottle):
    """``POST /tournaments/{id}/join`` and ``POST /tournaments/join``."""

    scope = "tournament_join"


class JoinTournamentIPThrottle(ScopedIPThrottle):
    """``POST /tournaments/join`` per client IP (guessing invite codes from many accounts)."""

    scope = "tournament_join_ip"


class TournamentChangeThrottle(ScopedUserThrottle):
    """``POST /tournaments/{id}/withdraw``, ``/pause`` and ``/cancel``."""

    scope = "tournament_change"
