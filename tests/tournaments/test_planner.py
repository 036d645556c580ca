"""Scheduled starts: the next day's starts, each under a key that never repeats."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tournaments.formats import (
    Cadence,
    ErrorCode,
    ScheduleRule,
    TournamentError,
    plan_starts,
)

RULES = [
    ScheduleRule(id="hourly-gin", cadence=Cadence.HOURLY, minute=15),
    ScheduleRule(id="daily-arena", cadence=Cadence.DAILY, hour=20, minute=0),
    ScheduleRule(
        id="weekly-swiss", cadence=Cadence.WEEKLY, weekday=6, hour=10, timezone="Europe/Paris"
    ),
]
NIGHT = ScheduleRule(id="night", cadence=Cadence.DAILY, hour=2, minute=30, timezone="Europe/Paris")
NOW = datetime(2025, 6, 14, 12, 40, tzinfo=UTC)  # a Saturday


def test_the_next_day_holds_every_hourly_start_and_the_daily_and_weekly_ones():
    planned = plan_starts(RULES, now=NOW)
    hourly = [p.starts_at for p in planned if p.schedule_id == "hourly-gin"]
    assert len(hourly) == 24
    assert hourly[0] == datetime(2025, 6, 14, 13, 15, tzinfo=UTC)
    assert [p.starts_at for p in planned if p.schedule_id == "daily-arena"] == [
        datetime(2025, 6, 14, 20, 0, tzinfo=UTC)
    ]
    # Sunday 10:00 in Paris (summer time) is 08:00 UTC, inside the next 24 hours.
    assert [p.starts_at for p in planned if p.schedule_id == "weekly-swiss"] == [
        datetime(2025, 6, 15, 8, 0, tzinfo=UTC)
    ]
    later = plan_starts(RULES, now=NOW + timedelta(days=1))
    assert not [p for p in later if p.schedule_id == "weekly-swiss"]
    assert [p.starts_at for p in planned] == sorted(p.starts_at for p in planned)
    assert planned[0].key == "hourly-gin:2025-06-14T13:15Z"


def test_planning_twice_creates_nothing_twice():
    created: set[str] = set()
    for now in (NOW, NOW, NOW + timedelta(minutes=10), NOW + timedelta(hours=5)):
        planned = plan_starts(RULES, now=now, existing=created)
        assert not {p.key for p in planned} & created
        created |= {p.key for p in planned}
    # Two runs at the same moment plan the same starts under the same keys.
    assert plan_starts(RULES, now=NOW) == plan_starts(RULES, now=NOW)
    assert plan_starts(RULES, now=NOW, existing=created) == ()


def test_a_start_at_the_window_start_is_planned_and_one_at_its_end_is_not():
    rule = [ScheduleRule(id="d", cadence=Cadence.DAILY, hour=12)]
    noon = datetime(2025, 6, 14, 12, 0, tzinfo=UTC)
    assert [p.starts_at for p in plan_starts(rule, now=noon)] == [noon]
    assert plan_starts(rule, now=noon + timedelta(seconds=1), horizon=timedelta(hours=23)) == ()


def test_a_local_start_skipped_by_the_clock_change_starts_an_hour_later():
    rule = [NIGHT]
    # Clocks go forward on 30 March 2025 at 02:00 in Paris: 02:30 does not exist.
    planned = plan_starts(rule, now=datetime(2025, 3, 29, 23, 0, tzinfo=UTC))
    assert [p.starts_at for p in planned] == [datetime(2025, 3, 30, 1, 30, tzinfo=UTC)]
    # 01:30 UTC is 03:30 in Paris that night.


def test_a_local_time_that_happens_twice_starts_once():
    rule = [NIGHT]
    # Clocks go back on 26 October 2025 at 03:00: 02:30 happens twice.
    planned = plan_starts(rule, now=datetime(2025, 10, 25, 22, 0, tzinfo=UTC))
    assert [p.starts_at for p in planned] == [datetime(2025, 10, 26, 0, 30, tzinfo=UTC)]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"minute": 60}, "minute"),
        ({"hour": 24}, "hour"),
        ({"weekday": 7}, "weekday"),
        ({"timezone": "Mars/Olympus"}, "timezone"),
        ({"id": ""}, "id"),
    ],
)
def test_a_rule_naming_no_real_time_is_refused(fields, field):
    values = {"id": "r", "cadence": Cadence.DAILY, **fields}
    with pytest.raises(TournamentError) as caught:
        ScheduleRule(**values)
    assert (caught.value.code, caught.value.field) == (ErrorCode.INVALID_SCHEDULE, field)


def test_planning_needs_a_time_with_a_zone():
    with pytest.raises(TournamentError):
        plan_starts(RULES, now=datetime(2025, 6, 14, 12, 0))
