"""Quick chat: the fixed phrases and a game's messages."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import (
    OpenApiExample,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.api import StrictSerializer, validated
from core.pagination import PageNumberPagination
from core.schema import error_responses, page_parameters
from games import presenters, selectors, services
from games.apis.schema import (
    GAME_ID,
    PhraseField,
    paginated,
)
from games.throttles import (
    ChatThrottle,
)


class MessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField()
    phrase = serializers.CharField(help_text="A phrase id from GET /phrases.")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class MessagesApi(APIView):
    """Quick chat: fixed phrases only."""

    def get_throttles(self) -> list:
        return [ChatThrottle()] if self.request.method == "POST" else []

    class InputSerializer(StrictSerializer):
        phrase = PhraseField(max_length=32, trim_whitespace=False)

    @extend_schema(
        operation_id="games_messages_list",
        tags=["live tables"],
        parameters=[GAME_ID, *page_parameters()],
        responses={
            200: paginated(MessageSerializer, "MessagePage"),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game, _ = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.messages_for(game=game), request, self) or []
        return paginator.get_paginated_response([presenters.message_json(message=m) for m in page])

    @extend_schema(
        operation_id="games_messages_create",
        tags=["live tables"],
        parameters=[GAME_ID],
        request=InputSerializer,
        responses={
            201: MessageSerializer,
            **error_responses(
                400, 401, 404, 409, 415, 429,
                codes={400: ["invalid_phrase"], 409: ["game_not_active"]},
            ),
        },
        examples=[OpenApiExample("chat", value={"phrase": "good_luck"}, request_only=True)],
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        message = services.game_post_message(
            game_id=game_id, user=request_user(request), phrase=data["phrase"]
        )
        return Response(presenters.message_json(message=message), status=status.HTTP_201_CREATED)


class PhrasesApi(APIView):
    """The quick-chat phrases."""

    @extend_schema(
        operation_id="phrases_list",
        tags=["live tables"],
        responses={
            200: inline_serializer(
                "PhraseList",
                {
                    "results": inline_serializer(
                        "Phrase",
                        {"id": serializers.CharField(), "text": serializers.CharField()},
                        many=True,
                    )
                },
            ),
            **error_responses(401),
        },
    )
    def get(self, request: Request) -> Response:
        return Response(presenters.phrases_json())
