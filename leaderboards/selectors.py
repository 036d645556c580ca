"""Leaderboard read operations (no writes: a missing period reads as empty standings)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import F, QuerySet, Window
from django.db.models.functions import Rank
from django.utils import timezone

from config.exceptions import ApplicationError

from .glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING
from .models import (
    ALL_TIME_START,
    RATING_MAX_DEVIATION,
    Category,
    Period,
    PeriodKind,
    PlayerRating,
    Standing,
)
from .periods import current_start, period_end, period_start, utc_day

EARLIEST_DATE = ALL_TIME_START


class InvalidPeriod(ApplicationError):
    code = "invalid_period"
    default_detail = "Unknown period: use weekly, monthly or all-time."


class InvalidCategory(ApplicationError):
    code = "invalid_category"
    default_detail = "Unknown category: use humans or computer."


class InvalidDate(ApplicationError):
    code = "invalid_date"
    default_detail = "start must be a date YYYY-MM-DD inside a past or the current period."


@dataclass(frozen=True, slots=True)
class Board:
    """Which standings a request asked for, and the period row when it exists."""

    kind: str
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


def leaderboard_board(
    *, kind: str, category: str, start: date | None, now: datetime | None = None
) -> Board:
    """Resolve a request's period and category; 400 with a code for anything invalid.

    ``start`` may be any day inside the wanted period (it is moved to the period's first
    day); it must not be later than today (UTC), nor before 1970.
    """
    if kind not in PeriodKind.values:
        raise InvalidPeriod()
    if category not in Category.values:
        raise InvalidCategory()
    now = now or timezone.now()
    if kind == PeriodKind.ALL_TIME:
        if start is not None:
            raise InvalidDate("The all-time leaderboard has no periods: leave out start.")
        first = ALL_TIME_START
    elif start is None:
        first = current_start(kind, now)
    else:
        if start < EARLIEST_DATE:
            raise InvalidDate(f"start must not be before {EARLIEST_DATE.isoformat()}.")
        if start > utc_day(now):
            raise InvalidDate("start lies in the future.")
        first = period_start(kind, start)
    period = Period.objects.filter(kind=kind, start=first).first()
    if kind == PeriodKind.ALL_TIME:
        return Board(kind, category, None, None, period)
    end = period_end(kind, first)
    assert end is not None
    return Board(kind, category, first, date.fromordinal(end.toordinal() - 1), period)


def leaderboard_standings(*, board: Board) -> QuerySet[Standing]:
    """The board's standings, best first (users included); empty when never computed."""
    if board.period is None:
        return Standing.objects.none()
    return (
        Standing.objects.filter(period=board.period, category=board.category)
        .select_related("user")
        .order_by("rank", "user_id")
    )


def leaderboard_entry(*, board: Board, user: Any) -> Standing | None:
    """The caller's own standing on the board (with its rank), or None."""
    if board.period is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        Standing.objects.filter(period=board.period, category=board.category, user=user)
        .select_related("user")
        .first()
    )


# --- ratings ---------------------------------------------------------------------------------


def _rated() -> QuerySet[PlayerRating]:
    return PlayerRating.objects.filter(
        rating_deviation__lte=RATING_MAX_DEVIATION, user__is_active=True
    )


def rating_board() -> QuerySet[PlayerRating]:
    """Established players (deviation <= 110) by rating; equal ratings share a rank."""
    return (
        _rated()
        .select_related("user")
        .annotate(rank=Window(Rank(), order_by=F("rating").desc()))
        .order_by("-rating", "rating_deviation", "user_id")
    )


def rating_entry(*, user: Any) -> dict[str, Any] | None:
    """The caller's rating with their rank (rank None while provisional); None if unrated."""
    row = PlayerRating.objects.select_related("user").filter(user=user).first()
    if row is None:
        return None
    provisional = row.rating_deviation > RATING_MAX_DEVIATION
    rank = None
    if not provisional and row.user.is_active:
        rank = _rated().filter(rating__gt=row.rating).count() + 1
    return {"row": row, "rank": rank, "provisional": provisional}


def player_rating(*, user: Any) -> dict[str, Any]:
    """The player's skill rating for profiles (new players: 1500 ± 350, provisional)."""
    row = PlayerRating.objects.filter(user=user).values("rating", "rating_deviation").first()
    rating, deviation = (
        (row["rating"], row["rating_deviation"]) if row else (DEFAULT_RATING, DEFAULT_DEVIATION)
    )
    return {
        "rating": round(rating, 2),
        "rating_deviation": round(deviation, 2),
        "rating_provisional": deviation > RATING_MAX_DEVIATION,
    }
