from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import BearerTokenAuthentication
from games.models import Game, Move


class BareActionApi(APIView):
    """``POST /api/v1/bare/{game_id}``: lock, insert, update; answers the new version."""

    authentication_classes = [BearerTokenAuthentication]
    permission_classes = [IsAuthenticated]
    throttle_classes: list[Any] = []

    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        with transaction.atomic():
            game = Game.objects.select_for_update(of=("self",)).get(pk=game_id)
            game.version += 1
            Move.objects.create(
                game=game, seq=game.version, round=1, seat=0, action={"type": "bare"}
            )
            Game.objects.filter(pk=game.pk).update(version=game.version)
        return Response({"version": game.version})
