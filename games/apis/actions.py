"""``POST /games/{id}/actions``: a player's action."""

from __future__ import annotations

import uuid

from django.http import HttpResponse
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.parsers import JSONParser
from core.schema import error_responses
from games import selectors, services
from games.apis.schema import (
    ACTION_ERROR_CODES,
    DISCARD_EXAMPLE,
    GAME_ID,
    GameViewSerializer,
)
from games.throttles import (
    ActionThrottle,
)

ACTION_BODY_MAX_BYTES = 16 * 1024
"""The longest action body taken (413 ``request_too_large`` past it). The longest a game's
schema allows is about a kilobyte (an Indian Rummy declaration of 13 groups of 13 cards);
the rest is room for spacing."""


class ActionBodyParser(JSONParser):
    """The JSON parser, for bodies of at most :data:`ACTION_BODY_MAX_BYTES`."""

    max_bytes = ACTION_BODY_MAX_BYTES


class GameActionsApi(APIView):
    """Play one action of the game's own (its `type`s: see each game's rules). An action
    of another game is 422 `action_not_in_game`. A body over 16 KiB is 413
    `request_too_large`."""

    throttle_classes = [ActionThrottle]
    parser_classes = [ActionBodyParser]

    @extend_schema(
        operation_id="games_actions",
        tags=["games"],
        parameters=[
            GAME_ID,
            OpenApiParameter(
                "Idempotency-Key",
                {"type": "string", "minLength": 1, "maxLength": 255},
                OpenApiParameter.HEADER,
                description="Optional: a retry with the same key returns the first response, "
                "whatever it was (a 400, 409 or 422 refusal included), and applies nothing "
                "twice (kept 24 h; another body with the same key: 422 "
                "`idempotency_key_reused`). A first answer over 16 KiB (the view of a long "
                "game) is kept as its status only: a retry gets 200 and the game's view as "
                "it is then.",
            ),
        ],
        # Every game's action bodies by ``type``, published from the games' own schemas
        # (``games.apis.schema.game_components``); a game's codec parses the body (a bad
        # card is 400 ``invalid_card``, every message names the input).
        request={"application/json": {"$ref": "#/components/schemas/GameActionRequest"}},
        responses={
            200: GameViewSerializer,
            **error_responses(400, 401, 404, 409, 413, 415, 422, 429, codes=ACTION_ERROR_CODES),
        },
        examples=[
            DISCARD_EXAMPLE,
            OpenApiExample("draw", value={"type": "draw_stock"}, request_only=True),
            OpenApiExample(
                "knock with melds",
                value={
                    "type": "knock",
                    "card": "9D",
                    "melds": [["AS", "2S", "3S"], ["7C", "7D", "7H"]],
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request, game_id: uuid.UUID) -> HttpResponse:
        outcome = services.game_apply_action(
            game_id=game_id,
            user=request_user(request),
            body=request.data,
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        if outcome.body is not None:  # the answer kept with the key, byte for byte
            return HttpResponse(
                outcome.body, status=outcome.status_code, content_type="application/json"
            )
        return Response(selectors.game_view_for(game=outcome.game, seat=outcome.seat))


