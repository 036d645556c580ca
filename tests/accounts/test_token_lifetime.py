"""A token lapses ``AUTH_TOKEN_MAX_AGE_DAYS`` after it was issued, however much it is used;
the nightly purge deletes lapsed and idle tokens."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import AuthToken
from accounts.tasks import purge_stale_tokens
from tests.factories import token_for

pytestmark = pytest.mark.django_db


def test_a_token_in_daily_use_still_lapses_after_its_lifetime(user, client_for, settings):
    settings.AUTH_TOKEN_MAX_AGE_DAYS = 30
    phone = client_for(user)
    start = timezone.now()
    for day in (1, 10, 20, 29):
        with time_machine.travel(start + timedelta(days=day), tick=False):
            assert phone.get("/api/v1/me").status_code == 200
    with time_machine.travel(start + timedelta(days=30, minutes=1), tick=False):
        response = phone.get("/api/v1/me")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert response["WWW-Authenticate"] == "Token"


def test_the_token_lifetime_defaults_to_thirty_days(settings):
    assert settings.AUTH_TOKEN_MAX_AGE_DAYS == 30


def test_the_purge_deletes_lapsed_tokens_even_when_used_recently(user, settings):
    settings.AUTH_TOKEN_MAX_AGE_DAYS = 30
    token_for(user)
    token_for(user)
    old, fresh = AuthToken.objects.order_by("pk")
    AuthToken.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(days=31), last_used_at=timezone.now()
    )
    assert purge_stale_tokens() == 1
    assert list(AuthToken.objects.values_list("pk", flat=True)) == [fresh.pk]
    assert purge_stale_tokens() == 0
