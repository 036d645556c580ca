"""A profile's statistics, contributed by the apps that know them.

Accounts sit below games and leaderboards and import neither: each of those apps
registers what it knows about a player (``games``: games, wins, gins, …; ``leaderboards``:
the skill rating) in its ``AppConfig.ready``, and a profile merges the contributions in
registration order (``INSTALLED_APPS`` order). Contributions that share a key holding a
mapping are merged into it, at every depth: ``games`` gives each variant's games and wins
under ``variants`` and ``leaderboards`` each variant's rating, so a profile shows
``{"variants": {"gin": {games, wins, rating, ...}, "rummy": {...}}}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .models import User

StatsProvider = Callable[..., dict[str, Any]]
"""Called as ``provider(user=user)``; returns some of the profile's ``stats`` keys."""

_providers: dict[str, StatsProvider] = {}


def stats_register(name: str, provider: StatsProvider) -> None:
    """Add (or, for the same ``name``, replace) a contribution to every profile's stats."""
    _providers[name] = provider


def _merge(into: dict[str, Any], extra: dict[str, Any]) -> None:
    """Add ``extra`` to ``into``: mappings under the same key are merged, any other value
    under a key already there is replaced (the later contribution wins)."""
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merged = dict(into[key])
            _merge(merged, value)
            into[key] = merged
        else:
            into[key] = value


def user_stats(*, user: User) -> dict[str, Any]:
    """Lifetime statistics for a profile: every registered contribution, merged."""
    out: dict[str, Any] = {}
    for provider in _providers.values():
        _merge(out, provider(user=user))
    return out
