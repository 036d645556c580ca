"""Fixtures for leaderboard tests that play games through the API."""

from tests.games.conftest import human_game  # noqa: F401  (fixture re-export)
from tests.games.indian.conftest import (  # noqa: F401  (fixture re-exports)
    computer_table,
    people_table,
)
