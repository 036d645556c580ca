"""What a tournament's games decided: the standings, a player's sheet, the pairings, the
bracket and a duplicate round's deals. Each reads through one selector and writes nothing."""

from __future__ import annotations

import re
import uuid

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.exceptions import ApplicationError
from core.pagination import PageNumberPagination, single_query_value
from core.schema import error_responses, page_parameters
from tournaments import presenters, selectors
from tournaments.apis.schema import (
    TAGS,
    TOURNAMENT_ID,
    TournamentBracketSerializer,
    TournamentDealsSerializer,
    TournamentPairingSerializer,
    TournamentSheetSerializer,
    TournamentStandingSerializer,
    page,
)
from tournaments.selectors import MAX_ROUND_NUMBER


class StandingsApi(APIView):
    @extend_schema(
        operation_id="tournaments_standings",
        tags=TAGS,
        parameters=[TOURNAMENT_ID, *page_parameters()],
        responses={
            200: page(TournamentStandingSerializer, "TournamentStandingPage"),
            **error_responses(400, 401, 404),
        },
        description="Best first. Arena: score, then performance, then who joined first. "
        "Swiss: score, Sonneborn-Berger, performance, rating, who joined first. Knockout and "
        "sit & go: players still in, then the round each went out in (later is better), then "
        "the place at that table, then the seed. A removed player is not listed.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID) -> Response:
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        paginator = PageNumberPagination()
        page = (
            paginator.paginate_queryset(selectors.standings(tournament=tournament), request, self)
            or []
        )
        return paginator.get_paginated_response(
            [presenters.standing_json(entry=entry) for entry in page]
        )


class SheetApi(APIView):
    @extend_schema(
        operation_id="tournaments_player_sheet",
        tags=TAGS,
        parameters=[
            TOURNAMENT_ID,
            OpenApiParameter("username", str, OpenApiParameter.PATH),
        ],
        responses={200: TournamentSheetSerializer, **error_responses(401, 404)},
        description="A player's standing, each of their games (seat, place, the points it "
        "scored them) and each bye.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID, username: str) -> Response:
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        sheet = selectors.player_sheet(tournament=tournament, username=username)
        return Response(
            presenters.sheet_json(
                entry=sheet.entry,
                pairings=sheet.pairings,
                byes=sheet.byes,
                points=sheet.points,
                bye_points=sheet.bye_points,
            )
        )


class PairingsApi(APIView):
    @extend_schema(
        operation_id="tournaments_pairings",
        tags=TAGS,
        parameters=[
            TOURNAMENT_ID,
            OpenApiParameter(
                "round",
                {"type": "integer", "minimum": 0, "maximum": MAX_ROUND_NUMBER},
                description="One round's (an arena's games are all round 0).",
            ),
            *page_parameters(),
        ],
        responses={
            200: page(TournamentPairingSerializer, "TournamentPairingPage"),
            **error_responses(400, 401, 404),
        },
        description="The tournament's games, by round and table (an arena's newest first), "
        "with every seat's place once the game has ended. A `void` game was stopped without "
        "a result (a Swiss round's deadline) and counts for nobody.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID) -> Response:
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        raw = single_query_value(request, "round")
        round_no = None
        if raw is not None:
            if not re.fullmatch(r"[0-9]+", raw) or int(raw) > MAX_ROUND_NUMBER:
                raise ApplicationError(
                    "round must be a whole number from 0.",
                    code="validation_error",
                    fields={"round": [f"Must be a whole number from 0 to {MAX_ROUND_NUMBER}."]},
                )
            round_no = int(raw)
        paginator = PageNumberPagination()
        query = selectors.pairings(tournament=tournament, round_no=round_no)
        page = paginator.paginate_queryset(query, request, self) or []
        return paginator.get_paginated_response([presenters.pairing_json(pairing=p) for p in page])


class BracketApi(APIView):
    @extend_schema(
        operation_id="tournaments_bracket",
        tags=TAGS,
        parameters=[TOURNAMENT_ID],
        responses={
            200: TournamentBracketSerializer,
            **error_responses(401, 404, 409, codes={409: ["no_bracket"]}),
        },
        description="Knockout and sit & go, once started: 1-v-1 brackets as matches (top "
        "seeds get the byes), knockouts at tables as tables (the top half of each goes "
        "through), round by round; later rounds appear as they are known.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID) -> Response:
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        found = selectors.bracket(tournament=tournament)
        return Response(
            presenters.bracket_json(state=found.state, entries=found.entries, games=found.games)
        )


class DealsApi(APIView):
    @extend_schema(
        operation_id="tournaments_round_deals",
        tags=TAGS,
        parameters=[
            TOURNAMENT_ID,
            OpenApiParameter(
                "round_no",
                {"type": "integer", "minimum": 0, "maximum": MAX_ROUND_NUMBER},
                OpenApiParameter.PATH,
            ),
        ],
        responses={
            200: TournamentDealsSerializer,
            **error_responses(401, 404, 409, codes={409: ["not_duplicate"]}),
        },
        description="Duplicate deals: every table of the round deals these decks in order, "
        "with these salts. The commitments are published when the round starts (each is the "
        "`deck_commitment` every table's game shows for that deal); the decks and salts once "
        "every game of the round has ended, so anyone can recompute them. 404 for a round not "
        "started yet.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID, round_no: int) -> Response:
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        deals = selectors.round_deals(tournament=tournament, round_no=round_no)
        return Response(presenters.deals_json(deals=deals))
