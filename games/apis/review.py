"""``/games/{id}/review``: where a finished game was won or lost, decision by decision.

``POST`` asks for the caller's review (the only write: a pending row, and the task that
computes it queued on commit); ``GET`` reads it. Both answer 202 with ``status:
"pending"`` while the task runs and 200 with the review once it is written.
"""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.schema import error_responses
from games import presenters, selectors, services
from games.apis.schema import GAME_ID, GameViewSerializer, component_field
from games.models import GameReview

_DECISION = inline_serializer(
    "GameReviewDecision",
    {
        "version": serializers.IntegerField(
            help_text="The game version the decision was taken at (its view's version)."
        ),
        "move": serializers.IntegerField(help_text="The move it made (version + 1)."),
        "automatic": serializers.BooleanField(
            help_text="Played by the server for an absent player (turn timer)."
        ),
        "played": component_field("GameActionRequest", help_text="The move played."),
        "hard": component_field(
            "GameActionRequest", help_text="Hard's choice from the same view."
        ),
        "cost": serializers.FloatField(
            help_text="The share of Hard's seeded choices from this view that differ from "
            "the move played (0: Hard always agrees; 1: it never does)."
        ),
        "loss": serializers.FloatField(
            help_text="The round points the move played is estimated to have lost against "
            "Hard's choice (0 where they are the same move; below 0 where the move played "
            "did better), over `worlds` worlds the seat could not tell from the real one."
        ),
        "marked": serializers.BooleanField(
            help_text="One of the decisions that cost most (the greatest `loss`, of a point "
            "or more)."
        ),
        "view": GameViewSerializer(
            help_text="The seat's view just before the decision, exactly as it saw it then."
        ),
    },
    many=True,
    required=False,
)

_REVIEW = inline_serializer(
    "GameReview",
    {
        "status": serializers.ChoiceField(GameReview.Status.choices),
        "game_version": serializers.IntegerField(help_text="The finished game's version."),
        "seat": serializers.IntegerField(required=False, help_text="The seat reviewed."),
        "level": serializers.ChoiceField(
            ["hard"], required=False, help_text="The computer player compared with."
        ),
        "seeds": serializers.IntegerField(
            required=False, help_text="How many seeded choices Hard made at each decision."
        ),
        "measure": serializers.ChoiceField(
            ["disagreement"], required=False, help_text="What `cost` measures."
        ),
        "worlds": serializers.IntegerField(
            required=False,
            help_text="How many worlds each `loss` was estimated over.",
        ),
        "playout_level": serializers.CharField(
            required=False,
            help_text="The computer player that played every seat to the end of the round "
            "in those worlds (`medium`).",
        ),
        "decisions": _DECISION,
        "costliest": serializers.ListField(
            child=serializers.IntegerField(),
            required=False,
            help_text="The versions of the decisions that cost most (marked: the three "
            "greatest `loss` of a point or more), in order.",
        ),
    },
)

_RESPONSES = {
    200: OpenApiResponse(_REVIEW, description="The review."),
    202: OpenApiResponse(
        _REVIEW, description='Being computed: `{"status": "pending", "game_version"}`.'
    ),
}


def _answer(review: GameReview) -> Response:
    body = presenters.review_json(review=review)
    ready = body["status"] == GameReview.Status.READY
    return Response(body, status=status.HTTP_200_OK if ready else status.HTTP_202_ACCEPTED)


class GameReviewApi(APIView):
    """The caller's review of a finished game: each of the caller's decisions beside the
    choice the Hard computer player would have made from the same view."""

    @extend_schema(
        operation_id="games_review",
        tags=["games"],
        parameters=[GAME_ID],
        responses={
            **_RESPONSES,
            **error_responses(
                401, 404, 409, codes={404: ["review_not_requested"], 409: ["game_not_finished"]}
            ),
        },
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return _answer(selectors.game_review_for(game=game, seat=seat))

    @extend_schema(
        operation_id="games_review_request",
        tags=["games"],
        parameters=[GAME_ID],
        request=None,
        responses={
            **_RESPONSES,
            **error_responses(401, 404, 409, codes={409: ["game_not_finished"]}),
        },
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        return _answer(services.game_review_request(game_id=game_id, user=request_user(request)))
