"""make backup / make restore (ops/backup.sh, ops/restore.sh) on the real PostgreSQL: the
restored database holds every game and move as they were at the backup, and a restore
refuses a database that is not empty."""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import _database_url_for

ROOT = Path(__file__).resolve().parents[2]


def games_and_moves(url: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT g.id, g.version, count(m.id) FROM games_game g "
            "LEFT JOIN games_move m ON m.game_id = g.id GROUP BY g.id ORDER BY g.id"
        ).fetchall()


def run(script: str, *args: str, url: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url, "BACKUP_DIR": str(tmp_path)}
    return subprocess.run(
        [str(ROOT / "ops" / script), *args], env=env, capture_output=True, text=True, check=False
    )


@pytest.fixture
def live_url(transactional_db) -> str:
    from django.db import connection

    return _database_url_for(connection.settings_dict["NAME"])


@pytest.fixture
def empty_url(live_url) -> Iterator[str]:
    name = f"restored_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(live_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield _database_url_for(name)
    with psycopg.connect(live_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def test_a_backup_restored_into_an_empty_database_holds_every_game_and_move(
    human_game, live_url, empty_url, tmp_path
):
    for _ in range(3):
        human_game()
    backup = run("backup.sh", url=live_url, tmp_path=tmp_path)
    assert backup.returncode == 0, backup.stderr
    (dump,) = tmp_path.glob("ginrummy-*.dump")
    assert backup.stdout.startswith(str(dump))
    assert not list(tmp_path.glob("*.partial"))

    restore = run("restore.sh", str(dump), url=empty_url, tmp_path=tmp_path)
    assert restore.returncode == 0, restore.stderr
    before = games_and_moves(live_url)
    assert len(before) == 3 and games_and_moves(empty_url) == before


def test_a_restore_refuses_a_database_that_has_tables(human_game, live_url, tmp_path):
    human_game()
    assert run("backup.sh", url=live_url, tmp_path=tmp_path).returncode == 0
    (dump,) = tmp_path.glob("ginrummy-*.dump")
    refused = run("restore.sh", str(dump), url=live_url, tmp_path=tmp_path)
    assert refused.returncode == 2
    assert "already has" in refused.stderr and "restore into an empty one" in refused.stderr


def test_a_backup_without_a_postgres_url_says_what_to_set(tmp_path):
    refused = run("backup.sh", url="sqlite:///db.sqlite3", tmp_path=tmp_path)
    assert refused.returncode == 2 and "not PostgreSQL" in refused.stderr
    assert not list(tmp_path.iterdir())
