"""Boards and ratings per variant on SQLite, the embedded default of ``make run``."""

from __future__ import annotations

from tests.leaderboards.sqlite_runner import run_check, table


def test_variants_work_on_sqlite_with_eager_tasks(tmp_path):
    out = run_check("tests.leaderboards.sqlite_variant_check", tmp_path)

    assert out["gin"]["variant"] == "gin"
    assert table(out["gin"]) == [(1, "ann", 150.0, 1, 1), (2, "bob", 0.0, 0, 1)]
    assert out["rummy"]["variant"] == "rummy"
    assert table(out["rummy"]) == [
        (1, "cy", 300.0, 1, 2),
        (2, "bob", 0.0, 1, 2),  # won with -5: a win, no points
        (3, "ann", 0.0, 0, 1),
        (3, "dee", 0.0, 0, 1),  # tied with ann: same rank
    ]
    assert out["rummy"]["me"]["rank"] == 3
    assert table(out["rummy_computer"]) == [(1, "dee", 35.0, 1, 1)]  # 140 * 0.25
    assert out["bad"]["status"] == 400 and out["bad"]["code"] == "invalid_variant"
    assert [tuple(rating) for rating in out["ratings"]] == [
        ("ann", "gin", 1),
        ("ann", "rummy", 1),
        ("bob", "gin", 1),
        ("bob", "rummy", 2),
        ("cy", "rummy", 2),
        ("dee", "rummy", 1),
    ]
    assert out["rummy_computer_after_delete"]["count"] == 0
    assert table(out["rummy_computer_after_delete"]) == []
    assert out["players"] == {"humans": 2, "computer": 0, "rummy:humans": 4}
