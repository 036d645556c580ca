"""Leaderboard endpoints (docs/api.md#leaderboards): thin views over the selectors.

Definitions (also in docs/leaderboards.md) are repeated in the OpenAPI descriptions below,
since that is what client authors read.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import iso
from core.pagination import PageNumberPagination, single_query_value
from core.replica import replica_reads
from core.schema import error_responses, page_parameters

from . import selectors
from .models import Category, PeriodKind, Variant

DATE_PATTERN = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")  # \d: any Unicode digit

DEFINITIONS = """
**Periods.** A game counts in the period in which it finished (UTC). `weekly` boards are ISO
weeks from Monday 00:00 UTC, `monthly` boards calendar months (UTC); `all-time` counts every
game. The current period is refreshed every minute, and within seconds of a game finishing.
A past period is closed a minute after it ended and from then on returns its final, frozen
standings (`closed: true`).

**Categories.** `humans` (the default): games between two people. `computer`: games against
the computer, each win weighted by level (easy 0.25, medium 0.5, hard 1.0), so farming easy
games cannot outrank beating Hard.

**Variants.** `variant=gin` (the default), `rummy`, `indian` or `rummy500`: each variant has
its own standings, in the same periods. A Rummy, Indian Rummy or Rummy 500 game counts as a
win for first place only, and as a game for every person at the table. A table created for
people counts in `humans` even when some of its seats are played by the computer; a game
created against the computer (one person, 1 to 3 computers in Rummy and Rummy 500, 1 to 5 in
Indian Rummy) counts in `computer`.

**Score.** The sum of the player's grand totals in the games they won in that variant,
category and period (times the level weight for `computer`), as a number with at most 2
decimals. A won game whose total is 0 or less (possible in Rummy) adds 0, never less. A
conceded or timed-out game is a win for the other player, with their grand total at that
moment (no game bonus), and a game for both. Every player with at least one game in the
category and period is listed, also with score 0. Indian Rummy totals are penalty points
(lower is better), so an Indian Rummy win adds instead the points the other players scored
in the deals the winner won.

**Rank.** Higher score first; ties broken by more wins, then fewer games, then who got there
first (the earlier finish time of their last counted win). Players tied on all of these share
a rank (ranks 1, 2, 2, 4). Deactivated accounts are not listed.
"""


def _query_date(request: Request) -> date | None:
    raw = single_query_value(request, "start")
    if raw is None:
        return None
    if not DATE_PATTERN.match(raw):
        raise selectors.InvalidDate("start must be a date written YYYY-MM-DD.")
    try:
        return date.fromisoformat(raw)
    except ValueError as exc:
        raise selectors.InvalidDate(f"start is not a valid date: {raw}.") from exc


def _query_category(request: Request) -> str:
    category = single_query_value(request, "category")
    return Category.HUMANS if category is None else category


def _query_variant(request: Request) -> str:
    """``?variant=`` (default ``gin``); 400 ``invalid_variant`` for any other value."""
    return selectors.board_variant(single_query_value(request, "variant"))


_VARIANT_PARAMETER = OpenApiParameter(
    "variant",
    OpenApiTypes.STR,
    enum=Variant.values,
    description="`gin` (default), `rummy`, `indian` or `rummy500`: each variant has its own "
    "boards and ratings.",
)


class UserSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField(source="public_name")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="1 = first; fully tied players share a rank.")
    user = UserSerializer()
    score = serializers.DecimalField(
        max_digits=14,
        decimal_places=2,
        coerce_to_string=False,
        help_text="Sum of grand totals in won games (weighted by level for `computer`).",
    )
    wins = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Games finished in the period, won or lost.")


_PAGE_PARAMETERS = page_parameters()

_PLAYER = {"username": "ann", "display_name": "Ann"}


_START_PARAMETER = OpenApiParameter(
    "start",
    # A date from 1970 on (the pattern says the year; later than today is 400 too).
    {"type": "string", "format": "date", "pattern": r"^(19[7-9][0-9]|[2-9][0-9]{3})-"},
    description="A past period: any day (YYYY-MM-DD) inside it, e.g. its first day. "
    "Default: the current period. Not later than today.",
)


def _board_schema(
    *, operation_id: str, summary: str, periods: list[str], with_start: bool, output: Any
) -> Any:
    """The schema of a standings board: weekly and monthly take ``start`` (a past
    period), all-time has none (a ``start`` there is 400 ``invalid_date``)."""
    return extend_schema(
        operation_id=operation_id,
        tags=["leaderboards"],
        summary=summary,
        description=DEFINITIONS,
        parameters=[
            *(
                [
                    OpenApiParameter(
                        "period",
                        OpenApiTypes.STR,
                        OpenApiParameter.PATH,
                        enum=periods,
                        description="`weekly` or `monthly` (`all-time` has its own operation).",
                    )
                ]
                if with_start
                else []
            ),
            OpenApiParameter(
                "category",
                OpenApiTypes.STR,
                enum=Category.values,
                description="`humans` (default) or `computer`.",
            ),
            _VARIANT_PARAMETER,
            *([_START_PARAMETER] if with_start else []),
            *_PAGE_PARAMETERS,
        ],
        responses={
            200: output,
            **error_responses(
                400,
                401,
                404,
                codes={
                    400: [
                        "invalid_period",
                        "invalid_category",
                        "invalid_variant",
                        "invalid_date",
                        "validation_error",
                    ],
                    404: ["not_found"],
                },
            ),
        },
        examples=[
            OpenApiExample(
                "this week between people",
                value={
                    "period": "weekly",
                    "variant": "gin",
                    "start": "2025-03-03",
                    "end": "2025-03-09",
                    "category": "humans",
                    "updated_at": "2025-03-05T18:42:00Z",
                    "closed": False,
                    "count": 41,
                    "next": "http://example.com/api/v1/leaderboards/weekly?page=2",
                    "previous": None,
                    "results": [
                        {"rank": 1, "user": _PLAYER, "score": 812.0, "wins": 3, "games": 4},
                        {
                            "rank": 2,
                            "user": {"username": "bob", "display_name": "Bob"},
                            "score": 655.0,
                            "wins": 3,
                            "games": 5,
                        },
                    ],
                    "me": {
                        "rank": 27,
                        "user": {"username": "cy", "display_name": "Cy"},
                        "score": 120.0,
                        "wins": 1,
                        "games": 6,
                    },
                },
                response_only=True,
            ),
            OpenApiExample(
                "this month's Rummy, between people",
                value={
                    "period": "monthly",
                    "variant": "rummy",
                    "start": "2025-03-01",
                    "end": "2025-03-31",
                    "category": "humans",
                    "updated_at": "2025-03-05T18:42:00Z",
                    "closed": False,
                    "count": 3,
                    "next": None,
                    "previous": None,
                    "results": [
                        {"rank": 1, "user": _PLAYER, "score": 310.0, "wins": 1, "games": 2},
                        {
                            "rank": 2,
                            "user": {"username": "bob", "display_name": "Bob"},
                            "score": 0.0,
                            "wins": 1,
                            "games": 2,
                        },
                        {
                            "rank": 3,
                            "user": {"username": "cy", "display_name": "Cy"},
                            "score": 0.0,
                            "wins": 0,
                            "games": 2,
                        },
                    ],
                    "me": None,
                },
                description="Bob won a game with a total below 0: a win, no points.",
                response_only=True,
            ),
        ],
    )


class LeaderboardApi(APIView):
    """Standings of one period, variant and category, with the caller's own entry."""

    class OutputSerializer(serializers.Serializer):
        period = serializers.ChoiceField(choices=PeriodKind.values)
        variant = serializers.ChoiceField(choices=Variant.values)
        start = serializers.DateField(
            allow_null=True, help_text="First day of the period (UTC); null for all-time."
        )
        end = serializers.DateField(
            allow_null=True,
            help_text="Last day of the period, inclusive (UTC); null for all-time.",
        )
        category = serializers.ChoiceField(choices=Category.values)
        updated_at = serializers.DateTimeField(
            allow_null=True, help_text="When these standings were computed; null if never."
        )
        closed = serializers.BooleanField(
            help_text="True once the period is over and its standings are frozen."
        )
        count = serializers.IntegerField(help_text="Players on this board.")
        next = serializers.URLField(allow_null=True)
        previous = serializers.URLField(allow_null=True)
        results = StandingSerializer(many=True)
        me = StandingSerializer(
            allow_null=True,
            help_text="The caller's own entry with their rank, whatever the page; null if "
            "they have no game on this board.",
        )

    @_board_schema(
        operation_id="leaderboards_retrieve",
        summary="Weekly or monthly standings",
        periods=[PeriodKind.WEEKLY, PeriodKind.MONTHLY],
        with_start=True,
        output=OutputSerializer,
    )
    @replica_reads()
    def get(self, request: Request, period: str) -> Response:
        board = selectors.leaderboard_board(
            kind=period,
            category=_query_category(request),
            variant=_query_variant(request),
            start=_query_date(request),
        )
        # The rows are already in the OutputSerializer's shape (plain JSON values): the
        # serializer documents the response, and tests check the body against it.
        return Response(
            {
                "period": board.kind,
                "variant": board.variant,
                "start": board.start.isoformat() if board.start else None,
                "end": board.end.isoformat() if board.end else None,
                "category": board.category,
                "updated_at": iso(board.updated_at),
                "closed": board.closed,
                **_page_with_me(selectors.StandingRows(board, request.user), request, self),
            }
        )


class AllTimeLeaderboardApi(LeaderboardApi):
    """All-time standings of one variant and category (no ``start``: there is one period)."""

    @_board_schema(
        operation_id="leaderboards_all_time",
        summary="All-time standings",
        periods=[PeriodKind.ALL_TIME],
        with_start=False,
        output=LeaderboardApi.OutputSerializer,
    )
    def get(self, request: Request, period: str = PeriodKind.ALL_TIME) -> Response:
        return super().get(request, PeriodKind.ALL_TIME)


def _page_with_me(
    rows: selectors.StandingRows | selectors.RatingRows, request: Request, view: APIView
) -> dict[str, Any]:
    """``{count, next, previous, results, me}``: one page of ``rows`` and the caller's entry."""
    paginator = PageNumberPagination()
    page = paginator.paginate_queryset(rows, request, view=view)  # type: ignore[arg-type,var-annotated]
    return {**paginator.get_paginated_response(page).data, "me": rows.me}


class RatingEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text="Place on the board; null while provisional."
    )
    user = UserSerializer()
    rating = serializers.FloatField(help_text="Glicko-2 rating (new players start at 1500).")
    rating_deviation = serializers.FloatField(help_text="Uncertainty (new players: 350).")
    games = serializers.IntegerField(help_text="Rated games between humans in this variant.")
    provisional = serializers.BooleanField(help_text="True while the deviation is above 110.")


class RatingBoardApi(APIView):
    """Players ranked by Glicko-2 skill rating in one variant, from games between humans."""

    class OutputSerializer(serializers.Serializer):
        variant = serializers.ChoiceField(choices=Variant.values)
        count = serializers.IntegerField()
        next = serializers.URLField(allow_null=True)
        previous = serializers.URLField(allow_null=True)
        results = RatingEntrySerializer(many=True)
        me = RatingEntrySerializer(
            allow_null=True,
            help_text="The caller's rating and rank (rank null while provisional); null if "
            "they have no rated game.",
        )

    @extend_schema(
        operation_id="leaderboards_rating",
        tags=["leaderboards"],
        summary="Skill ratings (Glicko-2, games between humans)",
        description=(
            "Players ranked by their Glicko-2 rating (τ = 0.5; start 1500, deviation 350, "
            "volatility 0.06). Each finished game between two people is rated once, as its "
            "own rating period, a few seconds after it ends. A player is provisional, and "
            "not listed, until their rating deviation is at most 110. Ties in rating share a "
            "rank; the lower deviation is listed first.\n\n"
            "Each variant (`variant=gin`, the default, `rummy`, `indian` or `rummy500`) has its "
            "own ratings. A Rummy or Rummy 500 game of 2 to 4 seats (an Indian Rummy game of 2 "
            "to 6) is one result "
            "between each pair of people at the table, by "
            "placement (the better place wins the pair); a player's results against everyone "
            "else at the table are applied together, as one rating period. Computer seats at a "
            "table of people are not rated against."
        ),
        parameters=[_VARIANT_PARAMETER, *_PAGE_PARAMETERS],
        responses={
            200: OutputSerializer,
            **error_responses(
                400,
                401,
                404,
                codes={400: ["invalid_variant", "validation_error"], 404: ["not_found"]},
            ),
        },
        examples=[
            OpenApiExample(
                "rating board",
                value={
                    "variant": "gin",
                    "count": 1,
                    "next": None,
                    "previous": None,
                    "results": [
                        {
                            "rank": 1,
                            "user": _PLAYER,
                            "rating": 1712.43,
                            "rating_deviation": 84.1,
                            "games": 38,
                            "provisional": False,
                        }
                    ],
                    "me": {
                        "rank": None,
                        "user": {"username": "cy", "display_name": "Cy"},
                        "rating": 1540.2,
                        "rating_deviation": 180.77,
                        "games": 4,
                        "provisional": True,
                    },
                },
                response_only=True,
            )
        ],
    )
    @replica_reads()
    def get(self, request: Request) -> Response:
        rows = selectors.RatingRows(request.user, _query_variant(request))
        return Response({"variant": rows.variant, **_page_with_me(rows, request, self)})
