"""Boards and ratings per variant on the embedded default (SQLite, eager tasks), run as a
separate process.

``python -m tests.leaderboards.sqlite_variant_check`` with ``DATABASE_URL=sqlite:///...``:
migrates, finishes a Gin Rummy game and Rummy games the way the games app does (rows, then
the signal, in one transaction), reads both variants' boards and ratings through the API,
removes a result and refreshes again, and prints a JSON summary that
``test_sqlite_variants.py`` checks.
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
    from leaderboards.models import Period, PlayerRating
    from tests.factories import UserFactory
    from tests.leaderboards.factories import finished_game
    from tests.leaderboards.rummy_factories import rummy_game

    now = datetime(2025, 3, 12, 12, tzinfo=UTC)
    out: dict = {"vendor": vendor}
    with time_machine.travel(now, tick=False):
        ann, bob, cy, dee = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee"))
        finished_game(player=ann, opponent=bob, total=150, finished_at=now, signal=True)
        rummy_game(
            places=[cy, ann, bob, dee], totals=[300, 10, -90, -220], finished_at=now, signal=True
        )
        rummy_game(
            places=[bob, cy], totals=[-5, -40], reason="rounds", finished_at=now, signal=True
        )
        gone = rummy_game(
            places=[dee, "easy"],
            totals=[140, -140],
            opponent_type="computer",
            difficulty="easy",
            finished_at=now,
            signal=True,
        )
        get = api_get(ann)

        out["gin"] = get("/api/v1/leaderboards/weekly")
        out["rummy"] = get("/api/v1/leaderboards/weekly?variant=rummy")
        out["rummy_computer"] = get("/api/v1/leaderboards/weekly?variant=rummy&category=computer")
        out["bad"] = get("/api/v1/leaderboards/weekly?variant=poker")
        out["ratings"] = sorted(
            (r.user.username, r.variant, r.games)
            for r in PlayerRating.objects.select_related("user")
        )
        GameResult.objects.filter(game=gone).delete()
        services.standings_refresh_open()
        out["rummy_computer_after_delete"] = get(
            "/api/v1/leaderboards/weekly?variant=rummy&category=computer"
        )
        out["players"] = Period.objects.get(kind="weekly").players
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
