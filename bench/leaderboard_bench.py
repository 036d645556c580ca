"""Leaderboard speed on PostgreSQL: refresh a week's and a month's standings, read a page.

    tests/with_services.sh .venv/bin/python bench/leaderboard_bench.py [--users N] [--games N]

``tests/with_services.sh`` starts a throwaway PostgreSQL and exports ``DATABASE_URL``; this
script creates its own scratch database there (migrated like the test database), loads
10,000 users and 200,000 finished games (half between two people, half against the computer,
spread over 13 weeks; each game with its seats and result rows) with ``INSERT ... SELECT``
from ``generate_series``, measures, prints the figures, and drops the database again.
Targets: a week's or a month's refresh under 1 s, a leaderboard page with ``me`` under 20 ms.
Figures are recorded in docs/benchmarks.md ("Leaderboards").
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, models, transaction  # noqa: E402
from machine import cpu_model  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from accounts.models import AuthToken, User  # noqa: E402
from games.models import Game, GameResult, Seat  # noqa: E402
from leaderboards import services  # noqa: E402
from leaderboards.models import Period, PlayerRating, Standing  # noqa: E402

SPAN_END = datetime(2025, 4, 7, tzinfo=UTC)  # a Monday: 13 whole ISO weeks of games before it
SPAN_DAYS = 91
WEEK = date(2025, 3, 3)
MONTH = date(2025, 3, 1)




def q(name: str) -> str:
    return connection.ops.quote_name(name)


def insert_select(model: type[models.Model], mapping: dict[str, str], source: str) -> int:
    """``INSERT INTO <model> (...) SELECT ... FROM <source>``.

    Columns named in ``mapping`` take that SQL expression; ``auto_now`` columns take
    ``now()``; every other column takes the field's default, so the loader keeps working when
    a model gains a column with a default.
    """
    columns, expressions, params = [], [], []
    for field in model._meta.concrete_fields:
        if field.name in mapping:
            expressions.append(mapping[field.name])
        elif isinstance(field, models.AutoField | models.BigAutoField):
            continue
        elif getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            expressions.append("now()")
        else:
            expressions.append("%s")
            params.append(field.get_db_prep_save(field.get_default(), connection))
        columns.append(q(field.column))
    sql = (
        f"INSERT INTO {q(model._meta.db_table)} ({', '.join(columns)}) "
        f"SELECT {', '.join(expressions)} FROM {source}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def load(users: int, games: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT setseed(0.42)")
        # Generated rows are consistent by construction: skip the per-row foreign key
        # triggers while loading (a superuser setting; the throwaway server runs as one).
        cursor.execute("SET session_replication_role = replica")
    insert_select(
        User,
        {
            "password": "'!'",
            "username": "'bench' || g",
            "display_name": "'Bench player ' || g",
            "is_active": "true",
            "date_joined": "now()",
        },
        f"generate_series(1, {users}) g",
    )
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT min(id) FROM {q(User._meta.db_table)}")
        first_user = cursor.fetchone()[0]
        # One staging row per game; players are skewed (a few play a lot, most a little).
        cursor.execute(
            f"""
            CREATE TEMP TABLE bench_game AS
            SELECT gen_random_uuid() AS id,
                   CASE WHEN random() < 0.5 THEN 'human' ELSE 'computer' END AS kind,
                   (ARRAY['easy', 'medium', 'hard'])[1 + floor(random() * 3)::int] AS level,
                   p0,
                   {first_user} + ((p0 - {first_user} + 1 + floor(random() * ({users} - 1))::int)
                                   %% {users}) AS p1,
                   CASE WHEN random() < 0.5 THEN 0 ELSE 1 END AS winner,
                   100 + floor(random() * 250)::int AS winner_total,
                   floor(random() * 100)::int AS loser_total,
                   %s::timestamptz - random() * interval '{SPAN_DAYS} days' AS finished_at
            FROM (SELECT {first_user} + floor(power(random(), 2) * {users})::int AS p0
                  FROM generate_series(1, {games})) s
            """,
            [SPAN_END],
        )
        cursor.execute("UPDATE bench_game SET level = '' WHERE kind = 'human'")
    insert_select(
        Game,
        {
            "id": "id",
            "status": "'finished'",
            "opponent_type": "kind",
            "difficulty": "level",
            "rules": "'{}'::jsonb",
            "version": "60",
            "created_by": "p0",
            "winner_seat": "winner",
            "finish_reason": "'target'",
            "started_at": "finished_at - interval '20 minutes'",
            "finished_at": "finished_at",
            "created_at": "finished_at - interval '20 minutes'",
            "updated_at": "finished_at",
        },
        "bench_game",
    )
    for seat, user, computer in (
        (0, "p0", "''"),
        (
            1,
            "CASE WHEN kind = 'human' THEN p1 END",
            "CASE WHEN kind = 'human' THEN '' ELSE level END",
        ),
    ):
        insert_select(
            Seat,
            {"game": "id", "seat": str(seat), "user": user, "computer": computer},
            "bench_game",
        )
    for seat, user, other, where in (
        (0, "p0", "CASE WHEN kind = 'human' THEN p1 END", "true"),
        (1, "p1", "p0", "kind = 'human'"),
    ):
        won = f"(winner = {seat})"
        insert_select(
            GameResult,
            {
                "game": "id",
                "user": user,
                "seat": str(seat),
                "opponent_type": "kind",
                "difficulty": "level",
                "opponent": other,
                "won": won,
                "reason": "'target'",
                "total": f"CASE WHEN {won} THEN winner_total ELSE loser_total END",
                "opponent_total": f"CASE WHEN {won} THEN loser_total ELSE winner_total END",
                "weight": "CASE level WHEN 'easy' THEN 0.25 WHEN 'medium' THEN 0.5 ELSE 1 END",
                "hand_points": "GREATEST(winner_total - 150, 0)",
                "hands": "5",
                "hands_won": "CASE WHEN " + won + " THEN 3 ELSE 2 END",
                "finished_at": "finished_at",
            },
            f"bench_game WHERE {where}",
        )
    # Ratings for the rating board: most players established, some provisional.
    insert_select(
        PlayerRating,
        {
            "user": "id",
            "rating": "1500 + (random() - 0.5) * 800",
            "rating_deviation": "50 + random() * 120",
            "volatility": "0.06",
            "games": "floor(random() * 100)::int",
        },
        f"{q(User._meta.db_table)}",
    )
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE bench_game")
        cursor.execute("SET session_replication_role = DEFAULT")


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def add_games(count: int, when: datetime) -> None:
    """More finished games between people, inside the measured week: the game row, its
    seats and one result row per player, as the games app writes them when a game ends."""
    users = list(User.objects.order_by("?")[: count * 2])
    for i in range(count):
        winner, loser = users[2 * i], users[2 * i + 1]
        with transaction.atomic():
            game = Game.objects.create(
                status="finished", opponent_type="human", rules={}, created_by=winner,
                winner_seat=0, finish_reason="target", started_at=when, finished_at=when,
            )
            Seat.objects.bulk_create(
                [Seat(game=game, seat=0, user=winner), Seat(game=game, seat=1, user=loser)]
            )
            GameResult.objects.bulk_create(
                [
                    GameResult(
                        game=game, user=user, seat=seat, opponent_type="human", opponent=other,
                        won=won, placement=1 if won else 2, reason="target", total=own,
                        opponent_total=theirs, hand_points=max(own - 100, 0), hands=4,
                        hands_won=2 if won else 1, finished_at=when,
                    )
                    for user, seat, other, won, own, theirs in (
                        (winner, 0, loser, True, 250, 40),
                        (loser, 1, winner, False, 40, 250),
                    )
                ]
            )


def refresh_figures(kind: str, start: date, label: str, repeat: int) -> dict[str, float]:
    """Wall time of a period's refresh (both categories) in three situations; returns medians.

    cold: no standing rows yet, every row inserted (a recompute from scratch; a period's
    first refresh normally finds only its first games); unchanged: nothing new since the last
    refresh (what most minute refreshes find); new games: 10 more games between people in
    the measured week since the last refresh (new scores move the ranks of many players).
    """
    period = services.period_get_or_create(kind=kind, start=start)

    def refresh() -> float:
        return timed(lambda: services.standings_refresh(period_id=period.pk))

    cold = []
    for _ in range(repeat):
        Standing.objects.filter(period=period).delete()
        with connection.cursor() as cursor:  # not timed: start from a table without dead rows
            cursor.execute(f"VACUUM {q(Standing._meta.db_table)}")
        cold.append(refresh())
    unchanged = [refresh() for _ in range(repeat)]
    new_games = []
    for i in range(repeat):
        add_games(10, datetime(2025, 3, 5, 12, i, tzinfo=UTC))
        new_games.append(refresh())
    figures = {"cold": cold, "unchanged": unchanged, "10 new games": new_games}
    rows = Standing.objects.filter(period=period).count()
    print(
        f"  refresh {label:<9} ({rows:>6} rows), best / median ms: "
        + ", ".join(
            f"{name} {min(times) * 1000:4.0f} / {statistics.median(times) * 1000:4.0f}"
            for name, times in figures.items()
        )
    )
    return {name: statistics.median(times) for name, times in figures.items()}


def page_figures(client: APIClient, url: str, label: str, repeat: int = 200) -> float:
    """Median wall time of a GET through Django's test client (token auth included)."""
    for _ in range(20):
        response = client.get(url, HTTP_HOST="localhost")
    assert response.status_code == 200, response.content
    body = response.json()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        client.get(url, HTTP_HOST="localhost")
        samples.append(time.perf_counter() - started)
    samples.sort()
    median = statistics.median(samples)
    me = body["me"]["rank"] if body.get("me") else None
    print(
        f"  GET {label:<26} best {samples[0] * 1000:5.1f}, median {median * 1000:5.1f}, "
        f"p95 {samples[int(len(samples) * 0.95)] * 1000:5.1f} ms "
        f"(count {body['count']}, me rank {me})"
    )
    return median


def profile(client: APIClient, url: str) -> None:
    """Print the SQL of one request with each statement's time (``--profile``)."""
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        client.get(url, HTTP_HOST="localhost")
        total = time.perf_counter() - started
    spent = sum(float(query["time"]) for query in queries.captured_queries)
    print(f"  {url}: {total * 1000:.1f} ms, of which SQL {spent * 1000:.1f} ms")
    for query in queries.captured_queries:
        print(f"    {float(query['time']) * 1000:6.2f} ms  {query['sql'][:150]}")


def explain(kind: str, start: date) -> None:
    """Print the plan of one category's refresh statements (``--explain``)."""
    period = Period.objects.get(kind=kind, start=start)
    captured: list[tuple[str, list]] = []

    class Capture:
        def __init__(self, cursor):
            self.cursor = cursor

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def execute(self, sql, params):
            captured.append((sql, params))

        def fetchone(self):
            return (0,)

    real = connection.cursor
    connection.cursor = lambda: Capture(real())  # type: ignore[method-assign]
    try:
        services._refresh_category(period, "computer")
    finally:
        connection.cursor = real  # type: ignore[method-assign]
    with connection.cursor() as cursor:
        for sql, params in captured:
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
            print("\n".join(row[0] for row in cursor.fetchall()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--explain", action="store_true", help="print the refresh plans")
    parser.add_argument("--profile", action="store_true", help="print a page's SQL timings")
    parser.add_argument("--repeat", type=int, default=5, help="refreshes per figure (median)")
    parser.add_argument(
        "--covering-index",
        action="store_true",
        help="also create a covering index on games_gameresult (not in the migrations)",
    )
    args = parser.parse_args()

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]
    original_name = connection.settings_dict["NAME"]
    connection.settings_dict["TEST"]["NAME"] = f"leaderboard_bench_{os.getpid()}"
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            server = cursor.fetchone()[0]
        print(
            f"Leaderboards bench: {args.users:,} users, {args.games:,} games; "
            f"{cpu_model()}, {os.cpu_count()} cores; PostgreSQL {server}; "
            f"Python {platform.python_version()}"
        )
        started = time.perf_counter()
        load(args.users, args.games)
        if args.covering_index:
            with connection.cursor() as cursor:
                cursor.execute(
                    f"CREATE INDEX bench_result_covering ON {q(GameResult._meta.db_table)} "
                    "(opponent_type, finished_at) INCLUDE (user_id, won, total, weight)"
                )
        with connection.cursor() as cursor:
            # What autovacuum does to an insert-only table soon after a bulk load (PostgreSQL
            # 13+): statistics and the visibility map.
            cursor.execute("VACUUM ANALYZE")
        results = GameResult.objects.count()
        print(f"  loaded {results:,} result rows in {time.perf_counter() - started:.1f} s")
        print(f"  load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

        week = refresh_figures("weekly", WEEK, "week", args.repeat)
        month = refresh_figures("monthly", MONTH, "month", args.repeat)
        everything = refresh_figures("all-time", date(1970, 1, 1), "all-time", args.repeat)
        if args.explain:
            explain("monthly", MONTH)

        with connection.cursor() as cursor:
            # The repeated cold refreshes above left dead rows behind; autovacuum would have
            # cleared them (standings otherwise change a few rows a minute).
            cursor.execute(f"VACUUM ANALYZE {q(Standing._meta.db_table)}")
        board = Standing.objects.filter(
            period__kind="weekly", period__start=WEEK, category="humans"
        ).order_by("rank", "user_id")
        middle = board[board.count() // 2]  # the caller is far outside the pages read
        _, key = AuthToken.objects.issue(middle.user)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        if args.profile:
            profile(client, "/api/v1/leaderboards/weekly?start=2025-03-03&page=50")
            profile(client, "/api/v1/leaderboards/monthly?start=2025-03-01&page=50")
            profile(client, "/api/v1/leaderboards/rating?page=10")
        boards = [
            ("week", "/api/v1/leaderboards/weekly?start=2025-03-03", 1),
            ("week", "/api/v1/leaderboards/weekly?start=2025-03-03", 50),
            (
                "month computer",
                "/api/v1/leaderboards/monthly?start=2025-03-01&category=computer",
                20,
            ),
            ("all-time", "/api/v1/leaderboards/all-time", 3),
            ("rating", "/api/v1/leaderboards/rating", 10),
        ]
        pages = []
        for label, url, wanted in boards:
            # The page wanted, or the last one on a smaller board (--users / --games).
            count = client.get(url, HTTP_HOST="localhost").json()["count"]
            page = max(1, min(wanted, -(-count // 20)))
            separator = "&" if "?" in url else "?"
            pages.append(
                page_figures(client, f"{url}{separator}page={page}", f"{label}, page {page}")
            )
        print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(
            "  targets: week refresh < 1 s: "
            f"{'ok' if max(week.values()) < 1 else 'MISSED'}; month refresh < 1 s: "
            f"{'ok' if max(month.values()) < 1 else 'MISSED'}; page with me < 20 ms: "
            f"{'ok' if max(pages) < 0.020 else 'MISSED'} "
            f"(all-time refresh, for reference: {max(everything.values()) * 1000:.0f} ms)"
        )
    finally:
        connection.creation.destroy_test_db(original_name, verbosity=0)


if __name__ == "__main__":
    main()
