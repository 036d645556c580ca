"""Period arithmetic: ISO weeks from Monday, calendar months, rollovers, 29 February."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from leaderboards.models import PeriodKind
from leaderboards.periods import current_start, midnight, period_end, period_start
from leaderboards.services import period_get_or_create


@pytest.mark.parametrize(
    ("day", "monday"),
    [
        (date(2025, 3, 3), date(2025, 3, 3)),  # a Monday is its own week's start
        (date(2025, 3, 9), date(2025, 3, 3)),  # Sunday belongs to the week before
        (date(2025, 3, 10), date(2025, 3, 10)),
        (date(2021, 1, 1), date(2020, 12, 28)),  # ISO week 53 of 2020 spans the new year
        (date(2024, 2, 29), date(2024, 2, 26)),
    ],
)
def test_week_starts_on_monday(day, monday):
    assert period_start(PeriodKind.WEEKLY, day) == monday
    assert period_end(PeriodKind.WEEKLY, monday) == date.fromordinal(monday.toordinal() + 7)


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (date(2024, 2, 1), date(2024, 3, 1)),
        (date(2024, 12, 1), date(2025, 1, 1)),
        (date(2025, 1, 1), date(2025, 2, 1)),
    ],
)
def test_month_ends_on_the_first_of_the_next(start, end):
    assert period_end(PeriodKind.MONTHLY, start) == end
    assert period_start(PeriodKind.MONTHLY, date(2024, 2, 29)) == date(2024, 2, 1)


def test_sunday_last_second_and_monday_midnight_are_different_weeks():
    sunday = datetime(2025, 3, 9, 23, 59, 59, 999999, tzinfo=UTC)
    monday = datetime(2025, 3, 10, 0, 0, 0, tzinfo=UTC)
    assert current_start(PeriodKind.WEEKLY, sunday) == date(2025, 3, 3)
    assert current_start(PeriodKind.WEEKLY, monday) == date(2025, 3, 10)
    assert midnight(date(2025, 3, 10)) == monday


def test_non_utc_moment_uses_the_utc_day():
    from zoneinfo import ZoneInfo

    # Monday 01:30 in Paris is still Sunday in UTC.
    paris = datetime(2025, 3, 10, 0, 30, tzinfo=ZoneInfo("Europe/Paris"))
    assert current_start(PeriodKind.WEEKLY, paris) == date(2025, 3, 3)


def test_an_unknown_kind_is_an_error():
    with pytest.raises(ValueError):
        period_start("daily", date(2025, 1, 1))
    with pytest.raises(ValueError):
        period_end("daily", date(2025, 1, 1))


def test_a_day_inside_a_period_is_not_accepted_as_its_first_day():
    with pytest.raises(ValueError):  # raised before any query
        period_get_or_create(kind=PeriodKind.WEEKLY, start=date(2025, 3, 5))
