"""The same refresh SQL on SQLite, the embedded default of ``make run``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_leaderboards_work_on_sqlite_with_eager_tasks(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", "tests.leaderboards.sqlite_check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["vendor"] == "sqlite"

    def table(board: dict) -> list[tuple]:
        return [
            (r["rank"], r["user"]["username"], r["score"], r["wins"], r["games"])
            for r in board["results"]
        ]

    assert out["weekly"]["status"] == 200
    assert table(out["weekly"]) == [
        (1, "ann", 150.0, 1, 1),
        (2, "cy", 150.0, 1, 2),
        (3, "dee", 40.0, 1, 2),
        (4, "bob", 0.0, 0, 1),
    ]
    assert out["weekly"]["me"]["rank"] == 3
    assert table(out["computer"]) == [(1, "dee", 124.25, 2, 2)]  # 101 * 0.25 + 99
    assert out["last_week"]["start"] == "2025-03-03" and out["last_week"]["closed"] is True
    assert table(out["last_week"]) == [(1, "bob", 120.0, 1, 1), (2, "ann", 0.0, 0, 1)]
    assert out["bad"] == {"status": 400, "code": "invalid_category", "detail": out["bad"]["detail"]}
    names = [name for name, _, games in out["ratings"] if games]
    assert names == ["ann", "bob", "cy", "dee"]
    assert out["refresh_is_stable"] is True
    # Closed before the delete: frozen.
    assert table(out["last_week_after_delete"]) == table(out["last_week"])
