"""A Redis cache that fails open: while Redis is unreachable, reads miss and writes are
dropped (and logged), so throttles, failed-login counters and debounce keys never turn a
Redis outage into failed requests. Everything kept in this cache may be lost."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class ResilientRedisCache(RedisCache):
    def _failed(self, operation: str, exc: Exception) -> None:
        logger.warning("cache %s failed (Redis unreachable?): %s", operation, exc)

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
