"""Event streams for other apps: rows of events, each with its own id, on one channel.

A feed is shaped like the account stream (``/me/events``): every event is one frame
``id: <row id>``, ``event: <kind>``, ``data: <JSON>``, resumed with ``Last-Event-ID`` or
``?after=``, woken by :mod:`games.live.notify` on the feed's channel, with the same stream
slots (:mod:`games.live.slots`), pings, token rechecks and served-here rule as the games'
own streams (:mod:`games.live.sse`). The app says who may open the feed and how to
read the events after an id; everything else is the live layer's.

>>> async def tournament_events(request, tournament_id):     # doctest: +SKIP
...     return await event_feed(
...         request,
...         channel=tournament_channel(tournament_id),
...         open_feed=lambda user, after: ...,  # 404 unless the user may see it; the start
...         read=lambda user, after: ...,       # [(id, kind, data), ...] after ``after``
...     )
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from rest_framework import exceptions

from core.exceptions import ApplicationError
from games.live.sse import (
    Holder,
    authenticate,
    ensure_served_here,
    error_response,
    hold,
    on_db_thread,
    sse_frame,
    stream_position,
    streaming,
)
from games.live.streams import Read, follow_channel

FeedEvent = tuple[int, str, dict[str, Any]]
"""One event: its id (increasing), its kind (the frame's ``event``), its data."""

READ_LIMIT = 200
"""Events one read sends at most (the rest follow at once on the next read)."""


def _frames(
    user: Any, read: Callable[[Any, int], list[FeedEvent]], position: dict[str, int]
) -> Read:
    frames = []
    for event_id, kind, data in read(user, position["after"])[:READ_LIMIT]:
        frames.append(sse_frame(data, event=kind, event_id=event_id))
        position["after"] = event_id
    return Read(frames)


def _feed(
    user: Any,
    channel: str,
    read: Callable[[Any, int], list[FeedEvent]],
    after: int,
    holder: Holder,
) -> AsyncIterator[bytes]:
    frames_for = on_db_thread(_frames)
    position = {"after": after}

    async def read_frames(since: float, enforce: bool) -> Read:
        result: Read = await frames_for(user, read, position)
        if len(result.frames) == READ_LIMIT:
            result.frames.extend((await frames_for(user, read, position)).frames)
        return result

    return follow_channel(channel, read_frames, holder, greeting=b": connected\n\n")


async def event_feed(
    request: HttpRequest,
    *,
    channel: str,
    open_feed: Callable[[Any, int | None], int],
    read: Callable[[Any, int], list[FeedEvent]],
) -> HttpResponseBase:
    """Serve a feed: ``open_feed(user, after)`` runs first (on a database thread) and
    raises an :class:`~core.exceptions.ApplicationError` (404, ...) for a user who may not
    follow it, else returns the id to start after (``after`` when the client resumes, else
    usually the latest event's: a new stream starts with what happens next);
    ``read(user, after)`` returns the events after an id, oldest first. Errors before the
    stream starts are JSON, as for every stream."""
    try:
        ensure_served_here(request)
        if request.method != "GET":
            raise exceptions.MethodNotAllowed(request.method or "")
        user, token = await on_db_thread(authenticate)(request)
        after = stream_position(request)
        start = await on_db_thread(open_feed)(user, after)
        holder = await hold(user, token, f"feed:{channel}")
    except (ApplicationError, exceptions.APIException) as exc:
        return error_response(exc)
    return streaming(request, _feed(user, channel, read, start, holder), holder)


__all__ = ["READ_LIMIT", "FeedEvent", "event_feed"]
