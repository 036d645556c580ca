"""Leaderboards on the embedded default (SQLite, eager tasks), run as a separate process.

``python -m tests.leaderboards.sqlite_check`` with ``DATABASE_URL=sqlite:///...``: migrates,
finishes games the way the games app does (rows, then the signal, in one transaction),
reads the boards through the API, closes a period, and prints a JSON summary that
``test_sqlite.py`` checks. The test suite itself runs on PostgreSQL only.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from tests.leaderboards.sqlite_runner import api_get, start


def main() -> None:
    vendor = start()

    import time_machine

    from games.models import GameResult
    from leaderboards import services
    from leaderboards.models import PlayerRating, Standing
    from tests.factories import UserFactory
    from tests.leaderboards.factories import finished_game

    now = datetime(2025, 3, 12, 12, tzinfo=UTC)
    out: dict = {"vendor": vendor}
    with time_machine.travel(now, tick=False):
        ann, bob, cy, dee = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee"))
        finished_game(player=ann, opponent=bob, total=150, finished_at=now, signal=True)
        # cy ties ann on score and wins, with one game more.
        finished_game(player=cy, opponent=dee, total=150, finished_at=now, signal=True)
        finished_game(player=cy, opponent=dee, won=False, total=20, finished_at=now, signal=True)
        finished_game(player=dee, difficulty="easy", total=101, finished_at=now, signal=True)
        finished_game(player=dee, difficulty="hard", total=99, finished_at=now, signal=True)
        last_week = finished_game(
            player=bob,
            opponent=ann,
            total=120,
            finished_at=datetime(2025, 3, 9, 23, 59, 59, tzinfo=UTC),
            signal=True,
        )
        get = api_get(dee)

        out["weekly"] = get("/api/v1/leaderboards/weekly")
        out["computer"] = get("/api/v1/leaderboards/weekly?category=computer")
        out["last_week"] = get("/api/v1/leaderboards/weekly?start=2025-03-03")
        out["bad"] = get("/api/v1/leaderboards/weekly?category=x")
        out["ratings"] = sorted(
            (r.user.username, round(r.rating, 2), r.games)
            for r in PlayerRating.objects.select_related("user")
        )
        rows = list(Standing.objects.order_by("pk").values())
        services.standings_refresh_open()
        out["refresh_is_stable"] = list(Standing.objects.order_by("pk").values()) == rows
        GameResult.objects.filter(game=last_week).delete()
        services.standings_refresh_open()
        out["last_week_after_delete"] = get("/api/v1/leaderboards/weekly?start=2025-03-03")
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
