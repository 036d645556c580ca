"""``GET /tournaments/{id}/events``: the tournament's live events, on the live tables'
stream layer (:mod:`games.live.feeds`: the same framing, slots, pings and token rechecks
as ``/me/events``).

Events: ``player_joined``, ``player_left``, ``started``, ``round_started`` (with a
duplicate round's commitments), ``pairing_made``, ``game_ended``, ``standings_changed``
(the top ten), ``deals_revealed``, ``finished`` (the winner) and ``cancelled``, each with
its own id; a new stream starts with what happens next (resume with ``Last-Event-ID`` or
``?after=``: every later event exactly once, in order).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.views.decorators.csrf import csrf_exempt

from games.live.feeds import FeedEvent, event_feed
from tournaments import presenters, selectors, services
from tournaments.errors import TournamentNotFound


def _open(tournament_id: uuid.UUID) -> Any:
    def open_feed(user: Any, after: int | None) -> int:
        selectors.tournament_get(tournament_id=tournament_id)  # else 404
        return (
            after if after is not None else selectors.latest_event_id(tournament_id=tournament_id)
        )

    return open_feed


def _read(tournament_id: uuid.UUID) -> Any:
    def read(user: Any, after: int) -> list[FeedEvent]:
        return [
            (event.id, event.kind, presenters.event_json(event=event))
            for event in selectors.events_after(tournament_id=tournament_id, after_id=after)
        ]

    return read


@csrf_exempt
async def tournament_events(
    request: HttpRequest, tournament_id: uuid.UUID | str
) -> HttpResponseBase:
    """``GET /api/v1/tournaments/{id}/events`` for any player with the tournament's id."""
    key = _uuid(tournament_id)
    return await event_feed(
        request,
        channel=services.tournament_channel(key or tournament_id),
        open_feed=_open(key) if key is not None else _not_found,
        read=_read(key) if key is not None else _nothing,
    )


def _uuid(value: uuid.UUID | str) -> uuid.UUID | None:
    if isinstance(value, uuid.UUID):
        return value
    try:
        return uuid.UUID(value)
    except ValueError:
        return None


def _not_found(user: Any, after: int | None) -> int:
    raise TournamentNotFound()


def _nothing(user: Any, after: int) -> list[FeedEvent]:
    return []
