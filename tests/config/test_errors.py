"""Every kind of 4xx comes out of one handler in the house format."""

from __future__ import annotations

import time

import pytest
import time_machine

pytestmark = pytest.mark.django_db


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def test_validation_error_has_fields(api_client):
    body = assert_error(
        api_client.post("/api/v1/auth/register", {}, format="json"), 400, "validation_error"
    )
    assert set(body["fields"]) == {"username", "password"}


def test_body_that_is_not_an_object_is_a_validation_error(api_client):
    response = api_client.post("/api/v1/auth/register", [1, 2], format="json")
    assert_error(response, 400, "validation_error")


def test_malformed_json(api_client):
    response = api_client.post(
        "/api/v1/auth/register", data='{"username": ', content_type="application/json"
    )
    assert_error(response, 400, "malformed_json")


def test_unsupported_media_type(api_client):
    response = api_client.post(
        "/api/v1/auth/register",
        data="username=ann",
        content_type="application/x-www-form-urlencoded",
    )
    assert_error(response, 415, "unsupported_media_type")


def test_not_authenticated(api_client):
    assert_error(api_client.get("/api/v1/me"), 401, "not_authenticated")


def test_method_not_allowed(auth_client):
    assert_error(auth_client.delete("/api/v1/me"), 405, "method_not_allowed")


def test_not_acceptable(auth_client):
    response = auth_client.get("/api/v1/me", HTTP_ACCEPT="text/html")
    assert_error(response, 406, "not_acceptable")


def test_unknown_api_route_is_json_404(api_client):
    assert_error(api_client.get("/api/v1/no-such-thing"), 404, "not_found")
    assert_error(api_client.post("/api/v2/games", {}), 404, "not_found")


def test_throttled_has_retry_after(api_client, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "token": "1/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    with time_machine.travel(time.time(), tick=False):  # both within the minute
        api_client.post("/api/v1/auth/token", {"username": "x", "password": "y"})
        response = api_client.post("/api/v1/auth/token", {"username": "x", "password": "y"})
    assert_error(response, 429, "throttled")
    assert 0 < int(response["Retry-After"]) <= 60


def test_permission_denied_is_rendered_in_house_format(rf):
    from rest_framework.exceptions import PermissionDenied

    from core.exceptions import exception_handler

    response = exception_handler(PermissionDenied(), {})
    assert response.status_code == 403
    assert response.data["code"] == "permission_denied"


def test_unexpected_exceptions_are_left_to_django():
    from core.exceptions import exception_handler

    assert exception_handler(RuntimeError("bug"), {}) is None


def test_posting_to_an_unknown_route_is_json_404_not_a_csrf_page(api_client):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/v1/games//actions", {}, content_type="application/json")
    assert_error(response, 404, "not_found")
    streams = client.post("/api/v1/me/events", {}, content_type="application/json")
    assert streams.status_code in (401, 405)
    assert streams.json()["code"] in ("not_authenticated", "method_not_allowed")


@pytest.mark.parametrize("page", ["abc", "0", "-1", "1.5", "\uff11"])
def test_a_page_that_is_not_a_positive_number_is_a_validation_error(auth_client, page):
    body = assert_error(auth_client.get(f"/api/v1/games?page={page}"), 400, "validation_error")
    assert "page" in body["fields"]


def test_a_page_past_the_end_is_not_found(auth_client):
    assert_error(auth_client.get("/api/v1/games?page=9"), 404, "not_found")
    assert auth_client.get("/api/v1/games?page=last").status_code == 200
