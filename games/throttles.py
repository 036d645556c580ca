"""Per-user throttles of the games endpoints (rates in ``DEFAULT_THROTTLE_RATES``).

Built on the base classes of :mod:`accounts.throttles` (rates read per request, the
``N/15m`` period form, one Redis round trip for every throttle of a request on the shared
cache). Every throttled request answers 429 ``throttled`` with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from accounts.throttles import ScopedIPThrottle, ScopedUserThrottle, WindowStep, window_record

__all__ = [
    "ActionThrottle",
    "CancelThrottle",
    "ChatThrottle",
    "ConcedeThrottle",
    "CreateGameThrottle",
    "HintThrottle",
    "JoinIPThrottle",
    "JoinThrottle",
    "RematchThrottle",
]


class ActionThrottle(ScopedUserThrottle):
    """``POST /games/{id}/actions``."""

    scope = "actions"


class HintThrottle(ScopedUserThrottle):
    """``GET /games/{id}/hint``."""

    scope = "hints"


class ChatThrottle(ScopedUserThrottle):
    """``POST /games/{id}/messages``."""

    scope = "chat"


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


class JoinThrottle(ScopedUserThrottle):
    """``POST /games/join`` per user: every request counts, and a code that matches no
    game counts ``GAMES_JOIN_FAILED_WEIGHT`` times (the view calls :meth:`record_failure`),
    so guessing private invite codes runs out long before honest joining does. Only the
    account's own requests count."""

    scope = "join"

    def record_failure(self, request: Any, view: Any) -> None:
        if self.rate is None or self.duration is None:
            return
        key = self.get_cache_key(request, view)
        now = self.timer()
        extra = max(0, settings.GAMES_JOIN_FAILED_WEIGHT - 1)  # the request itself counted
        if window_record([WindowStep("add", (key,), self.duration, 0, extra)], now=now):
            return
        history = [t for t in self.cache.get(key, []) if t > now - self.duration]
        self.cache.set(key, [now] * extra + history, self.duration)


BUSY_ADDRESS_FAILURES_PER_ACCOUNT = 2
"""Wrong codes an account may give from an address that is past its budget before it too
waits (a typo and a second try)."""


class JoinIPThrottle(ScopedIPThrottle):
    """``POST /games/join`` per client IP, against many accounts guessing from one address.

    It counts only wrong codes (``join_ip``: wrong codes per address), never joins, so a
    school, an office or a mobile carrier's shared address is not used up by honest play.
    Past the budget, an account that has itself given ``BUSY_ADDRESS_FAILURES_PER_ACCOUNT``
    wrong codes from the address within the window waits (429 with ``Retry-After``); an
    account that has not is never refused here, so a valid code from a newcomer joins
    whatever other accounts behind the same address did.
    """

    scope = "join_ip"
    _own_wait = float("inf")

    def _keys(self, request: Any, view: Any) -> tuple[str, str]:
        address = self.get_cache_key(request, view)
        account = request.user.pk if request.user.is_authenticated else "anonymous"
        return address, f"{address}_account_{account}"

    def _live(self, key: str, now: float) -> list[float]:
        assert self.duration is not None
        return [t for t in self.cache.get(key, []) if t > now - self.duration]

    def window_steps(self, request: Any, view: Any) -> list[WindowStep]:
        assert self.num_requests is not None and self.duration is not None
        limits = (self.num_requests, BUSY_ADDRESS_FAILURES_PER_ACCOUNT)
        return [WindowStep("guard", self._keys(request, view), self.duration, *limits)]

    def window_verdict(self, replies: list[list[Any]], now: float) -> bool:
        self._own_wait = float("inf")
        if super().window_verdict(replies, now):
            return True
        assert self.duration is not None
        own = replies[0][2] if len(replies[0]) > 2 else None
        self._own_wait = (float(own) if own else now) + self.duration - now
        return False

    def allow_locally(self, request: Any, view: Any) -> bool:
        assert self.num_requests is not None and self.duration is not None
        address_key, account_key = self._keys(request, view)
        self.now = self.timer()
        self.history = self._live(address_key, self.now)
        if len(self.history) < self.num_requests:
            return True
        own = self._live(account_key, self.now)
        if len(own) < BUSY_ADDRESS_FAILURES_PER_ACCOUNT:
            return True
        # Allowed again once the address is back under its budget or the account's own
        # failures there have lapsed, whichever comes first.
        blocking = sorted(own, reverse=True)[BUSY_ADDRESS_FAILURES_PER_ACCOUNT - 1]
        self._own_wait = blocking + self.duration - self.now
        return False

    def wait(self) -> float:
        return max(1.0, min(super().wait(), self._own_wait))

    def record_failure(self, request: Any, view: Any) -> None:
        if self.rate is None or self.num_requests is None or self.duration is None:
            return
        address_key, account_key = self._keys(request, view)
        now = self.timer()
        steps = [
            WindowStep("add", (address_key,), self.duration, self.num_requests),
            WindowStep("add", (account_key,), self.duration, BUSY_ADDRESS_FAILURES_PER_ACCOUNT),
        ]
        if window_record(steps, now=now):
            return
        history = [now, *self._live(address_key, now)][: self.num_requests]
        self.cache.set(address_key, history, self.duration)
        own = [now, *self._live(account_key, now)][:BUSY_ADDRESS_FAILURES_PER_ACCOUNT]
        self.cache.set(account_key, own, self.duration)
