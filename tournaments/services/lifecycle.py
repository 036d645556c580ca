"""A tournament's life outside play: created (by staff, a player or a schedule), cancelled.

Starting, pairing and finishing are the pairing run's (:mod:`.advance`).
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from fairplay.selectors import tournament_entry_check
from tournaments import formats
from tournaments.errors import AlreadyStarted, Forbidden, TooManyOpenTournaments, TournamentOver
from tournaments.models import Schedule, Tournament, TournamentStatus
from tournaments.services.advance import queue_next_wake, tournament_cancel_locked
from tournaments.services.entries import entry_enter_creator
from tournaments.services.field import Field
from tournaments.services.locking import tournament_lock
from tournaments.services.setup import tournament_settings_check

INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: nothing to misread
INVITE_LENGTH = 6

_random = secrets.SystemRandom()


def _invite_code() -> str:
    return "".join(_random.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


@transaction.atomic
def tournament_create(
    *,
    data: Mapping[str, Any],
    by: User | None,
    schedule: Schedule | None = None,
    schedule_key: str | None = None,
) -> Tournament:
    """A tournament open for registration, from the settings of a creation request
    (422 ``invalid_settings`` for settings that make no tournament).

    Staff (and schedules, ``by=None``) create any format; any other player only a private
    tournament of a format that lets players create one (a sit & go; 403 otherwise), at
    most ``TOURNAMENTS_MAX_OPEN_PER_USER`` open at once (409 ``too_many_open_tournaments``),
    and takes its first seat (refused as an entry is: 403 ``tournament_ban``, ``playban``).
    A private tournament gets an invite code unique among the
    tournaments open for registration. Made without a start, it waits as long as its
    format says (a sit & go: 24 hours) to fill up."""
    player = by is not None and not by.is_staff
    fields = tournament_settings_check(data, by_staff=not player)
    spec = formats.format_spec(fields["format"])
    if player:
        assert by is not None
        if not (spec.players_create and fields["private"]):
            raise Forbidden("Players may create private sit & go tournaments only.")
        tournament_entry_check(user_id=by.pk)  # they take its first seat
        limit = settings.TOURNAMENTS_MAX_OPEN_PER_USER
        User.objects.select_for_update().filter(pk=by.pk).first()
        open_ = Tournament.objects.filter(created_by=by, status=TournamentStatus.CREATED)
        if open_.count() >= limit:
            raise TooManyOpenTournaments(limit=limit)
    now = timezone.now()
    if fields["starts_at"] is None and spec.open_for is not None:
        fields["starts_at"] = now + spec.open_for
    tournament = _with_code(fields, created_by=by, schedule=schedule, schedule_key=schedule_key)
    field = Field.load(tournament, now=now)
    if player:
        assert by is not None
        entry_enter_creator(field, by)
    field.refresh_standings()
    queue_next_wake(field)  # its start (a start already due waits for its first players)
    return tournament


def _with_code(fields: dict[str, Any], **more: Any) -> Tournament:
    if not fields["private"]:
        return Tournament.objects.create(**fields, **more)
    for _ in range(20):
        try:
            with transaction.atomic():
                return Tournament.objects.create(**fields, **more, invite_code=_invite_code())
        except IntegrityError as exc:  # the code is taken (or the schedule's start exists)
            if more.get("schedule_key") and "schedule_key" in str(exc):
                raise
            continue
    raise RuntimeError("could not find a free invite code")  # 31**6 codes: never in practice


@transaction.atomic
def tournament_cancel(*, tournament_id: uuid.UUID | str, by: User | None) -> Tournament:
    """Cancel a tournament: staff (or ``by=None``, an operator) at any time before it is
    over; the player who created a private sit & go only before it starts. Games already
    started play on as ordinary games."""
    tournament = tournament_lock(tournament_id=tournament_id)
    if by is not None and not by.is_staff:
        if tournament.created_by_id != by.pk:
            raise Forbidden("Only staff or the player who created it may cancel it.")
        if tournament.status == TournamentStatus.STARTED:
            raise AlreadyStarted("A tournament that has started can only be cancelled by staff.")
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise TournamentOver()
    field = Field.load(tournament, now=timezone.now())
    tournament_cancel_locked(field, reason="Cancelled by the organisers.")
    return tournament
