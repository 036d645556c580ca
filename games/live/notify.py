"""Wake-up signals for the event streams: "game X (or player Y) changed".

A plain signal carries no data; a stream that wakes up reads what changed from the
database, so a lost signal delays an event and never loses it. A game's change signals
its channel with the row it committed (:func:`publish_row_on_commit`): the game's streams
render the new version from that row instead of reading it again, as long as nothing but
such rows came since their last read (:func:`received`); anything else (a chat message,
a row that is not newer than the one a stream holds, a subscription confirmed again after
Redis came back) sends them back to the database. Rows travel between the service's own
processes only; what a player sees is still rendered for their seat. Two backends:

* Redis pub/sub when ``EVENTS_REDIS_URL`` is set (the full stack and the tests): every
  web process, ASGI process and Celery worker publishes to one Redis. A process that
  serves streams listens through **one** subscriber connection (:class:`Subscriber`, on
  a thread of its own), subscribed to each channel that at least one of its streams
  follows and fanning every signal out in memory to those streams. When Redis drops, the
  subscriber reconnects with backoff; meanwhile :attr:`Listener.live` is false and the
  streams poll the database, and once it is back every stream is woken to catch up.
* In-process otherwise (the embedded ``make run`` default): the streams are served by the
  same process that applies the actions, so the registry of waiters is enough.

Waiters are ``(event loop, asyncio.Event)`` pairs: under ASGI every stream runs on the
server's loop, under WSGI each stream has a private loop on its worker thread, and both are
woken with ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
import time
from collections import defaultdict
from datetime import datetime
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)


def channel(kind: str, key: Any) -> str:
    """The wake-up channel of one ``kind`` of stream (``game``, ``player``, ...) for ``key``,
    under ``EVENTS_CHANNEL_PREFIX`` (Redis pub/sub channels are shared by every database of
    a server, so deployments, or parallel test processes, that share one keep apart by it)."""
    return f"{settings.EVENTS_CHANNEL_PREFIX}:{kind}:{key}"


def game_channel(game_id: Any) -> str:
    return channel("game", game_id)


def player_channel(user_id: Any) -> str:
    return channel("player", user_id)


def revoked_channel(user_id: Any) -> str:
    """Signalled when some of the player's tokens were revoked: their open streams check
    their own token at once."""
    return channel("revoked", user_id)


def on_tokens_revoked(*, user_id: Any, **kwargs: Any) -> None:
    """Receiver of ``accounts.signals.tokens_revoked`` (sent after the commit)."""
    publish(revoked_channel(user_id))


# --- the waiters (both backends) -----------------------------------------------------------


class _Waiter:
    """One stream's wake-up: set from any thread, awaited on the stream's own loop."""

    __slots__ = ("event", "loop", "signalled_at")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.event = asyncio.Event()
        self.signalled_at = 0.0

    def wake(self, at: float) -> None:
        self.signalled_at = at
        with contextlib.suppress(RuntimeError):  # the stream's loop has closed
            self.loop.call_soon_threadsafe(self.event.set)


class _Alarm(_Waiter):
    """A stream's second channel (its player's revocations): wakes the stream's own waiter
    and is remembered until the stream takes it (:meth:`Listener.take_alarm`)."""

    __slots__ = ("rang",)

    def __init__(self, waiter: _Waiter) -> None:
        self.loop = waiter.loop
        self.event = waiter.event
        self.signalled_at = 0.0
        self.rang = False

    def wake(self, at: float) -> None:
        self.rang = True
        super().wake(at)


_lock = threading.Lock()
_waiters: dict[str, set[_Waiter]] = defaultdict(set)


class Received:
    """What this process received on one channel since a stream first followed it: how
    many plain signals, how many rows, and the row of the highest version. A row that is
    not newer than that one (its signal overtaken by a later change's, or a second change
    at the same version) counts as a plain signal: a reader cannot tell it apart from the
    state it holds, so it reads the database."""

    __slots__ = ("plain", "row", "rows")

    def __init__(self) -> None:
        self.plain = 0
        self.rows = 0
        self.row: dict[str, Any] | None = None


_received: dict[str, Received] = {}

ROW_PREFIX = "row:"
"""A signal's payload that carries a row: this prefix, then the row as JSON."""


def _receive(channel: str, payload: bytes | str) -> None:
    """Count a signal on ``channel`` (kept while some stream of this process follows it)."""
    text = payload.decode() if isinstance(payload, bytes) else payload
    row: dict[str, Any] | None = None
    if text.startswith(ROW_PREFIX):
        with contextlib.suppress(ValueError):
            row = json.loads(text[len(ROW_PREFIX) :])
    with _lock:
        if channel not in _waiters:
            return
        kept = _received.get(channel)
        if kept is None:
            kept = _received[channel] = Received()
        version = row.get("version") if isinstance(row, dict) else None
        if isinstance(version, int) and (kept.row is None or version > kept.row["version"]):
            kept.rows += 1
            kept.row = row
        else:
            kept.plain += 1


def _receive_plain_all() -> None:
    """Every followed channel may have missed signals: the next read of each goes to the
    database."""
    with _lock:
        for channel in _waiters:
            kept = _received.get(channel)
            if kept is None:
                kept = _received[channel] = Received()
            kept.plain += 1


def received(channel: str) -> tuple[int, int, dict[str, Any] | None]:
    """``(plain signals, rows, the row of the highest version)`` received on ``channel``
    so far: a reader notes the counts when it reads the database; if only rows came since,
    that row is the newest committed state (when its version is newer than the one read:
    every later change signals again)."""
    with _lock:
        kept = _received.get(channel)
        if kept is None:
            return 0, 0, None
        return kept.plain, kept.rows, kept.row


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    return value


def row_of(instance: Any) -> dict[str, Any]:
    """A model instance's concrete fields by column attribute, as JSON values (times in
    ISO 8601 with their microseconds, ids as text): the row it holds."""
    return {
        field.attname: _json_value(field.value_from_object(instance))
        for field in instance._meta.concrete_fields
    }


def _deliver(channel: str) -> None:
    now = time.monotonic()
    with _lock:
        waiters = list(_waiters.get(channel, ()))
    for waiter in waiters:
        waiter.wake(now)


def _deliver_all() -> None:
    now = time.monotonic()
    with _lock:
        waiters = [waiter for group in _waiters.values() for waiter in group]
    for waiter in waiters:
        waiter.wake(now)


def _publish_local(channel: str, payload: str) -> None:
    _receive(channel, payload)
    _deliver(channel)


# --- Redis backend --------------------------------------------------------------------------

_redis_client: Any = None


def _redis() -> Any:
    global _redis_client
    if _redis_client is None:
        import redis

        _redis_client = redis.Redis.from_url(str(settings.EVENTS_REDIS_URL), socket_timeout=2)
    return _redis_client


def redis_client() -> Any:
    """The process's synchronous Redis client on ``EVENTS_REDIS_URL``."""
    return _redis()


def publish(channel: str, payload: str = "1") -> None:
    """Signal ``channel`` now (best effort: a failure is logged, streams poll anyway)."""
    if settings.EVENTS_REDIS_URL:
        try:
            _redis().publish(channel, payload)
        except Exception as exc:  # the broker being down must not fail a move
            logger.warning("could not publish %s: %s", channel, exc)
    else:
        _publish_local(channel, payload)


def publish_on_commit(*channels: str) -> None:
    """Signal the channels once the current transaction commits."""
    for channel in channels:
        transaction.on_commit(functools.partial(publish, channel))


def publish_row_on_commit(channel: str, instance: Any) -> None:
    """Signal ``channel`` once the current transaction commits, with the row ``instance``
    holds then (:func:`row_of`): the caller saved every change to it in that transaction,
    under its row lock, so the row is what was committed."""

    def send() -> None:
        publish(channel, ROW_PREFIX + json.dumps(row_of(instance), separators=(",", ":")))

    transaction.on_commit(send)


# --- the shared subscriber ------------------------------------------------------------------


def subscriber_name() -> str:
    """The subscriber connection's name in Redis (``CLIENT LIST``): the channels' prefix,
    then ``-events``."""
    return f"{settings.EVENTS_CHANNEL_PREFIX}-events"


class Subscriber:
    """The process's one Redis pub/sub connection, on a daemon thread with its own loop.

    :meth:`add` / :meth:`remove` count the streams per channel (from any thread); the
    subscriber subscribes a channel when its first stream arrives and unsubscribes it when
    the last one leaves. Every message wakes the channel's waiters, and so does the
    confirmation of a subscription (a new stream is waiting for it; after a reconnect every
    stream must catch up on the signals it missed). When the connection fails it is
    dropped, every waiter is woken (to switch to polling) and a new one is tried after a
    backoff (0.2 s doubling to 5 s).
    """

    BACKOFF_FIRST = 0.2
    BACKOFF_MAX = 5.0

    def __init__(self, url: str) -> None:
        self.url = url
        self.refs: dict[str, int] = {}
        self.confirmed: set[str] = set()
        self.connected = False
        self.connects = 0
        self.failing = False  # the last attempt to connect failed
        self._stopped = False
        self._guard = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._changed = asyncio.Event()
        self._thread = threading.Thread(target=self._run, name="events-subscriber", daemon=True)
        self._thread.start()

    # called from the streams' threads

    def add(self, channel: str) -> None:
        """Count one more stream on ``channel`` (subscribing it if it is the first)."""
        with self._guard:
            self.refs[channel] = self.refs.get(channel, 0) + 1
        self._loop.call_soon_threadsafe(self._changed.set)

    def remove(self, channel: str) -> None:
        with self._guard:
            left = self.refs.get(channel, 0) - 1
            if left > 0:
                self.refs[channel] = left
            else:
                self.refs.pop(channel, None)
        self._loop.call_soon_threadsafe(self._changed.set)

    def live(self, channel: str) -> bool:
        """Whether signals on ``channel`` reach this process now."""
        return self.connected and channel in self.confirmed

    def stop(self) -> None:
        """End the subscriber (its connection closes; its thread ends)."""
        self._stopped = True
        self._loop.call_soon_threadsafe(self._changed.set)

    # the subscriber's own thread

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        backoff = self.BACKOFF_FIRST
        while not self._stopped:
            try:
                await self._session()
            except Exception as exc:  # Redis went away (or never came): poll, retry later
                if self.connected:
                    logger.warning("events subscriber lost Redis: %s", exc)
                    backoff = self.BACKOFF_FIRST
            with self._guard:
                dropped = self.connected
                self.connected = False
                self.failing = True
                self.confirmed.clear()
            if self._stopped:
                return
            if dropped:
                _receive_plain_all()
                _deliver_all()  # every stream re-reads, then polls until Redis is back
            await asyncio.sleep(backoff)
            backoff = min(self.BACKOFF_MAX, backoff * 2)

    async def _session(self) -> None:
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        client = aioredis.Redis.from_url(
            self.url,
            socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 0),
            client_name=subscriber_name(),
        )
        pubsub = client.pubsub()
        reader: asyncio.Task[None] | None = None
        try:
            await pubsub.connect()  # a Redis that is down fails here
            reader = asyncio.create_task(self._read(pubsub))
            self.connected = True
            self.failing = False
            self.connects += 1
            if self.connects > 1:
                logger.warning("events subscriber connected to Redis again")
            subscribed: set[str] = set()
            while not self._stopped:
                self._changed.clear()
                with self._guard:
                    wanted = set(self.refs)
                    self.confirmed -= subscribed - wanted
                if wanted - subscribed:
                    await pubsub.subscribe(*sorted(wanted - subscribed))
                if subscribed - wanted:
                    await pubsub.unsubscribe(*sorted(subscribed - wanted))
                subscribed = wanted
                changed = asyncio.ensure_future(self._changed.wait())
                done, _ = await asyncio.wait({changed, reader}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    changed.cancel()
                    reader.result()  # raises what ended it
                    raise ConnectionError("the subscriber connection closed")
        finally:
            if reader is not None:
                reader.cancel()
                with contextlib.suppress(BaseException):
                    await reader
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            with contextlib.suppress(Exception):
                await client.aclose()

    async def _read(self, pubsub: Any) -> None:
        while True:
            message = await pubsub.get_message(timeout=None)
            if message is None:
                continue
            channel = message["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else str(channel)
            if message["type"] == "subscribe":
                with self._guard:
                    if channel in self.refs:
                        self.confirmed.add(channel)
                _receive(channel, "1")  # a stream catching up reads the database
            elif message["type"] != "message":
                continue
            else:
                _receive(channel, message["data"])
            _deliver(channel)


_subscriber: Subscriber | None = None
_subscriber_lock = threading.Lock()


def subscriber() -> Subscriber:
    """The process's shared subscriber (started on first use)."""
    global _subscriber
    with _subscriber_lock:
        if _subscriber is None:
            _subscriber = Subscriber(str(settings.EVENTS_REDIS_URL))
        return _subscriber


SUBSCRIBE_WAIT_SECONDS = 2.0
"""How long a new stream waits for its channel's subscription before it reads anyway
(and polls until the subscription is confirmed)."""


class Listener:
    """A stream's registration on ``channel``. ``await listener.wait(timeout)`` returns
    True when the channel was signalled, False when the timeout passed; ``live`` says
    whether signals arrive now (else the stream must poll). Use as an async context
    manager: entering returns once the channel is subscribed (or Redis is found down), so
    nothing committed after that is missed. An ``alarm`` channel wakes the stream too and
    is remembered until :meth:`take_alarm`; entering waits for its subscription as well
    (a signal on it before then is caught by the stream's periodic checks)."""

    __slots__ = ("_alarm", "_shared", "_waiter", "alarm_channel", "channel")

    def __init__(self, channel: str, *, alarm: str | None = None) -> None:
        self.channel = channel
        self.alarm_channel = alarm
        self._waiter: _Waiter | None = None
        self._alarm: _Alarm | None = None
        self._shared: Subscriber | None = None

    def _registrations(self) -> list[tuple[str, _Waiter]]:
        out: list[tuple[str, _Waiter]] = []
        if self._waiter is not None:
            out.append((self.channel, self._waiter))
        if self._alarm is not None and self.alarm_channel is not None:
            out.append((self.alarm_channel, self._alarm))
        return out

    async def __aenter__(self) -> Listener:
        self._waiter = _Waiter(asyncio.get_running_loop())
        if self.alarm_channel is not None:
            self._alarm = _Alarm(self._waiter)
        with _lock:
            for channel, waiter in self._registrations():
                _waiters[channel].add(waiter)
        if settings.EVENTS_REDIS_URL:
            self._shared = subscriber()
            for channel, _ in self._registrations():
                self._shared.add(channel)
            deadline = time.monotonic() + SUBSCRIBE_WAIT_SECONDS
            while not self._all_live() and (left := deadline - time.monotonic()) > 0:
                if self._shared.failing:
                    break  # Redis is down: poll until it is back
                await self.wait(min(left, 0.5))
            self._waiter.event.clear()  # the first read comes after this
            if self._alarm is not None:
                self._alarm.rang = False  # its subscription's confirmation rang it
        return self

    def _all_live(self) -> bool:
        alarm = self.alarm_channel
        return self.live and (alarm is None or self._shared is None or self._shared.live(alarm))

    async def __aexit__(self, *exc: object) -> None:
        registrations = self._registrations()
        if self._shared is not None:
            for channel, _ in registrations:
                self._shared.remove(channel)
        with _lock:
            for channel, waiter in registrations:
                waiters = _waiters.get(channel)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        _waiters.pop(channel, None)
                        _received.pop(channel, None)

    def take_alarm(self) -> bool:
        """Whether the alarm channel was signalled since the last call."""
        if self._alarm is None or not self._alarm.rang:
            return False
        self._alarm.rang = False
        return True

    @property
    def live(self) -> bool:
        """Whether signals on the channel reach this stream now (else it must poll)."""
        return self._shared is None or self._shared.live(self.channel)

    @property
    def signalled_at(self) -> float:
        """When (``time.monotonic()``) the channel was last signalled; 0 if never."""
        return self._waiter.signalled_at if self._waiter is not None else 0.0

    async def wait(self, timeout: float) -> bool:
        assert self._waiter is not None
        event = self._waiter.event
        if not event.is_set():
            try:
                await asyncio.wait_for(event.wait(), timeout)
            except TimeoutError:
                return False
        event.clear()
        return True
