"""Celery beat that sends due tasks only while it holds a lease in Redis.

Several beat processes may run (one per node, or two started by mistake): one leads and
schedules, the others wait. The lease is a Redis key (``BEAT_LEASE_KEY``) set with
``SET NX PX`` to the leader's token (``host:pid:random``, so ``redis-cli get`` names the
leader) and renewed on every tick, at least every third of ``BEAT_LEASE_SECONDS``;
renewal and release check the token (redis-py's ``Lock``, whose Lua scripts do that
atomically). A leader killed without warning stops renewing, its key lapses after the lease,
and a waiting beat takes over on its next try (every fifth of the lease); a leader stopped
cleanly deletes the key, and another takes over at once.

While Redis is unreachable no beat sends anything (there is nowhere to send to: the broker is
the same Redis); the leader keeps its token and carries on if its key is still there when
Redis is back, otherwise whoever takes the key first leads. A leader that stalls for longer
than the lease may send the tick it was in the middle of after another has taken over: every
scheduled task is idempotent (it checks versions and dates under row locks), so a rare double
send changes nothing. A beat that takes over sends, once, each entry that came due since it
started (its schedule file says nothing ran in between): daily purges may run a second time
that day, harmlessly.
"""

from __future__ import annotations

import logging
import os
import socket
import time
import uuid
from typing import Any

import redis
from celery.beat import PersistentScheduler
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from redis.exceptions import LockError, RedisError

logger = logging.getLogger(__name__)

BEAT_LEASE_KEY = "ginrummy:beat:leader"


class LeaderScheduler(PersistentScheduler):
    """``PersistentScheduler`` that ticks only while it holds the beat lease."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.lease = float(settings.BEAT_LEASE_SECONDS)
        self.token = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        url = settings.CELERY_BROKER_URL
        if not url:
            raise ImproperlyConfigured("Celery beat needs CELERY_BROKER_URL (Redis).")
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self.lock = client.lock(BEAT_LEASE_KEY, timeout=self.lease, thread_local=False)
        self.leading = False
        self.renewed_at = 0.0
        super().__init__(*args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if not self.hold_lease():
            return max(0.2, self.lease / 5)  # try again for the lease soon
        return float(min(super().tick(*args, **kwargs), self.lease / 3))

    def hold_lease(self) -> bool:
        """Whether this beat may send now: renew the lease it holds (when a third of it has
        passed) or try to take a free one."""
        now = time.monotonic()
        if self.leading and now - self.renewed_at < self.lease / 3:
            return True
        try:
            if self.leading:
                self.lock.reacquire()  # resets the key's TTL; fails if the token changed
            elif self.lock.acquire(blocking=False, token=self.token):
                self.leading = True
                logger.warning("beat %s leads (lease %.0f s)", self.token, self.lease)
            else:
                return False
        except LockError:  # LockNotOwnedError: the key lapsed, or holds another token
            self.leading = False
            logger.warning("beat %s lost its lease to another beat: it waits", self.token)
            return False
        except RedisError as exc:
            # Keep the token: if the key is still ours when Redis is back, we carry on.
            logger.warning("beat %s cannot reach Redis for its lease: %s", self.token, exc)
            return False
        self.renewed_at = now
        return True

    def close(self) -> None:
        if self.leading:
            try:
                self.lock.release()
                logger.warning("beat %s gave up its lease", self.token)
            except (LockError, RedisError) as exc:
                logger.warning("beat %s could not release its lease: %s", self.token, exc)
            self.leading = False
        super().close()
