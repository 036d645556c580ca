"""Leaderboard read operations (no writes: a missing period reads as empty standings)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.utils import timezone

from accounts.models import User
from core.exceptions import ApplicationError
from core.replica import reads_connection

from .glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING
from .models import (
    ALL_TIME_START,
    DEFAULT_VARIANT,
    RATING_MAX_DEVIATION,
    Category,
    Period,
    PeriodKind,
    PlayerRating,
    Standing,
    Variant,
    players_key,
)
from .periods import current_start, period_end, period_start, utc_day


class InvalidPeriod(ApplicationError):
    code = "invalid_period"
    default_detail = "Unknown period: use weekly, monthly or all-time."


class InvalidCategory(ApplicationError):
    code = "invalid_category"
    default_detail = "Unknown category: use humans or computer."


def _one_of(names: list[str]) -> str:
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]


class InvalidVariant(ApplicationError):
    code = "invalid_variant"
    default_detail = f"Unknown variant: use {_one_of(Variant.values)}."


def board_variant(variant: str | None) -> str:
    """The variant a board request asked for (default ``gin``); 400 ``invalid_variant``."""
    if variant is None:
        return DEFAULT_VARIANT
    if variant not in Variant.values:
        raise InvalidVariant()
    return variant


class InvalidDate(ApplicationError):
    code = "invalid_date"
    default_detail = "start must be a date YYYY-MM-DD inside a past or the current period."


@dataclass(frozen=True, slots=True)
class Board:
    """Which standings a request asked for, and the period row when it exists."""

    kind: str
    variant: str
    category: str
    start: date | None
    """First day of the period (None for all time)."""
    end: date | None
    """Last day of the period, inclusive (None for all time)."""
    period: Period | None

    @property
    def updated_at(self) -> datetime | None:
        return self.period.refreshed_at if self.period else None

    @property
    def closed(self) -> bool:
        return bool(self.period and self.period.closed_at)

    @property
    def players(self) -> int:
        """How many players the board lists (stored by the refresh that wrote them)."""
        if self.period is None:
            return 0
        return int(self.period.players.get(players_key(self.variant, self.category), 0))


def leaderboard_board(
    *,
    kind: str,
    category: str,
    start: date | None,
    variant: str = DEFAULT_VARIANT,
    now: datetime | None = None,
) -> Board:
    """Resolve a request's period, variant and category; 400 with a code for anything
    invalid. Periods are shared by the variants; the standings are the variant's.

    ``start`` may be any day inside the wanted period (it is moved to the period's first
    day); it must not be later than today (UTC), nor before 1970.
    """
    if kind not in PeriodKind.values:
        raise InvalidPeriod()
    if category not in Category.values:
        raise InvalidCategory()
    variant = board_variant(variant)
    now = now or timezone.now()
    if kind == PeriodKind.ALL_TIME:
        if start is not None:
            raise InvalidDate("The all-time leaderboard has no periods: leave out start.")
        first = ALL_TIME_START
    elif start is None:
        first = current_start(kind, now)
    else:
        if start < ALL_TIME_START:
            raise InvalidDate(f"start must not be before {ALL_TIME_START.isoformat()}.")
        if start > utc_day(now):
            raise InvalidDate("start lies in the future.")
        first = period_start(kind, start)
    period = Period.objects.filter(kind=kind, start=first).first()
    if kind == PeriodKind.ALL_TIME:
        return Board(kind, variant, category, None, None, period)
    end = period_end(kind, first)
    assert end is not None
    return Board(kind, variant, category, first, date.fromordinal(end.toordinal() - 1), period)


def _quoted_tables() -> dict[str, str]:
    q = connection.ops.quote_name
    return {
        "standing": q(Standing._meta.db_table),
        "rating": q(PlayerRating._meta.db_table),
        "user": q(get_user_model()._meta.db_table),
        "rank": q("rank"),
    }


# The public name, as ``User.public_name`` computes it.
_PUBLIC_NAME = "COALESCE(NULLIF(u.display_name, ''), u.username)"


class _Rows:
    """A board's rows for Django's paginator (``count()`` and slicing).

    Slicing runs one query that returns the page *and* the caller's own row, which is then
    available as :attr:`me`. Rows are plain dicts in the API's shape: a leaderboard page is
    read far more often than anything else here, and skipping ORM and serializer work keeps
    it within a few milliseconds (docs/benchmarks.md).
    """

    def __init__(self, user: User | AnonymousUser) -> None:
        self.user_id = user.pk if getattr(user, "is_authenticated", False) else None
        self._me: dict[str, Any] | None = None
        self._me_loaded = False

    def count(self) -> int:
        raise NotImplementedError

    def _fetch(self, offset: int, limit: int) -> tuple[list[dict[str, Any]], dict | None]:
        raise NotImplementedError

    def __getitem__(self, bounds: slice) -> list[dict[str, Any]]:
        offset = bounds.start or 0
        limit = max((bounds.stop if bounds.stop is not None else offset) - offset, 0)
        rows, self._me = self._fetch(offset, limit)
        self._me_loaded = True
        return rows

    @property
    def me(self) -> dict[str, Any] | None:
        if not self._me_loaded:
            self[0:0]
        return self._me


class StandingRows(_Rows):
    """The standings of a board, best first; ``me`` is the caller's entry with its rank."""

    def __init__(self, board: Board, user: User | AnonymousUser) -> None:
        super().__init__(user)
        self.board = board

    def count(self) -> int:
        return self.board.players

    def _fetch(self, offset: int, limit: int) -> tuple[list[dict[str, Any]], dict | None]:
        if self.board.period is None:
            return [], None
        t = _quoted_tables()
        columns = f"s.{t['rank']}, s.user_id, u.username, {_PUBLIC_NAME}, s.score, s.wins, s.games"
        key: list[Any] = [self.board.period.pk, self.board.variant, self.board.category]
        with reads_connection().cursor() as cursor:
            cursor.execute(
                f"""
                SELECT 0 AS part, {columns}
                FROM (
                    SELECT * FROM {t["standing"]}
                    WHERE period_id = %s AND variant = %s AND category = %s
                    ORDER BY score DESC, wins DESC, games, reached_at NULLS LAST, user_id
                    LIMIT %s OFFSET %s
                ) s
                JOIN {t["user"]} u ON u.id = s.user_id
                UNION ALL
                SELECT 1, {columns}
                FROM {t["standing"]} s JOIN {t["user"]} u ON u.id = s.user_id
                WHERE s.period_id = %s AND s.variant = %s AND s.category = %s
                  AND s.user_id = %s
                """,
                [*key, limit, offset, *key, self.user_id],
            )
            fetched = cursor.fetchall()
        page = sorted((row for row in fetched if row[0] == 0), key=lambda row: row[1:3])
        mine = [row for row in fetched if row[0] == 1]
        return [_standing(row) for row in page], (_standing(mine[0]) if mine else None)


def _standing(row: tuple) -> dict[str, Any]:
    _, rank, _, username, display_name, score, wins, games = row
    return {
        "rank": rank,
        "user": {"username": username, "display_name": display_name},
        "score": round(float(score), 2),
        "wins": wins,
        "games": games,
    }


# --- ratings ---------------------------------------------------------------------------------


def _established(t: dict[str, str]) -> str:
    """Rows of ``r`` (ratings) on the board: the variant's (first parameter), deviation <=
    110 (second), account active. The few deactivated accounts are excluded with a hashed
    subplan rather than a join, so counts read the partial rating index alone."""
    return (
        f"r.variant = %s AND r.rating_deviation <= %s AND r.user_id NOT IN "
        f"(SELECT id FROM {t['user']} WHERE NOT is_active)"
    )


class RatingRows(_Rows):
    """Established players (deviation <= 110, active) of one variant by rating; equal
    ratings share a rank.

    The caller's ``me`` is their entry whether or not they are established (rank None while
    provisional), or None without a rated game. Two queries a page: the count (with how
    many established players rate above the caller), and the page (from one row before
    it, which gives the first row's rank unless it ties with that row).
    """

    def __init__(self, user: User | AnonymousUser, variant: str = DEFAULT_VARIANT) -> None:
        super().__init__(user)
        self.variant = variant
        self._counts: tuple[int, int] | None = None

    def _count_and_above_me(self) -> tuple[int, int]:
        if self._counts is None:
            t = _quoted_tables()
            with reads_connection().cursor() as cursor:
                cursor.execute(
                    f"""
                    SELECT COUNT(*), SUM(CASE WHEN r.rating > (
                        SELECT m.rating FROM {t["rating"]} m
                        WHERE m.user_id = %s AND m.variant = %s
                    ) THEN 1 ELSE 0 END)
                    FROM {t["rating"]} r WHERE {_established(t)}
                    """,
                    [self.user_id, self.variant, self.variant, RATING_MAX_DEVIATION],
                )
                total, above_me = cursor.fetchone()
            self._counts = (int(total), int(above_me or 0))
        return self._counts

    def count(self) -> int:
        return self._count_and_above_me()[0]

    def _above(self, rating: float) -> int:
        """How many established players rate strictly higher than ``rating``."""
        t = _quoted_tables()
        with reads_connection().cursor() as cursor:
            cursor.execute(
                f"SELECT COUNT(*) FROM {t['rating']} r WHERE {_established(t)} AND r.rating > %s",
                [self.variant, RATING_MAX_DEVIATION, rating],
            )
            return int(cursor.fetchone()[0])

    def _fetch(self, offset: int, limit: int) -> tuple[list[dict[str, Any]], dict | None]:
        t = _quoted_tables()
        columns = (
            f"r.user_id, u.username, {_PUBLIC_NAME}, r.rating, r.rating_deviation, r.games, "
            "u.is_active"
        )
        before = 1 if offset > 0 else 0
        with reads_connection().cursor() as cursor:
            cursor.execute(
                f"""
                SELECT * FROM (
                    SELECT 0 AS part, {columns}
                    FROM {t["rating"]} r JOIN {t["user"]} u ON u.id = r.user_id
                    WHERE {_established(t)}
                    ORDER BY r.rating DESC, r.rating_deviation, r.user_id LIMIT %s OFFSET %s
                ) page
                UNION ALL
                SELECT 1, {columns}
                FROM {t["rating"]} r JOIN {t["user"]} u ON u.id = r.user_id
                WHERE r.user_id = %s AND r.variant = %s
                """,
                [
                    self.variant,
                    RATING_MAX_DEVIATION,
                    limit + before,
                    offset - before,
                    self.user_id,
                    self.variant,
                ],
            )
            fetched = cursor.fetchall()
        rows = sorted(
            (row for row in fetched if row[0] == 0), key=lambda row: (-row[4], row[5], row[1])
        )
        previous, page = (rows[0], rows[1:]) if before and rows else (None, rows)
        entries: list[dict[str, Any]] = []
        for i, row in enumerate(page):
            if i > 0 and row[4] == page[i - 1][4]:
                rank = entries[-1]["rank"]  # a tie shares the rank above
            elif i == 0 and previous is not None and previous[4] == row[4]:
                rank = self._above(row[4]) + 1  # tied with the row before the page
            else:
                rank = offset + i + 1  # everyone listed before it rates higher
            entries.append(_rating(row, rank))
        mine = next((row for row in fetched if row[0] == 1), None)
        me = None
        if mine is not None:
            ranked = mine[5] <= RATING_MAX_DEVIATION and bool(mine[7])
            me = _rating(mine, self._count_and_above_me()[1] + 1 if ranked else None)
        return entries, me


def _rating(row: tuple, rank: int | None) -> dict[str, Any]:
    _, _, username, display_name, rating, deviation, games, _ = row
    return {
        "rank": rank,
        "user": {"username": username, "display_name": display_name},
        "rating": round(rating, 2),
        "rating_deviation": round(deviation, 2),
        "games": games,
        "provisional": deviation > RATING_MAX_DEVIATION,
    }


def _rating_stats(rating: float, deviation: float) -> dict[str, Any]:
    return {
        "rating": round(rating, 2),
        "rating_deviation": round(deviation, 2),
        "rating_provisional": deviation > RATING_MAX_DEVIATION,
    }


def player_rating(*, user: User, variant: str = DEFAULT_VARIANT) -> dict[str, Any]:
    """The player's skill rating in ``variant`` (new players: 1500 ± 350, provisional)."""
    row = (
        PlayerRating.objects.filter(user=user, variant=variant)
        .values("rating", "rating_deviation")
        .first()
    )
    if row is None:
        return _rating_stats(DEFAULT_RATING, DEFAULT_DEVIATION)
    return _rating_stats(row["rating"], row["rating_deviation"])


def profile_ratings(*, user: User) -> dict[str, Any]:
    """A profile's ratings (one query): Gin Rummy's at the top level, as before there were
    other variants, and every variant's under ``variants`` (merged with the games app's
    per-variant games and wins, see ``accounts.stats``)."""
    rows = {
        row["variant"]: (row["rating"], row["rating_deviation"])
        for row in PlayerRating.objects.filter(user=user).values(
            "variant", "rating", "rating_deviation"
        )
    }
    variants = {
        variant: _rating_stats(*rows.get(variant, (DEFAULT_RATING, DEFAULT_DEVIATION)))
        for variant in Variant.values
    }
    return {**variants[DEFAULT_VARIANT], "variants": variants}
