"""Fixtures for the configuration tests."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.conftest import human_game  # noqa: F401  (fixture re-export)


@pytest.fixture(params=[True, False], ids=["debug", "no-debug"])
def debug(request, settings) -> bool:
    settings.DEBUG = request.param
    return request.param


@pytest.fixture
def client() -> Client:
    return Client(raise_request_exception=False)
