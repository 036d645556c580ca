"""Leaderboard write operations: refresh and close periods, rate finished games.

Standings are recomputed, never incremented: a refresh aggregates the period's
``GameResult`` rows per player, for each variant and category (``GROUP BY``, ranked with a
window function), upserts the rows that changed (``INSERT ... SELECT ... ON CONFLICT DO
UPDATE``) and deletes the rows of players who no longer qualify. Repeating a refresh is
harmless, and a game can never be counted twice. Every refresh and close holds the period
row's lock, so refreshes of one period run one after the other and a closed period is
never written again.

The SQL runs on PostgreSQL (one statement per board, i.e. per variant and category) and on
SQLite >= 3.30 (three statements per board), see :func:`_refresh_board`. Closing catches
up: a run closes every period that is due, one transaction each, so a run cut short (time
limit) leaves the work done so far and the next run continues.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable
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
    DEFAULT_VARIANT,
    WIN_POINTS_COLUMN,
    Category,
    Period,
    PeriodKind,
    PlayerRating,
    RatedGame,
    Standing,
    Variant,
    players_key,
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
REFRESH_TASK = "leaderboards.refresh_standings"

QUICK_KINDS = (PeriodKind.WEEKLY.value, PeriodKind.MONTHLY.value)
"""The boards a finished game refreshes within seconds (all-time: within the minute)."""

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


def _refresh_board(period: Period, variant: str, category: str) -> int:
    """Recompute one board (variant and category) of a period; returns how many players it
    lists.

    A won game scores the winner's total (times the level weight for ``computer``) when it is
    above 0, else 0: a Rummy total may be negative, and a win must never lower a score (a
    Gin Rummy total never is, so Gin scores are the plain sum). The win still counts. An
    Indian Rummy win scores its ``hand_points`` instead (``WIN_POINTS_COLUMN``).

    Only rated result rows count (``GameResult.rated``: fair play, docs/fair-play.md).
    ``ranked`` is the aggregate, one row per active player (score, wins, games, reached_at),
    ranked with a window function; guest accounts are on no board. Only its rows that are
    new or differ from the stored ones are upserted, so a refresh that finds nothing new
    writes nothing. Players no longer in the aggregate (results removed, account
    deactivated) are deleted.

    On PostgreSQL this is one statement (data-modifying CTEs): the aggregate is computed
    once, and the upsert, the prune and the count see the same snapshot. SQLite has no DML
    in CTEs, so there the upsert, the prune and the count are three statements in the
    same transaction (SQLite's single writer keeps them consistent).
    """
    q = connection.ops.quote_name
    standing = q(Standing._meta.db_table)
    result = q(GameResult._meta.db_table)
    user = q(get_user_model()._meta.db_table)
    rank = q("rank")
    column = f"r.{q(WIN_POINTS_COLUMN.get(variant, 'total'))}"
    points = f"{column} * r.weight" if category == Category.COMPUTER else column
    scored = f"r.won AND {column} > 0"
    bounds = "r.finished_at >= %s"
    bound_params: list[Any] = [connection.ops.adapt_datetimefield_value(midnight(period.start))]
    if period.end is not None:
        bounds += " AND r.finished_at < %s"
        bound_params.append(connection.ops.adapt_datetimefield_value(midnight(period.end)))
    opponent_type = CATEGORY_OPPONENT_TYPE[Category(category)]
    key: list[Any] = [period.pk, variant, category]
    ranked = f"""
        SELECT g.user_id, g.score, g.wins, g.games, g.reached_at,
               RANK() OVER (ORDER BY g.score DESC, g.wins DESC, g.games ASC,
                                     g.reached_at ASC NULLS LAST) AS place
        FROM (
            SELECT r.user_id,
                   SUM(CASE WHEN {scored} THEN {points} ELSE 0 END) AS score,
                   SUM(CASE WHEN r.won THEN 1 ELSE 0 END) AS wins,
                   COUNT(*) AS games,
                   MAX(CASE WHEN r.won THEN r.finished_at END) AS reached_at
            FROM {result} r
            WHERE r.variant = %s AND r.opponent_type = %s AND r.rated AND {bounds}
            GROUP BY r.user_id
        ) g
        JOIN {user} u ON u.id = g.user_id
        WHERE u.is_active AND NOT u.is_guest
    """
    ranked_params = [variant, opponent_type, *bound_params]
    postgres = connection.vendor == "postgresql"
    distinct = "IS DISTINCT FROM" if postgres else "IS NOT"  # null-safe "differs"
    upsert = f"""
        INSERT INTO {standing}
            (period_id, variant, category, user_id, score, wins, games, reached_at, {rank})
        SELECT %s, %s, %s, n.user_id, n.score, n.wins, n.games, n.reached_at, n.place
        FROM ranked n
        LEFT JOIN {standing} s
            ON s.period_id = %s AND s.variant = %s AND s.category = %s
           AND s.user_id = n.user_id
        WHERE s.id IS NULL OR s.score <> n.score OR s.wins <> n.wins OR s.games <> n.games
           OR s.{rank} <> n.place OR s.reached_at {distinct} n.reached_at
        ON CONFLICT (period_id, variant, category, user_id) DO UPDATE SET
            score = excluded.score, wins = excluded.wins, games = excluded.games,
            reached_at = excluded.reached_at, {rank} = excluded.{rank}
    """
    with connection.cursor() as cursor:
        if postgres:
            cursor.execute(
                f"""
                WITH ranked AS MATERIALIZED ({ranked}),
                upserted AS ({upsert}),
                pruned AS (
                    DELETE FROM {standing} s
                    WHERE s.period_id = %s AND s.variant = %s AND s.category = %s
                      AND s.user_id NOT IN (SELECT user_id FROM ranked)  -- a hashed subplan
                )
                SELECT COUNT(*) FROM ranked
                """,
                [*ranked_params, *key, *key, *key],
            )
            return int(cursor.fetchone()[0])
        cursor.execute(f"WITH ranked AS ({ranked}) {upsert}", [*ranked_params, *key, *key])
        cursor.execute(
            f"""
            DELETE FROM {standing}
            WHERE period_id = %s AND variant = %s AND category = %s AND user_id NOT IN (
                SELECT r.user_id FROM {result} r JOIN {user} u ON u.id = r.user_id
                WHERE r.variant = %s AND r.opponent_type = %s AND r.rated AND {bounds}
                  AND u.is_active
                  AND NOT u.is_guest
            )
            """,
            [*key, *ranked_params],
        )
        cursor.execute(
            f"SELECT COUNT(*) FROM {standing} "
            "WHERE period_id = %s AND variant = %s AND category = %s",
            key,
        )
        return int(cursor.fetchone()[0])


def _refresh_category(period: Period, category: str) -> int:
    """Recompute Gin Rummy's board of ``category`` (the default variant's); returns how many
    players it lists."""
    return _refresh_board(period, DEFAULT_VARIANT, category)


def _refresh_locked(period: Period, *, now: datetime) -> None:
    """Every board of the period, Gin Rummy's first. A board of another variant that lists
    nobody is left out of ``players`` (it reads as 0), so a period without such games keeps
    the counts it had before there were other variants."""
    players = {category: _refresh_category(period, category) for category in Category.values}
    for variant in Variant.values:
        if variant == DEFAULT_VARIANT:
            continue
        for category in Category.values:
            listed = _refresh_board(period, variant, category)
            if listed:
                players[players_key(variant, category)] = listed
    period.players = players
    period.refreshed_at = now
    period.save(update_fields=["players", "refreshed_at"])


def standings_refresh(*, period_id: int, now: datetime | None = None) -> bool:
    """Recompute an open period's standings. Returns False (and changes nothing) if closed."""
    with transaction.atomic():
        period = Period.objects.select_for_update().get(pk=period_id)
        if period.closed_at is not None:
            return False
        _refresh_locked(period, now=now or timezone.now())
    return True


def standings_refresh_open(
    *, now: datetime | None = None, kinds: Iterable[str] | None = None
) -> dict[str, int]:
    """Close what is due, then refresh every open period (of ``kinds``; default all).

    Beat runs it for every kind each minute; a finished game runs it for the week and the
    month only (:data:`QUICK_KINDS`).
    """
    now = now or timezone.now()
    closed = periods_close_due(now=now)
    periods_ensure_current(now=now)
    refreshed = 0
    open_ids = Period.objects.filter(closed_at__isnull=True).order_by("pk")
    if kinds is not None:
        open_ids = open_ids.filter(kind__in=list(kinds))
    for period_id in open_ids.values_list("pk", flat=True):
        refreshed += standings_refresh(period_id=period_id, now=now)
    return {"closed": len(closed), "refreshed": refreshed}


def standings_refresh_soon() -> bool:
    """Queue a refresh of this week and month a few seconds from now, at most one at a time.

    Called after a game's commit. ``cache.add`` is atomic (Redis ``SET NX``); the key lives
    exactly as long as the countdown, so a game that finds the key set finished before the
    queued refresh runs and is counted by it. The all-time board, the costliest, is left to
    the minute refresh. Without a broker (eager tasks, no beat) everything is refreshed at
    once. Returns whether a refresh was queued.
    """
    refresh = current_app.tasks[REFRESH_TASK]  # queued by name: tasks call services
    if current_app.conf.task_always_eager:
        refresh.delay()
        return True
    if not cache.add(REFRESH_DEBOUNCE_KEY, "1", timeout=REFRESH_DEBOUNCE_SECONDS):
        return False
    refresh.apply_async(kwargs={"kinds": list(QUICK_KINDS)}, countdown=REFRESH_DEBOUNCE_SECONDS)
    return True


# --- ratings ---------------------------------------------------------------------------------


def _as_glicko(row: PlayerRating) -> glicko2.Rating:
    return glicko2.Rating(row.rating, row.rating_deviation, row.volatility)


def _pair_score(result: GameResult, other: GameResult) -> float:
    """``result``'s score against ``other`` in one game: 1 for the better place, 0 for the
    worse. First place is the one with ``won`` (the only winner of a game); below it, the
    lower ``placement`` is better. Two players of one game never share a place; if rows
    ever did, the pair would count as a draw (0.5)."""
    if result.won != other.won:
        return 1.0 if result.won else 0.0
    if result.placement != other.placement:
        return 1.0 if result.placement < other.placement else 0.0
    return 0.5


def game_rate(*, game_id: uuid.UUID | str) -> RatedGame | None:
    """Apply a finished game between people to its players' Glicko-2 ratings, exactly once.

    The ratings are those of the game's variant. A Gin Rummy game is one result between its
    two players. A Rummy game of 2 to 4 seats is one result between each pair of its human
    seats, by placement (computer seats at a mixed table have no result row and are not
    rated against): each player's results against every other person at the table are
    applied together, as one Glicko-2 rating period, from everyone's ratings before the game.

    Only rated result rows count (``GameResult.rated``): a game fair play left unrated is
    never rated. Guest accounts are never rated, and nobody is rated against them: their results are
    left out, so a Gin Rummy game with a guest is recorded unrated, and a Rummy table rates
    only the people at it who are not guests.

    The players' rating rows are locked in user-id order, the game's ``RatedGame`` row is
    checked under those locks and written in the same transaction as the new ratings, so a
    redelivered or concurrent task finds it and changes nothing. Returns the new record, or
    None when the game was rated before or has no human results (yet).
    """
    with transaction.atomic():
        if RatedGame.objects.filter(game_id=game_id).exists():
            return None
        every = GameResult.objects.filter(game_id=game_id, opponent_type="human", rated=True)
        results = list(every.filter(user__is_guest=False).order_by("user_id"))
        if not results:
            if every.exists():  # guests only: recorded, so the sweep does not come back
                return RatedGame.objects.create(game_id=game_id, applied=False)
            return None
        variant = results[0].variant
        user_ids = [r.user_id for r in results]
        PlayerRating.objects.bulk_create(
            [PlayerRating(user_id=uid, variant=variant) for uid in user_ids],
            ignore_conflicts=True,
        )
        rows = {
            row.user_id: row
            for row in PlayerRating.objects.select_for_update()
            .filter(user_id__in=user_ids, variant=variant)
            .order_by("user_id")
        }
        if RatedGame.objects.filter(game_id=game_id).exists():
            return None  # another delivery rated it while we waited for the locks
        rateable = len(results) >= 2  # two rated players at least, whatever the game
        if not rateable:
            return RatedGame.objects.create(game_id=game_id, applied=False)
        before = {uid: _as_glicko(rows[uid]) for uid in user_ids}
        table = sorted(results, key=lambda r: (not r.won, r.placement, r.user_id))
        changes = []
        now = timezone.now()  # bulk_update does not set auto_now columns
        for result in results:
            # Against everyone else, best placed first (a fixed order: the sums are floats).
            outcomes = [
                glicko2.Outcome(before[other.user_id], _pair_score(result, other))
                for other in table
                if other.user_id != result.user_id
            ]
            new = glicko2.rate(before[result.user_id], outcomes)
            row = rows[result.user_id]
            row.rating, row.rating_deviation, row.volatility = (
                new.rating,
                new.deviation,
                new.volatility,
            )
            row.games += 1
            row.updated_at = now
            old = before[result.user_id]
            changes.append(
                {
                    "user": result.user_id,
                    "placement": result.placement,
                    "score": sum(outcome.score for outcome in outcomes),
                    "before": [old.rating, old.deviation, old.volatility],
                    "after": [new.rating, new.deviation, new.volatility],
                }
            )
        PlayerRating.objects.bulk_update(  # every player's new rating in one statement
            [rows[result.user_id] for result in results],
            ["rating", "rating_deviation", "volatility", "games", "updated_at"],
        )
        return RatedGame.objects.create(game_id=game_id, changes=changes)


def games_rate_pending(*, now: datetime | None = None, limit: int = 500) -> int:
    """Rate human games (of every variant) of the last week that have no rating record yet,
    oldest first.

    A safety net for a rating task that was never queued (e.g. the broker was unreachable
    at the commit). Returns how many games it rated.
    """
    now = now or timezone.now()
    pending = (
        GameResult.objects.filter(
            opponent_type="human",
            rated=True,
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


# --- fair-play corrections ---------------------------------------------------------------------


def standings_rebuild_for(*, moments: Iterable[datetime], now: datetime | None = None) -> int:
    """Recompute every period, closed or open, that contains one of ``moments`` (and the
    all-time period): a fair-play correction after results were unrated (a mark). A closed
    period keeps ``closed_at``; its standings are rewritten from the rows as they are now.
    One transaction per period, each under its row lock; returns how many it rebuilt."""
    now = now or timezone.now()
    starts: set[tuple[str, date]] = set()
    for moment in moments:
        day = utc_day(moment)
        starts.update((kind, period_start(kind, day)) for kind in CLOSABLE_KINDS)
    if not starts:
        return 0
    ids = list(Period.objects.filter(kind=PeriodKind.ALL_TIME).values_list("pk", flat=True))
    for kind, start in sorted(starts):
        ids.extend(Period.objects.filter(kind=kind, start=start).values_list("pk", flat=True))
    for period_id in ids:
        with transaction.atomic():
            period = Period.objects.select_for_update().get(pk=period_id)
            _refresh_locked(period, now=now)
    return len(ids)


def rating_refund(*, user_id: int, variant: str, points: float) -> bool:
    """Give ``points`` of rating back to a player (a victim of a marked player), under the
    rating row's lock; the caller records the refund in the same transaction so that it is
    given once. False when the player has no rating in ``variant``."""
    with transaction.atomic():
        row = (
            PlayerRating.objects.select_for_update()
            .filter(user_id=user_id, variant=variant)
            .first()
        )
        if row is None:
            return False
        row.rating += points
        row.save(update_fields=["rating", "updated_at"])
    return True
