"""The pairing run: everything that moves a tournament on, under its row lock.

:func:`tournament_advance` is called when anything may have moved a tournament: a game of
it ended (the games app's ``game_finished``, queued on commit), a player joined or came
back from a pause (run in the same transaction), a moment came due (a task queued with an
ETA at the start, a Swiss round's deadline, a no-show's grace, an arena's end) and, as a
safety net, every few seconds from beat. It is idempotent: run twice, the second run finds
nothing to do. One run:

1. forfeits no-shows: a player who has not made a move of their own
   ``TOURNAMENTS_NO_SHOW_SECONDS`` after their game started, and whose turn it is,
   concedes (their opponent wins; a no-show scores nothing, see the formats);
2. records every game that ended (places, own moves) and folds it into the tallies, in
   the order the games ended; a no-show is withdrawn (paused in an arena);
3. starts a tournament that is due (or cancels it: fewer than ``min_players``, or a
   sit & go not full by its ``starts_at``);
4. pairs by the format, with the step registered under its name
   (:mod:`tournaments.services.steps`): arena (whoever waits, until pairing closes;
   finished at the end), Swiss (the next round once every game of the round has ended,
   or at the round's deadline, when unfinished games are stopped and count for nobody),
   knockout and sit & go (every match or table whose players are known); finishes the
   tournament when the format says it is over;
5. rewrites the standings' ranks and tie-breaks, and queues itself for the next moment
   that will come due.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from core.api import iso
from core.exceptions import ApplicationError
from games import services as games
from games.models import GameStatus
from tournaments.models import Tournament, TournamentEvent, TournamentStatus
from tournaments.records import stored_settings
from tournaments.services.field import Field
from tournaments.services.locking import tournament_lock_or_none
from tournaments.services.steps import step_for

logger = logging.getLogger(__name__)

ADVANCE = "tournaments.advance"


@transaction.atomic
def tournament_advance(*, tournament_id: uuid.UUID | str, now: datetime | None = None) -> bool:
    """One pairing run (see the module's notes); False when the tournament is gone."""
    tournament = tournament_lock_or_none(tournament_id=tournament_id)
    if tournament is None:
        return False
    advance_locked(tournament, now=now or timezone.now())
    return True


def advance_locked(
    tournament: Tournament, *, now: datetime, field: Field | None = None, start: bool = True
) -> Field:
    """The pairing run on a tournament whose lock the caller holds (``field``: already
    loaded by the caller in this transaction). A player's join or withdrawal runs it with
    ``start=False``: it never starts (or cancels) a scheduled tournament that is due, the
    clock's own run does, counting everyone who joined by then."""
    field = field or Field.load(tournament, now=now)
    _forfeit_no_shows(field)
    field.record_results()
    if tournament.status == TournamentStatus.CREATED and start:
        _start_if_due(field)
    field.refresh_standings()
    if tournament.status == TournamentStatus.STARTED:
        step_for(tournament.format)(field)
    field.refresh_standings()
    queue_next_wake(field)
    return field


# --- the start, the end ---------------------------------------------------------------------


def _start_if_due(field: Field) -> None:
    tournament = field.tournament
    if tournament.starts_at is None or tournament.starts_at > field.now:
        return
    spec = field.spec
    if spec.starts_when_full:  # it would have started as its last seat was taken
        tournament_cancel_locked(field, reason=f"The {spec.label} was not full in time.")
        return
    players = [e for e in field.entries if not (e.withdrawn or e.removed)]
    if len(players) < tournament.min_players:
        tournament_cancel_locked(
            field, reason=f"Fewer than {tournament.min_players} players had joined."
        )
        return
    tournament_start_locked(field)


def tournament_start_locked(field: Field) -> None:
    """Start the tournament now (pairing follows in the same run). The caller holds the
    tournament's lock."""
    tournament = field.tournament
    now = field.now
    tournament.status = TournamentStatus.STARTED
    tournament.started_at = now
    tournament.ends_at = field.spec.end(stored_settings(tournament), start=now)
    # Who must not share a table, as fair play sees it now: fixed for the whole tournament
    # (a bracket is rebuilt from its seeds every run and must seat the same tables).
    tournament.apart = [list(pair) for pair in sorted(field.apart())]
    if field.spec.continuous:  # everyone waits for a game from the start
        for entry in field.entries:
            if not (entry.withdrawn or entry.removed):
                entry.waiting_since = now
                field.touched.add(entry.pk)
    tournament.save(update_fields=["status", "started_at", "ends_at", "apart"])
    field.dirty = True
    field.event(
        TournamentEvent.Kind.STARTED,
        {
            "started_at": iso(now),
            "ends_at": iso(tournament.ends_at),
            "players": sum(1 for e in field.entries if not e.removed),
        },
    )


def tournament_cancel_locked(field: Field, *, reason: str) -> None:
    """Cancel the tournament (games already started play on as ordinary games). The caller
    holds the tournament's lock."""
    tournament = field.tournament
    tournament.status = TournamentStatus.CANCELLED
    tournament.finished_at = field.now
    tournament.save(update_fields=["status", "finished_at"])
    field.event(TournamentEvent.Kind.CANCELLED, {"reason": reason})


# --- no-shows ---------------------------------------------------------------------------------


def _forfeit_no_shows(field: Field) -> None:
    """Concede for every player who has not moved ``TOURNAMENTS_NO_SHOW_SECONDS`` after
    their game started, and whose turn it is (the games app records the concession; the
    result is recorded right after)."""
    playing = field.playing()
    if not playing:
        return
    grace = timedelta(seconds=settings.TOURNAMENTS_NO_SHOW_SECONDS)
    results = field.seated_results(playing)
    users = {e.pk: e.user for e in field.entries}
    for pairing in playing:
        result = results[pairing.game_id]
        seat = result.turn_seat
        if (
            result.status != GameStatus.ACTIVE
            or seat is None
            or result.started_at is None
            or result.started_at + grace > field.now
            or result.own_moves[seat] != 0
        ):
            continue
        user = users[field.seats[pairing.pk][seat].entry_id]
        if user is None:  # departed: never, as a seat keeps its player's account
            continue
        try:
            games.game_concede(game_id=pairing.game_id, user=user)
        except ApplicationError as exc:  # the game moved on meanwhile
            logger.info("no-show forfeit of %s in %s skipped: %s", user.pk, pairing.game_id, exc)


# --- what comes due next ---------------------------------------------------------------------


def next_wake(field: Field) -> datetime | None:
    """The next moment something of the tournament comes due by the clock alone."""
    tournament = field.tournament
    moments: list[datetime] = []
    if tournament.status == TournamentStatus.CREATED and tournament.starts_at is not None:
        moments.append(tournament.starts_at)
    if tournament.status == TournamentStatus.STARTED:
        if tournament.ends_at is not None:
            moments.append(tournament.ends_at)
        if tournament.round_deadline is not None:
            moments.append(tournament.round_deadline)
        wait = field.spec.pairing_wait
        if wait is not None:
            waiting = [e.waiting_since for e in field.entries if e.active and e.waiting_since]
            if len(waiting) >= 2:
                moments.append(min(waiting) + wait)
    grace = timedelta(seconds=settings.TOURNAMENTS_NO_SHOW_SECONDS)
    moments.extend(p.created_at + grace for p in field.playing())
    future = [m for m in moments if m > field.now]
    return min(future) if future else None


WAKE_AHEAD = timedelta(seconds=25)
"""Moments further off are not queued yet: a task held for longer than the broker's
visibility timeout would be delivered again and again (Redis). The safety net runs every
``TOURNAMENTS_SWEEP_SECONDS`` (10) and queues each moment once it is this near."""


def queue_next_wake(field: Field) -> None:
    """Queue a run at the next due moment if it is near (once per moment: a key in the
    cache), after the commit. Without a broker there is nothing to queue it on: the
    embedded quick start runs beat's safety net in-process (``config.embedded_beat``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    at = next_wake(field)
    if at is None or at - field.now > WAKE_AHEAD:
        return  # far off: beat's run every TOURNAMENTS_SWEEP_SECONDS will queue it nearer
    at = at.replace(microsecond=0) + timedelta(seconds=1)
    tournament_id = str(field.tournament.pk)
    key = f"tournaments:wake:{tournament_id}:{int(at.timestamp())}"
    if not cache.add(key, 1, timeout=int((at - field.now).total_seconds()) + 60):
        return
    transaction.on_commit(
        lambda: current_app.tasks[ADVANCE].apply_async((tournament_id,), eta=at), robust=True
    )


def tournament_advance_soon(tournament_id: Any) -> None:
    """Queue a pairing run once the current transaction commits (a game ended)."""
    key = str(tournament_id)
    transaction.on_commit(lambda: current_app.tasks[ADVANCE].delay(key), robust=True)
