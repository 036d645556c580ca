"""The plumbing of every event stream: Server-Sent Events framing, the position a client
resumes from, token authentication and its periodic recheck, the stream slot a stream holds
while it is open, the few threads that run the streams' database work, and serving an async
stream from a WSGI worker (``make run``). :mod:`games.live.streams` builds the game and
account streams on it; any other stream of the service can too."""

from __future__ import annotations

import asyncio
import json
import os
import socket
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
    # Under ASGI the server's http.disconnect cancels the stream (Django's ASGI handler).
    content = stream if isinstance(request, ASGIRequest) else drive(stream, request)
    response = EventStreamResponse(content, holder=holder)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # proxies must not buffer the stream
    return response


def client_socket(request: HttpRequest) -> socket.socket | None:
    """A handle on the WSGI request's client connection (a duplicate of its descriptor,
    for :func:`drive` to watch), or None where the server does not show it. Django's
    runserver hands the view the socket's reader wrapped in a ``LimitedStream`` (which
    keeps the reader's bound ``read``); gunicorn names the socket itself."""
    environ: dict[str, Any] = getattr(request, "environ", {})
    source: Any = environ.get("gunicorn.socket")
    if source is None:
        body = environ.get("wsgi.input")
        source = getattr(getattr(body, "_read", None), "__self__", body)
    try:
        fd = source.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    duplicate = os.dup(fd)
    try:
        return socket.socket(fileno=duplicate)  # OSError for anything but a socket
    except OSError:
        os.close(duplicate)
        return None


def _client_gone(client: socket.socket) -> bool | None:
    """On a readable client connection: True when the client has closed it (end of file,
    or a reset), False when it sent data instead (pipelined bytes, which stay unread)."""
    try:
        # MSG_DONTWAIT rather than a non-blocking socket: the flag would reach the
        # server's own descriptor too, which writes the stream.
        return client.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except (BlockingIOError, InterruptedError):
        return None  # a spurious wake-up
    except OSError:
        return True


def drive(stream: AsyncIterator[bytes], request: HttpRequest | None = None) -> Iterator[bytes]:
    """Serve an async stream from a WSGI worker thread, with a private event loop.

    A WSGI server learns that the client has gone only when a write fails, which for an
    idle stream is its second ping after the disconnect (30 s): all that while the stream
    would hold its slot. So where the server shows the request's connection
    (:func:`client_socket`), the loop watches it while it waits for the stream's next
    frame, and ends the stream as soon as the client closes it: the server then closes the
    response, which gives the slot back at once."""
    client = client_socket(request) if request is not None else None
    loop = asyncio.new_event_loop()
    gone: asyncio.Future[Any] = loop.create_future()
    if client is not None:

        def readable() -> None:
            closed = _client_gone(client)
            if closed is None:
                return
            loop.remove_reader(client.fileno())  # data, not an end: writes will tell
            if closed and not gone.done():
                gone.set_result(None)

        loop.add_reader(client.fileno(), readable)
    try:
        while not gone.done():
            step: asyncio.Future[Any] = asyncio.ensure_future(stream.__anext__(), loop=loop)
            waits: set[asyncio.Future[Any]] = {step, gone}
            loop.run_until_complete(asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED))
            if not step.done():  # the client has gone: stop the stream where it waits
                step.cancel()
                loop.run_until_complete(asyncio.wait({step}))
                return
            try:
                chunk = step.result()
            except StopAsyncIteration:
                return
            yield chunk
    finally:
        try:
            loop.run_until_complete(stream.aclose())  # type: ignore[attr-defined]
        finally:
            if client is not None:
                loop.remove_reader(client.fileno())
                client.close()
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
