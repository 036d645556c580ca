"""A Redis cache that fails open: while Redis is unreachable, reads miss and writes are
dropped (and logged), so throttles, failed-login counters and debounce keys never turn a
Redis outage into failed requests. Everything kept in this cache may be lost.

Django's Redis backend builds a new ``redis.Redis`` for every command (its constructor
copies some two hundred response callbacks: a throttled request paid for two); a client is
thread-safe and shares its connection pool, so this one keeps one client per pool.

It is the one cache shared by every process (web, events, workers): what one process
writes, every other reads at once. :func:`shared_cache` tells code that relies on that
(cached sign-ins, the throttles' one-round-trip script) whether it has it; the in-process
cache of ``make run`` and the test settings is not shared."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.commands.core import Script
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class KeptClientRedisCacheClient(RedisCacheClient):
    """Django's client, with one ``redis.Redis`` per connection pool kept for good."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            made = self._client(connection_pool=pool)  # type: ignore[attr-defined]
            client = self._clients.setdefault(id(pool), made)
        return client


class ResilientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient
        self._scripts: dict[tuple[int, str], Script] = {}

    def _failed(self, operation: str, exc: Exception) -> None:
        logger.warning("cache %s failed (Redis unreachable?): %s", operation, exc)

    def redis_key(self, key: str) -> str:
        """The key as stored in Redis (with the cache's prefix and version)."""
        return self.make_and_validate_key(key)

    def run_script(self, source: str, keys: Sequence[str], args: Sequence[Any]) -> Any:
        """Run the Lua script ``source`` in one round trip (``EVALSHA``; the script is
        loaded the first time Redis does not know it) on ``keys`` (as :meth:`redis_key`
        gives them) and ``args``. Its reply, or None while Redis is unreachable (logged):
        callers fail open."""
        try:
            client = self._cache.get_client(write=True)
            script = self._scripts.get((id(client), source))
            if script is None:
                script = client.register_script(source)
                self._scripts[(id(client), source)] = script
            return script(keys=list(keys), args=list(args))
        except RedisError as exc:
            self._failed("script", exc)
            return None

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except RedisError as exc:
            self._failed("get", exc)
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except RedisError as exc:
            self._failed("get_many", exc)
            return {}

    def set(self, key: Any, value: Any, timeout: Any = 300, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except RedisError as exc:
            self._failed("set", exc)

    def add(self, key: Any, value: Any, timeout: Any = 300, version: int | None = None) -> bool:
        try:
            return bool(super().add(key, value, timeout, version))
        except RedisError as exc:
            self._failed("add", exc)
            return False

    def set_many(
        self, data: dict[Any, Any], timeout: Any = 300, version: int | None = None
    ) -> list[Any]:
        try:
            return list(super().set_many(data, timeout, version))
        except RedisError as exc:
            self._failed("set_many", exc)
            return list(data)

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return bool(super().delete(key, version))
        except RedisError as exc:
            self._failed("delete", exc)
            return False

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return int(super().incr(key, delta, version))
        except RedisError as exc:
            self._failed("incr", exc)
            return delta


def shared_cache() -> ResilientRedisCache | None:
    """The default cache when it is the Redis every process shares; None when it is local
    to this process (``make run``, the test settings), where nothing may rely on another
    process seeing a write."""
    cache = caches["default"]
    return cache if isinstance(cache, ResilientRedisCache) else None
