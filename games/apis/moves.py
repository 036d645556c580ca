"""``GET /games/{id}/moves``: the move log as the caller may see it."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.pagination import PageNumberPagination
from core.schema import error_responses, page_parameters
from games import presenters, selectors, services
from games.apis.schema import (
    GAME_ID,
    MoveSerializer,
    paginated,
)


class GameMovesApi(APIView):
    """The move log, oldest first, as the caller may see it."""

    @extend_schema(
        operation_id="games_moves",
        tags=["games"],
        parameters=[GAME_ID, *page_parameters()],
        responses={
            200: paginated(MoveSerializer, "MovePage"),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        services.game_enforce_timers(game_id=game_id)
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.moves_for(game=game), request, self) or []
        left_at = selectors.seat_left_at_move(game=game, seat=seat)
        results = [
            presenters.move_json(move=m, viewer=seat, game=game, own_until=left_at) for m in page
        ]
        return paginator.get_paginated_response(results)


