"""/api/docs/: the Swagger UI page; OPTIONS and errors are JSON, never a 500."""

from __future__ import annotations

import pytest

from tests.config.helpers import assert_json_error

pytestmark = pytest.mark.django_db


def test_options_on_the_docs_page_is_json(client, debug):
    response = client.options("/api/docs/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "GET" in response["Allow"]


def test_a_wrong_method_on_the_docs_page_is_json_405(client, debug):
    response = client.post("/api/docs/")
    assert_json_error(response, 405, "method_not_allowed")
    assert "GET" in response["Allow"]


def test_the_docs_page_is_still_html(client, debug):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
