"""Running a leaderboards check on the embedded default (SQLite, eager tasks) in its own
process, since the test suite itself runs on PostgreSQL only.

A check module calls :func:`start` first (settings, ``django.setup()``, migrations), reads
the boards with :func:`api_get`, and prints one JSON line; a test runs it with
:func:`run_check` and compares boards with :func:`table`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_check(module: str, tmp_path: Path) -> dict[str, Any]:
    """``python -m module`` against a fresh SQLite file with no broker or cache set, so the
    local settings' defaults apply; the JSON summary it printed last."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", module],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,  # a bound for a process that hangs, far above what it takes
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["vendor"] == "sqlite"
    return out


def table(board: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (r["rank"], r["user"]["username"], r["score"], r["wins"], r["games"])
        for r in board["results"]
    ]


def start() -> str:
    """Inside the check's process: set Django up on the local settings and migrate; the
    database vendor."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    return str(connection.vendor)


def api_get(user: Any) -> Callable[[str], dict[str, Any]]:
    """A GET as ``user``: the status and the JSON body in one dict."""
    from rest_framework.test import APIClient

    from tests.factories import token_for

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")

    def get(url: str) -> dict[str, Any]:
        response = client.get(url, HTTP_HOST="localhost")
        return {"status": response.status_code, **response.json()}

    return get
