"""The games API's documentation: the shapes of its bodies for the OpenAPI schema.

Responses are built by :mod:`games.presenters`; these serializers only describe them
(``tests/games/test_schema_conformance.py`` checks live answers against the schema).
"""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers

from games import services
from games.models import Difficulty, GameStatus, OpponentType, Visibility
from games.phrases import PHRASES
from games.variants import ALL_ACTION_TYPES, DEFAULT_VARIANT, VARIANTS

JsonObject = dict[str, Any]
ACTION_ERROR_CODES: dict[int, list[str]] = {}
for _variant in VARIANTS.values():
    for _status, _codes in _variant.action_error_codes.items():
        ACTION_ERROR_CODES.setdefault(_status, [])
        ACTION_ERROR_CODES[_status] += [c for c in _codes if c not in ACTION_ERROR_CODES[_status]]
ACTION_ERROR_CODES[422].append(services.ACTION_NOT_IN_GAME)
TURN_SECONDS_MIN, TURN_SECONDS_MAX = 10, 3600
PUBLIC_TURN_SECONDS_DEFAULT = 60


# --- the games' own shapes, published from their rules (each beside its codec) -------------


def _ref(name: str) -> JsonObject:
    return {"$ref": f"#/components/schemas/{name}"}


def game_components() -> dict[str, JsonObject]:
    """Every game's JSON Schemas (``variant.rules.schemas``, declared beside the codec that
    writes that JSON), and the unions the server's own shapes refer to: ``GameRound``,
    ``GameRoundResult`` (one of the games' own), ``GameFinal`` and ``GameRules`` (any of
    them: a Rummy and an Indian Rummy final that ended by a concession have the same
    shape, and ``{}`` takes every default), each game's rules as a request body (unknown keys
    refused), and ``GameActionRequest``, every game's action bodies by ``type``."""
    out: dict[str, JsonObject] = {}
    schemas = [variant.rules.schemas for variant in VARIANTS.values()]
    for schema in schemas:
        out.update(schema.components)
    out["GameRound"] = {"oneOf": [_ref(schema.round) for schema in schemas]}
    out["GameRoundResult"] = {"oneOf": [_ref(schema.round_result) for schema in schemas]}
    out["GameFinal"] = {"anyOf": [_ref(schema.final) for schema in schemas]}
    out["GameRules"] = {"anyOf": [_ref(schema.rules) for schema in schemas]}
    for schema in schemas:
        out[f"{schema.rules}Request"] = {**out[schema.rules], "additionalProperties": False}
    out["LegalActionTypeEnum"] = {
        **out.get("LegalActionTypeEnum", {}),
        "enum": list(ALL_ACTION_TYPES),
        "type": "string",
        "description": "\n".join(f"* `{kind}` - {kind}" for kind in ALL_ACTION_TYPES),
    }
    forms: dict[str, list[str]] = {}
    for schema in schemas:
        for kind, name in schema.actions.items():
            if name not in forms.setdefault(kind, []):
                forms[kind].append(name)
    bodies: dict[str, str] = {}
    for kind, names in forms.items():
        if len(names) == 1:
            bodies[kind] = names[0]
            continue
        # games that take one action type in different forms (Rummy 500's draw_discard
        # names a card): the body takes what any of them takes; each game refuses another's
        # form (422 action_not_in_game)
        union = f"GameActions{kind.title().replace('_', '')}AnyInputRequest"
        out[union] = _merged_body(kind, [out[name] for name in names])
        bodies[kind] = union
    out["GameActionRequest"] = {
        "oneOf": [_ref(name) for name in dict.fromkeys(bodies.values())],
        "discriminator": {
            "propertyName": "type",
            "mapping": {kind: _ref(name)["$ref"] for kind, name in bodies.items()},
        },
    }
    return out


def _merged_body(kind: str, forms: list[JsonObject]) -> JsonObject:
    """One action body that takes every form of it the games publish: each key as the
    form that takes a value there (a key one form takes only as ``null``, another as a
    card, is a card or ``null``), required where every form requires it."""
    properties: JsonObject = {}
    for form in forms:
        for key, value in form["properties"].items():
            if key not in properties or "not" in properties[key]:
                properties[key] = value
    required = set.intersection(*(set(form.get("required", ())) for form in forms))
    return {
        "type": "object",
        "description": f"A `{kind}` body, in the form of any game that takes one. "
        + forms[0]["description"],
        "properties": properties,
        "required": sorted(required),
        "additionalProperties": False,
    }


_STRICT = (
    "Unknown keys, and values of another JSON type than documented, are refused (400\n"
    "`validation_error`): a typo in a request is never silently ignored or coerced."
)
_SEATS_WORDS = {3: "Three", 4: "Four", 5: "Five", 6: "Six"}


def _enum(values: list[Any]) -> JsonObject:
    kind = "integer" if all(isinstance(v, int) for v in values) else "string"
    return {
        "enum": values,
        "type": kind,
        "description": "\n".join(f"* `{v}` - {v}" for v in values),
    }


def create_components() -> dict[str, JsonObject]:
    """The body of ``POST /games``, one shape per game, opponent and (for tables with
    computers) seat count, so that every body the schema allows is one the server takes:
    ``GameCreateRequest`` and its shapes, from the registry."""
    out: dict[str, JsonObject] = {
        "ComputerOpponentEnum": _enum(["computer"]),
        "HumanOpponentEnum": _enum(["human"]),
    }
    turn_seconds = {
        "type": "integer",
        "maximum": TURN_SECONDS_MAX,
        "minimum": TURN_SECONDS_MIN,
        "nullable": True,
        "description": "Seconds per turn (10-3600) or null for untimed. Default 60 on public "
        "tables, untimed on private ones.",
    }
    shapes: list[str] = []

    def shape(name: str, properties: JsonObject, required: list[str]) -> None:
        out[name] = {
            "type": "object",
            "description": _STRICT,
            "properties": properties,
            "required": sorted(required),
            "additionalProperties": False,
        }
        shapes.append(name)

    for variant in VARIANTS.values():
        title = variant.name.capitalize()
        out[f"{title}VariantEnum"] = _enum([variant.name])
        common = {
            "variant": _ref(f"{title}VariantEnum"),
            "rules": _ref(f"{variant.rules.schemas.rules}Request"),
        }
        named = [] if variant.name == DEFAULT_VARIANT else ["variant"]
        computer = {"opponent": _ref("ComputerOpponentEnum"), **common}
        human = {"opponent": _ref("HumanOpponentEnum"), **common}
        human_table = {
            "opponent": human["opponent"],
            "variant": common["variant"],
            "visibility": _ref("VisibilityEnum"),
            "rules": common["rules"],
            "turn_seconds": turn_seconds,
        }
        if variant.min_seats == variant.max_seats:
            prefix = "Games" if variant.name == DEFAULT_VARIANT else f"Games{title}"
            shape(
                f"{prefix}ComputerInputRequest",
                {**{k: computer[k] for k in ("opponent", "variant")},
                 "difficulty": _ref("DifficultyEnum"), "rules": common["rules"]},
                ["opponent", *named],
            )
            shape(f"{prefix}HumanInputRequest", human_table, ["opponent", *named])
            continue
        most = variant.max_seats - 1
        shape(
            f"Games{title}ComputerInputRequest",
            {
                "opponent": computer["opponent"],
                "variant": common["variant"],
                "difficulty": _ref("DifficultyEnum"),
                "rules": common["rules"],
                "computers": {
                    "type": "integer",
                    "maximum": most,
                    "minimum": 1,
                    "description": "Computers after you (1).",
                },
            },
            ["opponent", "variant"],
        )
        out[f"Games{title}TableInputComputersEnum"] = _enum([0])
        shape(
            f"Games{title}TableInputRequest",
            {
                **human_table,
                "seats": {
                    "type": "integer",
                    "maximum": variant.max_seats,
                    "minimum": variant.min_seats,
                },
                "computers": _ref(f"Games{title}TableInputComputersEnum"),
            },
            ["opponent", "variant"],
        )
        for seats in range(max(3, variant.min_seats), variant.max_seats + 1):
            name = f"Games{title}TableOf{_SEATS_WORDS[seats]}Input"
            computers = list(range(1, seats - 1))
            out[f"{name}SeatsEnum"] = _enum([seats])
            out[f"{name}ComputersEnum"] = _enum(computers)
            last = "The last seat." if len(computers) == 1 else "The last seats."
            shape(
                f"{name}Request",
                {
                    **human_table,
                    "seats": _ref(f"{name}SeatsEnum"),
                    "computers": {
                        "allOf": [_ref(f"{name}ComputersEnum")],
                        "description": last + "\n\n" + out[f"{name}ComputersEnum"]["description"],
                    },
                    "difficulty": _ref("DifficultyEnum"),
                },
                ["computers", "difficulty", "opponent", "seats", "variant"],
            )
    out["GameCreateRequest"] = {"oneOf": [_ref(name) for name in shapes]}
    return out


def add_game_components(
    result: dict[str, Any], generator: object, request: object, public: bool
) -> dict[str, Any]:
    """Postprocessing hook: publish :func:`game_components` (before any hook that reads
    them), keeping the components in name order."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(game_components())
    schemas.update(create_components())
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result


def component_field(
    name: str,
    *,
    many: bool = False,
    nullable: bool = False,
    required: bool = True,
    help_text: str | None = None,
) -> serializers.Field:
    """A field documented as the component ``name`` (a list of them with ``many``)."""
    schema: JsonObject = _ref(name)
    if many:
        schema = {"type": "array", "items": schema}
    elif nullable or help_text:
        schema = {"allOf": [schema]}
        if nullable:
            schema["nullable"] = True
    if help_text:
        schema["description"] = help_text
    field_class = extend_schema_field(schema)(
        type(f"{name}Field", (serializers.JSONField,), {"__module__": __name__})
    )
    return cast(serializers.Field, field_class(required=required, allow_null=nullable))


@extend_schema_field({"type": "string", "enum": list(PHRASES)})
class PhraseField(serializers.CharField):
    pass


def turn_seconds_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TURN_SECONDS_MIN,
        max_value=TURN_SECONDS_MAX,
        help_text="Seconds per turn (10-3600) or null for untimed. Default 60 on public "
        "tables, untimed on private ones.",
    )


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    user = inline_serializer(
        "PlayerUser",
        {"username": serializers.CharField(), "display_name": serializers.CharField()},
        allow_null=True,
    )
    computer = serializers.ChoiceField(Difficulty.choices, allow_null=True)
    name = serializers.CharField(
        allow_null=True,
        help_text="What the seat is called at the table: the person's display name, or the "
        'computer\'s name with its level ("Asha (medium)"), distinct at one table and kept '
        "for the whole game; null for an open seat.",
    )


class GameViewSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(GameStatus.choices)
    version = serializers.IntegerField(help_text="Goes up by exactly one per applied action.")
    variant = serializers.ChoiceField(
        list(VARIANTS), required=False, help_text="Rummy games only (Gin Rummy has none)."
    )
    rules = component_field("GameRules")
    you = serializers.IntegerField(help_text="The caller's seat.")
    opponent = serializers.ChoiceField(OpponentType.choices)
    difficulty = serializers.ChoiceField(Difficulty.choices, allow_null=True)
    visibility = serializers.ChoiceField(Visibility.choices)
    invite_code = serializers.CharField(allow_null=True)
    turn_seconds = serializers.IntegerField(allow_null=True)
    players = PlayerSerializer(many=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    round = component_field(
        "GameRound", nullable=True, help_text="Null while waiting and once over."
    )
    rounds = component_field("GameRoundResult", many=True)
    final = component_field("GameFinal", nullable=True)
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
    rules = component_field("GameRules")
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
        "the game is finished, and so on an Indian Rummy `declare` (its card lies face "
        "down). `concede` / `timeout` entries end a game early, or at a table of three or "
        "more record that the seat left."
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


