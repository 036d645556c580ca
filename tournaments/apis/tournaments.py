"""The tournaments themselves: list, create, one tournament, cancel."""

from __future__ import annotations

import uuid
from types import SimpleNamespace
from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from accounts.models import User
from core.exceptions import ApplicationError
from core.pagination import PageNumberPagination, single_query_value
from core.schema import error_responses, page_parameters
from games.variants import VARIANTS
from tournaments import presenters, selectors, services
from tournaments.apis.inputs import create_inputs, creation
from tournaments.apis.schema import (
    TAGS,
    TOURNAMENT_ID,
    TournamentLimitsSerializer,
    TournamentSerializer,
    change_schema,
    page,
)
from tournaments.formats import format_names
from tournaments.throttles import CreateTournamentThrottle, TournamentChangeThrottle


def tournament_answer(*, tournament_id: uuid.UUID | str, user: User) -> dict[str, Any]:
    """The tournament as ``user`` sees it now: the answer of its page and of every change."""
    view = selectors.tournament_view(tournament_id=tournament_id, user=user)
    return presenters.tournament_json(
        tournament=view.tournament,
        viewer=user,
        entry=view.entry,
        winner=view.winner,
        game_id=view.game_id,
    )


def _query_choice(request: Request, name: str, choices: list[str]) -> str | None:
    value = single_query_value(request, name)
    if value is not None and value not in choices:
        raise ApplicationError(
            f"{name} must be one of {', '.join(choices)}.",
            code="validation_error",
            fields={name: [f"Unknown value {value!r}."]},
        )
    return value


class _FormatIsAFilter(DefaultContentNegotiation):
    """``?format=`` filters the list by tournament format here, so it does not choose the
    renderer (the answer is always JSON)."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)  # type: ignore[assignment]


class TournamentsApi(APIView):
    """List the tournaments you may see; create one."""

    content_negotiation_class = _FormatIsAFilter

    def get_throttles(self) -> list:
        return [CreateTournamentThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        operation_id="tournaments_list",
        tags=TAGS,
        parameters=[
            OpenApiParameter("status", str, enum=presenters.STATUSES, description="Filter."),
            OpenApiParameter("format", str, enum=list(format_names()), description="Filter."),
            OpenApiParameter("variant", str, enum=list(VARIANTS), description="Filter."),
            OpenApiParameter(
                "mine", str, enum=["true", "false"], description="Only the ones you joined."
            ),
            OpenApiParameter(
                "starting",
                str,
                enum=["soon"],
                description="`soon`: only those open for registration whose scheduled start "
                "is due or comes within the hour (`TOURNAMENTS_STARTING_SOON_MINUTES`), "
                "soonest first (a sit & go starts when full: never listed here).",
            ),
            *page_parameters(),
        ],
        responses={
            200: page(TournamentSerializer, "TournamentPage"),
            **error_responses(400, 401, 404),
        },
        description="Public tournaments (staff's, a schedule's, players'), and the private ones "
        "you created or joined, newest first; with `?starting=soon`, what starts soon, "
        "soonest first. Each says `starts_in`, the seconds to its start.",
    )
    def get(self, request: Request) -> Response:
        user = request_user(request)
        filters = {
            "status": _query_choice(request, "status", presenters.STATUSES),
            "format": _query_choice(request, "format", list(format_names())),
            "variant": _query_choice(request, "variant", list(VARIANTS)),
        }
        mine = _query_choice(request, "mine", ["true", "false"]) == "true"
        soon = _query_choice(request, "starting", ["soon"]) == "soon"
        paginator = PageNumberPagination()
        query = selectors.tournament_list(
            user=user,
            mine=mine,
            starting_soon=soon,
            status=filters["status"],
            format=filters["format"],
            variant=filters["variant"],
        )
        found = paginator.paginate_queryset(query, request, self) or []
        entries, winners = selectors.entries_and_winners(user=user, tournaments=found)
        results = [
            presenters.tournament_json(
                tournament=t, viewer=user, entry=entries.get(t.pk), winner=winners.get(t.pk)
            )
            for t in found
        ]
        return paginator.get_paginated_response(results)

    @extend_schema(
        operation_id="tournaments_create",
        tags=TAGS,
        request=PolymorphicProxySerializer(
            component_name="TournamentCreate",
            serializers=create_inputs(),
            resource_type_field_name=None,
        ),
        responses={
            201: TournamentSerializer,
            **error_responses(
                400,
                401,
                403,
                409,
                415,
                422,
                429,
                codes={
                    403: ["permission_denied", "tournament_ban", "playban"],
                    409: ["too_many_open_tournaments"],
                    422: [
                        "invalid_settings",
                        "capacity_over_limit",
                        "length_over_limit",
                        "start_too_soon",
                        "start_too_far",
                    ],
                    429: ["throttled", "daily_tournament_limit"],
                },
            ),
        },
        description="Staff create any format, without limits. Any other player creates any "
        "format, public (listed for everyone) or private (shares the `invite_code`), and "
        "takes its first seat (403 `tournament_ban` or `playban` while fair play keeps them "
        "from entering, as a join would be), within the server's limits "
        "(`GET /tournaments/limits`), each "
        "refused with its code and `limit`: the field (422 `capacity_over_limit`), the planned "
        "length (422 `length_over_limit`), the start (422 `start_too_soon`, `start_too_far`), "
        "the tournaments open at once (409 `too_many_open_tournaments`) and those created in "
        "24 hours (429 `daily_tournament_limit`, with `Retry-After`). A guest creates a "
        "private sit & go only (403 `permission_denied` otherwise). Each format has its own "
        "body; settings that make no playable tournament (a table size the game does not "
        "seat, a rule option it refuses, `min_rating` over `max_rating`, more `min_players` "
        "than `capacity`, a `name` others could not read) are 422 `invalid_settings` naming "
        "the field. Throttled per player (429 `throttled` with `Retry-After`).",
        examples=[
            OpenApiExample(
                "private sit & go of 8",
                value={"format": "sit_and_go", "capacity": 8, "private": True},
                request_only=True,
            ),
            OpenApiExample(
                "one-hour arena",
                value={
                    "format": "arena",
                    "name": "Evening arena",
                    "starts_at": "2030-06-01T18:00:00Z",
                    "duration_minutes": 60,
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = creation(request.data)
        user = request_user(request)
        tournament = services.tournament_create(data=data, by=user)
        return Response(
            tournament_answer(tournament_id=tournament.pk, user=user),
            status=status.HTTP_201_CREATED,
        )


class TournamentLimitsApi(APIView):
    @extend_schema(
        operation_id="tournaments_limits",
        tags=TAGS,
        responses={200: TournamentLimitsSerializer, **error_responses(401)},
        description="The limits of the tournaments you create, and how much of them you have "
        "used: the formats you may create, public or not, how many open at once and in 24 "
        "hours, the start's window, the most players and the longest length (null each for "
        "staff, who have none).",
    )
    def get(self, request: Request) -> Response:
        limits = selectors.creation_limits(user=request_user(request))
        return Response(presenters.creation_limits_json(limits=limits))


class TournamentDetailApi(APIView):
    @extend_schema(
        operation_id="tournaments_retrieve",
        tags=TAGS,
        parameters=[TOURNAMENT_ID],
        responses={200: TournamentSerializer, **error_responses(401, 404)},
        description="Any tournament by its id. A private tournament is unlisted (the list "
        "shows it only to its creator and players) and joined with its invite code, which "
        "only they see.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID) -> Response:
        return Response(tournament_answer(tournament_id=tournament_id, user=request_user(request)))


class CancelApi(APIView):
    throttle_classes = [TournamentChangeThrottle]

    @change_schema(
        "tournaments_cancel",
        "Staff cancel any tournament that is not over; the player who created it, only "
        "before it starts (403 otherwise; 409 `already_started`). Games already started "
        "play on as ordinary games.",
        ["already_started", "tournament_over"],
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        services.tournament_cancel(tournament_id=tournament_id, by=user)
        return Response(tournament_answer(tournament_id=tournament_id, user=user))
