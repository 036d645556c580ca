"""Leaderboard periods, their standings, and Glicko-2 skill ratings.

Standings are derived data: ``services.standings_refresh`` recomputes a period's rows from
``games.GameResult`` with one set-based statement per variant and category, so a refresh can
be repeated at any time and always converges on the same rows. A closed period (``closed_at``
set) is never recomputed again: its standings are frozen. Periods are shared by the variants
(a week is the same week for Gin Rummy and Rummy); standings and ratings are per variant.
See docs/leaderboards.md.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import Q

from .glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY


class PeriodKind(models.TextChoices):
    WEEKLY = "weekly", "Weekly (ISO week, from Monday 00:00 UTC)"
    MONTHLY = "monthly", "Monthly (calendar month, UTC)"
    ALL_TIME = "all-time", "All time"


class Variant(models.TextChoices):
    """The games with boards of their own (docs/games/rummy.md): ``?variant=`` on every board."""

    GIN = "gin", "Gin Rummy"
    RUMMY = "rummy", "Rummy (2 to 4 players)"
    INDIAN = "indian", "Indian Rummy (2 to 6 players)"
    RUMMY500 = "rummy500", "Rummy 500 (2 to 4 players)"


DEFAULT_VARIANT = Variant.GIN.value

WIN_POINTS_COLUMN: dict[str, str] = {Variant.INDIAN.value: "hand_points"}
"""The ``GameResult`` column whose value a won game adds to a board's score, by variant;
``total`` (the winner's grand total) for the others. Indian Rummy's totals are penalty
points, the lower the better, so its boards count ``hand_points`` instead: the points the
other players scored in the deals the winner won (what a points table pays its winner)."""


class Category(models.TextChoices):
    HUMANS = "humans", "Games between two people"
    COMPUTER = "computer", "Games against the computer (wins weighted by level)"


# ``GameResult.opponent_type`` for each category.
CATEGORY_OPPONENT_TYPE = {Category.HUMANS: "human", Category.COMPUTER: "computer"}


def players_key(variant: str, category: str) -> str:
    """The key of a board's player count in ``Period.players``: the bare category for Gin
    Rummy (as before there were other variants), ``"<variant>:<category>"`` otherwise."""
    return category if variant == DEFAULT_VARIANT else f"{variant}:{category}"


# The all-time period is one row; its ``start`` is this fixed date and its ``end`` is null.
ALL_TIME_START = date(1970, 1, 1)

# A rating is provisional (kept off the rating board) while its deviation is above this.
RATING_MAX_DEVIATION = 110.0


class Period(models.Model):
    """One leaderboard period: an ISO week, a calendar month, or all time.

    The period covers ``start`` 00:00 UTC (inclusive) up to ``end`` 00:00 UTC (exclusive),
    i.e. ``end`` is the first day of the next period; the all-time period has no ``end``.
    """

    kind = models.CharField(max_length=10, choices=PeriodKind.choices)
    start = models.DateField(help_text="First day (UTC) of the period.")
    end = models.DateField(
        null=True, blank=True, help_text="First day of the next period (exclusive)."
    )
    refreshed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the standings were last recomputed."
    )
    players = models.JSONField(
        default=dict,
        blank=True,
        help_text='Players listed per board at the last refresh: {"humans": n, "computer": n} '
        'for Gin Rummy, "rummy:humans" etc. for other variants (left out while 0).',
    )
    closed_at = models.DateTimeField(
        null=True, blank=True, help_text="Set once, after the final refresh: frozen from then."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("kind", "-start")
        constraints = [
            models.UniqueConstraint(fields=["kind", "start"], name="leaderboards_period_unique"),
            models.CheckConstraint(
                condition=Q(kind="all-time", end__isnull=True)
                | (~Q(kind="all-time") & Q(end__gt=models.F("start"))),
                name="leaderboards_period_bounds_valid",
            ),
            models.CheckConstraint(
                condition=~Q(kind="all-time") | Q(closed_at__isnull=True),
                name="leaderboards_all_time_never_closed",
            ),
        ]
        indexes = [
            models.Index(
                fields=["kind", "start"],
                condition=Q(closed_at__isnull=True),
                name="leaderboards_period_open_idx",
            ),
        ]

    def __str__(self) -> str:
        if self.kind == PeriodKind.ALL_TIME:
            return "all-time"
        return f"{self.kind} {self.start.isoformat()}"


class Standing(models.Model):
    """A player's place in one period, variant and category (derived; rewritten by refreshes)."""

    # Standings are derived data, rewritten in bulk by every refresh, so their foreign keys
    # have no database constraint (the per-row checks cost about a third of a full refresh):
    # Django still cascades deletes, readers join the user, and the next refresh prunes any
    # row whose player has no results. The period needs no index of its own either: the
    # unique (period, variant, category, user) index starts with it.
    period = models.ForeignKey(
        Period,
        related_name="standings",
        on_delete=models.CASCADE,
        db_index=False,
        db_constraint=False,
    )
    variant = models.CharField(max_length=10, choices=Variant.choices, default=DEFAULT_VARIANT)
    category = models.CharField(max_length=10, choices=Category.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        related_name="standings",
        on_delete=models.CASCADE,
        db_constraint=False,
    )
    score = models.DecimalField(
        max_digits=14,
        decimal_places=2,
        help_text="Sum of grand totals in won games (times the level weight for computer).",
    )
    wins = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    reached_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the score was reached: finished_at of the last counted win.",
    )
    rank = models.PositiveIntegerField(
        help_text="1 = first; players tied on every criterion share a rank."
    )

    class Meta:
        ordering = ("period", "variant", "category", "rank", "user")
        constraints = [
            models.UniqueConstraint(
                fields=["period", "variant", "category", "user"],
                name="leaderboards_standing_unique",
            ),
        ]
        indexes = [
            # Board order (= rank order, then user). ``rank`` itself is not indexed: a new
            # high score shifts the rank of everyone below it, and rank-only updates then
            # stay heap-only (HOT), with no index to rewrite (see migration 0003).
            models.Index(
                fields=[
                    "period",
                    "variant",
                    "category",
                    "-score",
                    "-wins",
                    "games",
                    "reached_at",
                    "user",
                ],
                name="leaderboards_standing_board",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.rank} {self.user_id} in {self.period_id}/{self.variant}/{self.category}"


class PlayerRating(models.Model):
    """A player's Glicko-2 rating in one variant, from games between humans (Glicko scale:
    1500 / 350). One row per (user, variant), created by the player's first rated game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        related_name="ratings",
        on_delete=models.CASCADE,
        db_index=False,  # the unique (user, variant) index starts with it
    )
    variant = models.CharField(max_length=10, choices=Variant.choices, default=DEFAULT_VARIANT)
    rating = models.FloatField(default=DEFAULT_RATING)
    rating_deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "variant"], name="leaderboards_rating_user_variant_unique"
            ),
        ]
        indexes = [
            models.Index(
                fields=["variant", "-rating", "rating_deviation", "user"],
                condition=Q(rating_deviation__lte=RATING_MAX_DEVIATION),
                name="leaderboards_rating_board",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} ({self.variant}): {self.rating:.0f} ± {self.rating_deviation:.0f}"


class RatedGame(models.Model):
    """Proof that a game's ratings were applied: written in the same transaction as them.

    One row per game (primary key), so a redelivered rating task finds it and does nothing.
    The before/after values make every rating change auditable.
    """

    game = models.OneToOneField(
        "games.Game", primary_key=True, related_name="rating_record", on_delete=models.CASCADE
    )
    applied = models.BooleanField(
        default=True,
        help_text="False when the game could not be rated (fewer than two human players, "
        "or not two in a Gin Rummy game).",
    )
    changes = models.JSONField(
        default=list,
        blank=True,
        help_text='[{"user": id, "placement": n, "score": s, "before": [r, rd, vol], '
        '"after": [r, rd, vol]}]; score: the points of all its pairs (1 a win, 0 a loss).',
    )
    rated_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rating of {self.game_id}"
