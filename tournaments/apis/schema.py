"""The documentation of the tournament API's answers (the OpenAPI schema): the shapes the
presenters write, the path parameter every tournament endpoint takes, and its paging."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers

from core.schema import error_responses
from games.variants import VARIANTS
from tournaments import presenters
from tournaments.formats import format_names

TOURNAMENT_ID = OpenApiParameter("tournament_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
TAGS = ["tournaments"]


class TournamentPublicUserSerializer(serializers.Serializer):
    username = serializers.CharField(
        allow_null=True,
        help_text="Null for a departed player (their account deleted): display_name is the "
        "name they had.",
    )
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
    format = serializers.ChoiceField(list(format_names()))
    variant = serializers.ChoiceField(list(VARIANTS))
    rules = serializers.DictField(help_text="The games' rule set (every option).")
    table_size = serializers.IntegerField(help_text="Seats per game: 2 is 1-v-1.")
    status = serializers.ChoiceField(presenters.STATUSES)
    private = serializers.BooleanField()
    invite_code = serializers.CharField(
        allow_null=True, help_text="A private tournament's code, for its creator and players."
    )
    starts_at = serializers.DateTimeField(
        allow_null=True,
        help_text="The start; for a sit & go the latest start (cancelled "
        "if it is not full by then).",
    )
    starts_in = serializers.IntegerField(
        allow_null=True,
        min_value=0,
        help_text="Seconds until the scheduled start of a tournament open for registration "
        "(0 once due); null once started or over, and for a sit & go (it starts when full).",
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


class TournamentLimitsSerializer(serializers.Serializer):
    public = serializers.BooleanField(
        help_text="Whether you may create public tournaments (a guest may not: a private "
        "sit & go only)."
    )
    formats = serializers.ListField(
        child=serializers.ChoiceField(list(format_names())),
        help_text="The formats you may create.",
    )
    max_open = serializers.IntegerField(
        allow_null=True,
        help_text="Tournaments you may have open for registration at once (null: staff, "
        "no limit; 409 `too_many_open_tournaments`).",
    )
    open = serializers.IntegerField(help_text="Yours open for registration now.")
    daily = serializers.IntegerField(
        allow_null=True,
        help_text="Tournaments you may create in 24 hours (429 `daily_tournament_limit`).",
    )
    created_today = serializers.IntegerField(help_text="Yours created in the last 24 hours.")
    next_creation_at = serializers.DateTimeField(
        allow_null=True, help_text="At the daily limit: when you may create the next one."
    )
    start_min_minutes = serializers.IntegerField(
        allow_null=True,
        help_text="A scheduled start at least this many minutes ahead (422 `start_too_soon`).",
    )
    start_max_days = serializers.IntegerField(
        allow_null=True, help_text="A start at most this many days ahead (422 `start_too_far`)."
    )
    max_capacity = serializers.IntegerField(
        allow_null=True, help_text="The most players (422 `capacity_over_limit`)."
    )
    max_minutes = serializers.IntegerField(
        allow_null=True,
        help_text="The longest planned length: an arena's duration, a Swiss tournament's "
        "rounds times their minutes (422 `length_over_limit`).",
    )


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
    status = serializers.ChoiceField(presenters.PAIRING_STATUSES)
    players = TournamentPairingPlayerSerializer(many=True)
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)


class TournamentSheetGameSerializer(serializers.Serializer):
    pairing = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    game_id = serializers.UUIDField()
    status = serializers.ChoiceField(presenters.PAIRING_STATUSES)
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


def page(serializer: type[serializers.Serializer], name: str) -> Any:
    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )


def change_schema(operation_id: str, description: str, codes: list[str]) -> Any:
    """The schema of a change to a tournament (join, withdraw, pause, cancel): its
    answer is the tournament, its refusals ``codes`` (409)."""
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
