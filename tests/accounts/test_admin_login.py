"""/admin/login/ has the API's failed-login limits (and shares their counters)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight_rates(settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    rates.update({"token": "1000/hour", "failed_login": "2/15m"})
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


@pytest.fixture
def staff():
    return UserFactory(username="boss", is_staff=True, is_superuser=True)


def admin_login(password: str, ip: str, client: Client | None = None):
    client = client or Client()
    body = {"username": "boss", "password": password, "next": "/admin/"}
    return client.post("/admin/login/", body, REMOTE_ADDR=ip), client


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_admin_login_works(staff, tight_rates):
    response, client = admin_login(PASSWORD, "10.0.0.1")
    assert response.status_code == 302
    assert logged_in(client)


def test_failed_admin_logins_are_throttled_without_hashing(staff, tight_rates, monkeypatch):
    for _ in range(2):
        response, _ = admin_login("wrong", "10.0.0.1")
        assert response.status_code == 200  # the form again, with its error

    import accounts.admin

    def must_not_hash(*args, **kwargs):
        raise AssertionError("a throttled try must not check the password")

    monkeypatch.setattr(accounts.admin, "authenticate", must_not_hash)
    response, client = admin_login(PASSWORD, "10.0.0.1")
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 900
    assert b"Too many failed logins" in response.content
    assert not logged_in(client)


def test_the_owner_still_logs_in_from_another_address(staff, tight_rates):
    for _ in range(3):
        admin_login("wrong", "10.0.0.1")
    response, client = admin_login(PASSWORD, "10.0.0.2")
    assert response.status_code == 302 and logged_in(client)


def test_api_and_admin_failures_count_together(staff, tight_rates, api_client):
    for _ in range(2):
        bad = api_client.post(
            "/api/v1/auth/token", {"username": "boss", "password": "wrong"}, REMOTE_ADDR="10.0.0.7"
        )
        assert bad.status_code == 401
    response, client = admin_login(PASSWORD, "10.0.0.7")
    assert response.status_code == 429 and not logged_in(client)
