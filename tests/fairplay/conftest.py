"""Fixtures of the fair-play tests: two (or more) accounts with their API clients."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.games.conftest import human_game  # noqa: F401  (fixture re-export)


@pytest.fixture
def players(make_user, client_for) -> Callable[[int], tuple[dict[int, Any], dict[int, Any]]]:
    """``n`` new accounts: ``(users, clients)``, each by seat number 0..n-1."""

    def make(count: int = 2) -> tuple[dict[int, Any], dict[int, Any]]:
        users = {seat: make_user() for seat in range(count)}
        return users, {seat: client_for(user) for seat, user in users.items()}

    return make
