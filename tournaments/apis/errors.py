"""Any other id where a tournament id belongs: a tournament the caller cannot see."""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.errors import TournamentNotFound


class MalformedTournamentIdApi(APIView):
    """``/tournaments/<not a UUID>/...``: answered as a tournament the caller cannot see."""

    schema = None  # not an endpoint of its own

    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise TournamentNotFound()

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise TournamentNotFound()
