"""Wake-up signals for the event streams: "game X (or player Y) changed".

A signal carries no data a player could see; a stream that wakes up reads what changed
from the database, so a lost signal delays an event by one poll at most and never loses
it. Two backends:

* Redis pub/sub when ``EVENTS_REDIS_URL`` is set (the full stack and the tests): every
  web process, ASGI process and Celery worker publishes to, and listens on, one Redis.
* In-process otherwise (the embedded ``make run`` default): the streams are served by the
  same process that applies the actions, so a registry of waiters is enough.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from typing import Any

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)


def game_channel(game_id: Any) -> str:
    return f"ginrummy:game:{game_id}"


def player_channel(user_id: Any) -> str:
    return f"ginrummy:player:{user_id}"


# --- in-process backend ---------------------------------------------------------------------

_lock = threading.Lock()
_waiters: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = defaultdict(set)


def _publish_local(channel: str) -> None:
    with _lock:
        waiters = list(_waiters.get(channel, ()))
    for loop, event in waiters:
        with contextlib.suppress(RuntimeError):  # the stream's loop has closed
            loop.call_soon_threadsafe(event.set)


# --- Redis backend --------------------------------------------------------------------------

_redis_client: Any = None


def _redis() -> Any:
    global _redis_client
    if _redis_client is None:
        import redis

        _redis_client = redis.Redis.from_url(settings.EVENTS_REDIS_URL, socket_timeout=2)
    return _redis_client


def redis_client() -> Any:
    """The process's synchronous Redis client on ``EVENTS_REDIS_URL``."""
    return _redis()


def publish(channel: str) -> None:
    """Signal ``channel`` now (best effort: a failure is logged, streams poll anyway)."""
    if settings.EVENTS_REDIS_URL:
        try:
            _redis().publish(channel, "1")
        except Exception as exc:  # the broker being down must not fail a move
            logger.warning("could not publish %s: %s", channel, exc)
    else:
        _publish_local(channel)


def publish_on_commit(*channels: str) -> None:
    """Signal the channels once the current transaction commits."""
    for channel in channels:
        transaction.on_commit(lambda channel=channel: publish(channel))


class Listener:
    """``await listener.wait(timeout)`` returns when the channel was signalled (True) or
    the timeout passed (False). Use as an async context manager."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self._event = asyncio.Event()
        self._pubsub: Any = None
        self._client: Any = None
        self._subscribed = True

    async def __aenter__(self) -> Listener:
        if settings.EVENTS_REDIS_URL:
            import redis.asyncio as aioredis

            self._client = aioredis.Redis.from_url(
                settings.EVENTS_REDIS_URL, socket_connect_timeout=2
            )
            self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await self._pubsub.subscribe(self.channel)
            except Exception as exc:  # Redis is down: the stream polls the database instead
                logger.warning("subscribing to %s failed: %s", self.channel, exc)
                self._subscribed = False
        else:
            with _lock:
                _waiters[self.channel].add((asyncio.get_running_loop(), self._event))
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._pubsub is not None:
            try:
                await self._pubsub.unsubscribe(self.channel)
                await self._pubsub.aclose()
                await self._client.aclose()
            except Exception:  # closing a broken connection
                pass
        else:
            with _lock:
                waiters = _waiters.get(self.channel)
                if waiters is not None:
                    waiters.discard((asyncio.get_running_loop(), self._event))
                    if not waiters:
                        _waiters.pop(self.channel, None)

    async def wait(self, timeout: float) -> bool:
        if self._pubsub is not None:
            try:
                if not self._subscribed:  # try again (Redis may be back), else poll
                    await self._pubsub.subscribe(self.channel)
                    self._subscribed = True
                message = await self._pubsub.get_message(timeout=timeout)
            except Exception as exc:  # Redis went away: behave like a timeout, poll the DB
                logger.warning("listening on %s failed: %s", self.channel, exc)
                self._subscribed = False
                await asyncio.sleep(timeout)
                return False
            if message is None:
                return False
            # Drain what else arrived: one wake-up reads everything from the database.
            while await self._pubsub.get_message(timeout=0) is not None:
                pass
            return True
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except TimeoutError:
            return False
        self._event.clear()
        return True
