"""The same refresh SQL on SQLite, the embedded default of ``make run``."""

from __future__ import annotations

from tests.leaderboards.sqlite_runner import run_check, table


def test_leaderboards_work_on_sqlite_with_eager_tasks(tmp_path):
    out = run_check("tests.leaderboards.sqlite_check", tmp_path)

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
