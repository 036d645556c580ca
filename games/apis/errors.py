"""Any other id where a game id belongs: the game is not one the caller sits at."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import GameNotFound


class MalformedGameIdApi(APIView):
    """``/games/<not a UUID>/...``: answered as a game the caller does not sit at."""

    schema = None  # not an endpoint of its own

    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise GameNotFound()

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise GameNotFound()


