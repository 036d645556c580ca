"""Under /api/ every error is JSON in the house format, with DEBUG on (make run) and off."""

from __future__ import annotations

import pytest

from accounts.models import User
from tests.config.helpers import assert_json_error

pytestmark = pytest.mark.django_db


def test_a_body_over_the_upload_limit_is_json_413(client, debug, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = '{"username": "ann", "password": "' + "x" * 2000 + '"}'
    response = client.post("/api/v1/auth/register", data=body, content_type="application/json")
    assert_json_error(response, 413, "request_too_large")
    assert User.objects.count() == 0


def test_a_disallowed_host_is_json_400(client, debug):
    response = client.get("/api/v1/health", HTTP_HOST="evil.example")
    assert_json_error(response, 400, "disallowed_host")
    response = client.post(
        "/api/v1/auth/register",
        {"username": "ann", "password": "a-long-secret-phrase"},
        content_type="application/json",
        HTTP_HOST="evil.example",
    )
    assert_json_error(response, 400, "disallowed_host")
    assert User.objects.count() == 0


def test_an_unexpected_exception_is_json_500(client, debug, monkeypatch):
    from core import health

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(health.HealthApi, "get", broken)
    response = client.get("/api/v1/health")
    body = assert_json_error(response, 500, "server_error")
    assert "a bug" not in body["detail"]


def test_the_schema_refusing_an_accept_header_is_json(client, debug):
    response = client.get("/api/schema/", HTTP_ACCEPT="text/html")
    assert_json_error(response, 406, "not_acceptable")


def test_pages_outside_the_api_keep_their_html(client, debug):
    response = client.get("/admin/login/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")


def test_errors_are_json_on_the_asgi_server_too(debug):
    from asgiref.sync import async_to_sync
    from django.test import AsyncClient

    async def get(url: str, **headers: str):
        return await AsyncClient().get(url, headers=headers)

    response = async_to_sync(get)("/api/v1/me/events", host="evil.example")
    assert_json_error(response, 400, "disallowed_host")
    response = async_to_sync(get)("/api/v1/me/events")
    assert_json_error(response, 401, "not_authenticated")
