"""Throttles on the open endpoints: 429 with Retry-After."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine

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


def login(client, username: str, password: str, ip: str):
    body = {"username": username, "password": password}
    return client.post("/api/v1/auth/token", body, REMOTE_ADDR=ip)


def test_failed_logins_lock_that_username_from_that_ip(api_client, user, tight_rates):
    for _ in range(2):
        assert login(api_client, user.username, "wrong", "10.0.0.1").status_code == 401
    # Even the right password from that address is refused until the window passes.
    response = login(api_client, user.username.upper(), PASSWORD, "10.0.0.1")
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert 0 < int(response["Retry-After"]) <= 900


def test_an_attacker_cannot_lock_the_owner_out(api_client, user, tight_rates):
    for ip in ("10.0.0.1", "10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"):
        response = login(api_client, user.username, "wrong", ip)
        assert response.status_code in (401, 429)
    # The owner, from their own address, logs in at once.
    assert login(api_client, user.username, PASSWORD, "10.9.9.9").status_code == 200


@pytest.fixture
def username_backoff(settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    rates.update({"token": "1000/hour", "failed_login": "5/15m", "failed_login_username": "3/15m"})
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    settings.FAILED_LOGIN_BACKOFF_MAX_SECONDS = 8


def test_failures_from_many_ips_back_off_per_username(api_client, user, username_backoff):
    with time_machine.travel(datetime(2030, 1, 1, tzinfo=UTC), tick=False) as clock:
        for i in range(3):
            assert login(api_client, user.username, "wrong", f"10.1.0.{i}").status_code == 401
        # Past the per-username limit every address waits 1 s, 2 s, 4 s ... after a failure.
        waited = login(api_client, user.username, "wrong", "10.1.0.50")
        assert waited.status_code == 429 and int(waited["Retry-After"]) == 1
        clock.shift(1.5)
        assert login(api_client, user.username, "wrong", "10.1.0.51").status_code == 401
        assert int(login(api_client, user.username, "x", "10.1.0.52")["Retry-After"]) == 2
        for i in range(8):
            clock.shift(10)
            assert login(api_client, user.username, "wrong", f"10.1.1.{i}").status_code == 401
        # The wait never grows past FAILED_LOGIN_BACKOFF_MAX_SECONDS ...
        capped = login(api_client, user.username, "wrong", "10.1.0.55")
        assert capped.status_code == 429 and 0 < int(capped["Retry-After"]) <= 8
        # ... so the owner, after that short wait, gets in.
        clock.shift(8.5)
        assert login(api_client, user.username, PASSWORD, "10.9.9.9").status_code == 200


def test_an_address_that_logged_in_before_skips_the_backoff(api_client, user, username_backoff):
    assert login(api_client, user.username, PASSWORD, "10.2.0.1").status_code == 200
    for i in range(5):
        login(api_client, user.username, "wrong", f"10.2.1.{i}")
    assert login(api_client, user.username, PASSWORD, "10.2.1.99").status_code == 429
    assert login(api_client, user.username, PASSWORD, "10.2.0.1").status_code == 200


def test_successful_login_clears_failed_attempts(api_client, user, tight_rates):
    def login(password: str, ip: str):
        body = {"username": user.username, "password": password}
        return api_client.post("/api/v1/auth/token", body, REMOTE_ADDR=ip)

    assert login("wrong", "10.0.1.1").status_code == 401
    assert login(PASSWORD, "10.0.1.2").status_code == 200
    assert login("wrong", "10.0.1.3").status_code == 401
    # One failure since the last success: still under the limit of two.
    assert login(PASSWORD, "10.0.1.4").status_code == 200
