"""A tournament's life outside play: created (by staff, a player or a schedule), cancelled.

Starting, pairing and finishing are the pairing run's (:mod:`.advance`).
"""

from __future__ import annotations

import math
import secrets
import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from fairplay.selectors import tournament_entry_check
from tournaments import formats, selectors
from tournaments.errors import (
    AlreadyStarted,
    CapacityOverLimit,
    DailyTournamentLimit,
    Forbidden,
    LengthOverLimit,
    StartTooFar,
    StartTooSoon,
    TooManyOpenTournaments,
    TournamentOver,
)
from tournaments.formats import FORMATS
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

    Staff (and schedules, ``by=None``) create any format, listed for everyone unless
    private. Any other player creates one of any format, public or private (a guest: only
    a private one of a format that lets players create one, a sit & go; 403 otherwise),
    within the server's limits (:func:`player_limits_check`), and takes its first seat
    (refused as an entry is: 403 ``tournament_ban``, ``playban``). A
    private tournament gets an invite code unique among the tournaments open for
    registration. Made without a start, it waits as long as its format says (a sit & go:
    24 hours) to fill up."""
    player = by is not None and not by.is_staff
    spec = formats.format_spec(data["format"]) if data.get("format") in FORMATS else None
    if player and spec is not None and "capacity" not in data and spec.capacity.default:
        # A player's tournament left without a field takes the most a player's may.
        cap = min(spec.capacity.default, settings.TOURNAMENTS_PLAYER_MAX_CAPACITY)
        data = {**data, "capacity": cap}
    fields = tournament_settings_check(data, by_staff=not player)
    spec = formats.format_spec(fields["format"])
    now = timezone.now()
    if player:
        assert by is not None
        if by.is_guest and not (spec.players_create and fields["private"]):
            raise Forbidden(
                "A guest may create a private sit & go only; choose a username to create "
                "public tournaments."
            )
        tournament_entry_check(user_id=by.pk)  # they take its first seat
        User.objects.select_for_update().filter(pk=by.pk).first()  # one creation at a time
        player_limits_check(fields=fields, spec=spec, by=by, now=now)
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


def player_limits_check(
    *, fields: Mapping[str, Any], spec: formats.FormatSpec, by: User, now: datetime
) -> None:
    """Refuse a player's tournament beyond the server's limits, one code each, in this
    order: its field (422 ``capacity_over_limit``), its planned length (the spec's
    ``planned_length``: 422 ``length_over_limit``), its start (a scheduled start no sooner
    than ``TOURNAMENTS_PLAYER_START_MIN_MINUTES``, 422 ``start_too_soon``; any start no
    further than ``TOURNAMENTS_PLAYER_START_MAX_DAYS``, 422 ``start_too_far``), the
    tournaments they have open (409 ``too_many_open_tournaments``) and those they created
    in the last 24 hours (429 ``daily_tournament_limit``). The caller holds the player's
    row lock, so two creations at once count each other."""
    limits = selectors.creation_limits(user=by, now=now)
    assert limits.max_capacity is not None and limits.max_minutes is not None
    assert limits.start_min_minutes is not None and limits.start_max_days is not None
    assert limits.max_open is not None and limits.daily is not None
    if fields["capacity"] > limits.max_capacity:
        raise CapacityOverLimit(
            f"A player's tournament takes at most {limits.max_capacity} players.",
            field="capacity",
            limit=limits.max_capacity,
        )
    length = spec.planned_length(fields)
    if length is not None and length > timedelta(minutes=limits.max_minutes):
        raise LengthOverLimit(
            f"A player's tournament lasts at most {limits.max_minutes} minutes; this one "
            f"could last {int(length.total_seconds() // 60)}.",
            field=spec.length_settings[0] if spec.length_settings else "format",
            limit=limits.max_minutes,
        )
    starts_at = fields["starts_at"]
    if starts_at is not None:
        soonest = now + timedelta(minutes=limits.start_min_minutes)
        if selectors.scheduled_start(spec.name) and starts_at < soonest:
            raise StartTooSoon(
                f"A player's tournament starts at least {limits.start_min_minutes} minutes "
                "from now, so that others can join it.",
                field="starts_at",
                limit=limits.start_min_minutes,
            )
        if starts_at > now + timedelta(days=limits.start_max_days):
            raise StartTooFar(
                f"A player's tournament starts within {limits.start_max_days} days.",
                field="starts_at",
                limit=limits.start_max_days,
            )
    if limits.open >= limits.max_open:
        raise TooManyOpenTournaments(limit=limits.max_open)
    if limits.created_today >= limits.daily:
        wait = limits.next_creation_at - now if limits.next_creation_at else timedelta(days=1)
        raise DailyTournamentLimit(limit=limits.daily, retry_after=math.ceil(wait.total_seconds()))


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
    over; the player who created it only before it starts. Games already started play on
    as ordinary games."""
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
