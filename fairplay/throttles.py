"""Per-user throttles of the fair-play endpoints (rates in ``DEFAULT_THROTTLE_RATES``)."""

from __future__ import annotations

from accounts.throttles import ScopedUserThrottle


class ReportThrottle(ScopedUserThrottle):
    """``POST /reports``."""

    scope = "fairplay_report"


class AppealThrottle(ScopedUserThrottle):
    """``POST /me/fair-play/appeal``."""

    scope = "fairplay_appeal"
