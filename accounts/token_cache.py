"""The shared cache's entries for tokens (:mod:`accounts.authentication` reads and adds
them), and the stale marks that end them.

An entry is keyed by the token's digest. Every change that could end a token or alter
what a request sees of its player marks the entries of the tokens concerned *stale* once
its transaction has committed (the token rows' deletion and the player's saves call
:func:`mark_stale_on_commit`, in :mod:`accounts.models`): a request that finds the mark
reads the database, and since entries are only ever added, never overwritten, none can
put an older answer back while the mark lasts (as long as an entry may).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import transaction

from core.cache import ResilientRedisCache, shared_cache

STALE = "stale"
"""What a token's entry holds after a change: read the database, do not cache."""


def entry_key(digest: str) -> str:
    return f"auth_token_{digest}"


def token_cache() -> ResilientRedisCache | None:
    """The cache for tokens: the shared Redis, unless ``AUTH_TOKEN_CACHE_SECONDS`` is 0."""
    if settings.AUTH_TOKEN_CACHE_SECONDS <= 0:
        return None
    return shared_cache()


def mark_stale(digests: Iterable[str]) -> None:
    """Mark the entries of these tokens stale, now and for as long as an entry lives (call
    it once the change has committed)."""
    store = token_cache()
    keys = {entry_key(digest): STALE for digest in digests}
    if store is not None and keys:
        store.set_many(keys, timeout=settings.AUTH_TOKEN_CACHE_SECONDS)


def mark_stale_on_commit(digests: Iterable[str]) -> None:
    """:func:`mark_stale` once the current transaction commits (at once outside one)."""
    if token_cache() is None:
        return
    pending = list(digests)
    if pending:
        transaction.on_commit(lambda: mark_stale(pending), robust=True)
