"""The operator's admin: create (checked as the API checks), schedule, cancel, remove a
player."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import UserFactory
from tests.tournaments.app.helpers import soon
from tournaments import services
from tournaments.models import Entry, Schedule, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def admin_client() -> Client:
    admin = User.objects.create_superuser("boss", password="a-long-admin-password")
    client = Client()
    client.force_login(admin)
    return client


def form(**fields):
    base = {
        "name": "Evening arena",
        "format": "arena",
        "variant": "gin",
        "rules": "{}",
        "table_size": "2",
        "starts_at_0": soon(60).strftime("%Y-%m-%d"),
        "starts_at_1": soon(60).strftime("%H:%M:%S"),
        "duration_minutes": "30",
        "best_of": "1",
        "min_players": "2",
        "turn_seconds": "60",
        "min_rated_games": "0",
    }
    return {**base, **fields}


def test_the_admin_creates_a_tournament_through_the_same_checks(admin_client):
    refused = admin_client.post("/admin/tournaments/tournament/add/", form(table_size="3"))
    assert refused.status_code == 200 and "seats 2 to 2" in refused.content.decode()
    unreadable = admin_client.post(
        "/admin/tournaments/tournament/add/", form(name="\u001b[2JEvening arena")
    )
    assert unreadable.status_code == 200
    assert "Tournament names may not contain control" in unreadable.content.decode()
    assert not Tournament.objects.exists()
    created = admin_client.post("/admin/tournaments/tournament/add/", form())
    assert created.status_code == 302, created.content.decode()[:2000]
    tournament = Tournament.objects.get()
    assert tournament.format == "arena" and tournament.created_by.username == "boss"
    page = admin_client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/")
    assert page.status_code == 200


def test_the_admin_cancels_tournaments(admin_client, staff):
    tournament = services.tournament_create(data={"format": "sit_and_go", "capacity": 4}, by=staff)
    response = admin_client.post(
        "/admin/tournaments/tournament/",
        {"action": "cancel", "_selected_action": [str(tournament.pk)]},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == "cancelled"


def test_the_admin_removes_a_player(admin_client, staff):
    tournament = services.tournament_create(
        data={"format": "arena", "starts_at": soon(5), "duration_minutes": 30}, by=staff
    )
    ann, bob = UserFactory(), UserFactory()
    for user in (ann, bob):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    entry = Entry.objects.get(tournament=tournament, user=ann)
    response = admin_client.post(
        "/admin/tournaments/entry/", {"action": "remove", "_selected_action": [entry.pk]}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.removed and entry.rank is None
    assert Entry.objects.get(tournament=tournament, user=bob).rank == 1


def test_the_admin_schedules_with_a_checked_template_and_plans_now(admin_client):
    base = {
        "name": "Daily arena",
        "cadence": "daily",
        "minute": "0",
        "hour": "18",
        "weekday": "0",
        "timezone": "Europe/Paris",
        "active": "on",
    }
    refused = admin_client.post(
        "/admin/tournaments/schedule/add/", {**base, "template": '{"format": "arena"}'}
    )
    assert refused.status_code == 200 and not Schedule.objects.exists()
    for name in ("Daily\u202e arena", "Daily arena\r\nrigged"):
        unreadable = admin_client.post(
            "/admin/tournaments/schedule/add/",
            {**base, "name": name, "template": '{"format": "arena", "duration_minutes": 60}'},
        )
        assert unreadable.status_code == 200 and "Tournament names may not contain" in (
            unreadable.content.decode()
        )
        assert not Schedule.objects.exists()
    bad_zone = admin_client.post(
        "/admin/tournaments/schedule/add/",
        {
            **base,
            "timezone": "Mars/Olympus",
            "template": '{"format": "arena", "duration_minutes": 60}',
        },
    )
    assert bad_zone.status_code == 200 and not Schedule.objects.exists()
    created = admin_client.post(
        "/admin/tournaments/schedule/add/",
        {**base, "template": '{"format": "arena", "duration_minutes": 60}'},
    )
    assert created.status_code == 302
    schedule = Schedule.objects.get()
    planned = admin_client.post(
        "/admin/tournaments/schedule/", {"action": "plan", "_selected_action": [schedule.pk]}
    )
    assert planned.status_code == 302
    assert Tournament.objects.filter(schedule=schedule).count() == 1
