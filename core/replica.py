"""Reads that a streaming standby may serve: the boards and public profiles.

A standby replays the primary's write-ahead log a moment after each commit, so what it
answers may be that moment behind. That is fine for a leaderboard (refreshed every minute)
and for anyone's public profile; it is not for a game, whose next action is decided on the
version the player saw, nor for a player's own account right after they changed it. So only
the views of those reads run inside :func:`replica_reads`; everything else, and every write,
uses the primary.

``DATABASE_REPLICA_URL`` configures the standby (the ``replica`` alias, and
``settings.REPLICA_DATABASE``); without it :func:`replica_reads` changes nothing and those
reads go to the primary too. Inside it, ORM reads are routed by :class:`ReplicaRouter`
(listed in ``DATABASE_ROUTERS``) and raw SQL takes its connection from
:func:`reads_connection`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

REPLICA = "replica"

_on_replica: ContextVar[bool] = ContextVar("replica_reads", default=False)


@contextmanager
def replica_reads() -> Iterator[None]:
    """Reads inside (ORM and :func:`reads_connection`) go to the replica when one is
    configured. Usable as a decorator too (``@replica_reads()``)."""
    token = _on_replica.set(True)
    try:
        yield
    finally:
        _on_replica.reset(token)


def reads_alias() -> str:
    """The database alias for a read here: the replica inside :func:`replica_reads` when
    one is configured, else the primary (``default``)."""
    if _on_replica.get():
        return str(getattr(settings, "REPLICA_DATABASE", DEFAULT_DB_ALIAS))
    return DEFAULT_DB_ALIAS


def reads_connection() -> BaseDatabaseWrapper:
    """The connection for raw SQL reads (see :func:`reads_alias`)."""
    return connections[reads_alias()]


class ReplicaRouter:
    """Sends ORM reads inside :func:`replica_reads` to the replica; every other read and
    every write keeps Django's default. Nothing is ever migrated on the replica (a standby
    takes the primary's schema from its log)."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return reads_alias() if _on_replica.get() else None

    def db_for_write(self, model: type[Any], **hints: Any) -> str | None:
        return None

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        return True  # one database, two doors: rows from either may be related

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return False if db == REPLICA else None
