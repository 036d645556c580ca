"""``POST /games/{id}/actions``: a player's action."""

from __future__ import annotations

import uuid

from django.http import HttpResponse
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.api import StrictSerializer
from core.schema import error_responses
from games import selectors, services
from games.apis.schema import (
    ACTION_ERROR_CODES,
    DISCARD_EXAMPLE,
    GAME_ID,
    CardInputField,
    GameViewSerializer,
    MeldsInputField,
    NullOnlyField,
    RummyCardInputField,
    RummyMeldsInputField,
)
from games.throttles import (
    ActionThrottle,
)


class GameActionsApi(APIView):
    """Play: draw, discard, knock, big gin, or pass the first upcard; in rummy draw, meld,
    lay off, swap a joker, discard. An action of the other game is 422
    `action_not_in_game`."""

    throttle_classes = [ActionThrottle]

    # The body, for the schema: one shape per action type. The rules core's codec parses
    # it (so that a bad card is 400 ``invalid_card`` and every message names the input).
    # Keys another type takes (``card``, ``melds``) are accepted as ``null``.
    class _ActionInput(StrictSerializer):
        expected_version = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=0,
            help_text="409 version_conflict if the game moved on (null: no check).",
        )

    class PassInput(_ActionInput):
        type = serializers.ChoiceField(["pass"])
        card = NullOnlyField(required=False)
        melds = NullOnlyField(required=False)

    class DrawStockInput(PassInput):
        type = serializers.ChoiceField(["draw_stock"])

    class DrawDiscardInput(PassInput):
        type = serializers.ChoiceField(["draw_discard"])

    class DiscardInput(_ActionInput):
        type = serializers.ChoiceField(["discard"])
        card = CardInputField()
        melds = NullOnlyField(required=False)

    class KnockInput(_ActionInput):
        type = serializers.ChoiceField(["knock"])
        card = CardInputField(help_text="The discard, face down.")
        melds = MeldsInputField(
            required=False,
            allow_null=True,
            help_text="Your melds; omitted, the server picks the arrangement with least deadwood.",
        )

    class BigGinInput(_ActionInput):
        type = serializers.ChoiceField(["big_gin"])
        card = NullOnlyField(required=False)
        melds = MeldsInputField(required=False, allow_null=True, help_text="Your melds.")

    # Rummy (DESIGN §5): cards may be the joker ``XX``.
    class MeldInput(_ActionInput):
        type = serializers.ChoiceField(["meld"])
        melds = RummyMeldsInputField(help_text="New melds for the table, runs low to high.")
        card = NullOnlyField(required=False)
        meld = NullOnlyField(required=False)
        end = NullOnlyField(required=False)

    class LayoffInput(_ActionInput):
        type = serializers.ChoiceField(["layoff"])
        card = RummyCardInputField()
        meld = serializers.IntegerField(
            min_value=0, max_value=2**31 - 1, help_text="A table meld's `id`."
        )
        end = serializers.ChoiceField(
            ["low", "high"],
            required=False,
            allow_null=True,
            help_text="A run's end; needed only when the card fits both.",
        )
        melds = NullOnlyField(required=False)

    class SwapJokerInput(_ActionInput):
        type = serializers.ChoiceField(["swap_joker"])
        card = RummyCardInputField(help_text="The natural card the joker stands for.")
        meld = serializers.IntegerField(
            min_value=0, max_value=2**31 - 1, help_text="A table meld's `id`."
        )
        melds = NullOnlyField(required=False)
        end = NullOnlyField(required=False)

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
                "`idempotency_key_reused`).",
            ),
        ],
        request=PolymorphicProxySerializer(
            component_name="GameAction",
            serializers={
                "pass": PassInput,
                "draw_stock": DrawStockInput,
                "draw_discard": DrawDiscardInput,
                "discard": DiscardInput,
                "knock": KnockInput,
                "big_gin": BigGinInput,
                "meld": MeldInput,
                "layoff": LayoffInput,
                "swap_joker": SwapJokerInput,
            },
            resource_type_field_name="type",
        ),
        responses={
            200: GameViewSerializer,
            **error_responses(400, 401, 404, 409, 415, 422, 429, codes=ACTION_ERROR_CODES),
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


