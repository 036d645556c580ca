"""Rummy's JSON Schemas (OpenAPI 3.0): its round view (with the table's melds), round
result, final settlement, rules and action bodies, as the API publishes them.
"""

from __future__ import annotations

from games.rules.common.codec import MAX_INT
from games.rules.common.game import GameSchemas, JsonObject
from games.rules.common.schema import (
    JOKER_CARD_PATTERN,
    ONLY_NULL,
    RESULT_SERVER_KEYS,
    ROUND_SERVER_KEYS,
    SHARED,
    action_body,
    enum_schema,
    placement_final,
    schema_ref,
)
from games.rules.rummy.codec import MAX_HAND, MAX_MELDS

_CARD: JsonObject = {"type": "string", "pattern": JOKER_CARD_PATTERN, "minLength": 1}
_MELD_ID: JsonObject = {
    "type": "integer",
    "maximum": MAX_INT,
    "minimum": 0,
    "description": "A table meld's `id`.",
}

COMPONENTS: dict[str, JsonObject] = {
    "RummyRoundView": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "phase": {"$ref": "#/components/schemas/RummyRoundViewPhaseEnum"},
            "turn": {"type": "integer", "nullable": True},
            "hand": {"type": "array", "items": {"type": "string"}},
            "hand_sizes": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Per seat.",
            },
            "stock_size": {"type": "integer"},
            "discard_pile": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Top last.",
            },
            "drawn_from_discard": {
                "type": "string",
                "nullable": True,
                "description": "Shown to the seat that drew it only.",
            },
            "came_out": {"type": "array", "items": {"type": "boolean"}, "description": "Per seat."},
            "table": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/TableMeld"},
                "description": "Oldest first.",
            },
            **ROUND_SERVER_KEYS,
            "legal_actions": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/LegalAction"},
            },
            "pile_history": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/PileEvent"},
                "description": (
                    "This round's public record of the discard pile, oldest first: who took "
                    "which card from it (`draw_discard`) and who discarded which card onto it "
                    "(`discard`). Never a stock draw."
                ),
            },
        },
        "required": [
            "came_out",
            "dealer",
            "deck_commitment",
            "discard_pile",
            "drawn_from_discard",
            "hand",
            "hand_sizes",
            "legal_actions",
            "number",
            "phase",
            "pile_history",
            "stock_size",
            "table",
            "turn",
            "turn_deadline",
        ],
    },
    "RummyRoundViewPhaseEnum": enum_schema(["draw", "play", "round_over"]),
    "TableMeld": {
        "type": "object",
        "properties": {
            "id": {"type": "integer", "description": "Its index on the table, from 0 each round."},
            "owner": {"type": "integer", "description": "The seat that put it down."},
            "kind": {"$ref": "#/components/schemas/KindEnum"},
            "cards": {"type": "array", "items": {"type": "string"}, "description": "`XX` a joker."},
            "rank": {"type": "string", "description": "Sets: the rank (`7`, `T`, `A`)."},
            "stands_for": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Runs: the natural card each place stands for.",
            },
        },
        "required": ["cards", "id", "kind", "owner"],
    },
    "KindEnum": enum_schema(["set", "run"]),
    "RummyRoundResult": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "outcome": {"$ref": "#/components/schemas/RummyRoundResultOutcomeEnum"},
            "winner": {"type": "integer", "nullable": True, "description": "Null on a block."},
            "points": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "The round's points per seat, signed.",
            },
            "scores_after": {"type": "array", "items": {"type": "integer"}},
            "hands": {"type": "array", "items": {"$ref": "#/components/schemas/RummyHandResult"}},
            **RESULT_SERVER_KEYS,
        },
        "required": [
            "dealer",
            "deck",
            "deck_commitment",
            "hands",
            "number",
            "outcome",
            "points",
            "salt",
            "scores_after",
            "winner",
        ],
    },
    "RummyRoundResultOutcomeEnum": enum_schema(["out", "hand_rummy", "block"]),
    "RummyHandResult": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "cards": {"type": "array", "items": {"type": "string"}},
            "value": {"type": "integer"},
        },
        "required": ["cards", "seat", "value"],
    },
    "RummyFinal": placement_final("RummyFinalReasonEnum"),
    "RummyFinalReasonEnum": enum_schema(["loss_limit", "rounds", "concede", "timeout"]),
    "RummyRules": {
        "type": "object",
        "description": (
            "Rummy's rule options (docs/games/rummy.md#rule-options); all optional on create, "
            "unknown keys refused."
        ),
        "properties": {
            "jokers": {"type": "integer", "maximum": 6, "minimum": 0},
            "hand_size": {"type": "integer", "maximum": 13, "minimum": 7},
            "first_meld_points": {"type": "integer", "maximum": 60, "minimum": 0},
            "loss_limit": {"type": "integer", "maximum": 5000, "minimum": 100},
            "rounds": {"type": "integer", "maximum": 50, "minimum": 1, "nullable": True},
            "hand_rummy_doubles": {"type": "boolean"},
        },
    },
    "GameActionsMeldInputRequest": action_body(
        "GameActionsMeldInputTypeEnum",
        {
            "melds": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": "string", "pattern": JOKER_CARD_PATTERN},
                    "maxItems": MAX_HAND,
                },
                "minItems": 1,
                "maxItems": MAX_MELDS,
                "description": "New melds for the table, runs low to high.",
            },
            "card": ONLY_NULL,
            "meld": ONLY_NULL,
            "end": ONLY_NULL,
        },
        ["melds", "type"],
    ),
    "GameActionsMeldInputTypeEnum": enum_schema(["meld"]),
    "GameActionsLayoffInputRequest": action_body(
        "GameActionsLayoffInputTypeEnum",
        {
            "card": _CARD,
            "meld": _MELD_ID,
            "end": {
                "nullable": True,
                "description": (
                    "A run's end; needed only when the card fits both.\n\n* `low` - low\n* "
                    "`high` - high"
                ),
                "oneOf": [schema_ref("EndEnum"), schema_ref("NullEnum")],
            },
            "melds": ONLY_NULL,
        },
        ["card", "meld", "type"],
    ),
    "GameActionsLayoffInputTypeEnum": enum_schema(["layoff"]),
    "NullEnum": {"enum": [None]},
    "GameActionsSwapJokerInputRequest": action_body(
        "GameActionsSwapJokerInputTypeEnum",
        {
            "card": {**_CARD, "description": "The natural card the joker stands for."},
            "meld": _MELD_ID,
            "melds": ONLY_NULL,
            "end": ONLY_NULL,
        },
        ["card", "meld", "type"],
    ),
    "GameActionsSwapJokerInputTypeEnum": enum_schema(["swap_joker"]),
    **SHARED,
}

SCHEMAS = GameSchemas(
    components=COMPONENTS,
    round="RummyRoundView",
    round_result="RummyRoundResult",
    final="RummyFinal",
    rules="RummyRules",
    actions={
        "draw_stock": "GameActionsDrawStockInputRequest",
        "draw_discard": "GameActionsDrawDiscardInputRequest",
        "meld": "GameActionsMeldInputRequest",
        "layoff": "GameActionsLayoffInputRequest",
        "swap_joker": "GameActionsSwapJokerInputRequest",
        "discard": "GameActionsDiscardInputRequest",
    },
)
"""Rummy's JSON Schemas and the role of each."""
