"""Throttles on the open endpoints: 429 with Retry-After."""

from __future__ import annotations

import pytest

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight_rates(settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    rates.update({"register": "2/hour", "token": "3/hour", "failed_login": "2/15m"})
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_register_is_throttled_per_ip(api_client, tight_rates):
    for i in range(2):
        response = api_client.post(
            "/api/v1/auth/register", {"username": f"newbie{i}", "password": PASSWORD}
        )
        assert response.status_code == 201
    response = api_client.post(
        "/api/v1/auth/register", {"username": "newbie9", "password": PASSWORD}
    )
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert 0 < int(response["Retry-After"]) <= 3600


def test_token_is_throttled_per_ip(api_client, user, tight_rates):
    for _ in range(3):
        ok = api_client.post(
            "/api/v1/auth/token", {"username": user.username, "password": PASSWORD}
        )
        assert ok.status_code == 200
    response = api_client.post(
        "/api/v1/auth/token", {"username": user.username, "password": PASSWORD}
    )
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0


def test_failed_logins_lock_the_username_from_any_ip(api_client, user, tight_rates):
    for ip in ("10.0.0.1", "10.0.0.2"):
        bad = api_client.post(
            "/api/v1/auth/token",
            {"username": user.username, "password": "wrong"},
            REMOTE_ADDR=ip,
        )
        assert bad.status_code == 401
    # Even the right password from a third address is refused until the window passes.
    response = api_client.post(
        "/api/v1/auth/token",
        {"username": user.username.upper(), "password": PASSWORD},
        REMOTE_ADDR="10.0.0.3",
    )
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert 0 < int(response["Retry-After"]) <= 900


def test_successful_login_clears_failed_attempts(api_client, user, tight_rates):
    def login(password: str, ip: str):
        body = {"username": user.username, "password": password}
        return api_client.post("/api/v1/auth/token", body, REMOTE_ADDR=ip)

    assert login("wrong", "10.0.1.1").status_code == 401
    assert login(PASSWORD, "10.0.1.2").status_code == 200
    assert login("wrong", "10.0.1.3").status_code == 401
    # One failure since the last success: still under the limit of two.
    assert login(PASSWORD, "10.0.1.4").status_code == 200
