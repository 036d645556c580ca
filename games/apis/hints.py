"""``GET /games/{id}/hint``: what the Medium computer player would play for you now."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.schema import error_responses
from games import selectors, services
from games.apis.schema import GAME_ID, component_field
from games.throttles import HintThrottle


class GameHintApi(APIView):
    """A hint in a game against the computer: the move the Medium computer player would
    make for your seat now, decided from your own view only (such games are unrated)."""

    throttle_classes = [HintThrottle]

    @extend_schema(
        operation_id="games_hint",
        tags=["games"],
        parameters=[GAME_ID],
        responses={
            200: inline_serializer(
                "GameHint",
                {
                    "version": serializers.IntegerField(
                        help_text="The game version the hint is for."
                    ),
                    "level": serializers.ChoiceField(
                        ["medium"], help_text="The computer player whose choice it is."
                    ),
                    "action": component_field(
                        "GameActionRequest",
                        help_text="An action body to send to `POST /games/{id}/actions`.",
                    ),
                },
            ),
            **error_responses(
                401,
                404,
                409,
                429,
                codes={409: ["hints_unavailable", "not_your_turn", "game_not_active"]},
            ),
        },
        examples=[
            OpenApiExample(
                "discard",
                value={
                    "version": 12,
                    "level": "medium",
                    "action": {"type": "discard", "card": "KH"},
                },
                response_only=True,
            )
        ],
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        user = request_user(request)
        game, seat = selectors.game_get_for_user(game_id=game_id, user=user)
        if services.game_enforce_timers(game_id=game_id, due=services.game_timers_due(game=game)):
            game, seat = selectors.game_get_for_user(game_id=game_id, user=user)
        return Response(selectors.game_hint(game=game, seat=seat))
