"""Staff's admin: signals filtered by kind and status, the evidence readable, one action
to warn, ban or mark with who did it and why; appeals answered."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from fairplay import services
from fairplay.models import Appeal, Sanction, Signal
from fairplay.signals.findings import Finding
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def boss() -> User:
    return User.objects.create_superuser("boss", password="a-long-admin-password")


@pytest.fixture
def admin_client(boss) -> Client:
    client = Client()
    client.force_login(boss)
    return client


def raise_signal(kind: str, user: User, **evidence) -> Signal:
    return services.signal_raise(Finding(kind=kind, user=user.pk, score=0.97, evidence=evidence))


def test_signals_filter_by_kind_and_status_and_show_their_evidence(admin_client):
    ann, bob = UserFactory(), UserFactory()
    trading = raise_signal("win_trading", ann, games_together=14, win_share=0.93)
    raise_signal("regular_timing", bob, cv=0.04)
    listing = admin_client.get("/admin/fairplay/signal/?kind__exact=win_trading&status__exact=open")
    assert listing.status_code == 200
    page = listing.content.decode()
    assert ann.username in page and bob.username not in page
    detail = admin_client.get(f"/admin/fairplay/signal/{trading.pk}/change/").content.decode()
    assert "&quot;games_together&quot;: 14" in detail and "&quot;win_share&quot;: 0.93" in detail


def test_one_action_marks_the_player_recording_who_and_why(admin_client, boss):
    ann = UserFactory()
    signal = raise_signal("engine_agreement", ann, share=0.97)
    refused = admin_client.post(
        "/admin/fairplay/signal/", {"action": "mark", "_selected_action": [signal.pk], "note": ""}
    )
    assert refused.status_code == 302 and not Sanction.objects.exists()  # no reason given
    done = admin_client.post(
        "/admin/fairplay/signal/",
        {"action": "mark", "_selected_action": [signal.pk], "note": "Hard's moves, 97%."},
    )
    assert done.status_code == 302
    mark = Sanction.objects.get(user=ann)
    assert (mark.kind, mark.rule, mark.created_by, mark.note) == (
        "mark",
        "engine_agreement",
        boss,
        "Hard's moves, 97%.",
    )
    assert mark.applied_at is not None
    signal.refresh_from_db()
    assert signal.status == "actioned" and signal.resolved_by == boss


def test_a_ban_from_the_admin_lasts_the_minutes_given(admin_client):
    ann = UserFactory()
    signal = raise_signal("sitting", ann, sittings=3)
    admin_client.post(
        "/admin/fairplay/signal/",
        {"action": "playban", "_selected_action": [signal.pk], "note": "Sits.", "minutes": "90"},
    )
    ban = Sanction.objects.get(user=ann)
    assert ban.kind == "playban" and abs((ban.until - ban.created_at).total_seconds() - 5400) < 5


def test_an_appeal_is_answered_from_the_admin(admin_client, boss):
    ann = UserFactory()
    sanction, _ = services.sanction_apply(user_id=ann.pk, kind="warn", rule="report", key="k")
    appeal = services.appeal_create(user=ann, sanction_id=sanction.pk, text="Not me.")
    assert admin_client.get("/admin/fairplay/appeal/?status__exact=open").status_code == 200
    admin_client.post(
        "/admin/fairplay/appeal/",
        {"action": "reject", "_selected_action": [appeal.pk], "note": "It was."},
    )
    appeal = Appeal.objects.get()
    assert (appeal.status, appeal.answer, appeal.resolved_by) == ("rejected", "It was.", boss)
    sanction.refresh_from_db()
    assert sanction.lifted_at is None


def test_every_fair_play_admin_page_loads(admin_client):
    for model in ("signal", "sanction", "report", "appeal", "ratingrefund"):
        assert admin_client.get(f"/admin/fairplay/{model}/").status_code == 200
