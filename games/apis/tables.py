"""Tables: create and list games, join by code, the lobby, one game, concede, cancel,
rematch and accept."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.api import StrictSerializer, validated
from core.exceptions import ApplicationError
from core.pagination import PageNumberPagination, single_query_value
from core.schema import error_responses, page_parameters
from games import presenters, selectors, services
from games.apis.schema import (
    GAME_ID,
    PUBLIC_TURN_SECONDS_DEFAULT,
    TURN_SECONDS_MAX,
    TURN_SECONDS_MIN,
    GameSummarySerializer,
    GameViewSerializer,
    LobbyEntrySerializer,
    paginated,
)
from games.errors import InvalidCode
from games.models import Difficulty, GameStatus, OpponentType, Visibility
from games.throttles import (
    CancelThrottle,
    ConcedeThrottle,
    CreateGameThrottle,
    JoinIPThrottle,
    JoinThrottle,
    RematchThrottle,
)
from games.variants import DEFAULT_VARIANT, VARIANTS, AnyVariant


class GamesApi(APIView):
    """Create a game; list the caller's games."""

    def get_throttles(self) -> list:
        return [CreateGameThrottle()] if self.request.method == "POST" else []

    class InputSerializer(StrictSerializer):
        variant = serializers.ChoiceField(list(VARIANTS), required=False)
        opponent = serializers.ChoiceField(OpponentType.choices)

        def get_fields(self) -> dict[str, serializers.Field]:
            fields = super().get_fields()
            variant = fields["variant"]
            assert isinstance(variant, serializers.ChoiceField)
            variant.choices = list(VARIANTS)  # the registry as it is now
            return fields
        difficulty = serializers.ChoiceField(Difficulty.choices, required=False)
        visibility = serializers.ChoiceField(Visibility.choices, required=False)
        rules = serializers.JSONField(
            required=False, help_text="An object of the game's rule options; omitted: defaults."
        )
        turn_seconds = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=TURN_SECONDS_MIN,
            max_value=TURN_SECONDS_MAX,
            help_text="Human games only: seconds per turn (10-3600) or null for untimed. "
            "Default 60 on public tables, untimed on private ones.",
        )
        seats = serializers.IntegerField(required=False)
        computers = serializers.IntegerField(required=False)

        def validate_rules(self, value: Any) -> Any:
            if not isinstance(value, dict):  # [], false, 0 or "" are not "no rules"
                raise serializers.ValidationError("Must be an object of rule options.")
            return value

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            computer = data["opponent"] == OpponentType.COMPUTER
            if computer and "turn_seconds" in data:
                raise serializers.ValidationError(
                    {"turn_seconds": ["Games against the computer are never timed."]}
                )
            if computer and "visibility" in data:
                raise serializers.ValidationError(
                    {"visibility": ["Games against the computer are private."]}
                )
            variant = VARIANTS[data.get("variant", DEFAULT_VARIANT)]
            if variant.max_seats == variant.min_seats:  # Gin Rummy: always two seats
                field: str
                for field in ("seats", "computers"):
                    if field in data:
                        raise serializers.ValidationError(
                            {field: [f"A {variant.name} game always has two seats."]}
                        )
            elif computer:
                return self._validate_vs_computer(variant, data)
            else:
                self._validate_table(variant, data)
            if not computer and "difficulty" in data and not data.get("computers"):
                raise serializers.ValidationError(
                    {"difficulty": ["Only games against the computer have a difficulty."]}
                )
            return data

        @staticmethod
        def _validate_vs_computer(variant: AnyVariant, data: dict[str, Any]) -> dict[str, Any]:
            if "seats" in data:
                raise serializers.ValidationError(
                    {"seats": ["Against the computer the seats are you and `computers`."]}
                )
            most = variant.max_seats - 1
            computers = data.setdefault("computers", 1)
            if not 1 <= computers <= most:
                raise serializers.ValidationError(
                    {"computers": [f"Must be from 1 to {most}."]}
                )
            return data

        @staticmethod
        def _validate_table(variant: AnyVariant, data: dict[str, Any]) -> None:
            low, high = variant.min_seats, variant.max_seats
            seats = data.setdefault("seats", low)
            if not low <= seats <= high:
                raise serializers.ValidationError({"seats": [f"Must be from {low} to {high}."]})
            computers = data.setdefault("computers", 0)
            if not 0 <= computers <= seats - 2:
                raise serializers.ValidationError(
                    {"computers": [f"Must be from 0 to {seats - 2} (seats - 2)."]}
                )
            if computers and "difficulty" not in data:
                raise serializers.ValidationError(
                    {"difficulty": ["Required when the table has computers."]}
                )

    @extend_schema(
        operation_id="games_create",
        tags=["games"],
        # One shape per game, opponent and seat count (games.apis.schema.create_components).
        request={"application/json": {"$ref": "#/components/schemas/GameCreateRequest"}},
        responses={
            201: GameViewSerializer,
            **error_responses(
                400,
                401,
                403,
                409,
                415,
                422,
                429,
                codes={
                    403: ["playban"],
                    409: ["too_many_waiting_games"],
                    422: ["rules_not_for_table"],
                },
            ),
        },
        description="Against the computer the game is `active` at once (difficulty defaults "
        "to `medium`); against a human it is `waiting` with a 6-character `invite_code` "
        "(visibility defaults to `private`). `rules` takes any of the game's rule options (Gin "
        "Rummy: docs/games/gin.md#rule-options). "
        "A player may have at most 3 tables waiting for a second player at once (409 "
        "`too_many_waiting_games`; rematch offers are not counted); creating games is "
        "throttled per player (429 with `Retry-After`). `variant: \"rummy\"` (docs/games/rummy.md) "
        "takes `computers` (1-3) against the computer, and `seats` (2-4), `computers` (0 to "
        "seats - 2, the last seats) and `difficulty` at a table for people, who take the "
        "other seats by invite code in order; it starts when every seat is taken. "
        "`variant: \"indian\"` (docs/games/indian-rummy.md) takes `computers` 1-5 and `seats` "
        "2-6 the same "
        "way; rules that a table of that size cannot be dealt with (`decks: 1` at more than "
        "two seats) are 422 `rules_not_for_table`, naming `rules.<option>` in `fields`. "
        "`variant: \"rummy500\"` (docs/games/rummy500.md) takes `computers` 1-3 and `seats` "
        "2-4 the same way (a `hand_size` that leaves no stock: 422 `rules_not_for_table`). A "
        "player under a play ban (fair play) may not create a table for people: 403 "
        "`playban` with `until` and `rule` (games against the computer stay open).",
        examples=[
            OpenApiExample(
                "vs computer",
                value={"opponent": "computer", "difficulty": "hard", "rules": {"knock_limit": 10}},
                request_only=True,
            ),
            OpenApiExample(
                "vs a friend",
                value={"opponent": "human", "visibility": "private", "turn_seconds": 120},
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        variant = data.get("variant", DEFAULT_VARIANT)
        if data["opponent"] == OpponentType.COMPUTER:
            game = services.game_create_vs_computer(
                user=request_user(request),
                difficulty=data.get("difficulty", Difficulty.MEDIUM),
                rules_data=data.get("rules"),
                variant=variant,
                **({"computers": data["computers"]} if "computers" in data else {}),
            )
        else:
            visibility = data.get("visibility", Visibility.PRIVATE)
            default_seconds = (
                PUBLIC_TURN_SECONDS_DEFAULT if visibility == Visibility.PUBLIC else None
            )
            game = services.game_create_vs_human(
                user=request_user(request),
                visibility=visibility,
                rules_data=data.get("rules"),
                turn_seconds=data.get("turn_seconds", default_seconds),
                variant=variant,
                seats=data.get("seats"),
                computers=data.get("computers", 0),
                difficulty=data.get("difficulty", "") if data.get("computers") else "",
            )
        game, seat = selectors.game_get_for_user(game_id=game.pk, user=request_user(request))
        view = selectors.game_view_for(game=game, seat=seat)
        return Response(view, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="games_list",
        tags=["games"],
        parameters=[
            OpenApiParameter("status", str, enum=GameStatus.values, description="Filter."),
            *page_parameters(),
        ],
        responses={
            200: paginated(GameSummarySerializer, "GameSummaryPage"),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request) -> Response:
        status_filter = single_query_value(request, "status")
        if status_filter is not None and status_filter not in GameStatus.values:
            raise ApplicationError(
                f"status must be one of {', '.join(GameStatus.values)}.",
                code="validation_error",
                fields={"status": [f"Unknown status {status_filter!r}."]},
            )
        user = request_user(request)
        services.games_enforce_for_user(user=user)
        paginator = PageNumberPagination()
        games = selectors.game_list_for_user(user=user, status=status_filter)
        page = paginator.paginate_queryset(games, request, self) or []
        results = [
            presenters.game_summary(game=g, seat=selectors.seat_of(game=g, user=user)) for g in page
        ]
        return paginator.get_paginated_response(results)


class JoinApi(APIView):
    """Join a friend's game with its invite code; the game starts."""

    throttle_classes = [JoinThrottle, JoinIPThrottle]

    class InputSerializer(StrictSerializer):
        # Not trimmed here: the service ignores surrounding blanks (an all-blank code is
        # simply unknown, 404), so every string of 1-16 characters is a valid request.
        code = serializers.CharField(max_length=16, trim_whitespace=False)

    @extend_schema(
        operation_id="games_join",
        tags=["games"],
        request=InputSerializer,
        responses={
            200: GameViewSerializer,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                415,
                429,
                codes={
                    403: ["playban"],
                    404: ["invalid_code"],
                    409: ["game_full", "cannot_join_own_game"],
                },
            ),
        },
        description="Throttled per player (429 with `Retry-After`): a code that matches no "
        "game (404 `invalid_code`) counts as five requests, so invite codes cannot be guessed. "
        "Wrong codes are also counted per client IP (joins are not): past that budget, an "
        "account that has itself given two wrong codes from the address waits; a valid code "
        "is never refused for other accounts' failures. A player under a play ban (fair "
        "play) is refused: 403 `playban` with `until` and `rule`.",
        examples=[OpenApiExample("join", value={"code": "K7QX2M"}, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        user = request_user(request)
        try:
            game = services.game_join(user=user, code=data["code"])
        except InvalidCode:
            for throttle in self.get_throttles():
                if isinstance(throttle, JoinThrottle | JoinIPThrottle):
                    throttle.record_failure(request, self)
            raise
        game, seat = selectors.game_get_for_user(game_id=game.pk, user=user)
        return Response(selectors.game_view_for(game=game, seat=seat))


class LobbyApi(APIView):
    """Public games waiting for a second player (join one with its `invite_code`)."""

    @extend_schema(
        operation_id="lobby_list",
        tags=["games"],
        parameters=page_parameters(),
        responses={
            200: paginated(LobbyEntrySerializer, "LobbyPage"),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request) -> Response:
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.lobby_games(), request, self) or []
        results = [presenters.lobby_entry(game=game) for game in page]
        return paginator.get_paginated_response(results)


class GameDetailApi(APIView):
    """The game as the caller may see it: never the opponent's hand or the stock."""

    @extend_schema(
        operation_id="games_retrieve",
        tags=["games"],
        parameters=[GAME_ID],
        responses={200: GameViewSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        if services.game_enforce_timers(game_id=game_id, due=services.game_timers_due(game=game)):
            game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return Response(selectors.game_view_for(game=game, seat=seat))


class _GameChangeApi(APIView):
    """``POST /games/{id}/<verb>``: one service call, then the caller's view."""

    service: Callable[..., Any]

    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        type(self).service(game_id=game_id, user=request_user(request))  # 404 unless seated
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return Response(selectors.game_view_for(game=game, seat=seat))


def _change_schema(operation_id: str, codes: list[str]) -> Any:
    return extend_schema_view(
        post=extend_schema(
            operation_id=operation_id,
            tags=["games"],
            parameters=[GAME_ID],
            request=None,
            responses={
                200: GameViewSerializer,
                **error_responses(401, 404, 409, 429, codes={409: codes}),
            },
        )
    )


@_change_schema("games_concede", ["game_not_active"])
class ConcedeApi(_GameChangeApi):
    """Give up the game: the opponent wins (`final.reason` `concede`). At a Rummy table of
    three or four you leave instead: an `easy` computer plays your seat for the rest of the
    game, you are placed last, and you may still read the game but no longer act (409
    `game_not_active`); the game ends when fewer than two seats remain or no person is
    left. At an Indian Rummy table of three to six you leave too, but nobody takes your
    seat: it drops from the deal at the highest drop cost and is dealt no more."""

    service = services.game_concede
    throttle_classes = [ConcedeThrottle]


@_change_schema("games_cancel", ["game_not_waiting", "not_creator"])
class CancelApi(_GameChangeApi):
    """Withdraw a game nobody has joined yet (creator only); it becomes `abandoned`."""

    service = services.game_cancel
    throttle_classes = [CancelThrottle]


class RematchApi(APIView):
    """Play again with the same players and rules."""

    throttle_classes = [RematchThrottle]

    @extend_schema(
        operation_id="games_rematch",
        tags=["live tables"],
        parameters=[GAME_ID],
        request=None,
        responses={
            201: GameViewSerializer,
            200: OpenApiResponse(
                GameViewSerializer, description="A rematch already exists: that game."
            ),
            **error_responses(
                401, 403, 404, 409, 429,
                codes={403: ["playban"], 409: ["game_not_finished", "tournament_game"]},
            ),
        },
        description="Against the computer the new game is `active` at once (same difficulty "
        "and rules). Against a person it is `waiting`, with both seats taken, until the "
        "other player calls `POST /games/{new_id}/accept`; the offer lapses after 10 "
        "minutes. Asking again (either player) returns the existing rematch with 200. A "
        "tournament's game has none (409 `tournament_game`): the tournament pairs its "
        "players.",
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game, created = services.game_rematch(game_id=game_id, user=request_user(request))
        game, seat = selectors.game_get_for_user(game_id=game.pk, user=request_user(request))
        view = selectors.game_view_for(game=game, seat=seat)
        return Response(view, status=201 if created else 200)


class AcceptApi(APIView):
    """Accept a rematch offer (the other player only, within 10 minutes)."""

    @extend_schema(
        operation_id="games_accept",
        tags=["live tables"],
        parameters=[GAME_ID],
        request=None,
        responses={
            200: GameViewSerializer,
            **error_responses(
                401,
                403,
                404,
                409,
                codes={
                    403: ["playban"],
                    409: [
                        "rematch_lapsed",
                        "cannot_accept_own_offer",
                        "not_a_rematch_offer",
                        "game_not_waiting",
                    ]
                },
            ),
        },
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        services.game_accept(game_id=game_id, user=request_user(request))
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return Response(selectors.game_view_for(game=game, seat=seat))


