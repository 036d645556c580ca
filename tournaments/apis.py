"""The tournament API: list, create, one tournament, join, withdraw, pause, cancel, the
standings, a player's sheet, the pairings, the bracket and a duplicate round's deals.

Views are thin: parse (a nested ``InputSerializer``), call one service or selector,
present. The event stream is :mod:`tournaments.streams`.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from accounts.models import User
from core.api import StrictSerializer, validated
from core.exceptions import ApplicationError
from core.pagination import PageNumberPagination, single_query_value
from core.schema import error_responses, page_parameters
from games.variants import VARIANTS
from tournaments import presenters, selectors, services
from tournaments.errors import (
    InvalidSettings,
    NotDuplicate,
    TournamentNotFound,
)
from tournaments.formats import Format
from tournaments.formats.types import MAX_BEST_OF, MAX_CAPACITY, MAX_ROUNDS, MAX_TABLE
from tournaments.models import (
    DuplicateRound,
    Entry,
    PairingStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.throttles import (
    CreateTournamentThrottle,
    JoinTournamentIPThrottle,
    JoinTournamentThrottle,
    TournamentChangeThrottle,
)

TOURNAMENT_ID = OpenApiParameter("tournament_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
MAX_ROUND_NUMBER = 32767
STARTS_AT_PATTERN = (
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?"
    r"(Z|[+-][0-9]{2}:[0-9]{2})$"
)
STARTS_AT_HORIZON = timedelta(days=366)
TURN_SECONDS_MIN, TURN_SECONDS_MAX = 10, 3600
RATING_MAX = 4000
TAGS = ["tournaments"]


# --- documentation of the answers ------------------------------------------------------------


class TournamentPublicUserSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()


class TournamentConditionsSerializer(serializers.Serializer):
    min_rated_games = serializers.IntegerField(help_text="Rated games of the game, at least.")
    min_rating = serializers.IntegerField(allow_null=True)
    max_rating = serializers.IntegerField(allow_null=True)


class TournamentYouSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField()
    withdrawn = serializers.BooleanField()
    paused = serializers.BooleanField()
    paused_until = serializers.DateTimeField(
        allow_null=True, help_text="A paused player may join again from then on."
    )
    removed = serializers.BooleanField()
    game_id = serializers.UUIDField(
        allow_null=True, help_text="Your game being played now (null in lists)."
    )


class TournamentSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    format = serializers.ChoiceField([f.value for f in Format])
    variant = serializers.ChoiceField(list(VARIANTS))
    rules = serializers.DictField(help_text="The games' rule set (every option).")
    table_size = serializers.IntegerField(help_text="Seats per game: 2 is 1-v-1.")
    status = serializers.ChoiceField(TournamentStatus.values)
    private = serializers.BooleanField()
    invite_code = serializers.CharField(
        allow_null=True, help_text="A private tournament's code, for its creator and players."
    )
    starts_at = serializers.DateTimeField(
        allow_null=True,
        help_text="The start; for a sit & go the latest start (cancelled "
        "if it is not full by then).",
    )
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Arena: the end.")
    duration_minutes = serializers.IntegerField(allow_null=True)
    rounds = serializers.IntegerField(allow_null=True)
    round_minutes = serializers.IntegerField(allow_null=True)
    current_round = serializers.IntegerField()
    round_deadline = serializers.DateTimeField(allow_null=True)
    capacity = serializers.IntegerField(allow_null=True)
    min_players = serializers.IntegerField()
    best_of = serializers.IntegerField()
    duplicate = serializers.BooleanField()
    turn_seconds = serializers.IntegerField()
    conditions = TournamentConditionsSerializer()
    players = serializers.IntegerField()
    created_by = TournamentPublicUserSerializer(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    winner = TournamentPublicUserSerializer(allow_null=True)
    you = TournamentYouSerializer(allow_null=True, help_text="Your entry, if you joined.")


class TournamentStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    user = TournamentPublicUserSerializer()
    rating = serializers.IntegerField(help_text="When the player joined.")
    score = serializers.FloatField()
    streak = serializers.IntegerField()
    on_fire = serializers.BooleanField(help_text="Arena: two wins in a row or more.")
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    sonneborn_berger = serializers.FloatField()
    performance = serializers.IntegerField(allow_null=True)
    eliminated_round = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()
    paused = serializers.BooleanField()


class TournamentPairingPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    user = TournamentPublicUserSerializer()
    place = serializers.IntegerField(allow_null=True)


class TournamentPairingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    game_id = serializers.UUIDField()
    status = serializers.ChoiceField(PairingStatus.values)
    players = TournamentPairingPlayerSerializer(many=True)
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)


class TournamentSheetGameSerializer(serializers.Serializer):
    pairing = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    game_id = serializers.UUIDField()
    status = serializers.ChoiceField(PairingStatus.values)
    seat = serializers.IntegerField()
    place = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    opponents = TournamentPublicUserSerializer(many=True)
    ended_at = serializers.DateTimeField(allow_null=True)


class TournamentSheetByeSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    kind = serializers.ChoiceField(["pairing", "late_join"])
    points = serializers.FloatField()


class TournamentSheetSerializer(TournamentStandingSerializer):
    rank = serializers.IntegerField(allow_null=True)
    removed = serializers.BooleanField()
    games_played = TournamentSheetGameSerializer(many=True)
    byes_given = TournamentSheetByeSerializer(many=True)


class TournamentBracketMatchSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    players = serializers.ListField(
        child=TournamentPublicUserSerializer(allow_null=True),
        help_text="The better seed first; null for a bye or a player not known yet.",
    )
    bye = serializers.BooleanField()
    wins = serializers.ListField(child=serializers.IntegerField())
    draws = serializers.IntegerField()
    winner = TournamentPublicUserSerializer(allow_null=True)
    game_ids = serializers.ListField(child=serializers.UUIDField())


class TournamentBracketTableSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    players = TournamentPublicUserSerializer(many=True)
    final = serializers.BooleanField()
    order = serializers.ListField(
        child=TournamentPublicUserSerializer(),
        allow_null=True,
        help_text="Best first, once the table's game has ended.",
    )
    advancing = serializers.ListField(
        child=TournamentPublicUserSerializer(),
        allow_null=True,
        help_text="Who goes through, once the game has ended (none at the final table).",
    )
    game_ids = serializers.ListField(child=serializers.UUIDField())


class TournamentBracketRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    matches = TournamentBracketMatchSerializer(many=True, help_text="1-v-1 knockouts.")
    tables = TournamentBracketTableSerializer(many=True, help_text="Knockouts at tables.")


class TournamentBracketSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["bracket", "tables"])
    seeds = TournamentPublicUserSerializer(many=True)
    champion = TournamentPublicUserSerializer(allow_null=True)
    over = serializers.BooleanField()
    rounds = TournamentBracketRoundSerializer(many=True)


class TournamentDealsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    commitments = serializers.ListField(
        child=serializers.CharField(), help_text="sha256(salt + ':' + deck), deck by deck."
    )
    revealed = serializers.BooleanField()
    revealed_at = serializers.DateTimeField(allow_null=True)
    decks = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()), allow_null=True
    )
    salts = serializers.ListField(child=serializers.CharField(), allow_null=True)


def _page(serializer: type[serializers.Serializer], name: str) -> Any:
    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )


# --- helpers -----------------------------------------------------------------------------------


def _tournament_body(tournament: Tournament, user: User) -> dict[str, Any]:
    tournament = selectors.tournament_get(tournament_id=tournament.pk)
    entry = selectors.entry_for(tournament=tournament, user=user)
    winner = None
    if tournament.status == TournamentStatus.FINISHED:
        winner = Entry.objects.filter(tournament=tournament, rank=1).select_related("user").first()
    game_id = None
    if entry is not None:
        game_id = (
            entry.seats.filter(pairing__status=PairingStatus.PLAYING)
            .values_list("pairing__game_id", flat=True)
            .first()
        )
    return presenters.tournament_json(
        tournament=tournament,
        viewer=user,
        entry=entry,
        winner=winner,
        game_id=str(game_id) if game_id else None,
    )


def _query_choice(request: Request, name: str, choices: list[str]) -> str | None:
    value = single_query_value(request, name)
    if value is not None and value not in choices:
        raise ApplicationError(
            f"{name} must be one of {', '.join(choices)}.",
            code="validation_error",
            fields={name: [f"Unknown value {value!r}."]},
        )
    return value


def _parse_starts_at(value: str | None) -> datetime | None:
    """A start time from the body (the pattern was checked): 422 for a time that names no
    moment (the 30th of February) or is more than a year away."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)
    except (ValueError, OverflowError) as exc:
        raise InvalidSettings("starts_at names no moment.", field="starts_at") from exc
    now = timezone.now()
    if not now - STARTS_AT_HORIZON < moment < now + STARTS_AT_HORIZON:
        raise InvalidSettings("starts_at must be within a year from now.", field="starts_at")
    return moment


# --- the views ---------------------------------------------------------------------------------


def _common_fields() -> dict[str, serializers.Field]:
    return {
        "name": serializers.CharField(
            required=False,
            min_length=1,
            max_length=80,
            trim_whitespace=False,
            help_text="Blank: named after the game and the format. Checked as a display "
            "name is (NFKC-normalised and stripped; control, format and invisible characters, "
            "nothing visible, stacked marks, and in a player's tournament reserved names "
            "and words are 422 `invalid_settings`).",
        ),
        "variant": serializers.ChoiceField(list(VARIANTS), required=False),
        "rules": serializers.DictField(
            required=False,
            help_text="The games' rule options (as `POST /games` takes them for this game); "
            "an option the game refuses is 422 `invalid_settings`.",
        ),
        "table_size": serializers.IntegerField(
            required=False,
            min_value=2,
            max_value=MAX_TABLE,
            help_text="Seats per game: 2 (1-v-1, Gin Rummy) or a table within the game's "
            "seat range (else 422 `invalid_settings`). Default: 2 for Gin Rummy, else 4 (or "
            "the game's largest table).",
        ),
        "turn_seconds": serializers.IntegerField(
            required=False,
            min_value=TURN_SECONDS_MIN,
            max_value=TURN_SECONDS_MAX,
            help_text="Each game's turn timer (default 60).",
        ),
        "min_rated_games": serializers.IntegerField(required=False, min_value=0, max_value=10000),
        "min_rating": serializers.IntegerField(required=False, min_value=0, max_value=RATING_MAX),
        "max_rating": serializers.IntegerField(required=False, min_value=0, max_value=RATING_MAX),
        "private": serializers.BooleanField(
            required=False, help_text="Joined by invite code only (`POST /tournaments/join`)."
        ),
    }


def _starts_at(required: bool) -> serializers.Field:
    return serializers.RegexField(
        STARTS_AT_PATTERN,
        required=required,
        max_length=40,
        help_text="ISO 8601 with a time zone, within a year from now.",
    )


def _capacity(required: bool) -> serializers.Field:
    return serializers.IntegerField(
        required=required,
        min_value=2,
        max_value=MAX_CAPACITY,
        help_text="Sit & go: the field that starts it; else the most players (left out: "
        f"{MAX_CAPACITY}).",
    )


def _min_players() -> serializers.Field:
    return serializers.IntegerField(
        required=False,
        min_value=2,
        max_value=MAX_CAPACITY,
        help_text="Fewer players at the start: cancelled (default 2).",
    )


BEST_OF = list(range(1, MAX_BEST_OF + 1, 2))


@extend_schema_field({"type": "integer", "enum": BEST_OF})
class BestOfField(serializers.IntegerField):
    """Games per 1-v-1 match: an odd number, 1 to 9 (first to more than half)."""

    def to_internal_value(self, data: Any) -> int:
        value = super().to_internal_value(data)
        if value not in BEST_OF:
            raise serializers.ValidationError(f"Must be one of {BEST_OF}.")
        return int(value)


def _format_serializer(name: str, fmt: Format, fields: dict[str, serializers.Field]) -> Any:
    return type(
        name,
        (StrictSerializer,),
        {"format": serializers.ChoiceField([fmt.value]), **_common_fields(), **fields},
    )


SitAndGoInput = _format_serializer(
    "SitAndGoInput",
    Format.SIT_AND_GO,
    {
        "capacity": _capacity(True),
        "best_of": BestOfField(required=False),
        "starts_at": _starts_at(False),
    },
)
ArenaInput = _format_serializer(
    "ArenaInput",
    Format.ARENA,
    {
        "starts_at": _starts_at(True),
        "duration_minutes": serializers.IntegerField(min_value=1, max_value=1440),
        "capacity": _capacity(False),
        "min_players": _min_players(),
    },
)
SwissInput = _format_serializer(
    "SwissInput",
    Format.SWISS,
    {
        "starts_at": _starts_at(True),
        "rounds": serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS),
        "round_minutes": serializers.IntegerField(
            required=False,
            min_value=1,
            max_value=1440,
            help_text="Each round's deadline (default 60): unfinished games are stopped.",
        ),
        "duplicate": serializers.BooleanField(required=False),
        "capacity": _capacity(False),
        "min_players": _min_players(),
    },
)
KnockoutInput = _format_serializer(
    "KnockoutInput",
    Format.KNOCKOUT,
    {
        "starts_at": _starts_at(True),
        "best_of": BestOfField(required=False),
        "duplicate": serializers.BooleanField(required=False),
        "capacity": _capacity(False),
        "min_players": _min_players(),
    },
)
INPUTS: dict[str, type[StrictSerializer]] = {
    Format.SIT_AND_GO.value: SitAndGoInput,
    Format.ARENA.value: ArenaInput,
    Format.SWISS.value: SwissInput,
    Format.KNOCKOUT.value: KnockoutInput,
}


class _FormatIsAFilter(DefaultContentNegotiation):
    """``?format=`` filters the list by tournament format here, so it does not choose the
    renderer (the answer is always JSON)."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)  # type: ignore[assignment]


class TournamentsApi(APIView):
    """List the tournaments you may see; create one."""

    content_negotiation_class = _FormatIsAFilter

    def get_throttles(self) -> list:
        return [CreateTournamentThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        operation_id="tournaments_list",
        tags=TAGS,
        parameters=[
            OpenApiParameter("status", str, enum=TournamentStatus.values, description="Filter."),
            OpenApiParameter("format", str, enum=[f.value for f in Format], description="Filter."),
            OpenApiParameter("variant", str, enum=list(VARIANTS), description="Filter."),
            OpenApiParameter(
                "mine", str, enum=["true", "false"], description="Only the ones you joined."
            ),
            *page_parameters(),
        ],
        responses={
            200: _page(TournamentSerializer, "TournamentPage"),
            **error_responses(400, 401, 404),
        },
        description="Public tournaments, and the private ones you created or joined, newest first.",
    )
    def get(self, request: Request) -> Response:
        user = request_user(request)
        filters = {
            "status": _query_choice(request, "status", TournamentStatus.values),
            "format": _query_choice(request, "format", [f.value for f in Format]),
            "variant": _query_choice(request, "variant", list(VARIANTS)),
        }
        mine = _query_choice(request, "mine", ["true", "false"]) == "true"
        paginator = PageNumberPagination()
        query = selectors.tournament_list(user=user, mine=mine, **filters)
        page = paginator.paginate_queryset(query, request, self) or []
        entries = {
            e.tournament_id: e
            for e in Entry.objects.filter(user=user, tournament__in=[t.pk for t in page])
        }
        winners = {
            e.tournament_id: e
            for e in Entry.objects.filter(
                rank=1,
                tournament__in=[t.pk for t in page if t.status == TournamentStatus.FINISHED],
            ).select_related("user")
        }
        results = [
            presenters.tournament_json(
                tournament=t, viewer=user, entry=entries.get(t.pk), winner=winners.get(t.pk)
            )
            for t in page
        ]
        return paginator.get_paginated_response(results)

    @extend_schema(
        operation_id="tournaments_create",
        tags=TAGS,
        request=PolymorphicProxySerializer(
            component_name="TournamentCreate",
            serializers=[SitAndGoInput, ArenaInput, SwissInput, KnockoutInput],
            resource_type_field_name=None,
        ),
        responses={
            201: TournamentSerializer,
            **error_responses(
                400,
                401,
                403,
                409,
                415,
                422,
                429,
                codes={
                    403: ["permission_denied"],
                    409: ["too_many_open_tournaments"],
                    422: ["invalid_settings"],
                },
            ),
        },
        description="Staff create any format; any other player creates a private sit & go "
        "(`format: sit_and_go, private: true`; 403 otherwise), takes its first seat and "
        "shares the `invite_code` (at most 3 open at once: 409 `too_many_open_tournaments`). "
        "Each format has its own body; settings that make no playable tournament (a table "
        "size the game does not seat, a rule option it refuses, `min_rating` over "
        "`max_rating`, more `min_players` than `capacity`, a `name` others could not read) are "
        "422 `invalid_settings` naming the field. Throttled per player (429 with `Retry-After`).",
        examples=[
            OpenApiExample(
                "private sit & go of 8",
                value={"format": "sit_and_go", "capacity": 8, "private": True},
                request_only=True,
            ),
            OpenApiExample(
                "one-hour arena",
                value={
                    "format": "arena",
                    "name": "Evening arena",
                    "starts_at": "2030-06-01T18:00:00Z",
                    "duration_minutes": 60,
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        body = request.data
        fmt = body.get("format") if isinstance(body, dict) else None
        if not isinstance(fmt, str) or fmt not in INPUTS:
            validated(_FormatOnly, body)  # 400 naming `format`
        data = validated(INPUTS[str(fmt)], body)
        if isinstance(data.get("name"), str):
            data["name"] = data["name"].strip()
        data["starts_at"] = _parse_starts_at(data.get("starts_at"))
        if data["starts_at"] is None:
            del data["starts_at"]
        user = request_user(request)
        tournament = services.tournament_create(data=data, by=user)
        return Response(_tournament_body(tournament, user), status=status.HTTP_201_CREATED)


class _FormatOnly(StrictSerializer):
    format = serializers.ChoiceField([f.value for f in Format])

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            data = {"format": data.get("format")} if "format" in data else {}
        return super().to_internal_value(data)


class TournamentDetailApi(APIView):
    @extend_schema(
        operation_id="tournaments_retrieve",
        tags=TAGS,
        parameters=[TOURNAMENT_ID],
        responses={200: TournamentSerializer, **error_responses(401, 404)},
        description="Any tournament by its id. A private tournament is unlisted (the list "
        "shows it only to its creator and players) and joined with its invite code, which "
        "only they see.",
    )
    def get(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        return Response(_tournament_body(tournament, user))


JOIN_CODES = {
    403: ["conditions_not_met", "banned", "permission_denied"],
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
    "when you may come back), 403 `banned` (removed by the organisers). In an arena you are "
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
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        services.tournament_join(user=user, tournament_id=tournament.pk)
        return Response(_tournament_body(tournament, user))


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
        tournament = Tournament.objects.get(pk=entry.tournament_id)
        return Response(_tournament_body(tournament, user))


def _change_schema(operation_id: str, description: str, codes: list[str]) -> Any:
    return extend_schema(
        operation_id=operation_id,
        tags=TAGS,
        parameters=[TOURNAMENT_ID],
        request=None,
        responses={
            200: TournamentSerializer,
            **error_responses(401, 403, 404, 409, 429, codes={409: codes}),
        },
        description=description,
    )


class WithdrawApi(APIView):
    throttle_classes = [TournamentChangeThrottle]

    @_change_schema(
        "tournaments_withdraw",
        "Leave. Before the start your entry is deleted; after it you are never paired again "
        "(in a knockout you lose your match, and your game is conceded). In an arena or a "
        "Swiss tournament you may come back by joining again.",
        ["not_entered", "tournament_over"],
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        services.tournament_withdraw(tournament_id=tournament.pk, user=user)
        return Response(_tournament_body(tournament, user))


class PauseApi(APIView):
    throttle_classes = [TournamentChangeThrottle]

    @_change_schema(
        "tournaments_pause",
        "Arena and Swiss: step out. You are not paired (and get no bye) until you join "
        "again, which you may after 10 seconds; a game you are playing goes on.",
        ["not_entered", "cannot_pause", "tournament_over"],
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        services.tournament_pause(tournament_id=tournament.pk, user=user)
        return Response(_tournament_body(tournament, user))


class CancelApi(APIView):
    throttle_classes = [TournamentChangeThrottle]

    @_change_schema(
        "tournaments_cancel",
        "Staff cancel any tournament that is not over; the player who created a private "
        "sit & go, only before it starts (403 otherwise; 409 `already_started`). Games "
        "already started play on as ordinary games.",
        ["already_started", "tournament_over"],
    )
    def post(self, request: Request, tournament_id: uuid.UUID) -> Response:
        user = request_user(request)
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        services.tournament_cancel(tournament_id=tournament.pk, by=user)
        return Response(_tournament_body(tournament, user))


class StandingsApi(APIView):
    @extend_schema(
        operation_id="tournaments_standings",
        tags=TAGS,
        parameters=[TOURNAMENT_ID, *page_parameters()],
        responses={
            200: _page(TournamentStandingSerializer, "TournamentStandingPage"),
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
            200: _page(TournamentPairingSerializer, "TournamentPairingPage"),
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
            presenters.bracket_json(state=found.state, users=found.users, games=found.games)
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
        if not tournament.duplicate:
            raise NotDuplicate()
        if round_no > MAX_ROUND_NUMBER:
            raise TournamentNotFound("No such round.")
        deals = DuplicateRound.objects.filter(tournament=tournament, round=round_no).first()
        if deals is None:
            raise TournamentNotFound("No such round.")
        return Response(presenters.deals_json(deals=deals))


class MalformedTournamentIdApi(APIView):
    """``/tournaments/<not a UUID>/...``: answered as a tournament the caller cannot see."""

    schema = None  # not an endpoint of its own

    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise TournamentNotFound()

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise TournamentNotFound()
