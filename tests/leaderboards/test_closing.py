"""Closing periods: right after rollover, idempotent, catching up, frozen for good."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
import time_machine

from leaderboards import services, tasks
from leaderboards.models import Period, Standing
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def snapshot() -> list[dict]:
    """Every period and standing row."""
    periods = list(Period.objects.order_by("kind", "start").values())
    standings = list(Standing.objects.order_by("pk").values())
    return periods + standings


def closed_weeks() -> list[date]:
    return list(
        Period.objects.filter(kind="weekly", closed_at__isnull=False)
        .order_by("start")
        .values_list("start", flat=True)
    )


def test_previous_week_is_closed_a_minute_after_rollover_with_its_final_standings():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 3, 9, 23, 59, 59))
    services.standings_refresh_open(now=at(2025, 3, 9, 23, 59, 30))  # before the game

    # Just after midnight, within the grace: last week stays open (and is refreshed).
    assert services.standings_refresh_open(now=at(2025, 3, 10, 0, 0, 30))["closed"] == 0
    assert closed_weeks() == []
    assert services.periods_close_due(now=at(2025, 3, 10, 0, 1, 0)) != []
    assert closed_weeks() == [date(2025, 3, 3)]
    week = Period.objects.get(kind="weekly", start=date(2025, 3, 3))
    assert week.closed_at == at(2025, 3, 10, 0, 1, 0)
    assert Standing.objects.get(period=week, user=ann).score == Decimal(150)


def test_closing_twice_changes_nothing():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 2, 26))
    now = at(2025, 3, 10, 0, 5)
    first = services.periods_close_due(now=now)
    assert {(p.kind, p.start) for p in first} == {
        ("weekly", date(2025, 2, 24)),
        ("weekly", date(2025, 3, 3)),
        ("monthly", date(2025, 2, 1)),
    }
    before = snapshot()
    assert services.periods_close_due(now=now) == []
    assert services.periods_close_due(now=at(2025, 3, 10, 0, 9)) == []
    with time_machine.travel(at(2025, 3, 10, 0, 10), tick=False):
        assert tasks.close_periods.delay().get() == 0
    assert snapshot() == before


def test_a_late_close_catches_up_every_missed_week_and_month():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    # A close ran on 3 February; then beat was down until 20 March.
    finished_game(player=ann, opponent=bob, total=111, finished_at=at(2025, 1, 29))
    services.periods_close_due(now=at(2025, 2, 3, 0, 2))
    assert closed_weeks() == [date(2025, 1, 27)]
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 2, 5))
    # Sunday 2 March: in the week of 24 February, but in March.
    finished_game(player=bob, opponent=ann, total=170, finished_at=at(2025, 3, 2, 23, 59, 59))
    finished_game(player=bob, opponent=ann, total=190, finished_at=at(2025, 3, 18))

    with time_machine.travel(at(2025, 3, 20, 9), tick=False):
        closed = tasks.close_periods.delay().get()

    assert closed == 6 + 1  # six weeks (one of them empty) and February
    assert closed_weeks() == [
        date(2025, 1, 27),
        date(2025, 2, 3),
        date(2025, 2, 10),
        date(2025, 2, 17),
        date(2025, 2, 24),
        date(2025, 3, 3),
        date(2025, 3, 10),
    ]
    months = Period.objects.filter(kind="monthly", closed_at__isnull=False)
    assert sorted(months.values_list("start", flat=True)) == [date(2025, 1, 1), date(2025, 2, 1)]

    def board(kind: str, start: date) -> dict:
        rows = Standing.objects.filter(period__kind=kind, period__start=start, category="humans")
        return {s.user.username: (s.rank, s.score, s.wins, s.games) for s in rows}

    assert board("weekly", date(2025, 2, 3)) == {
        "ann": (1, Decimal(150), 1, 1),
        "bob": (2, Decimal(0), 0, 1),
    }
    assert board("weekly", date(2025, 2, 10)) == {}
    assert board("weekly", date(2025, 2, 24))["bob"] == (1, Decimal(170), 1, 1)
    assert board("monthly", date(2025, 2, 1)) == {
        "ann": (1, Decimal(150), 1, 1),
        "bob": (2, Decimal(0), 0, 1),
    }
    # The current week is not closed.
    assert not Period.objects.filter(start=date(2025, 3, 17), closed_at__isnull=False).exists()


def test_a_closed_period_is_never_changed():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 3, 4))
    services.periods_close_due(now=at(2025, 3, 10, 0, 5))
    week = Period.objects.get(kind="weekly", start=date(2025, 3, 3))

    def frozen() -> list[dict]:
        period = list(Period.objects.filter(pk=week.pk).values())
        return period + list(Standing.objects.filter(period=week).order_by("pk").values())

    before = frozen()
    # A result that arrives after the close, and a deactivated player, change nothing.
    finished_game(player=bob, opponent=ann, total=500, finished_at=at(2025, 3, 9, 23))
    ann.is_active = False
    ann.save(update_fields=["is_active"])
    assert services.standings_refresh(period_id=week.pk) is False
    assert services.period_close(period_id=week.pk, now=at(2025, 3, 11)) is False
    services.standings_refresh_open(now=at(2025, 3, 11))
    assert frozen() == before
    assert Standing.objects.get(period=week, user=ann).score == Decimal(150)
    # ... while the open month took both changes.
    month = Standing.objects.filter(period__kind="monthly", period__start=date(2025, 3, 1))
    assert list(month.values_list("user__username", "score")) == [("bob", Decimal(500))]


def test_the_all_time_period_is_never_closed():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 1, 4))
    services.standings_refresh_open(now=at(2025, 3, 11))
    all_time = Period.objects.get(kind="all-time")
    assert all_time.closed_at is None
    with pytest.raises(ValueError):
        services.period_close(period_id=all_time.pk)
