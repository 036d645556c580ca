"""Scheduled tournaments: the planner creates every start of the next 24 hours, once.

Each start has a key (``<schedule id>:<start in UTC>``, :func:`tournaments.formats.plan_starts`)
stored on the tournament under a unique constraint, so the planner may run as often as it
likes, and two planners at once create each tournament once.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.exceptions import ApplicationError
from tournaments import formats
from tournaments.errors import InvalidSettings
from tournaments.models import Schedule, Tournament
from tournaments.services.lifecycle import tournament_create
from tournaments.services.setup import tournament_settings_check

logger = logging.getLogger(__name__)

TEMPLATE_TYPES: dict[str, tuple[type, ...]] = {
    "name": (str,),
    "format": (str,),
    "variant": (str,),
    "rules": (dict,),
    "table_size": (int,),
    "capacity": (int,),
    "min_players": (int,),
    "duration_minutes": (int,),
    "rounds": (int,),
    "round_minutes": (int,),
    "best_of": (int,),
    "duplicate": (bool,),
    "turn_seconds": (int,),
    "min_rated_games": (int,),
    "min_rating": (int,),
    "max_rating": (int,),
    "private": (bool,),
}
"""The keys a schedule's template may hold (``POST /tournaments``'s, but ``starts_at``)."""


def schedule_rule(schedule: Schedule) -> formats.ScheduleRule:
    """The planner's rule for a schedule (422 ``invalid_settings`` for a time that does
    not exist: minute 61, an unknown time zone)."""
    try:
        return formats.ScheduleRule(
            id=str(schedule.pk or 0),
            cadence=formats.Cadence(schedule.cadence),
            minute=schedule.minute,
            hour=schedule.hour,
            weekday=schedule.weekday,
            timezone=schedule.timezone,
        )
    except formats.TournamentError as exc:
        raise InvalidSettings(exc.detail, field=exc.field) from exc


def schedule_template_check(template: object, *, name: str | None = None) -> None:
    """422 ``invalid_settings`` unless ``template`` makes a tournament (as ``POST
    /tournaments`` would, starting now, named ``name`` unless the template names it)."""
    if not isinstance(template, Mapping):
        raise InvalidSettings("The template is an object of tournament settings.")
    for key, value in template.items():
        types = TEMPLATE_TYPES.get(key)
        if types is None:
            raise InvalidSettings(f"Unknown setting {key!r}.", field=key)
        if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
            raise InvalidSettings(f"{key} has the wrong type.", field=key)
    if "format" not in template:
        raise InvalidSettings("The template needs a format.", field="format")
    if template["format"] not in formats.format_names():
        raise InvalidSettings("Unknown format.", field="format")
    tournament_settings_check(
        {"name": name, **template, "starts_at": timezone.now()}, by_staff=True
    )


def schedules_plan(*, now: datetime | None = None) -> list[Tournament]:
    """Create the tournament of every start of the active schedules in the next 24 hours
    not created yet; returns those created. A schedule whose template no longer makes a
    tournament is skipped (logged)."""
    now = now or timezone.now()
    schedules = {str(s.pk): s for s in Schedule.objects.filter(active=True)}
    rules = []
    for schedule in schedules.values():
        try:
            rules.append(schedule_rule(schedule))
        except ApplicationError as exc:
            logger.warning("schedule %s skipped: %s", schedule.name, exc.detail)
    existing = {
        key
        for key in Tournament.objects.filter(
            schedule_key__isnull=False, starts_at__gte=now - timedelta(hours=1)
        ).values_list("schedule_key", flat=True)
        if key is not None
    }
    created = []
    for start in formats.plan_starts(rules, now=now, existing=existing):
        schedule = schedules[start.schedule_id]
        data: dict[str, Any] = {
            "name": schedule.name,
            **schedule.template,
            "starts_at": start.starts_at,
        }
        try:
            with transaction.atomic():
                created.append(
                    tournament_create(data=data, by=None, schedule=schedule, schedule_key=start.key)
                )
        except IntegrityError:
            continue  # created meanwhile by another run
        except ApplicationError as exc:
            logger.warning(
                "schedule %s could not create %s: %s", schedule.name, start.key, exc.detail
            )
    return created
