"""Period arithmetic (pure, no database): ISO weeks and calendar months in UTC.

A game counts in the period in which it finished (``GameResult.finished_at``, UTC). A week
starts on Monday 00:00 UTC, a month on its first day 00:00 UTC; a period is the half-open
interval ``[start 00:00, end 00:00)`` where ``end`` is the first day of the next period.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from .models import ALL_TIME_START, PeriodKind

CLOSABLE_KINDS = (PeriodKind.WEEKLY, PeriodKind.MONTHLY)


def period_start(kind: str, day: date) -> date:
    """The first day of the ``kind`` period that contains ``day``."""
    if kind == PeriodKind.WEEKLY:
        return day - timedelta(days=day.weekday())
    if kind == PeriodKind.MONTHLY:
        return day.replace(day=1)
    if kind == PeriodKind.ALL_TIME:
        return ALL_TIME_START
    raise ValueError(f"unknown period kind {kind!r}")


def period_end(kind: str, start: date) -> date | None:
    """The first day of the period after the one starting on ``start`` (None for all time)."""
    if kind == PeriodKind.WEEKLY:
        return start + timedelta(days=7)
    if kind == PeriodKind.MONTHLY:
        year, month = divmod(start.year * 12 + start.month, 12)  # month is 0-based here
        return date(year, month + 1, 1)
    if kind == PeriodKind.ALL_TIME:
        return None
    raise ValueError(f"unknown period kind {kind!r}")


def midnight(day: date) -> datetime:
    """``day`` 00:00 UTC."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def utc_day(moment: datetime) -> date:
    """The UTC calendar day of an aware datetime."""
    return moment.astimezone(UTC).date()


def current_start(kind: str, now: datetime) -> date:
    return period_start(kind, utc_day(now))
