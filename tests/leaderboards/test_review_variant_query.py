"""Bad ``?variant=`` / ``?category=`` values on the boards are a 400 with a machine code."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/v1/leaderboards/weekly", "/api/v1/leaderboards/rating"])
@pytest.mark.parametrize(
    "query",
    [
        "variant=",
        "variant=gin&variant=rummy",
        "variant=RUMMY",
        "variant=%E2%99%A0",
        "variant=%00",
        "variant=" + "x" * 5000,
        "page=%E2%99%A0",
        "page=99999999999999999999999",
    ],
)
def test_bad_board_queries_are_a_4xx_with_a_code(auth_client, path, query):
    response = auth_client.get(f"{path}?{query}")
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "code" in response.json()


@pytest.mark.parametrize(
    "query",
    [
        "category=",
        "category=humans&category=computer",
        "category=%E2%99%A0",
        "start=%E2%99%A0",
        "start=99999-01-01",
        "start=2025-02-30",
        "start=2025-03-03&start=2025-03-10",
        "start=%EF%BC%92025-03-03",
    ],
)
def test_bad_period_queries_are_a_4xx_with_a_code(auth_client, query):
    response = auth_client.get(f"/api/v1/leaderboards/weekly?{query}")
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "code" in response.json()
