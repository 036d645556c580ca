"""Leaderboard write operations: refresh and close periods, rate finished games.

Standings are recomputed, never incremented: a refresh aggregates the period's
``GameResult`` rows with one ``INSERT ... SELECT ... GROUP BY ... ON CONFLICT DO UPDATE``
per category (the rank comes from a window function in the same statement), then deletes
the rows of players who no longer qualify. Repeating a refresh is harmless, and a game can
never be counted twice. Every refresh and close holds the period row's lock, so refreshes
of one period run one after the other and a closed period is never written again.

The SQL runs on PostgreSQL and on SQLite >= 3.30 (``ON CONFLICT DO UPDATE``, window
functions, ``NULLS LAST``); the one difference, the null-safe comparison, is chosen per
vendor in :func:`_null_safe_distinct`.
"""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta
from typing import Any

from celery import current_app
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Min
from django.utils import timezone

from games.models import GameResult

from . import glicko2
from .models import (
    CATEGORY_OPPONENT_TYPE,
    Category,
    Period,
    PeriodKind,
    PlayerRating,
    RatedGame,
    Standing,
)
from .periods import CLOSABLE_KINDS, current_start, midnight, period_end, period_start, utc_day

logger = logging.getLogger(__name__)

CLOSE_GRACE = timedelta(seconds=60)
"""A period is closed this long after it ended, so a game that finished at 23:59:59 and
committed a moment later is still in its final standings."""

REFRESH_DEBOUNCE_SECONDS = 3
"""A finished game queues a refresh this many seconds later; games finishing meanwhile
share it. The cache key lives exactly as long as the countdown (see
:func:`standings_refresh_soon`)."""
REFRESH_DEBOUNCE_KEY = "leaderboards:refresh-queued"

RATING_SWEEP_WINDOW = timedelta(days=7)
RATING_SWEEP_MIN_AGE = timedelta(seconds=30)


# --- periods ---------------------------------------------------------------------------------


def period_get_or_create(*, kind: str, start: date) -> Period:
    """The period row of ``kind`` starting on ``start`` (which must be a period's first day)."""
    if period_start(kind, start) != start:
        raise ValueError(f"{start} is not the first day of a {kind} period")
    period, _ = Period.objects.get_or_create(
        kind=kind, start=start, defaults={"end": period_end(kind, start)}
    )
    return period


def periods_ensure_current(*, now: datetime) -> list[Period]:
    """This week's, this month's and the all-time period rows (created when missing)."""
    return [
        period_get_or_create(kind=kind, start=current_start(kind, now))
        for kind in (PeriodKind.WEEKLY, PeriodKind.MONTHLY, PeriodKind.ALL_TIME)
    ]


def _earliest_result_day() -> date | None:
    """The UTC day of the first finished game (one index probe per opponent type)."""
    firsts = [
        GameResult.objects.filter(opponent_type=opponent_type)
        .order_by("finished_at")
        .values_list("finished_at", flat=True)
        .first()
        for opponent_type in CATEGORY_OPPONENT_TYPE.values()
    ]
    moments = [moment for moment in firsts if moment is not None]
    return utc_day(min(moments)) if moments else None


def _due_starts(kind: str, *, now: datetime) -> list[date]:
    """First days of every ``kind`` period that has ended (plus the grace) and is not closed.

    Walks forward from the last closed period (or from the first finished game), so periods
    missed while beat was down are closed too, empty ones included.
    """
    open_start = current_start(kind, now - CLOSE_GRACE)
    last_closed = (
        Period.objects.filter(kind=kind, closed_at__isnull=False)
        .order_by("-start")
        .values_list("start", flat=True)
        .first()
    )
    if last_closed is not None:
        first = period_end(kind, last_closed)
    else:
        earliest = _earliest_result_day()
        first = period_start(kind, earliest) if earliest is not None else open_start
    due: set[date] = set(
        Period.objects.filter(kind=kind, closed_at__isnull=True, start__lt=open_start).values_list(
            "start", flat=True
        )
    )
    start = first
    while start is not None and start < open_start:
        due.add(start)
        start = period_end(kind, start)
    return sorted(due)


def period_close(*, period_id: int, now: datetime | None = None) -> bool:
    """Final refresh, then freeze. Returns False when it was already closed (idempotent)."""
    now = now or timezone.now()
    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period_id)
        if period.closed_at is not None:
            return False
        if period.kind == PeriodKind.ALL_TIME:
            raise ValueError("the all-time period is never closed")
        _refresh_locked(period, now=now)
        period.closed_at = now
        period.save(update_fields=["closed_at"])
    logger.info("leaderboard period %s closed", period)
    return True


def periods_close_due(*, now: datetime | None = None) -> list[Period]:
    """Close every week and month that ended at least ``CLOSE_GRACE`` ago, oldest first.

    Idempotent: a closed period is skipped, never recomputed. Returns the periods it closed.
    """
    now = now or timezone.now()
    closed = []
    for kind in CLOSABLE_KINDS:
        for start in _due_starts(kind, now=now):
            period = period_get_or_create(kind=kind, start=start)
            if period_close(period_id=period.pk, now=now):
                closed.append(period)
    return closed


# --- standings -------------------------------------------------------------------------------


def _null_safe_distinct(left: str, right: str) -> str:
    if connection.vendor == "postgresql":
        return f"{left} IS DISTINCT FROM {right}"
    return f"{left} IS NOT {right}"  # SQLite: IS NOT compares NULLs as values


def _refresh_category(period: Period, category: str) -> None:
    """Recompute one category of a period: upsert the aggregate with ranks, drop the rest."""
    q = connection.ops.quote_name
    standing = q(Standing._meta.db_table)
    result = q(GameResult._meta.db_table)
    user = q(get_user_model()._meta.db_table)
    points = "r.total * r.weight" if category == Category.COMPUTER else "r.total"
    lower = connection.ops.adapt_datetimefield_value(midnight(period.start))
    bounds = "r.finished_at >= %s"
    bound_params: list[Any] = [lower]
    if period.end is not None:
        bounds += " AND r.finished_at < %s"
        bound_params.append(connection.ops.adapt_datetimefield_value(midnight(period.end)))
    opponent_type = CATEGORY_OPPONENT_TYPE[Category(category)]
    columns = ("score", "wins", "games", "reached_at", "rank")
    changed = " OR ".join(
        _null_safe_distinct(f"{standing}.{q(c)}", f"excluded.{q(c)}") for c in columns
    )
    upsert = f"""
        INSERT INTO {standing}
            (period_id, category, user_id, score, wins, games, reached_at, {q("rank")})
        SELECT %s, %s, a.user_id, a.score, a.wins, a.games, a.reached_at,
               RANK() OVER (ORDER BY a.score DESC, a.wins DESC, a.games ASC,
                                     a.reached_at ASC NULLS LAST)
        FROM (
            SELECT r.user_id,
                   SUM(CASE WHEN r.won THEN {points} ELSE 0 END) AS score,
                   SUM(CASE WHEN r.won THEN 1 ELSE 0 END) AS wins,
                   COUNT(*) AS games,
                   MAX(CASE WHEN r.won THEN r.finished_at END) AS reached_at
            FROM {result} r
            JOIN {user} u ON u.id = r.user_id
            WHERE r.opponent_type = %s AND {bounds} AND u.is_active
            GROUP BY r.user_id
        ) a
        WHERE 1 = 1
        ON CONFLICT (period_id, category, user_id) DO UPDATE SET
            score = excluded.score, wins = excluded.wins, games = excluded.games,
            reached_at = excluded.reached_at, {q("rank")} = excluded.{q("rank")}
        WHERE {changed}
    """
    prune = f"""
        DELETE FROM {standing}
        WHERE period_id = %s AND category = %s AND NOT EXISTS (
            SELECT 1 FROM {result} r JOIN {user} u ON u.id = r.user_id
            WHERE r.user_id = {standing}.user_id AND r.opponent_type = %s AND {bounds}
              AND u.is_active
        )
    """
    with connection.cursor() as cursor:
        cursor.execute(upsert, [period.pk, category, opponent_type, *bound_params])
        cursor.execute(prune, [period.pk, category, opponent_type, *bound_params])


def _refresh_locked(period: Period, *, now: datetime) -> None:
    for category in Category.values:
        _refresh_category(period, category)
    period.refreshed_at = now
    period.save(update_fields=["refreshed_at"])


def standings_refresh(*, period_id: int, now: datetime | None = None) -> bool:
    """Recompute an open period's standings. Returns False (and changes nothing) if closed."""
    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period_id)
        if period.closed_at is not None:
            return False
        _refresh_locked(period, now=now or timezone.now())
    return True


def standings_refresh_open(*, now: datetime | None = None) -> dict[str, int]:
    """What beat runs every minute: close what is due, then refresh every open period."""
    now = now or timezone.now()
    closed = periods_close_due(now=now)
    periods_ensure_current(now=now)
    refreshed = 0
    open_ids = Period.objects.filter(closed_at__isnull=True).order_by("pk")
    for period_id in open_ids.values_list("pk", flat=True):
        refreshed += standings_refresh(period_id=period_id, now=now)
    return {"closed": len(closed), "refreshed": refreshed}


def standings_refresh_soon() -> bool:
    """Queue a refresh of the open periods a few seconds from now, at most one at a time.

    Called after a game's commit. ``cache.add`` is atomic (Redis ``SET NX``); the key lives
    exactly as long as the countdown, so a game that finds the key set finished before the
    queued refresh runs and is counted by it. Without a broker (eager tasks) the refresh runs
    at once. Returns whether a refresh was queued.
    """
    from .tasks import refresh_standings

    if current_app.conf.task_always_eager:
        refresh_standings.delay()
        return True
    if not cache.add(REFRESH_DEBOUNCE_KEY, "1", timeout=REFRESH_DEBOUNCE_SECONDS):
        return False
    refresh_standings.apply_async(countdown=REFRESH_DEBOUNCE_SECONDS)
    return True


# --- ratings ---------------------------------------------------------------------------------


def _as_glicko(row: PlayerRating) -> glicko2.Rating:
    return glicko2.Rating(row.rating, row.rating_deviation, row.volatility)


def game_rate(*, game_id: Any) -> RatedGame | None:
    """Apply a finished human game to both players' Glicko-2 ratings, exactly once.

    Both rating rows are locked in user-id order, the game's ``RatedGame`` row is checked
    under those locks and written in the same transaction as the new ratings, so a
    redelivered or concurrent task finds it and changes nothing. Returns the new record, or
    None when the game was rated before or has no human results (yet).
    """
    with transaction.atomic():
        if RatedGame.objects.filter(game_id=game_id).exists():
            return None
        results = list(
            GameResult.objects.filter(game_id=game_id, opponent_type="human").order_by("user_id")
        )
        if not results:
            return None
        user_ids = [r.user_id for r in results]
        PlayerRating.objects.bulk_create(
            [PlayerRating(user_id=uid) for uid in user_ids], ignore_conflicts=True
        )
        rows = {
            row.user_id: row
            for row in PlayerRating.objects.select_for_update()
            .filter(user_id__in=user_ids)
            .order_by("user_id")
        }
        if RatedGame.objects.filter(game_id=game_id).exists():
            return None  # another delivery rated it while we waited for the locks
        if len(results) != 2:
            return RatedGame.objects.create(game_id=game_id, applied=False)
        before = {uid: _as_glicko(rows[uid]) for uid in user_ids}
        changes = []
        for result, other in ((results[0], results[1]), (results[1], results[0])):
            score = 1.0 if result.won else 0.0
            new = glicko2.rate(
                before[result.user_id], [glicko2.Outcome(before[other.user_id], score)]
            )
            row = rows[result.user_id]
            row.rating, row.rating_deviation, row.volatility = (
                new.rating,
                new.deviation,
                new.volatility,
            )
            row.games += 1
            row.save(
                update_fields=["rating", "rating_deviation", "volatility", "games", "updated_at"]
            )
            old = before[result.user_id]
            changes.append(
                {
                    "user": result.user_id,
                    "score": score,
                    "before": [old.rating, old.deviation, old.volatility],
                    "after": [new.rating, new.deviation, new.volatility],
                }
            )
        return RatedGame.objects.create(game_id=game_id, changes=changes)


def games_rate_pending(*, now: datetime | None = None, limit: int = 500) -> int:
    """Rate human games of the last week that have no rating record yet, oldest first.

    A safety net for a rating task that was never queued (e.g. the broker was unreachable
    at the commit). Returns how many games it rated.
    """
    now = now or timezone.now()
    pending = (
        GameResult.objects.filter(
            opponent_type="human",
            finished_at__gte=now - RATING_SWEEP_WINDOW,
            finished_at__lt=now - RATING_SWEEP_MIN_AGE,
        )
        .exclude(game_id__in=RatedGame.objects.values("game_id"))
        .values("game_id")
        .annotate(first=Min("finished_at"))
        .order_by("first", "game_id")[:limit]
    )
    rated = 0
    for row in list(pending):
        rated += game_rate(game_id=row["game_id"]) is not None
    return rated
