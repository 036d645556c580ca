"""Gin Rummy's JSON Schemas (OpenAPI 3.0): its round view, round result, final settlement,
rules and action bodies, as the API publishes them (see :mod:`games.rules.common.schema`).
"""

from __future__ import annotations

from games.rules.common.game import GameSchemas, JsonObject
from games.rules.common.schema import (
    CARD_PATTERN,
    ONLY_NULL,
    RESULT_SERVER_KEYS,
    ROUND_SERVER_KEYS,
    SHARED,
    action_body,
)
from games.rules.gin.codec import MAX_HAND, MAX_MELDS

COMPONENTS: dict[str, JsonObject] = {
    "RoundView": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "phase": {"$ref": "#/components/schemas/RoundViewPhaseEnum"},
            "turn": {"type": "integer", "nullable": True},
            "hand": {"type": "array", "items": {"type": "string"}},
            "opponent_hand_size": {"type": "integer"},
            "stock_size": {"type": "integer"},
            "discard_pile": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Top last.",
            },
            "drawn_from_discard": {"type": "string", "nullable": True},
            "deadwood": {"type": "integer"},
            "legal_actions": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/LegalAction"},
            },
            "knock_limit": {
                "type": "integer",
                "description": "This round's limit (Oklahoma lowers it).",
            },
            "pile_history": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/PileEvent"},
                "description": (
                    "This round's public record of the discard pile, oldest first: passes on "
                    "the first upcard (`pass`, no card), takes from the pile (`draw_discard`) "
                    "and discards onto it (`discard`). Never a stock draw, nor a knock's "
                    "face-down card."
                ),
            },
            **ROUND_SERVER_KEYS,
        },
        "required": [
            "deadwood",
            "dealer",
            "deck_commitment",
            "discard_pile",
            "drawn_from_discard",
            "hand",
            "knock_limit",
            "legal_actions",
            "number",
            "opponent_hand_size",
            "phase",
            "pile_history",
            "stock_size",
            "turn",
            "turn_deadline",
        ],
    },
    "RoundViewPhaseEnum": {
        "enum": ["first_upcard", "draw", "discard", "round_over"],
        "type": "string",
        "description": (
            "* `first_upcard` - first_upcard\n* `draw` - draw\n* `discard` - discard\n* "
            "`round_over` - round_over"
        ),
    },
    "RoundResult": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "outcome": {"$ref": "#/components/schemas/RoundResultOutcomeEnum"},
            "knocker": {"type": "integer", "nullable": True},
            "winner": {"type": "integer", "nullable": True},
            "points": {"type": "integer"},
            "scores_after": {"type": "array", "items": {"type": "integer"}},
            "hands": {"type": "array", "items": {"$ref": "#/components/schemas/HandResult"}},
            **RESULT_SERVER_KEYS,
        },
        "required": [
            "dealer",
            "deck",
            "deck_commitment",
            "hands",
            "knocker",
            "number",
            "outcome",
            "points",
            "salt",
            "scores_after",
            "winner",
        ],
    },
    "RoundResultOutcomeEnum": {
        "enum": ["knock", "gin", "big_gin", "undercut", "draw"],
        "type": "string",
        "description": (
            "* `knock` - knock\n* `gin` - gin\n* `big_gin` - big_gin\n* `undercut` - "
            "undercut\n* `draw` - draw"
        ),
    },
    "HandResult": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "cards": {"type": "array", "items": {"type": "string"}},
            "melds": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
            "deadwood": {"type": "array", "items": {"type": "string"}},
            "deadwood_points": {"type": "integer"},
            "layoffs": {"type": "array", "items": {"$ref": "#/components/schemas/Layoff"}},
        },
        "required": ["cards", "deadwood", "deadwood_points", "layoffs", "melds", "seat"],
    },
    "Layoff": {
        "type": "object",
        "properties": {"card": {"type": "string"}, "meld": {"type": "integer"}},
        "required": ["card", "meld"],
    },
    "Final": {
        "type": "object",
        "properties": {
            "winner": {"type": "integer"},
            "reason": {"$ref": "#/components/schemas/FinalReasonEnum"},
            "aborted": {
                "type": "boolean",
                "description": (
                    "The game ended before each player had made a move of their own (moves the "
                    "turn timer played do not count): unrated, not on the leaderboards, not in "
                    "profile statistics."
                ),
            },
            "rated": {
                "type": "boolean",
                "description": (
                    "The game counts for ratings, leaderboards and profile statistics. False "
                    "when aborted, or when fair play left it unrated (`unrated_reason`)."
                ),
            },
            "unrated_reason": {
                "type": "string",
                "nullable": True,
                "enum": ["aborted", "early_forfeit", "shared_device", "restricted", None],
                "description": (
                    "Why the game is unrated (null while rated): `aborted` (ended before each "
                    "player had moved), `early_forfeit` (a player conceded or timed out before "
                    "making their first moves), `shared_device` (two of its players played "
                    "from one device), `restricted` (a player's games are unrated by a "
                    "fair-play decision). docs/fair-play.md."
                ),
            },
            "totals": {"type": "array", "items": {"type": "integer"}},
            "unfinished_round": {
                "allOf": [{"$ref": "#/components/schemas/UnfinishedRound"}],
                "description": (
                    "A round cut short by a concession or a timeout: its deal revealed (fair "
                    "shuffle), like a finished round's."
                ),
            },
            "breakdown": {"type": "array", "items": {"$ref": "#/components/schemas/FinalLine"}},
        },
        "required": [
            "aborted", "breakdown", "rated", "reason", "totals", "unrated_reason", "winner"
        ],
    },
    "FinalReasonEnum": {
        "enum": ["target", "concede", "timeout"],
        "type": "string",
        "description": "* `target` - target\n* `concede` - concede\n* `timeout` - timeout",
    },
    "FinalLine": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "hand_points": {"type": "integer"},
            "game_bonus": {"type": "integer"},
            "line_bonus": {"type": "integer"},
            "shutout": {"type": "boolean"},
            "total": {"type": "integer"},
        },
        "required": ["game_bonus", "hand_points", "line_bonus", "seat", "shutout", "total"],
    },
    "Rules": {
        "type": "object",
        "description": "Rule options (docs/games/gin.md#rule-options); all optional on create, "
        "unknown keys refused.",
        "properties": {
            "knock_limit": {"type": "integer", "maximum": 10, "minimum": 0},
            "gin_bonus": {"type": "integer", "maximum": 100, "minimum": 0},
            "big_gin_bonus": {"type": "integer", "maximum": 100, "minimum": 0},
            "big_gin": {"type": "boolean"},
            "undercut_bonus": {"type": "integer", "maximum": 100, "minimum": 0},
            "target_score": {"type": "integer", "maximum": 1000, "minimum": 1},
            "game_bonus": {"type": "integer", "maximum": 1000, "minimum": 0},
            "line_bonus": {"type": "integer", "maximum": 100, "minimum": 0},
            "shutout_doubles": {"type": "boolean"},
            "stock_floor": {"type": "integer", "maximum": 10, "minimum": 0},
            "oklahoma": {"type": "boolean"},
        },
    },
    "GameActionsPassInputRequest": action_body(
        "PassTypeEnum", {"card": ONLY_NULL, "melds": ONLY_NULL}, ["type"]
    ),
    "PassTypeEnum": {"enum": ["pass"], "type": "string", "description": "* `pass` - pass"},
    "GameActionsKnockInputRequest": action_body(
        "KnockTypeEnum",
        {
            "card": {
                "type": "string",
                "pattern": CARD_PATTERN,
                "minLength": 1,
                "description": "The discard, face down.",
            },
            "melds": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": "string", "pattern": CARD_PATTERN},
                    "maxItems": MAX_HAND,
                },
                "maxItems": MAX_MELDS,
                "nullable": True,
                "description": (
                    "Your melds; omitted, the server picks the arrangement with least deadwood."
                ),
            },
        },
        ["card", "type"],
    ),
    "KnockTypeEnum": {"enum": ["knock"], "type": "string", "description": "* `knock` - knock"},
    "GameActionsBigGinInputRequest": action_body(
        "BigGinTypeEnum",
        {"card": ONLY_NULL, "melds": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": "string", "pattern": CARD_PATTERN},
                    "maxItems": MAX_HAND,
                },
                "maxItems": MAX_MELDS,
                "nullable": True,
                "description": "Your melds.",
            }},
        ["type"],
    ),
    "BigGinTypeEnum": {
        "enum": ["big_gin"],
        "type": "string",
        "description": "* `big_gin` - big_gin",
    },
    **SHARED,
}

SCHEMAS = GameSchemas(
    components=COMPONENTS,
    round="RoundView",
    round_result="RoundResult",
    final="Final",
    rules="Rules",
    actions={
        "pass": "GameActionsPassInputRequest",
        "draw_stock": "GameActionsDrawStockInputRequest",
        "draw_discard": "GameActionsDrawDiscardInputRequest",
        "discard": "GameActionsDiscardInputRequest",
        "knock": "GameActionsKnockInputRequest",
        "big_gin": "GameActionsBigGinInputRequest",
    },
)
"""Gin Rummy's JSON Schemas and the role of each."""
