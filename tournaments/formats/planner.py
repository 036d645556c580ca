"""Scheduled tournaments: which starts fall in the next window, each with a stable key.

A periodic job calls :func:`plan_starts` with the schedule rules and the current time, and
creates a tournament for every start it returns. Every start carries a key made of the rule
and the start time, so the job may run as often as it likes: a start already created
(passed in ``existing``, or refused by a unique key in the database) is never created
twice, and overlapping windows plan the same start under the same key.

* Hourly rules start at ``minute`` past every hour of UTC time.
* Daily rules start at ``hour:minute`` of the rule's time zone; weekly rules on
  ``weekday`` (0 is Monday) at that time. A local time skipped by a clock change (02:30 on
  the night clocks go forward) starts an hour later, at the same instant the time zone
  database gives for it; a local time that happens twice starts at the first.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from tournaments.formats.errors import ErrorCode, TournamentError

HORIZON = timedelta(hours=24)


class Cadence(StrEnum):
    HOURLY = "hourly"
    DAILY = "daily"
    WEEKLY = "weekly"


def _bad(detail: str, field: str) -> TournamentError:
    return TournamentError(ErrorCode.INVALID_SCHEDULE, detail, field=field)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduleRule:
    """A recurring start (the tournament it creates is the server's business)."""

    id: str
    cadence: Cadence
    minute: int = 0
    hour: int = 0
    """Daily and weekly rules."""
    weekday: int = 0
    """Weekly rules: 0 Monday to 6 Sunday."""
    timezone: str = "UTC"
    """Daily and weekly rules: an IANA time zone name."""

    def __post_init__(self) -> None:
        if not self.id or ":" in self.id:
            raise _bad("a rule id is a non-empty name without ':'", "id")
        if not 0 <= self.minute <= 59:
            raise _bad("minute must be 0 to 59", "minute")
        if not 0 <= self.hour <= 23:
            raise _bad("hour must be 0 to 23", "hour")
        if not 0 <= self.weekday <= 6:
            raise _bad("weekday must be 0 (Monday) to 6 (Sunday)", "weekday")
        try:
            ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise _bad(f"unknown time zone {self.timezone!r}", "timezone") from exc


@dataclass(frozen=True, slots=True, kw_only=True)
class PlannedStart:
    schedule_id: str
    starts_at: datetime
    """In UTC."""
    key: str
    """``<schedule id>:<start in UTC, ISO 8601>``: unique per start."""


def start_key(schedule_id: str, starts_at: datetime) -> str:
    return f"{schedule_id}:{starts_at.astimezone(UTC).strftime('%Y-%m-%dT%H:%MZ')}"


def _local_starts(rule: ScheduleRule, first: date, last: date) -> Iterator[datetime]:
    zone = ZoneInfo(rule.timezone)
    day = first
    while day <= last:
        if rule.cadence is Cadence.DAILY or day.weekday() == rule.weekday:
            local = datetime.combine(day, time(rule.hour, rule.minute), tzinfo=zone)
            # A skipped local time keeps the offset from before the change: normalise it
            # through UTC so that it names the instant the time zone database gives.
            yield local.astimezone(UTC)
        day += timedelta(days=1)


def _starts(rule: ScheduleRule, begin: datetime, end: datetime) -> Iterator[datetime]:
    if rule.cadence is Cadence.HOURLY:
        at = begin.replace(minute=rule.minute, second=0, microsecond=0)
        if at < begin:
            at += timedelta(hours=1)
        while at < end:
            yield at
            at += timedelta(hours=1)
        return
    zone = ZoneInfo(rule.timezone)
    first = begin.astimezone(zone).date() - timedelta(days=1)
    last = end.astimezone(zone).date() + timedelta(days=1)
    for at in _local_starts(rule, first, last):
        if begin <= at < end:
            yield at


def plan_starts(
    rules: Sequence[ScheduleRule],
    *,
    now: datetime,
    horizon: timedelta = HORIZON,
    existing: Collection[str] = frozenset(),
) -> tuple[PlannedStart, ...]:
    """Starts in ``[now, now + horizon)`` not already in ``existing`` (keys), by time then id."""
    if now.utcoffset() is None:
        raise _bad("now must carry a time zone", "now")
    begin = now.astimezone(UTC)
    end = begin + horizon
    planned: dict[str, PlannedStart] = {}
    for rule in rules:
        for at in _starts(rule, begin, end):
            key = start_key(rule.id, at)
            if key not in existing:
                planned[key] = PlannedStart(schedule_id=rule.id, starts_at=at, key=key)
    return tuple(sorted(planned.values(), key=lambda s: (s.starts_at, s.schedule_id)))
