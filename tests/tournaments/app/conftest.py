"""Fixtures for the tournament app's tests: staff, players, tournaments made through the
services (as the API and the admin make them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, soon
from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def staff(db: None):
    return UserFactory(is_staff=True)


@pytest.fixture
def players(db: None) -> Callable[[int], list]:
    def make(count: int) -> list:
        return [UserFactory() for _ in range(count)]

    return make


@pytest.fixture
def make_tournament(staff) -> Callable[..., Tournament]:
    """A tournament created by staff; Gin to 10 unless told, starting in a minute."""

    def make(fmt: str, **data: Any) -> Tournament:
        body: dict[str, Any] = {"format": fmt, "rules": GIN_RULES, **data}
        if fmt != "sit_and_go":
            body.setdefault("starts_at", soon(1))
        return services.tournament_create(data=body, by=staff)

    return make


@pytest.fixture
def clock():
    """The test's clock: it runs from now, and ``clock.shift(timedelta)`` moves it on."""
    traveller = time_machine.travel(timezone.now(), tick=True)
    coordinates = traveller.start()
    yield coordinates
    traveller.stop()
