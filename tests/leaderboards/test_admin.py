"""Admin: periods and standings read-only, a recompute action for open periods, ratings."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.test import Client

from leaderboards import services
from leaderboards.models import Period, PlayerRating, Standing
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_pages_are_read_only(admin_client):
    ann, bob = UserFactory(), UserFactory()
    finished_game(player=ann, opponent=bob, finished_at=datetime(2025, 3, 4, tzinfo=UTC))
    services.periods_close_due(now=datetime(2025, 3, 11, tzinfo=UTC))
    PlayerRating.objects.create(user=ann, rating=1600, rating_deviation=90)
    standing = Standing.objects.first()
    for model in ("period", "standing", "playerrating", "ratedgame"):
        assert admin_client.get(f"/admin/leaderboards/{model}/").status_code == 200
        assert admin_client.get(f"/admin/leaderboards/{model}/add/").status_code == 403
    page = admin_client.get(f"/admin/leaderboards/standing/{standing.pk}/change/")
    assert page.status_code == 200 and b'name="score"' not in page.content
    assert (
        admin_client.post(f"/admin/leaderboards/standing/{standing.pk}/delete/").status_code == 403
    )


def test_recompute_action_refreshes_open_periods_and_skips_closed_ones(admin_client):
    ann, bob = UserFactory(), UserFactory()
    finished_game(player=ann, opponent=bob, total=150, finished_at=datetime(2025, 3, 4, tzinfo=UTC))
    services.periods_close_due(now=datetime(2025, 3, 11, tzinfo=UTC))
    closed = Period.objects.get(kind="weekly", start=date(2025, 3, 3))
    open_month = services.period_get_or_create(kind="monthly", start=date(2025, 3, 1))
    # A later result in both periods: only the open one may take it.
    finished_game(player=bob, opponent=ann, total=300, finished_at=datetime(2025, 3, 5, tzinfo=UTC))

    response = admin_client.post(
        "/admin/leaderboards/period/",
        {"action": "recompute", "_selected_action": [closed.pk, open_month.pk]},
        follow=True,
    )
    assert response.status_code == 200
    text = response.content.decode()
    assert "Recomputed 1 period(s)." in text and "Skipped 1 closed period(s)" in text
    month = dict(Standing.objects.filter(period=open_month).values_list("user_id", "score"))
    assert month == {bob.pk: 300, ann.pk: 150}
    week = dict(Standing.objects.filter(period=closed).values_list("user_id", "score"))
    assert week == {ann.pk: 150, bob.pk: 0}
