"""The JSON Schemas (OpenAPI 3.0) that several games share, as the API publishes them:
the draw and discard bodies (:mod:`games.rules.common.actions`), the meld and lay-off
bodies and a meld's kind (Rummy and Rummy 500), a legal action, a run's end, an event of
the discard pile's public record (:mod:`games.rules.common.pile`) and a round cut short by
a forfeit; and the writers of the parts games repeat (an enumeration, a ``$ref``, an action
body, the final result of a game of places).

Each game's ``schema`` module holds the JSON Schemas of that game's JSON, copied from what
the API publishes (``manage.py spectacular``), with these shared ones: the components
keep their published names, and a ``$ref`` names another component of the same document.
Besides what the game's ``view_to_json`` writes, they hold the keys the server adds (a
round's ``deck_commitment`` and ``turn_deadline``, a finished round's
``deck_commitment``, ``deck`` and ``salt``, the final's ``aborted`` and
``unfinished_round``), and the request's own ``expected_version`` in the action bodies.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.common.game import Json, JsonObject

STRICT_BODY = (
    "Unknown keys, and values of another JSON type than documented, are refused "
    "(400\n`validation_error`): a typo in a request is never silently ignored or "
    "coerced."
)
"""The description of every action body."""
EXPECTED_VERSION: JsonObject = {
    "type": "integer",
    "minimum": 0,
    "nullable": True,
    "description": "409 version_conflict if the game moved on (null: no check).",
}
"""An action body's ``expected_version``."""
ONLY_NULL: JsonObject = {"nullable": True, "not": {}, "description": "Only `null`."}
"""A key of another action type, which a body may hold as ``null`` only."""
CARD_PATTERN = "^[2-9AaTtJjQqKk][SsHhDdCc]$"
"""A natural card's text, any case."""
JOKER_CARD_PATTERN = "^([2-9AaTtJjQqKk][SsHhDdCc]|[Xx][Xx])$"
"""A card's text in a game played with jokers (``XX`` the joker), any case."""


ROUND_SERVER_KEYS: JsonObject = {
    "deck_commitment": {
        "type": "string",
        "description": "sha256 of salt:deck (fair shuffle).",
    },
    "turn_deadline": {"type": "string", "format": "date-time", "nullable": True},
}
"""The keys the server adds to a round view (its properties, in their published order)."""
RESULT_SERVER_KEYS: JsonObject = {
    "deck_commitment": {"type": "string"},
    "deck": {"type": "array", "items": {"type": "string"}},
    "salt": {"type": "string"},
}
"""The keys the server adds to a finished round's result (its properties, in their
published order)."""


def enum_schema(values: Sequence[Json]) -> JsonObject:
    """An enumeration as drf-spectacular writes one (``{enum, type, description}``)."""
    kind = "integer" if all(isinstance(v, int) for v in values) else "string"
    return {
        "enum": list(values),
        "type": kind,
        "description": "\n".join(f"* `{v}` - {v}" for v in values),
    }


def schema_ref(name: str) -> JsonObject:
    """A ``$ref`` to the component ``name`` of the same document."""
    return {"$ref": f"#/components/schemas/{name}"}


def action_body(type_enum: str, properties: JsonObject, required: Sequence[str]) -> JsonObject:
    """An action's request body, closed: ``expected_version``, ``type`` (the component
    ``type_enum``), then ``properties`` in their order; ``required`` as published."""
    return {
        "type": "object",
        "description": STRICT_BODY,
        "properties": {
            "expected_version": EXPECTED_VERSION,
            "type": schema_ref(type_enum),
            **properties,
        },
        "required": list(required),
        "additionalProperties": False,
    }


def placement_final(reason_enum: str) -> JsonObject:
    """The final result of a game of places (Rummy, Indian Rummy): the settlement, whose
    ``reason`` is the component ``reason_enum``, with what the server adds."""
    return {
        "type": "object",
        "properties": {
            "winner": {"type": "integer"},
            "reason": schema_ref(reason_enum),
            "aborted": {"type": "boolean", "description": "As for Gin Rummy."},
            "rated": {"type": "boolean", "description": "As for Gin Rummy."},
            "unrated_reason": {
                "type": "string",
                "nullable": True,
                "enum": ["aborted", "early_forfeit", "shared_device", "restricted", None],
                "description": "As for Gin Rummy.",
            },
            "totals": {"type": "array", "items": {"type": "integer"}},
            "placement": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "The seats from first place to last.",
            },
            "unfinished_round": schema_ref("UnfinishedRound"),
        },
        "required": [
            "aborted", "placement", "rated", "reason", "totals", "unrated_reason", "winner"
        ],
    }


_MELDS_MOST = 4
"""The most melds one ``meld`` body puts down (Rummy's and Rummy 500's codecs' bound)."""
_MELD_MOST_CARDS = 14
"""The most cards one written meld of a ``meld`` body lists (the same codecs' bound)."""

SHARED: dict[str, JsonObject] = {
    "DiscardTypeEnum": {
        "enum": ["discard"],
        "type": "string",
        "description": "* `discard` - discard",
    },
    "DrawDiscardTypeEnum": {
        "enum": ["draw_discard"],
        "type": "string",
        "description": "* `draw_discard` - draw_discard",
    },
    "DrawStockTypeEnum": {
        "enum": ["draw_stock"],
        "type": "string",
        "description": "* `draw_stock` - draw_stock",
    },
    "EndEnum": {
        "enum": ["low", "high"],
        "type": "string",
        "description": "* `low` - low\n* `high` - high",
    },
    "GameActionsDiscardInputRequest": action_body(
        "DiscardTypeEnum",
        {
            "card": {"type": "string", "pattern": CARD_PATTERN, "minLength": 1},
            "melds": ONLY_NULL,
        },
        ["card", "type"],
    ),
    "GameActionsDrawDiscardInputRequest": action_body(
        "DrawDiscardTypeEnum",
        {"card": ONLY_NULL, "melds": ONLY_NULL},
        ["type"],
    ),
    "GameActionsDrawStockInputRequest": action_body(
        "DrawStockTypeEnum",
        {"card": ONLY_NULL, "melds": ONLY_NULL},
        ["type"],
    ),
    "LegalAction": {
        "type": "object",
        "properties": {
            "type": {"$ref": "#/components/schemas/LegalActionTypeEnum"},
            "cards": {"type": "array", "items": {"type": "string"}},
            "options": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/LegalTableOption"},
                "description": "Rummy `layoff` and `swap_joker`: every card and meld allowed now.",
            },
        },
        "required": ["type"],
    },
    "LegalActionTypeEnum": {
        "enum": [
            "pass",
            "draw_stock",
            "draw_discard",
            "discard",
            "knock",
            "big_gin",
            "meld",
            "layoff",
            "swap_joker",
        ],
        "type": "string",
        "description": (
            "* `pass` - pass\n* `draw_stock` - draw_stock\n* `draw_discard` - draw_discard\n* "
            "`discard` - discard\n* `knock` - knock\n* `big_gin` - big_gin\n* `meld` - meld\n* "
            "`layoff` - layoff\n* `swap_joker` - swap_joker"
        ),
    },
    "LegalTableOption": {
        "type": "object",
        "properties": {
            "card": {"type": "string"},
            "meld": {"type": "integer", "description": "A table meld's `id`."},
            "end": {"$ref": "#/components/schemas/EndEnum"},
        },
        "required": ["card", "meld"],
    },
    "PileEvent": {
        "type": "object",
        "description": (
            "One public event on the discard pile this round: a seat took its top card, "
            "put a card on it, or (Gin Rummy) refused the first upcard. Never a stock draw."
        ),
        "properties": {
            "seat": {"type": "integer"},
            "action": {"$ref": "#/components/schemas/PileEventActionEnum"},
            "card": {
                "type": "string",
                "description": "The card taken or discarded (`XX` a joker); absent for a pass.",
            },
        },
        "required": ["action", "seat"],
    },
    "PileEventActionEnum": {
        "enum": ["pass", "draw_discard", "discard"],
        "type": "string",
        "description": "* `pass` - pass\n* `draw_discard` - draw_discard\n* `discard` - discard",
    },
    "UnfinishedRound": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "deck_commitment": {"type": "string"},
            "deck": {"type": "array", "items": {"type": "string"}},
            "salt": {"type": "string"},
        },
        "required": ["deck", "deck_commitment", "number", "salt"],
    },
    "KindEnum": {
        "enum": ["set", "run"],
        "type": "string",
        "description": "* `set` - set\n* `run` - run",
    },
    "GameActionsMeldInputRequest": {
        "type": "object",
        "description": STRICT_BODY,
        "properties": {
            "expected_version": EXPECTED_VERSION,
            "type": {"$ref": "#/components/schemas/GameActionsMeldInputTypeEnum"},
            "melds": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": "string", "pattern": JOKER_CARD_PATTERN},
                    "maxItems": _MELD_MOST_CARDS,
                },
                "minItems": 1,
                "maxItems": _MELDS_MOST,
                "description": "New melds for the table, runs low to high.",
            },
            "card": ONLY_NULL,
            "meld": ONLY_NULL,
            "end": ONLY_NULL,
        },
        "required": ["melds", "type"],
        "additionalProperties": False,
    },
    "GameActionsMeldInputTypeEnum": {
        "enum": ["meld"],
        "type": "string",
        "description": "* `meld` - meld",
    },
    "GameActionsLayoffInputRequest": {
        "type": "object",
        "description": STRICT_BODY,
        "properties": {
            "expected_version": EXPECTED_VERSION,
            "type": {"$ref": "#/components/schemas/GameActionsLayoffInputTypeEnum"},
            "card": {"type": "string", "pattern": JOKER_CARD_PATTERN, "minLength": 1},
            "meld": {
                "type": "integer",
                "maximum": 2147483647,
                "minimum": 0,
                "description": "A table meld's `id`.",
            },
            "end": {
                "nullable": True,
                "description": (
                    "A run's end; needed only when the card fits both.\n\n* `low` - low\n* "
                    "`high` - high"
                ),
                "oneOf": [
                    {"$ref": "#/components/schemas/EndEnum"},
                    {"$ref": "#/components/schemas/NullEnum"},
                ],
            },
            "melds": ONLY_NULL,
        },
        "required": ["card", "meld", "type"],
        "additionalProperties": False,
    },
    "GameActionsLayoffInputTypeEnum": {
        "enum": ["layoff"],
        "type": "string",
        "description": "* `layoff` - layoff",
    },
    "NullEnum": {"enum": [None]},
}
"""The shared components, by their published names."""
