"""The plumbing of every event stream: Server-Sent Events framing, the position a client
resumes from, token authentication and its periodic recheck, the stream slot a stream holds
while it is open, the few threads that run the streams' database work, and serving an async
stream from a WSGI worker (``make run``). :mod:`games.live.streams` builds the game and
account streams on it; any other stream of the service can too."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from rest_framework import exceptions

from accounts.authentication import BearerTokenAuthentication
from accounts.models import AuthToken
from core.exceptions import ApplicationError, error_body
from games.live import slots as stream_slots

DB_THREADS = 4
"""Threads that run the streams' database work (and hold at most one connection each)."""

_executor = ThreadPoolExecutor(max_workers=DB_THREADS, thread_name_prefix="events-db")


def on_db_thread(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run a database function on one of the :data:`DB_THREADS` threads, recycling that
    thread's connection as a request would (kept for ``CONN_MAX_AGE``: a new connection
    per read would cost more than the read)."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception:
            connection.close()  # a broken connection must not serve the next poll
            raise
        finally:
            if connection.close_at is not None and time.monotonic() >= connection.close_at:
                connection.close()

    return sync_to_async(run, thread_sensitive=False, executor=_executor)


def sse_frame(data: dict[str, Any], *, event: str, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def state_frame(version: int, view: dict[str, Any]) -> bytes:
    return sse_frame({"version": version, "view": view}, event="state", event_id=version)


MAX_EVENT_ID = 2**63 - 1
"""Event ids are versions and row ids (64-bit); a larger position names no event."""


def stream_position(request: HttpRequest) -> int | None:
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


def authenticate(request: HttpRequest) -> tuple[Any, AuthToken]:
    result = BearerTokenAuthentication().authenticate(request)  # type: ignore[arg-type]
    if result is None:
        raise exceptions.NotAuthenticated()
    return result


def token_valid(token_id: int) -> bool:
    """Whether the stream's token still exists (no logout, no revocation), within its
    lifetime, for an active user."""
    return AuthToken.objects.unexpired().filter(pk=token_id, user__is_active=True).exists()


def recheck(holder: Holder) -> bytes | None:
    """The periodic recheck: one query for the token, then the slot's lease renewed. The
    frame that ends the stream, or None while it may go on."""
    if not token_valid(holder.token_id):
        return sse_frame(CLOSED, event="closed")
    if not stream_slots.renew(holder.user_id, holder.slot):
        return sse_frame(REPLACED, event="replaced")
    return None


CLOSED = {
    "code": "authentication_failed",
    "detail": "The token was revoked or the account deactivated; sign in again.",
}

REPLACED = {
    "code": "stream_replaced",
    "detail": "A newer stream with the same token follows this game now.",
}


def error_response(exc: Exception) -> HttpResponse:
    rendered = error_body(exc)
    if rendered is None:
        raise exc
    body, status, headers = rendered
    if status == 401:
        headers = {**headers, "WWW-Authenticate": "Token"}
    return JsonResponse(body, status=status, headers=headers)


@dataclass(frozen=True)
class Holder:
    """Who holds the stream: the token it was opened with, and its slot."""

    user_id: Any
    token_id: int
    slot: str | None


class EventStreamResponse(StreamingHttpResponse):
    """A stream that gives its slot back when the response is closed: every server closes
    it (also on a client disconnect, and before the stream was ever read)."""

    def __init__(self, content: Any, *, holder: Holder) -> None:
        super().__init__(content, content_type="text/event-stream")
        self.holder = holder

    def close(self) -> None:
        try:
            stream_slots.release(self.holder.user_id, self.holder.slot)
        finally:
            super().close()


def streaming(
    request: HttpRequest, stream: AsyncIterator[bytes], holder: Holder
) -> StreamingHttpResponse:
    content: AsyncIterator[bytes] | Iterator[bytes]
    content = stream if isinstance(request, ASGIRequest) else drive(stream)
    response = EventStreamResponse(content, holder=holder)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # proxies must not buffer the stream
    return response


def drive(stream: AsyncIterator[bytes]) -> Iterator[bytes]:
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


def ensure_served_here(request: HttpRequest) -> None:
    """503 ``streams_not_served_here`` on a WSGI process that must not hold streams."""
    if not isinstance(request, ASGIRequest) and not settings.EVENTS_WSGI_STREAMS:
        raise ApplicationError(
            "Event streams are served by the events service (ASGI); route "
            "/api/v1/games/{id}/events and /api/v1/me/events there.",
            code="streams_not_served_here",
            status_code=503,
        )


async def hold(user: Any, token: AuthToken, follows: str) -> Holder:
    """Take one of the user's stream slots (429 ``too_many_streams`` when none is free),
    or the slot of this token's older stream of the same thing (``follows``)."""
    key = f"{token.pk}:{follows}"
    slot = await sync_to_async(stream_slots.acquire, thread_sensitive=False)(user.pk, key)
    return Holder(user_id=user.pk, token_id=token.pk, slot=slot)
