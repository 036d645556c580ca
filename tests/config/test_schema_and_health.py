"""The OpenAPI schema, the docs page, and the health endpoint."""

from __future__ import annotations

import pytest
import yaml
from openapi_spec_validator import validate

pytestmark = pytest.mark.django_db


def test_schema_is_valid_openapi_3(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = (
        response.json()
        if response["Content-Type"].endswith("json")
        else yaml.safe_load(response.content)
    )
    validate(schema)
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    for path in ("/api/v1/auth/register", "/api/v1/auth/token", "/api/v1/me", "/api/v1/health"):
        assert path in paths


def test_every_operation_documents_responses_and_errors(api_client):
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert any(code.startswith("2") for code in responses), (method, path)
            if path != "/api/v1/health":
                assert any(code.startswith("4") for code in responses), (method, path)


def test_docs_page_is_served_without_external_assets(api_client):
    response = api_client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger" in html.lower()
    assert "cdn.jsdelivr" not in html


def test_health_ok_with_database_and_broker(api_client, redis_url, settings):
    settings.CELERY_BROKER_URL = redis_url
    response = api_client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "broker": "ok"}}


def test_health_without_broker_reports_not_configured(api_client, settings):
    settings.CELERY_BROKER_URL = None
    response = api_client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json()["checks"]["broker"] == "not_configured"


def test_health_503_names_the_broker_when_it_is_unreachable(api_client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = api_client.get("/api/v1/health")
    assert response.status_code == 503
    body = response.json()
    assert body["checks"] == {"database": "ok", "broker": "unavailable"}
    assert "broker" in body["detail"]


def _has_example(operation: dict) -> bool:
    bodies = [operation.get("requestBody", {}), *operation["responses"].values()]
    for body in bodies:
        for media in body.get("content", {}).values():
            if media.get("examples") or media.get("example"):
                return True
    return False


def test_every_operation_has_an_example(api_client):
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    missing = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if path not in ("/api/v1/health", "/api/v1/games/{game_id}/events", "/api/v1/me/events")
        and not _has_example(operation)
    ]
    assert not missing


def test_event_streams_are_documented(api_client):
    schema = yaml.safe_load(api_client.get("/api/schema/").content)
    for path in ("/api/v1/games/{game_id}/events", "/api/v1/me/events"):
        responses = schema["paths"][path]["get"]["responses"]
        assert "text/event-stream" in responses["200"]["content"]
        assert {"401", "404"} <= set(responses)
