"""PostgreSQL connections bind parameters on the server and prepare the statements they run
again and again, so a busy connection neither parses nor plans an action's statements
each time; one setting turns it off for poolers that cannot keep prepared statements."""

from __future__ import annotations

import pytest
from django.db import connection

from config.settings.base import PREPARE_AFTER, _tune_database
from games.models import Game

POSTGRES = {"ENGINE": "django.db.backends.postgresql", "NAME": "x"}


def _prepared() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return {row[0] for row in cursor.fetchall()}


@pytest.mark.django_db
def test_a_statement_run_again_on_one_connection_is_prepared_on_the_server():
    assert connection.features.uses_server_side_binding
    for n in range(PREPARE_AFTER + 1):
        list(Game.objects.filter(version__gte=n))
    prepared = [s for s in _prepared() if '"games_game"' in s and '"version" >= $1' in s]
    assert len(prepared) == 1, _prepared()


@pytest.mark.django_db
def test_a_statement_run_once_is_not_prepared():
    list(Game.objects.filter(turn_seat=12345))
    assert not [s for s in _prepared() if '"turn_seat" = $1' in s]


def test_postgresql_prepares_by_default(monkeypatch):
    monkeypatch.delenv("DJANGO_DB_PREPARED", raising=False)
    options = _tune_database(dict(POSTGRES))["OPTIONS"]
    assert options == {"server_side_binding": True, "prepare_threshold": PREPARE_AFTER}


def test_one_setting_turns_prepared_statements_off_for_a_pooler(monkeypatch):
    monkeypatch.setenv("DJANGO_DB_PREPARED", "false")
    db = _tune_database(dict(POSTGRES))
    assert "server_side_binding" not in db.get("OPTIONS", {})
    assert "prepare_threshold" not in db.get("OPTIONS", {})


def test_sqlite_is_left_as_it_binds(monkeypatch):
    monkeypatch.delenv("DJANGO_DB_PREPARED", raising=False)
    db = _tune_database({"ENGINE": "django.db.backends.sqlite3", "NAME": "x"})
    assert "server_side_binding" not in db["OPTIONS"]
