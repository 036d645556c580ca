"""The open endpoints' throttles and the failed-login limits on the shared Redis cache,
where every throttle of a request is checked by one script: the same tests as on the
in-process cache (``test_throttling``, ``test_admin_login``), the same limits, the same
``Retry-After``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.accounts.test_admin_login import *  # noqa: F403  (the same tests, run here again)
from tests.accounts.test_throttling import *  # noqa: F403


@pytest.fixture(autouse=True)
def _on_redis(shared_cache: object, settings: Any) -> None:
    """Every test of this module runs its throttles on the shared cache (sign-ins are not
    cached: these tests commit nothing, so no change would mark them stale)."""
    settings.AUTH_TOKEN_CACHE_SECONDS = 0
