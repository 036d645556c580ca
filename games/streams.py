"""Server-Sent Events: a game's stream for its seated players, and a player's account stream.

Framing (DESIGN.md "Live tables")::

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

Streams wake on a notification (:mod:`games.notify`) and read what changed from the
database, and poll every few seconds as well, enforcing due turn deadlines on the way.
Every ``EVENTS_AUTH_RECHECK_SECONDS`` (a heartbeat) a stream checks that its token is still
valid and its user active; after a logout, a revoked token or a deactivation it sends one
``event: closed`` frame (``{"code": "authentication_failed", "detail": ...}``) and ends.

A user holds at most ``EVENTS_MAX_STREAMS_PER_USER`` streams at once (429
``too_many_streams``, counted across processes: :mod:`games.stream_slots`). In production
the streams are served by the ASGI ``events`` service only; a WSGI process with
``EVENTS_WSGI_STREAMS`` off (the compose ``web`` service) answers 503
``streams_not_served_here`` at once instead of tying up a worker for the stream's life.
Served by an ASGI server (``uvicorn config.asgi:application``) as async generators; under
WSGI (``make run``) the same generator is driven by a private event loop per stream.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions

from accounts.authentication import BearerTokenAuthentication
from accounts.models import AuthToken, User
from config.exceptions import ApplicationError, error_body
from games import notify, presenters, selectors, services, stream_slots
from games.errors import GameNotFound
from games.models import Game, GameStatus, Message, PlayerEvent


def _db(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run a database function in a worker thread, recycling that thread's connection as a
    request would (kept for ``CONN_MAX_AGE``: a new connection per poll would cost more
    than the poll)."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception:
            connection.close()  # a broken connection must not serve the next poll
            raise
        finally:
            if connection.close_at is not None and time.monotonic() >= connection.close_at:
                connection.close()

    return sync_to_async(run, thread_sensitive=False)


def _frame(data: dict[str, Any], *, event: str, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def _state_frame(version: int, view: dict[str, Any]) -> bytes:
    return _frame({"version": version, "view": view}, event="state", event_id=version)


MAX_EVENT_ID = 2**63 - 1
"""Event ids are versions and row ids (64-bit); a larger position names no event."""


def _after(request: HttpRequest) -> int | None:
    """``?after=`` (wins) or ``Last-Event-ID``: digits only (no sign, blanks or other
    scripts' digits, which ``int()`` would take), at most :data:`MAX_EVENT_ID`, once."""
    values = request.GET.getlist("after")
    source = "after"
    raw = values[-1] if values else None
    if raw is None:
        raw = request.headers.get("Last-Event-ID")
        source = "Last-Event-ID"
    if raw is None or raw == "":
        return None
    if len(values) > 1 or not (raw.isascii() and raw.isdigit()) or int(raw) > MAX_EVENT_ID:
        raise ApplicationError(
            f"{source} must be a non-negative integer.",
            code="validation_error",
            fields={source: ["Must be a non-negative integer."]},
        )
    return int(raw)


def _authenticate(request: HttpRequest) -> tuple[Any, AuthToken]:
    result = BearerTokenAuthentication().authenticate(request)  # type: ignore[arg-type]
    if result is None:
        raise exceptions.NotAuthenticated()
    return result


def _token_valid(token_id: int) -> bool:
    """Whether the stream's token still exists (no logout, no revocation) for an active user."""
    return AuthToken.objects.filter(pk=token_id, user__is_active=True).exists()


_CLOSED = {
    "code": "authentication_failed",
    "detail": "The token was revoked or the account deactivated; sign in again.",
}


def _error_response(exc: Exception) -> HttpResponse:
    rendered = error_body(exc)
    if rendered is None:
        raise exc
    body, status, headers = rendered
    if status == 401:
        headers = {**headers, "WWW-Authenticate": "Token"}
    return JsonResponse(body, status=status, headers=headers)


@dataclass(frozen=True)
class _Holder:
    """Who holds the stream: the token it was opened with, and its slot."""

    user_id: Any
    token_id: int
    slot: str | None


class _EventStreamResponse(StreamingHttpResponse):
    """A stream that gives its slot back when the response is closed: every server closes
    it (also on a client disconnect, and before the stream was ever read)."""

    def __init__(self, content: Any, *, holder: _Holder) -> None:
        super().__init__(content, content_type="text/event-stream")
        self.holder = holder

    def close(self) -> None:
        try:
            stream_slots.release(self.holder.user_id, self.holder.slot)
        finally:
            super().close()


def _streaming(
    request: HttpRequest, stream: AsyncIterator[bytes], holder: _Holder
) -> StreamingHttpResponse:
    content: AsyncIterator[bytes] | Iterator[bytes]
    content = stream if isinstance(request, ASGIRequest) else _drive(stream)
    response = _EventStreamResponse(content, holder=holder)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # proxies must not buffer the stream
    return response


def _drive(stream: AsyncIterator[bytes]) -> Iterator[bytes]:
    """Serve an async stream from a WSGI worker thread, with a private event loop."""
    loop = asyncio.new_event_loop()
    try:
        while True:
            try:
                yield loop.run_until_complete(stream.__anext__())
            except StopAsyncIteration:
                return
    finally:
        loop.run_until_complete(stream.aclose())  # type: ignore[attr-defined]
        loop.close()


# --- the game stream ------------------------------------------------------------------------


def _open_game(game_id: uuid.UUID | str, user: User) -> tuple[int, int]:
    game, seat = selectors.game_get_for_user(game_id=game_id, user=user)
    last_message = (
        Message.objects.filter(game=game).order_by("-id").values_list("id", flat=True).first()
    )
    return seat, last_message or 0


class _GameCache:
    """What a game stream reads once rather than per frame: the players (fixed once a game
    of two has started; at larger tables a leaver's seat passes to the computer, so they
    are read each time) and the deals (reloaded when a new round appears)."""

    def __init__(self) -> None:
        self.players: list[dict[str, Any]] | None = None
        self.players_fixed = False
        self.deals: dict[int, Any] | None = None


def _game_frames(
    game_id: uuid.UUID,
    seat: int,
    after: int | None,
    last_message: int,
    enforce: bool,
    cache: _GameCache,
) -> tuple[list[bytes], int | None, int]:
    if enforce:
        services.game_enforce_timers(game_id=game_id)
    if not cache.players_fixed:
        game = Game.objects.prefetch_related("seats__user").get(pk=game_id)
        if game.status != GameStatus.WAITING:
            cache.players = presenters.players_json(game)
            cache.players_fixed = game.seat_count <= 2
    else:
        game = Game.objects.get(pk=game_id)
    if game.state is not None and (cache.deals is None or game.round_number not in cache.deals):
        cache.deals = selectors.game_deals(game=game)
    if after is None:
        view = presenters.game_view(
            game=game, seat=seat, deals=cache.deals or {}, players=cache.players
        )
        views = [(game.version, view)]
    else:
        views = selectors.game_views_after(
            game=game, seat=seat, after=after, deals=cache.deals, players=cache.players
        )
    frames = [_state_frame(version, view) for version, view in views]
    if views:
        after = views[-1][0]
    for message in selectors.messages_for(game=game, after_id=last_message):
        frames.append(_frame(presenters.message_json(message=message), event="message"))
        last_message = message.id
    return frames, after, last_message


async def _follow(
    channel: str,
    read: Callable[[bool], Awaitable[list[bytes]]],
    holder: _Holder,
    greeting: bytes = b"",
) -> AsyncIterator[bytes]:
    """Yield what ``read`` finds now, then again whenever ``channel`` is signalled or the
    poll interval passes (``read(True)``: also enforce due timers), with a ``: ping``
    after a quiet heartbeat interval. Every ``EVENTS_AUTH_RECHECK_SECONDS`` the stream
    renews its slot, and ends with ``event: closed`` once its token is no longer valid."""
    heartbeat = settings.EVENTS_HEARTBEAT_SECONDS
    poll = settings.EVENTS_POLL_SECONDS
    recheck = settings.EVENTS_AUTH_RECHECK_SECONDS
    token_valid = _db(_token_valid)
    renew = sync_to_async(stream_slots.renew, thread_sensitive=False)
    async with notify.Listener(channel) as listener:
        # Subscribed before the first read: nothing committed in between is missed.
        if greeting:
            yield greeting
        for frame in await read(True):
            yield frame
        quiet_since = checked_at = time.monotonic()
        while True:
            now = time.monotonic()
            timeout = min(poll, heartbeat - (now - quiet_since), recheck - (now - checked_at))
            woke = await listener.wait(max(0.05, timeout))
            if time.monotonic() - checked_at >= recheck:
                if not await token_valid(holder.token_id):
                    yield _frame(_CLOSED, event="closed")
                    return
                await renew(holder.user_id, holder.slot)
                checked_at = time.monotonic()
            frames = await read(not woke)
            for frame in frames:
                yield frame
            if frames:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= heartbeat:
                yield b": ping\n\n"
                quiet_since = time.monotonic()


def _game_stream(
    game_id: uuid.UUID, seat: int, after: int | None, last_message: int, holder: _Holder
) -> AsyncIterator[bytes]:
    frames_for = _db(_game_frames)
    cache = _GameCache()
    position = {"after": after, "message": last_message}

    async def read(enforce: bool) -> list[bytes]:
        frames, position["after"], position["message"] = await frames_for(
            game_id, seat, position["after"], position["message"], enforce, cache
        )
        return frames

    return _follow(notify.game_channel(game_id), read, holder)


def _ensure_served_here(request: HttpRequest) -> None:
    """503 ``streams_not_served_here`` on a WSGI process that must not hold streams."""
    if not isinstance(request, ASGIRequest) and not settings.EVENTS_WSGI_STREAMS:
        raise ApplicationError(
            "Event streams are served by the events service (ASGI); route "
            "/api/v1/games/{id}/events and /api/v1/me/events there.",
            code="streams_not_served_here",
            status_code=503,
        )


async def _hold(user: Any, token: AuthToken) -> _Holder:
    """Take one of the user's stream slots (429 ``too_many_streams`` when none is free)."""
    slot = await sync_to_async(stream_slots.acquire, thread_sensitive=False)(user.pk)
    return _Holder(user_id=user.pk, token_id=token.pk, slot=slot)


@csrf_exempt
async def game_events(request: HttpRequest, game_id: uuid.UUID | str) -> HttpResponseBase:
    """``GET /api/v1/games/{id}/events``: the game's event stream for a seated player."""
    try:
        _ensure_served_here(request)
        if request.method != "GET":
            raise exceptions.MethodNotAllowed(request.method or "")
        user, token = await _db(_authenticate)(request)
        after = _after(request)
        seat, last_message = await _db(_open_game)(game_id, user)
        holder = await _hold(user, token)
    except (ApplicationError, exceptions.APIException, GameNotFound) as exc:
        return _error_response(exc)
    key = selectors.game_pk(game_id)  # a seated game's id: always a UUID
    assert key is not None
    return _streaming(request, _game_stream(key, seat, after, last_message, holder), holder)


# --- the account stream ---------------------------------------------------------------------


def _open_player(user: Any, after: int | None) -> int:
    if after is not None:
        return after
    latest = PlayerEvent.objects.filter(user=user).order_by("-id").values_list("id", flat=True)
    return latest.first() or 0


def _player_frames(user: Any, after: int, enforce: bool) -> tuple[list[bytes], int]:
    if enforce:
        services.games_enforce_for_user(user=user)
    frames = []
    for event in selectors.player_events_after(user=user, after_id=after)[:200]:
        frames.append(
            _frame(presenters.player_event_json(event=event), event=event.kind, event_id=event.id)
        )
        after = event.id
    return frames, after


def _player_stream(user: Any, after: int, holder: _Holder) -> AsyncIterator[bytes]:
    frames_for = _db(_player_frames)
    position = {"after": after}

    async def read(enforce: bool) -> list[bytes]:
        frames, position["after"] = await frames_for(user, position["after"], enforce)
        return frames

    return _follow(notify.player_channel(user.pk), read, holder, greeting=b": connected\n\n")


@csrf_exempt
async def player_events(request: HttpRequest) -> HttpResponseBase:
    """``GET /api/v1/me/events``: the caller's account events."""
    try:
        _ensure_served_here(request)
        if request.method != "GET":
            raise exceptions.MethodNotAllowed(request.method or "")
        user, token = await _db(_authenticate)(request)
        after = await _db(_open_player)(user, _after(request))
        holder = await _hold(user, token)
    except (ApplicationError, exceptions.APIException) as exc:
        return _error_response(exc)
    return _streaming(request, _player_stream(user, after, holder), holder)
