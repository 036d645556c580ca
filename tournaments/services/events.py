"""The tournament's event stream (``GET /tournaments/{id}/events``): one row per event,
written in the transaction of the change that causes it; the stream is woken on commit."""

from __future__ import annotations

from typing import Any

from games.live import notify
from tournaments.models import Tournament, TournamentEvent


def tournament_channel(tournament_id: Any) -> str:
    """The wake-up channel of a tournament's event streams (:mod:`games.live.notify`)."""
    return notify.channel("tournament", tournament_id)


def tournament_event_add(*, tournament: Tournament, kind: str, data: dict[str, Any]) -> None:
    """Record an event of ``tournament`` and wake its streams once the transaction commits."""
    TournamentEvent.objects.create(tournament=tournament, kind=kind, data=data)
    notify.publish_on_commit(tournament_channel(tournament.pk))
