"""Server-Sent Events: a game's stream for its seated players, and a player's account stream.

Framing (docs/api.md#event-streams)::

    id: 17
    event: state
    data: {"version": 17, "view": {...}}

A game stream opens with the current state (or, resuming with ``?after=N`` or
``Last-Event-ID: N``, with every version after N, oldest first), then sends one ``state``
event per version, each with the receiving seat's own view at that version. Quick-chat
messages arrive as ``event: message`` without an ``id`` (so they never move the resume
point; ``GET /games/{id}/messages`` has the history). A ``: ping`` comment is sent after
15 s of silence.

The account stream ``/me/events`` sends ``friend_joined``, ``rematch_offered`` and
``your_turn`` events, each with its own ``id`` (resume with ``Last-Event-ID`` / ``after``).

Streams wake on a notification (:mod:`games.live.notify`: one shared Redis subscriber per
process) and only then read what changed; an idle stream holds no database connection and
runs no query. The streams of one game in a process share a :class:`_GameFeed`: one read
of the game row per signal, and each seat's frame rendered once per version for all that
seat's streams. A game's change signals with the row it committed, and the feed of a game
of two renders the new version from that row without reading it again, as long as only
such rows came since its last read of the database (a chat message, a poll, a timer, a
row no newer than the one held, Redis coming back: each reads the database as before).
A stream wakes by itself only at the game's next due moment (a turn deadline, a lapsing
table) to enforce it, and polls every ``EVENTS_POLL_SECONDS`` only while Redis is
unreachable (and, for the account stream, where no worker enforces turn deadlines: eager
Celery). All database work runs on a few threads of the process (:data:`DB_THREADS`), so
the process holds at most that many connections however many streams are open.
Every ``EVENTS_AUTH_RECHECK_SECONDS`` (a heartbeat), and at once when its player's tokens
are revoked (a logout, signing out everywhere, a password change: ``notify.revoked_channel``),
a stream checks that its token is still valid and its user active; after a logout, a revoked
or lapsed token or a deactivation it sends one ``event: closed`` frame
(``{"code": "authentication_failed", "detail": ...}``) and ends.

A user holds at most ``EVENTS_MAX_STREAMS_PER_USER`` streams at once (429
``too_many_streams``, counted across processes: :mod:`games.live.slots`). A stream opened
with the same token for the same game (or the same account stream) takes over the older
one's slot instead of counting twice (a reload, a phone back online); the older stream ends
at its next recheck with one ``event: replaced`` frame (``{"code": "stream_replaced",
"detail": ...}``). A game stream opens with a ``: connected`` comment, so the client knows
it is live before the first state is read. In production
the streams are served by the ASGI ``events`` service only; a WSGI process with
``EVENTS_WSGI_STREAMS`` off (the compose ``web`` service) answers 503
``streams_not_served_here`` at once instead of tying up a worker for the stream's life.
Served by an ASGI server (``uvicorn config.asgi:application``) as async generators; under
WSGI (``make run``) the same generator is driven by a private event loop per stream.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import JSONField
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions

from accounts.models import User
from core.exceptions import ApplicationError
from games import presenters, selectors, services
from games.errors import GameNotFound
from games.live import notify
from games.live.sse import (
    Holder,
    authenticate,
    ensure_served_here,
    error_response,
    hold,
    on_db_thread,
    recheck,
    sse_frame,
    state_frame,
    stream_position,
    streaming,
)
from games.models import Game, GameStatus, Message, PlayerEvent
from games.services.timers import REMATCH_TTL, WAITING_TTL

# --- the game stream ------------------------------------------------------------------------


def _open_game(game_id: uuid.UUID | str, user: User) -> tuple[int, int]:
    game, seat = selectors.game_get_for_user(game_id=game_id, user=user)
    last_message = (
        Message.objects.filter(game=game).order_by("-id").values_list("id", flat=True).first()
    )
    return seat, last_message or 0


FRAMES_KEPT = 16
"""Versions of a game whose rendered frames a feed keeps (per seat)."""

MESSAGES_KEPT = 32
"""Quick-chat frames a feed keeps."""


class _GameFeed:
    """What every stream of one game in this process shares: the game row as last read,
    the players (fixed once a game of two has started; read each time at larger tables,
    where a leaver's seat passes to the computer), the deals (reloaded when a new round
    appears), each seat's rendered frames of the latest versions, and the latest chat
    frames. ``lock`` serialises the streams' reads, so the first stream to wake after a
    signal reads and renders and the others take what it left."""

    def __init__(self, game_id: uuid.UUID) -> None:
        self.game_id = game_id
        self.channel = notify.game_channel(game_id)
        self.lock = threading.Lock()
        self.refs = 0
        self.game: Game | None = None
        self.read_at = -math.inf  # time.monotonic() when the last read of the row began
        self.reads = 0  # reads of the database
        self.rows_taken = 0  # versions taken from the row their change signalled
        self.received = (0, 0)  # notify.received()'s counts when the last read began
        self.renders = 0
        self.players: list[dict[str, Any]] | None = None
        self.players_fixed = False
        self.deals: dict[int, Any] | None = None
        self.frames: dict[tuple[int, int], bytes] = {}
        self.messages: list[tuple[int, bytes]] = []
        self.messages_after: int | None = None  # ``messages`` holds every later message

    def refresh(self, last_message: int, rows: bool = True) -> Game:
        """The game as it is now: from the row its latest change signalled when ``rows``
        allows and that row is all that came since the last read, else from the database
        (with the players, the deals of a new round and any new chat messages)."""
        started = time.monotonic()  # a signal after this asks for another read
        plain, count, row = notify.received(self.channel)
        game = self._from_row(plain, count, row) if rows else None
        self.received = (plain, count)
        if game is not None:
            self.rows_taken += 1
        else:
            game = self._read(last_message)
        if game.state is not None and (self.deals is None or game.round_number not in self.deals):
            self.deals = selectors.game_deals(game=game)
        self.game = game
        oldest = game.version - FRAMES_KEPT
        for key in [key for key in self.frames if key[1] <= oldest]:
            del self.frames[key]
        self.read_at = started  # only once every read succeeded
        return game

    def _from_row(self, plain: int, count: int, row: dict[str, Any] | None) -> Game | None:
        """The game from a signalled row, when nothing but rows came since the last read
        and the latest is newer than the game held (its players fixed: a game of two).
        None otherwise, and for a row this process cannot take whole (one published by a
        process of another release, without a column of this one's)."""
        held = self.game
        if held is None or not self.players_fixed or row is None:
            return None
        if plain != self.received[0] or count == self.received[1]:
            return None
        version = row.get("version")
        if row.get("id") != str(self.game_id) or not isinstance(version, int):
            return None
        if version <= held.version:
            return None
        fields = Game._meta.concrete_fields
        try:
            values = [field.to_python(row[field.attname]) for field in fields]
        except (KeyError, TypeError, ValueError, ValidationError):
            return None
        game = Game.from_db(held._state.db, [field.attname for field in fields], values)
        for field in fields:  # as the database gives JSON back: jsonb orders object keys
            if isinstance(field, JSONField):
                setattr(game, field.attname, _jsonb_order(getattr(game, field.attname)))
        return game

    def _read(self, last_message: int) -> Game:
        self.reads += 1
        if not self.players_fixed:
            game = Game.objects.prefetch_related("seats__user").get(pk=self.game_id)
            if game.status != GameStatus.WAITING:
                self.players = presenters.players_json(game)
                self.players_fixed = game.seat_count <= 2
        else:
            game = Game.objects.get(pk=self.game_id)
        if self.messages_after is None:
            self.messages_after = last_message
        newest = self.messages[-1][0] if self.messages else self.messages_after
        for message in selectors.messages_for(game=game, after_id=newest):
            frame = sse_frame(presenters.message_json(message=message), event="message")
            self.messages.append((message.id, frame))
        if len(self.messages) > MESSAGES_KEPT:
            self.messages_after = self.messages[-MESSAGES_KEPT - 1][0]
            del self.messages[:-MESSAGES_KEPT]
        return game

    def states(self, game: Game, seat: int, after: int | None) -> list[bytes]:
        """The seat's state frames after ``after`` (None: the current state alone)."""
        keep = game.status != GameStatus.WAITING  # a table still filling up may change
        if after is None:  # an opening frame is rendered afresh, then shared
            view = presenters.game_view(
                game=game, seat=seat, deals=self.deals or {}, players=self.players
            )
            self.renders += 1
            frame = state_frame(game.version, view)
            if keep:
                self.frames[(seat, game.version)] = frame
            return [frame]
        if game.version <= after:
            return []
        wanted = range(after + 1, game.version + 1)
        if all((seat, version) in self.frames for version in wanted):
            return [self.frames[(seat, version)] for version in wanted]
        out = []
        views = selectors.game_views_after(
            game=game, seat=seat, after=after, deals=self.deals, players=self.players
        )
        for version, view in views:
            cached = self.frames.get((seat, version))
            if cached is None:
                self.renders += 1
                cached = state_frame(version, view)
                if keep and version > game.version - FRAMES_KEPT:
                    self.frames[(seat, version)] = cached
            out.append(cached)
        return out

    def messages_since(self, game: Game, last_message: int) -> list[tuple[int, bytes]]:
        if self.messages_after is not None and last_message >= self.messages_after:
            return [(id_, frame) for id_, frame in self.messages if id_ > last_message]
        return [  # older than the feed remembers (a stream that fell behind): read them
            (m.id, sse_frame(presenters.message_json(message=m), event="message"))
            for m in selectors.messages_for(game=game, after_id=last_message)
        ]


def _jsonb_order(value: Any) -> Any:
    """A JSON value with every object's keys in the order PostgreSQL's ``jsonb`` gives them
    back (shorter keys first, then bytewise), so that a view rendered from a signalled row
    is the same, byte for byte, as one rendered from the row read."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: (len(key.encode()), key.encode()))
        return {key: _jsonb_order(value[key]) for key in keys}
    if isinstance(value, list):
        return [_jsonb_order(item) for item in value]
    return value


_feeds: dict[uuid.UUID, _GameFeed] = {}
_feeds_lock = threading.Lock()


def _feed_take(game_id: uuid.UUID) -> _GameFeed:
    with _feeds_lock:
        feed = _feeds.get(game_id)
        if feed is None:
            feed = _feeds[game_id] = _GameFeed(game_id)
        feed.refs += 1
        return feed


def _feed_release(feed: _GameFeed) -> None:
    with _feeds_lock:
        feed.refs -= 1
        if feed.refs <= 0 and _feeds.get(feed.game_id) is feed:
            del _feeds[feed.game_id]


def _due_in(game: Game) -> float | None:
    """Seconds until something of the game comes due (a turn deadline, a table lapsing)."""
    if game.status == GameStatus.ACTIVE and game.turn_deadline is not None:
        at = game.turn_deadline
    elif game.status == GameStatus.WAITING:
        at = game.created_at + (REMATCH_TTL if game.rematch_of_id else WAITING_TTL)
    else:
        return None
    return (at - timezone.now()).total_seconds()


@dataclass
class Read:
    """What one read gives a stream: frames to send, and when to enforce timers next."""

    frames: list[bytes]
    due_in: float | None = None


def _game_frames(
    feed: _GameFeed,
    seat: int,
    position: dict[str, Any],
    since: float,
    enforce: bool,
) -> Read:
    if enforce:
        services.game_enforce_timers(game_id=feed.game_id)
    with feed.lock:
        game = feed.game
        if game is None or feed.read_at < since:
            game = feed.refresh(position["message"], rows=not enforce)
        frames = feed.states(game, seat, position["after"])
        if frames:
            position["after"] = game.version
        for message_id, frame in feed.messages_since(game, position["message"]):
            frames.append(frame)
            position["message"] = message_id
        return Read(frames, _due_in(game))


DUE_SLACK_SECONDS = 0.5
"""A stream enforces a due timer this long after it is due (the timer task usually has)."""


async def follow_channel(
    channel: str,
    read: Callable[[float, bool], Awaitable[Read]],
    holder: Holder,
    greeting: bytes = b"",
    poll_always: bool = False,
) -> AsyncGenerator[bytes, None]:
    """Yield what ``read`` finds now, then again whenever ``channel`` is signalled, with a
    ``: ping`` after a quiet heartbeat interval. ``read(since, enforce)`` reads afresh
    unless a read that began after ``since`` is at hand, and enforces due timers first
    when asked: at the due moment it returns, and at every poll. The stream polls only
    while its signals cannot arrive (Redis down), or always with ``poll_always``. Every
    ``EVENTS_AUTH_RECHECK_SECONDS``, and at once when its player's tokens are revoked,
    the stream renews its slot, and ends with ``event: closed`` once its token is no
    longer valid."""
    heartbeat = settings.EVENTS_HEARTBEAT_SECONDS
    poll = settings.EVENTS_POLL_SECONDS
    recheck_every = settings.EVENTS_AUTH_RECHECK_SECONDS
    recheck_now = on_db_thread(recheck)
    async with notify.Listener(channel, alarm=notify.revoked_channel(holder.user_id)) as listener:
        # Subscribed before the first read: nothing committed in between is missed.
        if greeting:
            yield greeting
        result = await read(time.monotonic(), True)
        for frame in result.frames:
            yield frame
        quiet_since = checked_at = polled_at = time.monotonic()
        enforce_at = _enforce_at(result.due_in, quiet_since, enforced=True, poll=poll)
        while True:
            now = time.monotonic()
            polling = poll_always or not listener.live
            waits = [heartbeat - (now - quiet_since), recheck_every - (now - checked_at)]
            if polling:
                waits.append(poll - (now - polled_at))
            if enforce_at is not None:
                waits.append(enforce_at - now)
            woke = await listener.wait(max(0.05, min(waits)))
            now = time.monotonic()
            if listener.take_alarm() or now - checked_at >= recheck_every:
                ending = await recheck_now(holder)
                if ending is not None:
                    yield ending
                    return
                checked_at = time.monotonic()
            enforce = enforce_at is not None and now >= enforce_at
            if polling and now - polled_at >= poll:
                enforce = True
                polled_at = now
            if woke or enforce:
                since = now if enforce else listener.signalled_at
                result = await read(since, enforce)
                enforce_at = _enforce_at(result.due_in, time.monotonic(), enforce, poll)
                for frame in result.frames:
                    yield frame
                if result.frames:
                    quiet_since = time.monotonic()
                    continue
            if time.monotonic() - quiet_since >= heartbeat:
                yield b": ping\n\n"
                quiet_since = time.monotonic()


def _enforce_at(due_in: float | None, now: float, enforced: bool, poll: float) -> float | None:
    """When the stream should enforce timers next (``time.monotonic()``), or never."""
    if due_in is None:
        return None
    if due_in <= 0 and enforced:
        return now + poll  # still due right after enforcing (another process holds it)
    return now + max(0.0, due_in) + DUE_SLACK_SECONDS


def _game_stream(
    game_id: uuid.UUID, seat: int, after: int | None, last_message: int, holder: Holder
) -> AsyncIterator[bytes]:
    frames_for = on_db_thread(_game_frames)
    position: dict[str, Any] = {"after": after, "message": last_message}

    async def stream() -> AsyncIterator[bytes]:
        feed = _feed_take(game_id)
        try:

            async def read(since: float, enforce: bool) -> Read:
                result: Read = await frames_for(feed, seat, position, since, enforce)
                return result

            follow = follow_channel(
                notify.game_channel(game_id), read, holder, greeting=b": connected\n\n"
            )
            async with contextlib.aclosing(follow) as chunks:  # its Listener exits first
                async for chunk in chunks:
                    yield chunk
        finally:
            _feed_release(feed)

    return stream()


@csrf_exempt
async def game_events(request: HttpRequest, game_id: uuid.UUID | str) -> HttpResponseBase:
    """``GET /api/v1/games/{id}/events``: the game's event stream for a seated player."""
    try:
        ensure_served_here(request)
        if request.method != "GET":
            raise exceptions.MethodNotAllowed(request.method or "")
        user, token = await on_db_thread(authenticate)(request)
        after = stream_position(request)
        seat, last_message = await on_db_thread(_open_game)(game_id, user)
        holder = await hold(user, token, f"game:{selectors.game_pk(game_id)}")
    except (ApplicationError, exceptions.APIException, GameNotFound) as exc:
        return error_response(exc)
    key = selectors.game_pk(game_id)  # a seated game's id: always a UUID
    assert key is not None
    return streaming(request, _game_stream(key, seat, after, last_message, holder), holder)


# --- the account stream ---------------------------------------------------------------------


def _open_player(user: Any, after: int | None) -> int:
    if after is not None:
        return after
    latest = PlayerEvent.objects.filter(user=user).order_by("-id").values_list("id", flat=True)
    return latest.first() or 0


def _player_frames(user: Any, position: dict[str, int], enforce: bool) -> Read:
    if enforce:
        services.games_enforce_for_user(user=user)
    frames = []
    for event in selectors.player_events_after(user=user, after_id=position["after"])[:200]:
        frames.append(
            sse_frame(
                presenters.player_event_json(event=event), event=event.kind, event_id=event.id
            )
        )
        position["after"] = event.id
    return Read(frames)


def _player_stream(user: Any, after: int, holder: Holder) -> AsyncIterator[bytes]:
    frames_for = on_db_thread(_player_frames)
    position = {"after": after}

    async def read(since: float, enforce: bool) -> Read:
        result: Read = await frames_for(user, position, enforce)
        return result

    # Without a worker (eager Celery ignores ETAs) the account stream's poll is what plays
    # the turn timers of the player's games that nobody is watching.
    return follow_channel(
        notify.player_channel(user.pk),
        read,
        holder,
        greeting=b": connected\n\n",
        poll_always=bool(settings.CELERY_TASK_ALWAYS_EAGER),
    )


@csrf_exempt
async def player_events(request: HttpRequest) -> HttpResponseBase:
    """``GET /api/v1/me/events``: the caller's account events."""
    try:
        ensure_served_here(request)
        if request.method != "GET":
            raise exceptions.MethodNotAllowed(request.method or "")
        user, token = await on_db_thread(authenticate)(request)
        after = await on_db_thread(_open_player)(user, stream_position(request))
        holder = await hold(user, token, "me")
    except (ApplicationError, exceptions.APIException) as exc:
        return error_response(exc)
    return streaming(request, _player_stream(user, after, holder), holder)
