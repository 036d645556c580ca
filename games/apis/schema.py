"""The games API's documentation: the shapes of its bodies for the OpenAPI schema.

Responses are built by :mod:`games.presenters`; these serializers only describe them
(``tests/games/test_schema_conformance.py`` checks live answers against the schema).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers

from core.api import StrictSerializer
from games import services
from games.models import Difficulty, GameStatus, OpponentType, Visibility
from games.phrases import PHRASES
from games.variants import DEFAULT_VARIANT, VARIANTS, GameVariant

ACTION_TYPES = list(services.ALL_ACTION_TYPES)
ACTION_ERROR_CODES: dict[int, list[str]] = {}
for _variant in VARIANTS.values():
    for _status, _codes in _variant.action_error_codes.items():
        ACTION_ERROR_CODES.setdefault(_status, [])
        ACTION_ERROR_CODES[_status] += [c for c in _codes if c not in ACTION_ERROR_CODES[_status]]
ACTION_ERROR_CODES[422].append(services.ACTION_NOT_IN_GAME)
TURN_SECONDS_MIN, TURN_SECONDS_MAX = 10, 3600
PUBLIC_TURN_SECONDS_DEFAULT = 60


# --- documentation serializers (responses are built by selectors) --------------------------

# A card as input: rank then suit, in either case (DESIGN §2); anything else is 400.
CARD_INPUT_SCHEMA = {"type": "string", "pattern": "^[2-9AaTtJjQqKk][SsHhDdCc]$"}


@extend_schema_field(CARD_INPUT_SCHEMA)
class CardInputField(serializers.CharField):
    pass


@extend_schema_field({"type": "array", "items": {"type": "array", "items": CARD_INPUT_SCHEMA}})
class MeldsInputField(serializers.ListField):
    pass


# Rummy's cards add the joker ``XX``.
RUMMY_CARD_INPUT_SCHEMA = {"type": "string", "pattern": "^([2-9AaTtJjQqKk][SsHhDdCc]|[Xx][Xx])$"}


@extend_schema_field(RUMMY_CARD_INPUT_SCHEMA)
class RummyCardInputField(serializers.CharField):
    pass


@extend_schema_field(
    {"type": "array", "items": {"type": "array", "items": RUMMY_CARD_INPUT_SCHEMA}}
)
class RummyMeldsInputField(serializers.ListField):
    pass


@extend_schema_field({"nullable": True, "not": {}, "description": "Only `null`."})
class NullOnlyField(serializers.Field):
    """A key this action type does not take: accepted only as ``null``."""


@extend_schema_field({"type": "string", "enum": list(PHRASES)})
class PhraseField(serializers.CharField):
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
class RulesInputField(serializers.JSONField):
    """Parsed by the rules core (``RuleSet.from_dict``); documented as the object it takes."""


@extend_schema_field(RummyRulesSerializer)
class RummyRulesInputField(serializers.JSONField):
    """Rummy's rules, parsed by its rules core."""


def turn_seconds_field() -> serializers.IntegerField:
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


def paginated(serializer: type[serializers.Serializer], name: str) -> Any:
    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )


GAME_ID = OpenApiParameter("game_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
DISCARD_EXAMPLE = OpenApiExample(
    "discard", value={"type": "discard", "card": "KH", "expected_version": 17}, request_only=True
)


