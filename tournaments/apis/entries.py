"""A player's entry: join (by id, or a private tournament by its code), withdraw, pause."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from core.api import StrictSerializer, validated
from core.schema import error_responses
from tournaments import services
from tournaments.apis.schema import TAGS, TOURNAMENT_ID, TournamentSerializer, change_schema
from tournaments.apis.tournaments import tournament_answer
from tournaments.throttles import (
    JoinTournamentIPThrottle,
    JoinTournamentThrottle,
    TournamentChangeThrottle,
)

JOIN_CODES = {
    403: ["conditions_not_met", "banned", "permission_denied", "tournament_ban", "playban"],
    404: ["not_found"],
    409: ["tournament_full", "already_started", "paused", "tournament_over"],
}
JOIN_DESCRIPTION = (
    "Join, or come back after a pause (or, in an arena or a Swiss tournament, after "
    "withdrawing); joining again while in is harmless. Refusals: 409 `tournament_full`, 409 "
    "`already_started` (registration closed: a knockout or a sit & go under way, a Swiss "
    "tournament past half its rounds, an arena's last minutes), 409 `tournament_over`, 403 "
    "`conditions_not_met` (rated games or rating band), 403 `permission_denied` (a private "
    "tournament: join it with its code), 409 `paused` (with `Retry-After`: "
    "when you may come back), 403 `banned` (removed by the organisers), 403 `tournament_ban` "
    "(banned from tournaments for fair play, or marked: `until`, null while it lasts until "
    "lifted, and `rule`, the rule in words; `GET /me/fair-play` says why and how to appeal) "
    "and 403 `playban` (banned from playing people: `until`, `rule`); a refusal changes "
    "nothing. In an arena you are "
    "paired at once if someone is waiting; a sit & go starts as its last seat is taken. "
    "Your `/me/events` stream gets a `tournament_game` event for every game you are seated at."
)


class JoinApi(APIView):
    throttle_classes = [JoinTournamentThrottle]

    @extend_schema(
        operation_id="tournaments_join",
        tags=TAGS,
        parameters=[TOURNAMENT_ID],
        request=None,
        responses={
            200: TournamentSerializer,
            **error_responses(401, 403, 404, 409, 429, codes=JOIN_CODES),
        },
        description=JOIN_DESCRIPTION,
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        services.tournament_join(user=user, tournament_id=tournament_id)
        return Response(tournament_answer(tournament_id=tournament_id, user=user))


class JoinByCodeApi(APIView):
    throttle_classes = [JoinTournamentThrottle, JoinTournamentIPThrottle]

    class InputSerializer(StrictSerializer):
        code = serializers.CharField(max_length=16, trim_whitespace=False)

    @extend_schema(
        operation_id="tournaments_join_by_code",
        tags=TAGS,
        request=InputSerializer,
        responses={
            200: TournamentSerializer,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                415,
                429,
                codes={**JOIN_CODES, 404: ["invalid_code"]},
            ),
        },
        description="Join a private tournament with its invite code (404 `invalid_code` for a "
        "code that opens none). " + JOIN_DESCRIPTION,
        examples=[OpenApiExample("join", value={"code": "K7QX2M"}, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        user = request_user(request)
        entry = services.tournament_join(user=user, code=data["code"])
        return Response(tournament_answer(tournament_id=entry.tournament_id, user=user))


class WithdrawApi(APIView):
    throttle_classes = [TournamentChangeThrottle]

    @change_schema(
        "tournaments_withdraw",
        "Leave. Before the start your entry is deleted; after it you are never paired again "
        "(in a knockout you lose your match, and your game is conceded). In an arena or a "
        "Swiss tournament you may come back by joining again.",
        ["not_entered", "tournament_over"],
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        services.tournament_withdraw(tournament_id=tournament_id, user=user)
        return Response(tournament_answer(tournament_id=tournament_id, user=user))


class PauseApi(APIView):
    throttle_classes = [TournamentChangeThrottle]

    @change_schema(
        "tournaments_pause",
        "Arena and Swiss: step out. You are not paired (and get no bye) until you join "
        "again, which you may after 10 seconds; a game you are playing goes on.",
        ["not_entered", "cannot_pause", "tournament_over"],
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        services.tournament_pause(tournament_id=tournament_id, user=user)
        return Response(tournament_answer(tournament_id=tournament_id, user=user))
