"""Rummy 500's JSON Schemas (OpenAPI 3.0): its round view (the open pile, the picked card,
the table with who laid each card), round result, final settlement, rules and action
bodies, as the API publishes them.

The meld and lay-off bodies are Rummy's (:data:`games.rules.common.schema.SHARED`);
``draw_discard`` takes a ``card`` here, so its body is this game's own.
"""

from __future__ import annotations

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

_CARDS: JsonObject = {"type": "array", "items": {"type": "string"}}
_PER_SEAT: JsonObject = {"type": "array", "items": {"type": "integer"}, "description": "Per seat."}

COMPONENTS: dict[str, JsonObject] = {
    "Rummy500RoundView": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "phase": schema_ref("Rummy500RoundViewPhaseEnum"),
            "turn": {"type": "integer", "nullable": True},
            "hand": _CARDS,
            "hand_sizes": _PER_SEAT,
            "stock_size": {"type": "integer"},
            "discard_pile": {**_CARDS, "description": "Every card of the open pile, oldest first."},
            "picked_card": {
                "type": "string",
                "nullable": True,
                "description": "The card picked from the pile that must still be played this turn.",
            },
            "table": {
                "type": "array",
                "items": schema_ref("Rummy500TableMeld"),
                "description": "Oldest first.",
            },
            "table_points": {**_PER_SEAT, "description": "Per seat, this round so far."},
            **ROUND_SERVER_KEYS,
            "legal_actions": {
                "type": "array",
                "items": schema_ref("LegalAction"),
                "description": "`draw_discard` lists in `cards` every card of the pile that may "
                "be taken now; `discard` its cards (none while a picked card is owed).",
            },
        },
        "required": [
            "dealer",
            "deck_commitment",
            "discard_pile",
            "hand",
            "hand_sizes",
            "legal_actions",
            "number",
            "phase",
            "picked_card",
            "stock_size",
            "table",
            "table_points",
            "turn",
            "turn_deadline",
        ],
    },
    "Rummy500RoundViewPhaseEnum": enum_schema(["draw", "play", "round_over"]),
    "Rummy500TableMeld": {
        "type": "object",
        "properties": {
            "id": {"type": "integer", "description": "Its index on the table, from 0 each round."},
            "owner": {"type": "integer", "description": "The seat that melded it."},
            "kind": schema_ref("KindEnum"),
            "cards": {**_CARDS, "description": "`XX` a joker."},
            "laid_by": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "The seat that put each card there, in the order of `cards`.",
            },
            "rank": {"type": "string", "description": "Sets: the rank (`7`, `T`, `A`)."},
            "stands_for": {
                **_CARDS,
                "description": "Runs: the natural card each place stands for.",
            },
        },
        "required": ["cards", "id", "kind", "laid_by", "owner"],
    },
    "Rummy500RoundResult": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "outcome": schema_ref("Rummy500RoundResultOutcomeEnum"),
            "went_out": {
                "type": "integer",
                "nullable": True,
                "description": "The seat that went out; null when the stock ran out.",
            },
            "table_points": _PER_SEAT,
            "hand_points": _PER_SEAT,
            "points": {**_PER_SEAT, "description": "table_points - hand_points, per seat."},
            "scores_after": _PER_SEAT,
            "hands": {
                "type": "array",
                "items": schema_ref("Rummy500HandResult"),
            },
            **RESULT_SERVER_KEYS,
        },
        "required": [
            "dealer",
            "deck",
            "deck_commitment",
            "hand_points",
            "hands",
            "number",
            "outcome",
            "points",
            "salt",
            "scores_after",
            "table_points",
            "went_out",
        ],
    },
    "Rummy500RoundResultOutcomeEnum": enum_schema(["out", "stock_out"]),
    "Rummy500HandResult": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "cards": _CARDS,
            "value": {"type": "integer"},
        },
        "required": ["cards", "seat", "value"],
    },
    "Rummy500Final": placement_final("Rummy500FinalReasonEnum"),
    "Rummy500FinalReasonEnum": enum_schema(["target", "rounds", "concede", "timeout"]),
    "Rummy500Rules": {
        "type": "object",
        "description": (
            "Rummy 500's rule options (docs/games/rummy500.md#rule-options); all optional on "
            "create, unknown keys refused."
        ),
        "properties": {
            "target": {"type": "integer", "maximum": 1000, "minimum": 100},
            "jokers": {"type": "integer", "enum": [0, 2]},
            "hand_size": {"type": "integer", "maximum": 13, "minimum": 7, "nullable": True},
            "top_card_free": {"type": "boolean"},
            "rounds": {"type": "integer", "maximum": 50, "minimum": 1, "nullable": True},
        },
    },
    "GameActionsDrawDiscardCardInputRequest": action_body(
        "DrawDiscardTypeEnum",
        {
            "card": {
                "type": "string",
                "nullable": True,
                "pattern": JOKER_CARD_PATTERN,
                "description": "Rummy 500: the card of the pile to take, with every card above "
                "it (null: the top card).",
            },
            "melds": ONLY_NULL,
        },
        ["type"],
    ),
    **SHARED,
}

SCHEMAS = GameSchemas(
    components=COMPONENTS,
    round="Rummy500RoundView",
    round_result="Rummy500RoundResult",
    final="Rummy500Final",
    rules="Rummy500Rules",
    actions={
        "draw_stock": "GameActionsDrawStockInputRequest",
        "draw_discard": "GameActionsDrawDiscardCardInputRequest",
        "meld": "GameActionsMeldInputRequest",
        "layoff": "GameActionsLayoffInputRequest",
        "discard": "GameActionsDiscardInputRequest",
    },
)
"""Rummy 500's JSON Schemas and the role of each."""
