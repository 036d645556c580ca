"""Game endpoints (DESIGN.md §4 Games): parse, call one service, answer the caller's view."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import request_user
from config.api import StrictSerializer, require_object, validated
from config.exceptions import ApplicationError
from config.pagination import PageNumberPagination, single_query_value
from config.schema import error_responses, page_parameters
from games import presenters, selectors, services
from games.errors import GameNotFound, InvalidCode
from games.models import Difficulty, GameStatus, OpponentType, Visibility
from games.phrases import PHRASES
from games.throttles import (
    ActionThrottle,
    CancelThrottle,
    ChatThrottle,
    ConcedeThrottle,
    CreateGameThrottle,
    JoinIPThrottle,
    JoinThrottle,
    RematchThrottle,
)
from games.variants import DEFAULT_VARIANT, VARIANTS, GameVariant

ACTION_TYPES = list(dict.fromkeys(t for v in VARIANTS.values() for t in v.action_types))
ACTION_ERROR_CODES: dict[int, list[str]] = {}
for _variant in VARIANTS.values():
    for _status, _codes in _variant.action_error_codes.items():
        ACTION_ERROR_CODES.setdefault(_status, [])
        ACTION_ERROR_CODES[_status] += [c for c in _codes if c not in ACTION_ERROR_CODES[_status]]
WRONG_VARIANT = "action_not_in_game"
"""422: an action type of another variant (the action schema documents every variant's)."""
ACTION_ERROR_CODES[422].append(WRONG_VARIANT)
TURN_SECONDS_MIN, TURN_SECONDS_MAX = 10, 3600
PUBLIC_TURN_SECONDS_DEFAULT = 60

# --- documentation serializers (responses are built by selectors) --------------------------

# A card as input: rank then suit, in either case (DESIGN §2); anything else is 400.
CARD_INPUT_SCHEMA = {"type": "string", "pattern": "^[2-9AaTtJjQqKk][SsHhDdCc]$"}


@extend_schema_field(CARD_INPUT_SCHEMA)
class _CardInputField(serializers.CharField):
    pass


@extend_schema_field({"type": "array", "items": {"type": "array", "items": CARD_INPUT_SCHEMA}})
class _MeldsInputField(serializers.ListField):
    pass


# Rummy's cards add the joker ``XX``.
RUMMY_CARD_INPUT_SCHEMA = {"type": "string", "pattern": "^([2-9AaTtJjQqKk][SsHhDdCc]|[Xx][Xx])$"}


@extend_schema_field(RUMMY_CARD_INPUT_SCHEMA)
class _RummyCardInputField(serializers.CharField):
    pass


@extend_schema_field(
    {"type": "array", "items": {"type": "array", "items": RUMMY_CARD_INPUT_SCHEMA}}
)
class _RummyMeldsInputField(serializers.ListField):
    pass


@extend_schema_field({"nullable": True, "not": {}, "description": "Only `null`."})
class _NullOnlyField(serializers.Field):
    """A key this action type does not take: accepted only as ``null``."""


@extend_schema_field({"type": "string", "enum": list(PHRASES)})
class _PhraseField(serializers.CharField):
    pass


def _rule_field(bounds: tuple[int, int] | None) -> serializers.Field:
    if bounds is None:
        return serializers.BooleanField(required=False)
    low, high = bounds
    return serializers.IntegerField(required=False, min_value=low, max_value=high)


def _rules_serializer(name: str, variant: GameVariant, doc: str) -> type[serializers.Serializer]:
    defaults = variant.rules_from_dict({})
    fields: dict[str, serializers.Field] = {}
    for option, bounds in variant.rule_options().items():
        field = _rule_field(bounds)
        if defaults[option] is None:  # an optional limit: null means none
            field = serializers.IntegerField(
                required=False, allow_null=True, min_value=bounds[0] if bounds else None,
                max_value=bounds[1] if bounds else None,
            )
        fields[option] = field
    return type(name, (StrictSerializer,), {"__doc__": doc, **fields})


RulesSerializer = _rules_serializer(
    "RulesSerializer",
    VARIANTS[DEFAULT_VARIANT],
    "Rule options (DESIGN §3); all optional on create, unknown keys refused.",
)
RummyRulesSerializer = _rules_serializer(
    "RummyRulesSerializer",
    VARIANTS["rummy"],
    "Rummy's rule options (DESIGN §5); all optional on create, unknown keys refused.",
)


def _any_rules() -> Any:
    """A game's rules: Gin Rummy's options or Rummy's (by the game's variant)."""
    return PolymorphicProxySerializer(
        component_name="GameRules",
        serializers=[RulesSerializer, RummyRulesSerializer],
        resource_type_field_name=None,
    )


@extend_schema_field(RulesSerializer)
class _RulesInputField(serializers.JSONField):
    """Parsed by the rules core (``RuleSet.from_dict``); documented as the object it takes."""


@extend_schema_field(RummyRulesSerializer)
class _RummyRulesInputField(serializers.JSONField):
    """Rummy's rules, parsed by its rules core."""


def _turn_seconds_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TURN_SECONDS_MIN,
        max_value=TURN_SECONDS_MAX,
        help_text="Seconds per turn (10-3600) or null for untimed. Default 60 on public "
        "tables, untimed on private ones.",
    )


_cards = serializers.ListField(child=serializers.CharField(), help_text="Cards such as `AS`.")


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    user = inline_serializer(
        "PlayerUser",
        {"username": serializers.CharField(), "display_name": serializers.CharField()},
        allow_null=True,
    )
    computer = serializers.ChoiceField(Difficulty.choices, allow_null=True)


class LegalActionSerializer(serializers.Serializer):
    type = serializers.ChoiceField(ACTION_TYPES)
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    options = inline_serializer(
        "LegalTableOption",
        {
            "card": serializers.CharField(),
            "meld": serializers.IntegerField(help_text="A table meld's `id`."),
            "end": serializers.ChoiceField(["low", "high"], required=False),
        },
        many=True,
        required=False,
        help_text="Rummy `layoff` and `swap_joker`: every card and meld allowed now.",
    )


class RoundViewSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    phase = serializers.ChoiceField(["first_upcard", "draw", "discard", "round_over"])
    turn = serializers.IntegerField(allow_null=True)
    hand = serializers.ListField(child=serializers.CharField())
    opponent_hand_size = serializers.IntegerField()
    stock_size = serializers.IntegerField()
    discard_pile = serializers.ListField(child=serializers.CharField(), help_text="Top last.")
    drawn_from_discard = serializers.CharField(allow_null=True)
    deadwood = serializers.IntegerField()
    legal_actions = LegalActionSerializer(many=True)
    knock_limit = serializers.IntegerField(help_text="This round's limit (Oklahoma lowers it).")
    deck_commitment = serializers.CharField(help_text="sha256 of salt:deck (fair shuffle).")
    turn_deadline = serializers.DateTimeField(allow_null=True)


class HandResultSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField())
    melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    deadwood = serializers.ListField(child=serializers.CharField())
    deadwood_points = serializers.IntegerField()
    layoffs = inline_serializer(
        "Layoff", {"card": serializers.CharField(), "meld": serializers.IntegerField()}, many=True
    )


class RoundResultSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    outcome = serializers.ChoiceField(["knock", "gin", "big_gin", "undercut", "draw"])
    knocker = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    scores_after = serializers.ListField(child=serializers.IntegerField())
    hands = HandResultSerializer(many=True)
    deck_commitment = serializers.CharField()
    deck = serializers.ListField(child=serializers.CharField())
    salt = serializers.CharField()


class UnfinishedRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    deck_commitment = serializers.CharField()
    deck = serializers.ListField(child=serializers.CharField())
    salt = serializers.CharField()


class FinalSerializer(serializers.Serializer):
    winner = serializers.IntegerField()
    reason = serializers.ChoiceField(["target", "concede", "timeout"])
    aborted = serializers.BooleanField(
        help_text="The game ended before each player had made a move of their own (moves "
        "the turn timer played do not count): unrated, not on the leaderboards, not in "
        "profile statistics."
    )
    totals = serializers.ListField(child=serializers.IntegerField())
    unfinished_round = UnfinishedRoundSerializer(
        required=False,
        help_text="A round cut short by a concession or a timeout: its deal revealed (fair "
        "shuffle), like a finished round's.",
    )
    breakdown = inline_serializer(
        "FinalLine",
        {
            "seat": serializers.IntegerField(),
            "hand_points": serializers.IntegerField(),
            "game_bonus": serializers.IntegerField(),
            "line_bonus": serializers.IntegerField(),
            "shutout": serializers.BooleanField(),
            "total": serializers.IntegerField(),
        },
        many=True,
    )


class TableMeldSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="Its index on the table, from 0 each round.")
    owner = serializers.IntegerField(help_text="The seat that put it down.")
    kind = serializers.ChoiceField(["set", "run"])
    cards = serializers.ListField(child=serializers.CharField(), help_text="`XX` a joker.")
    rank = serializers.CharField(required=False, help_text="Sets: the rank (`7`, `T`, `A`).")
    stands_for = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Runs: the natural card each place stands for.",
    )


class RummyRoundViewSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    phase = serializers.ChoiceField(["draw", "play", "round_over"])
    turn = serializers.IntegerField(allow_null=True)
    hand = serializers.ListField(child=serializers.CharField())
    hand_sizes = serializers.ListField(child=serializers.IntegerField(), help_text="Per seat.")
    stock_size = serializers.IntegerField()
    discard_pile = serializers.ListField(child=serializers.CharField(), help_text="Top last.")
    drawn_from_discard = serializers.CharField(
        allow_null=True, help_text="Shown to the seat that drew it only."
    )
    came_out = serializers.ListField(child=serializers.BooleanField(), help_text="Per seat.")
    table = TableMeldSerializer(many=True, help_text="Oldest first.")
    deck_commitment = serializers.CharField(help_text="sha256 of salt:deck (fair shuffle).")
    turn_deadline = serializers.DateTimeField(allow_null=True)
    legal_actions = LegalActionSerializer(many=True)


class RummyRoundResultSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    outcome = serializers.ChoiceField(["out", "hand_rummy", "block"])
    winner = serializers.IntegerField(allow_null=True, help_text="Null on a block.")
    points = serializers.ListField(
        child=serializers.IntegerField(), help_text="The round's points per seat, signed."
    )
    scores_after = serializers.ListField(child=serializers.IntegerField())
    hands = inline_serializer(
        "RummyHandResult",
        {
            "seat": serializers.IntegerField(),
            "cards": serializers.ListField(child=serializers.CharField()),
            "value": serializers.IntegerField(),
        },
        many=True,
    )
    deck_commitment = serializers.CharField()
    deck = serializers.ListField(child=serializers.CharField())
    salt = serializers.CharField()


class RummyFinalSerializer(serializers.Serializer):
    winner = serializers.IntegerField()
    reason = serializers.ChoiceField(["loss_limit", "rounds", "concede", "timeout"])
    aborted = serializers.BooleanField(help_text="As for Gin Rummy.")
    totals = serializers.ListField(child=serializers.IntegerField())
    placement = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats from first place to last."
    )
    unfinished_round = UnfinishedRoundSerializer(required=False)


class GameViewSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(GameStatus.choices)
    version = serializers.IntegerField(help_text="Goes up by exactly one per applied action.")
    variant = serializers.ChoiceField(
        list(VARIANTS), required=False, help_text="Rummy games only (Gin Rummy has none)."
    )
    rules = _any_rules()
    you = serializers.IntegerField(help_text="The caller's seat.")
    opponent = serializers.ChoiceField(OpponentType.choices)
    difficulty = serializers.ChoiceField(Difficulty.choices, allow_null=True)
    visibility = serializers.ChoiceField(Visibility.choices)
    invite_code = serializers.CharField(allow_null=True)
    turn_seconds = serializers.IntegerField(allow_null=True)
    players = PlayerSerializer(many=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    round = PolymorphicProxySerializer(
        component_name="GameRound",
        serializers=[RoundViewSerializer, RummyRoundViewSerializer],
        resource_type_field_name=None,
        allow_null=True,
        help_text="Null while waiting and once over.",
    )
    rounds = PolymorphicProxySerializer(
        component_name="GameRoundResult",
        serializers=[RoundResultSerializer, RummyRoundResultSerializer],
        resource_type_field_name=None,
        many=True,
    )
    final = PolymorphicProxySerializer(
        component_name="GameFinal",
        serializers=[FinalSerializer, RummyFinalSerializer],
        resource_type_field_name=None,
        allow_null=True,
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    variant = serializers.ChoiceField(
        list(VARIANTS), required=False, help_text="Rummy games only (Gin Rummy has none)."
    )
    status = serializers.ChoiceField(GameStatus.choices)
    version = serializers.IntegerField()
    you = serializers.IntegerField()
    opponent = serializers.ChoiceField(OpponentType.choices)
    difficulty = serializers.ChoiceField(Difficulty.choices, allow_null=True)
    visibility = serializers.ChoiceField(Visibility.choices)
    invite_code = serializers.CharField(allow_null=True)
    players = PlayerSerializer(many=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    round_number = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    turn_deadline = serializers.DateTimeField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    aborted = serializers.BooleanField(help_text="As `final.aborted`; false until finished.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class LobbyEntrySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    invite_code = serializers.CharField()
    created_by = inline_serializer(
        "LobbyCreator",
        {"username": serializers.CharField(), "display_name": serializers.CharField()},
    )
    rules = _any_rules()
    turn_seconds = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    variant = serializers.ChoiceField(list(VARIANTS), required=False, help_text="Rummy only.")
    seats = serializers.IntegerField(required=False, help_text="Rummy only: seats at the table.")
    free_seats = serializers.IntegerField(required=False, help_text="Rummy only: seats to take.")


class MoveSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The game version this move produced.")
    round = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.DictField(
        help_text="The action body; `card` on stock draws only for your own draws, or once "
        "the game is finished. `concede` / `timeout` entries end a game early."
    )
    automatic = serializers.BooleanField(help_text="Played by the server (turn timer).")
    created_at = serializers.DateTimeField()


def _paginated(serializer: type[serializers.Serializer], name: str) -> Any:
    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )


_GAME_ID = OpenApiParameter("game_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
_DISCARD_EXAMPLE = OpenApiExample(
    "discard", value={"type": "discard", "card": "KH", "expected_version": 17}, request_only=True
)


def _view(game: Any, seat: int) -> dict[str, Any]:
    return selectors.game_view_for(game=game, seat=seat)


# --- endpoints ------------------------------------------------------------------------------


class GamesApi(APIView):
    """Create a game; list the caller's games."""

    def get_throttles(self) -> list:
        return [CreateGameThrottle()] if self.request.method == "POST" else []

    class InputSerializer(StrictSerializer):
        variant = serializers.ChoiceField(list(VARIANTS), required=False)
        opponent = serializers.ChoiceField(OpponentType.choices)
        difficulty = serializers.ChoiceField(Difficulty.choices, required=False)
        visibility = serializers.ChoiceField(Visibility.choices, required=False)
        rules = _RulesInputField(
            required=False, help_text="An object of rule options (DESIGN §3); omitted: defaults."
        )
        turn_seconds = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=TURN_SECONDS_MIN,
            max_value=TURN_SECONDS_MAX,
            help_text="Human games only: seconds per turn (10-3600) or null for untimed. "
            "Default 60 on public tables, untimed on private ones.",
        )
        seats = serializers.IntegerField(required=False)
        computers = serializers.IntegerField(required=False)

        def validate_rules(self, value: Any) -> Any:
            if not isinstance(value, dict):  # [], false, 0 or "" are not "no rules"
                raise serializers.ValidationError("Must be an object of rule options.")
            return value

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            computer = data["opponent"] == OpponentType.COMPUTER
            if computer and "turn_seconds" in data:
                raise serializers.ValidationError(
                    {"turn_seconds": ["Games against the computer are never timed."]}
                )
            if computer and "visibility" in data:
                raise serializers.ValidationError(
                    {"visibility": ["Games against the computer are private."]}
                )
            variant = VARIANTS[data.get("variant", DEFAULT_VARIANT)]
            if variant.max_seats == variant.min_seats:  # Gin Rummy: always two seats
                for field in ("seats", "computers"):
                    if field in data:
                        raise serializers.ValidationError(
                            {field: [f"A {variant.name} game always has two seats."]}
                        )
            elif computer:
                return self._validate_vs_computer(variant, data)
            else:
                self._validate_table(variant, data)
            if not computer and "difficulty" in data and not data.get("computers"):
                raise serializers.ValidationError(
                    {"difficulty": ["Only games against the computer have a difficulty."]}
                )
            return data

        @staticmethod
        def _validate_vs_computer(variant: GameVariant, data: dict[str, Any]) -> dict[str, Any]:
            if "seats" in data:
                raise serializers.ValidationError(
                    {"seats": ["Against the computer the seats are you and `computers`."]}
                )
            most = variant.max_seats - 1
            computers = data.setdefault("computers", 1)
            if not 1 <= computers <= most:
                raise serializers.ValidationError(
                    {"computers": [f"Must be from 1 to {most}."]}
                )
            return data

        @staticmethod
        def _validate_table(variant: GameVariant, data: dict[str, Any]) -> None:
            low, high = variant.min_seats, variant.max_seats
            seats = data.setdefault("seats", low)
            if not low <= seats <= high:
                raise serializers.ValidationError({"seats": [f"Must be from {low} to {high}."]})
            computers = data.setdefault("computers", 0)
            if not 0 <= computers <= seats - 2:
                raise serializers.ValidationError(
                    {"computers": [f"Must be from 0 to {seats - 2} (seats - 2)."]}
                )
            if computers and "difficulty" not in data:
                raise serializers.ValidationError(
                    {"difficulty": ["Required when the table has computers."]}
                )

    # The schema of the body: one shape per game and opponent (what ``validate`` enforces),
    # and for rummy tables with computers one per seat count, so that every body the
    # schema allows is one the server takes.
    class ComputerInput(StrictSerializer):
        opponent = serializers.ChoiceField([OpponentType.COMPUTER.value])
        variant = serializers.ChoiceField([DEFAULT_VARIANT], required=False)
        difficulty = serializers.ChoiceField(Difficulty.choices, required=False)
        rules = _RulesInputField(required=False)

    class HumanInput(StrictSerializer):
        opponent = serializers.ChoiceField([OpponentType.HUMAN.value])
        variant = serializers.ChoiceField([DEFAULT_VARIANT], required=False)
        visibility = serializers.ChoiceField(Visibility.choices, required=False)
        rules = _RulesInputField(required=False)
        turn_seconds = _turn_seconds_field()

    class RummyComputerInput(StrictSerializer):
        opponent = serializers.ChoiceField([OpponentType.COMPUTER.value])
        variant = serializers.ChoiceField(["rummy"])
        difficulty = serializers.ChoiceField(Difficulty.choices, required=False)
        rules = _RummyRulesInputField(required=False)
        computers = serializers.IntegerField(
            required=False, min_value=1, max_value=3, help_text="Computers after you (1)."
        )

    class _RummyTable(StrictSerializer):
        opponent = serializers.ChoiceField([OpponentType.HUMAN.value])
        variant = serializers.ChoiceField(["rummy"])
        visibility = serializers.ChoiceField(Visibility.choices, required=False)
        rules = _RummyRulesInputField(required=False)
        turn_seconds = _turn_seconds_field()

    class RummyTableInput(_RummyTable):
        seats = serializers.IntegerField(required=False, min_value=2, max_value=4)
        computers = serializers.ChoiceField([0], required=False)

    class RummyTableOfThreeInput(_RummyTable):
        seats = serializers.ChoiceField([3])
        computers = serializers.ChoiceField([1], help_text="The last seat.")
        difficulty = serializers.ChoiceField(Difficulty.choices)

    class RummyTableOfFourInput(_RummyTable):
        seats = serializers.ChoiceField([4])
        computers = serializers.ChoiceField([1, 2], help_text="The last seats.")
        difficulty = serializers.ChoiceField(Difficulty.choices)

    @extend_schema(
        operation_id="games_create",
        tags=["games"],
        request=PolymorphicProxySerializer(
            component_name="GameCreate",
            serializers=[
                ComputerInput,
                HumanInput,
                RummyComputerInput,
                RummyTableInput,
                RummyTableOfThreeInput,
                RummyTableOfFourInput,
            ],
            resource_type_field_name=None,
        ),
        responses={
            201: GameViewSerializer,
            **error_responses(400, 401, 409, 415, 429, codes={409: ["too_many_waiting_games"]}),
        },
        description="Against the computer the game is `active` at once (difficulty defaults "
        "to `medium`); against a human it is `waiting` with a 6-character `invite_code` "
        "(visibility defaults to `private`). `rules` takes any of DESIGN §3's options. "
        "A player may have at most 3 tables waiting for a second player at once (409 "
        "`too_many_waiting_games`; rematch offers are not counted); creating games is "
        "throttled per player (429 with `Retry-After`). `variant: \"rummy\"` (DESIGN §5) "
        "takes `computers` (1-3) against the computer, and `seats` (2-4), `computers` (0 to "
        "seats - 2, the last seats) and `difficulty` at a table for people, who take the "
        "other seats by invite code in order; it starts when every seat is taken.",
        examples=[
            OpenApiExample(
                "vs computer",
                value={"opponent": "computer", "difficulty": "hard", "rules": {"knock_limit": 10}},
                request_only=True,
            ),
            OpenApiExample(
                "vs a friend",
                value={"opponent": "human", "visibility": "private", "turn_seconds": 120},
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        variant = data.get("variant", DEFAULT_VARIANT)
        if data["opponent"] == OpponentType.COMPUTER:
            game = services.game_create_vs_computer(
                user=request_user(request),
                difficulty=data.get("difficulty", Difficulty.MEDIUM),
                rules_data=data.get("rules"),
                variant=variant,
                **({"computers": data["computers"]} if "computers" in data else {}),
            )
        else:
            visibility = data.get("visibility", Visibility.PRIVATE)
            default_seconds = (
                PUBLIC_TURN_SECONDS_DEFAULT if visibility == Visibility.PUBLIC else None
            )
            game = services.game_create_vs_human(
                user=request_user(request),
                visibility=visibility,
                rules_data=data.get("rules"),
                turn_seconds=data.get("turn_seconds", default_seconds),
                variant=variant,
                seats=data.get("seats"),
                computers=data.get("computers", 0),
                difficulty=data.get("difficulty", "") if data.get("computers") else "",
            )
        game, seat = selectors.game_get_for_user(game_id=game.pk, user=request_user(request))
        return Response(_view(game, seat), status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="games_list",
        tags=["games"],
        parameters=[
            OpenApiParameter("status", str, enum=GameStatus.values, description="Filter."),
            *page_parameters(),
        ],
        responses={
            200: _paginated(GameSummarySerializer, "GameSummaryPage"),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request) -> Response:
        status_filter = single_query_value(request, "status")
        if status_filter is not None and status_filter not in GameStatus.values:
            raise ApplicationError(
                f"status must be one of {', '.join(GameStatus.values)}.",
                code="validation_error",
                fields={"status": [f"Unknown status {status_filter!r}."]},
            )
        user = request_user(request)
        services.games_enforce_for_user(user=user)
        paginator = PageNumberPagination()
        games = selectors.game_list_for_user(user=user, status=status_filter)
        page = paginator.paginate_queryset(games, request, self) or []
        results = [
            presenters.game_summary(game=g, seat=selectors.seat_of(game=g, user=user)) for g in page
        ]
        return paginator.get_paginated_response(results)


class JoinApi(APIView):
    """Join a friend's game with its invite code; the game starts."""

    throttle_classes = [JoinThrottle, JoinIPThrottle]

    class InputSerializer(StrictSerializer):
        # Not trimmed here: the service ignores surrounding blanks (an all-blank code is
        # simply unknown, 404), so every string of 1-16 characters is a valid request.
        code = serializers.CharField(max_length=16, trim_whitespace=False)

    @extend_schema(
        operation_id="games_join",
        tags=["games"],
        request=InputSerializer,
        responses={
            200: GameViewSerializer,
            **error_responses(
                400,
                401,
                404,
                409,
                415,
                429,
                codes={404: ["invalid_code"], 409: ["game_full", "cannot_join_own_game"]},
            ),
        },
        description="Throttled per player (429 with `Retry-After`): a code that matches no "
        "game (404 `invalid_code`) counts as five requests, so invite codes cannot be guessed. "
        "Wrong codes are also counted per client IP (joins are not): past that budget, an "
        "account that has itself given two wrong codes from the address waits; a valid code "
        "is never refused for other accounts' failures.",
        examples=[OpenApiExample("join", value={"code": "K7QX2M"}, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        user = request_user(request)
        try:
            game = services.game_join(user=user, code=data["code"])
        except InvalidCode:
            for throttle in self.get_throttles():
                if isinstance(throttle, JoinThrottle | JoinIPThrottle):
                    throttle.record_failure(request, self)
            raise
        game, seat = selectors.game_get_for_user(game_id=game.pk, user=user)
        return Response(_view(game, seat))


class LobbyApi(APIView):
    """Public games waiting for a second player (join one with its `invite_code`)."""

    @extend_schema(
        operation_id="lobby_list",
        tags=["games"],
        parameters=page_parameters(),
        responses={
            200: _paginated(LobbyEntrySerializer, "LobbyPage"),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request) -> Response:
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.lobby_games(), request, self) or []
        results = [presenters.lobby_entry(game=game) for game in page]
        return paginator.get_paginated_response(results)


class GameDetailApi(APIView):
    """The game as the caller may see it: never the opponent's hand or the stock."""

    @extend_schema(
        operation_id="games_retrieve",
        tags=["games"],
        parameters=[_GAME_ID],
        responses={200: GameViewSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        if services.game_enforce_timers(game_id=game_id, due=services.game_timers_due(game=game)):
            game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return Response(_view(game, seat))


class GameActionsApi(APIView):
    """Play: draw, discard, knock, big gin, or pass the first upcard; in rummy draw, meld,
    lay off, swap a joker, discard. An action of the other game is 422
    `action_not_in_game`."""

    throttle_classes = [ActionThrottle]

    # The body, for the schema: one shape per action type. The rules core's codec parses
    # it (so that a bad card is 400 ``invalid_card`` and every message names the input).
    # Keys another type takes (``card``, ``melds``) are accepted as ``null``.
    class _ActionInput(StrictSerializer):
        expected_version = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=0,
            help_text="409 version_conflict if the game moved on (null: no check).",
        )

    class PassInput(_ActionInput):
        type = serializers.ChoiceField(["pass"])
        card = _NullOnlyField(required=False)
        melds = _NullOnlyField(required=False)

    class DrawStockInput(PassInput):
        type = serializers.ChoiceField(["draw_stock"])

    class DrawDiscardInput(PassInput):
        type = serializers.ChoiceField(["draw_discard"])

    class DiscardInput(_ActionInput):
        type = serializers.ChoiceField(["discard"])
        card = _CardInputField()
        melds = _NullOnlyField(required=False)

    class KnockInput(_ActionInput):
        type = serializers.ChoiceField(["knock"])
        card = _CardInputField(help_text="The discard, face down.")
        melds = _MeldsInputField(
            required=False,
            allow_null=True,
            help_text="Your melds; omitted, the server picks the arrangement with least deadwood.",
        )

    class BigGinInput(_ActionInput):
        type = serializers.ChoiceField(["big_gin"])
        card = _NullOnlyField(required=False)
        melds = _MeldsInputField(required=False, allow_null=True, help_text="Your melds.")

    # Rummy (DESIGN §5): cards may be the joker ``XX``.
    class MeldInput(_ActionInput):
        type = serializers.ChoiceField(["meld"])
        melds = _RummyMeldsInputField(help_text="New melds for the table, runs low to high.")
        card = _NullOnlyField(required=False)
        meld = _NullOnlyField(required=False)
        end = _NullOnlyField(required=False)

    class LayoffInput(_ActionInput):
        type = serializers.ChoiceField(["layoff"])
        card = _RummyCardInputField()
        meld = serializers.IntegerField(min_value=0, help_text="A table meld's `id`.")
        end = serializers.ChoiceField(
            ["low", "high"],
            required=False,
            allow_null=True,
            help_text="A run's end; needed only when the card fits both.",
        )
        melds = _NullOnlyField(required=False)

    class SwapJokerInput(_ActionInput):
        type = serializers.ChoiceField(["swap_joker"])
        card = _RummyCardInputField(help_text="The natural card the joker stands for.")
        meld = serializers.IntegerField(min_value=0, help_text="A table meld's `id`.")
        melds = _NullOnlyField(required=False)
        end = _NullOnlyField(required=False)

    class InputSerializer(serializers.Serializer):
        """The one input path of an action (the schema documents the body per type, as
        ``GameAction``): the body must be an object, ``expected_version`` a non-negative
        integer or null, the action is parsed by the game's variant (so a bad card is 400
        ``invalid_card`` and every message names the offending input), and the
        ``Idempotency-Key`` header is 1 to 255 characters."""

        def run_validation(self, data: Any = serializers.empty) -> dict[str, Any]:
            body = require_object(data)
            expected_version = body.get("expected_version")
            if expected_version is not None and (
                isinstance(expected_version, bool)
                or not isinstance(expected_version, int)
                or expected_version < 0
            ):
                raise ApplicationError(
                    "expected_version must be a non-negative integer.",
                    code="validation_error",
                    fields={"expected_version": ["Must be a non-negative integer."]},
                )
            variant: GameVariant = self.context["variant"]
            kind = body.get("type")
            if isinstance(kind, str) and kind in ACTION_TYPES and kind not in variant.action_types:
                # A well-formed action of another game (a knock in rummy, a meld in Gin
                # Rummy): the schema takes it, this game does not.
                raise ApplicationError(
                    f"A {variant.name} game has no {kind} action; use one of "
                    f"{', '.join(variant.action_types)}.",
                    code=WRONG_VARIANT,
                    status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
                    fields={"type": [f"Not an action of a {variant.name} game."]},
                )
            action = variant.action_from_json(
                {key: value for key, value in body.items() if key != "expected_version"}
            )
            key = self.context["request"].headers.get("Idempotency-Key")
            if key is not None and not 1 <= len(key) <= 255:
                raise ApplicationError(
                    "Idempotency-Key must be 1 to 255 characters.",
                    code="validation_error",
                    fields={"Idempotency-Key": ["Must be 1 to 255 characters."]},
                )
            return {
                "action": action,
                "expected_version": expected_version,
                "idempotency_key": key,
                "fingerprint": services.request_fingerprint(body) if key else None,
            }

    @extend_schema(
        operation_id="games_actions",
        tags=["games"],
        parameters=[
            _GAME_ID,
            OpenApiParameter(
                "Idempotency-Key",
                {"type": "string", "minLength": 1, "maxLength": 255},
                OpenApiParameter.HEADER,
                description="Optional: a retry with the same key returns the first response "
                "and applies nothing twice (kept 24 h; another body with the same key: 422 "
                "`idempotency_key_reused`).",
            ),
        ],
        request=PolymorphicProxySerializer(
            component_name="GameAction",
            serializers={
                "pass": PassInput,
                "draw_stock": DrawStockInput,
                "draw_discard": DrawDiscardInput,
                "discard": DiscardInput,
                "knock": KnockInput,
                "big_gin": BigGinInput,
                "meld": MeldInput,
                "layoff": LayoffInput,
                "swap_joker": SwapJokerInput,
            },
            resource_type_field_name="type",
        ),
        responses={
            200: GameViewSerializer,
            **error_responses(400, 401, 404, 409, 415, 422, 429, codes=ACTION_ERROR_CODES),
        },
        examples=[
            _DISCARD_EXAMPLE,
            OpenApiExample("draw", value={"type": "draw_stock"}, request_only=True),
            OpenApiExample(
                "knock with melds",
                value={
                    "type": "knock",
                    "card": "9D",
                    "melds": [["AS", "2S", "3S"], ["7C", "7D", "7H"]],
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request, game_id: uuid.UUID) -> HttpResponse:
        user = request_user(request)

        def parse(variant: GameVariant) -> services.ActionRequest:  # once seated: 404 before 400
            context = {"request": request, "variant": variant}
            data = validated(self.InputSerializer, request.data, context=context)
            return services.ActionRequest(**data)

        outcome = services.game_apply_request(game_id=game_id, user=user, parse=parse)
        if outcome.body is not None:  # the response stored with the key, byte for byte
            return HttpResponse(
                outcome.body, status=outcome.status_code, content_type="application/json"
            )
        return Response(_view(outcome.game, outcome.seat))


class GameMovesApi(APIView):
    """The move log, oldest first, as the caller may see it."""

    @extend_schema(
        operation_id="games_moves",
        tags=["games"],
        parameters=[_GAME_ID, *page_parameters()],
        responses={
            200: _paginated(MoveSerializer, "MovePage"),
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


class _GameChangeApi(APIView):
    """``POST /games/{id}/<verb>``: one service call, then the caller's view."""

    service: Callable[..., Any]

    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        type(self).service(game_id=game_id, user=request_user(request))  # 404 unless seated
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return Response(_view(game, seat))


def _change_schema(operation_id: str, codes: list[str]) -> Any:
    return extend_schema_view(
        post=extend_schema(
            operation_id=operation_id,
            tags=["games"],
            parameters=[_GAME_ID],
            request=None,
            responses={
                200: GameViewSerializer,
                **error_responses(401, 404, 409, 429, codes={409: codes}),
            },
        )
    )


@_change_schema("games_concede", ["game_not_active"])
class ConcedeApi(_GameChangeApi):
    """Give up the game: the opponent wins (`final.reason` `concede`). At a rummy table of
    three or four you leave instead: an `easy` computer plays your seat for the rest of the
    game, you are placed last, and you may still read the game but no longer act (409
    `game_not_active`); the game ends when fewer than two seats remain or no person is
    left."""

    service = services.game_concede
    throttle_classes = [ConcedeThrottle]


@_change_schema("games_cancel", ["game_not_waiting", "not_creator"])
class CancelApi(_GameChangeApi):
    """Withdraw a game nobody has joined yet (creator only); it becomes `abandoned`."""

    service = services.game_cancel
    throttle_classes = [CancelThrottle]


class RematchApi(APIView):
    """Play again with the same players and rules."""

    throttle_classes = [RematchThrottle]

    @extend_schema(
        operation_id="games_rematch",
        tags=["live tables"],
        parameters=[_GAME_ID],
        request=None,
        responses={
            201: GameViewSerializer,
            200: OpenApiResponse(
                GameViewSerializer, description="A rematch already exists: that game."
            ),
            **error_responses(401, 404, 409, 429, codes={409: ["game_not_finished"]}),
        },
        description="Against the computer the new game is `active` at once (same difficulty "
        "and rules). Against a person it is `waiting`, with both seats taken, until the "
        "other player calls `POST /games/{new_id}/accept`; the offer lapses after 10 "
        "minutes. Asking again (either player) returns the existing rematch with 200.",
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game, created = services.game_rematch(game_id=game_id, user=request_user(request))
        game, seat = selectors.game_get_for_user(game_id=game.pk, user=request_user(request))
        return Response(_view(game, seat), status=201 if created else 200)


class AcceptApi(APIView):
    """Accept a rematch offer (the other player only, within 10 minutes)."""

    @extend_schema(
        operation_id="games_accept",
        tags=["live tables"],
        parameters=[_GAME_ID],
        request=None,
        responses={
            200: GameViewSerializer,
            **error_responses(
                401,
                404,
                409,
                codes={
                    409: [
                        "rematch_lapsed",
                        "cannot_accept_own_offer",
                        "not_a_rematch_offer",
                        "game_not_waiting",
                    ]
                },
            ),
        },
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        services.game_accept(game_id=game_id, user=request_user(request))
        game, seat = selectors.game_get_for_user(game_id=game_id, user=request_user(request))
        return Response(_view(game, seat))


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
        phrase = _PhraseField(max_length=32, trim_whitespace=False)

    @extend_schema(
        operation_id="games_messages_list",
        tags=["live tables"],
        parameters=[_GAME_ID, *page_parameters()],
        responses={
            200: _paginated(MessageSerializer, "MessagePage"),
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
        parameters=[_GAME_ID],
        request=InputSerializer,
        responses={
            201: MessageSerializer,
            **error_responses(400, 401, 404, 415, 429, codes={400: ["invalid_phrase"]}),
        },
        examples=[OpenApiExample("chat", value={"phrase": "good_luck"}, request_only=True)],
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        message = services.game_post_message(
            game_id=game_id, user=request_user(request), phrase=data["phrase"]
        )
        return Response(presenters.message_json(message=message), status=status.HTTP_201_CREATED)


class MalformedGameIdApi(APIView):
    """``/games/<not a UUID>/...``: answered as a game the caller does not sit at."""

    schema = None  # not an endpoint of its own

    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise GameNotFound()

    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        raise GameNotFound()


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
