"""Indian Rummy's JSON Schemas (OpenAPI 3.0): its round view, round result, final
settlement, rules and action bodies, as the API publishes them (see
:mod:`games.rules.common.schema`).

Its components are named ``Indian...`` wherever another game has a component of that
name with another shape (``IndianRoundView``, ``IndianLegalAction``, ...); the draws and
the discard take the bodies every game shares, and ``declare`` and ``drop`` have their
own. The rules' schema is written from the rule options (:data:`~.ruleset.OPTIONS`), so
the two cannot disagree.
"""

from __future__ import annotations

from games.rules.common.game import GameSchemas, JsonObject, RuleOption
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
from games.rules.indian.codec import MAX_GROUP_CARDS, MAX_GROUPS
from games.rules.indian.ruleset import OPTIONS

_CARDS: JsonObject = {"type": "array", "items": {"type": "string"}}
_GROUPS: JsonObject = {"type": "array", "items": _CARDS}


_ARRANGEMENT: JsonObject = {
    "type": "object",
    "properties": {
        "groups": {**_GROUPS, "description": "The groups that count."},
        "ungrouped": _CARDS,
        "points": {"type": "integer", "description": "Capped at `max_points`."},
        "discard": {
            "type": "string",
            "description": "With 14 cards: the best discard, whose 13 others these are.",
        },
    },
    "required": ["groups", "points", "ungrouped"],
}


def _option_schema(option: RuleOption) -> JsonObject:
    """One rule option's schema: a choice's values, or an integer's range."""
    if option.choices:
        out = enum_schema(list(option.choices))
        out.pop("description")
    else:
        out = {"type": "integer", "maximum": option.high, "minimum": option.low}
    out["description"] = f"{option.help} Default {option.default}."
    return out


COMPONENTS: dict[str, JsonObject] = {
    "IndianRoundView": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "phase": schema_ref("IndianRoundViewPhaseEnum"),
            "turn": {"type": "integer", "nullable": True},
            "hand": {
                **_CARDS,
                "description": "Your cards, sorted; none once you are out of the deal.",
            },
            "hand_sizes": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Per seat: cards in play (0 out of the deal).",
            },
            "status": {
                "type": "array",
                "items": schema_ref("IndianSeatStatusEnum"),
                "description": "Per seat.",
            },
            "stock_size": {"type": "integer"},
            "discard_pile": {**_CARDS, "description": "Top last."},
            "wild_joker": schema_ref("IndianWildJoker"),
            "drawn_from_discard": {
                "type": "string",
                "nullable": True,
                "description": "Shown to the seat that drew it only.",
            },
            "arrangement": {
                **_ARRANGEMENT,
                "nullable": True,
                "description": "The server's least-points grouping of your hand, the one "
                "it would score (null without a hand).",
            },
            "pile_history": {
                "type": "array",
                "items": schema_ref("IndianPileEvent"),
                "description": "Every card a seat took from or left on the discard pile "
                "in this deal, oldest first (never a stock draw's card).",
            },
            **ROUND_SERVER_KEYS,
            "legal_actions": {"type": "array", "items": schema_ref("IndianLegalAction")},
        },
        "required": [
            "arrangement",
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
            "status",
            "stock_size",
            "turn",
            "turn_deadline",
            "wild_joker",
        ],
    },
    "IndianRoundViewPhaseEnum": enum_schema(["draw", "discard", "round_over"]),
    "IndianSeatStatusEnum": enum_schema(["in", "dropped", "wrong_show", "declared", "out"]),
    "IndianWildJoker": {
        "type": "object",
        "properties": {
            "card": {"type": "string", "description": "The wild joker card, face up."},
            "rank": {
                "type": "string",
                "description": "The rank it makes wild (`A` for a printed joker).",
            },
        },
        "required": ["card", "rank"],
    },
    "IndianPileEvent": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "action": schema_ref("IndianPileEventActionEnum"),
            "card": {"type": "string"},
        },
        "required": ["action", "card", "seat"],
    },
    "IndianPileEventActionEnum": enum_schema(["draw_discard", "discard"]),
    "IndianLegalAction": {
        "type": "object",
        "properties": {
            "type": schema_ref("IndianLegalActionTypeEnum"),
            "cards": {**_CARDS, "description": "`discard`: the cards allowed."},
            "valid_with": {
                **_CARDS,
                "description": "`declare`: the cards whose discard leaves the other 13 a "
                "valid show (any allowed card may be declared with; the others make a "
                "wrong show).",
            },
        },
        "required": ["type"],
    },
    "IndianLegalActionTypeEnum": enum_schema(
        ["draw_stock", "draw_discard", "discard", "drop", "declare"]
    ),
    "IndianRoundResult": {
        "type": "object",
        "properties": {
            "number": {"type": "integer"},
            "dealer": {"type": "integer"},
            "wild_joker": schema_ref("IndianWildJoker"),
            "outcome": schema_ref("IndianRoundResultOutcomeEnum"),
            "winner": {
                "type": "integer",
                "nullable": True,
                "description": "Null when the deal ended with no winner (`draw`).",
            },
            "points": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "The deal's points per seat (0 or more; lower is better).",
            },
            "scores_after": {"type": "array", "items": {"type": "integer"}},
            "hands": {"type": "array", "items": schema_ref("IndianHandResult")},
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
            "wild_joker",
            "winner",
        ],
    },
    "IndianRoundResultOutcomeEnum": enum_schema(["show", "last_player", "draw"]),
    "IndianHandResult": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "status": schema_ref("IndianHandStatusEnum"),
            "groups": _GROUPS,
            "ungrouped": _CARDS,
            "value": {"type": "integer"},
        },
        "required": ["groups", "seat", "status", "ungrouped", "value"],
    },
    "IndianHandStatusEnum": enum_schema(
        ["declared", "last", "dropped", "wrong_show", "counted", "out", "in"]
    ),
    "IndianFinal": placement_final("IndianFinalReasonEnum"),
    "IndianFinalReasonEnum": enum_schema(
        ["show", "last_player", "draw", "pool", "deals", "concede", "timeout"]
    ),
    "IndianRules": {
        "type": "object",
        "description": (
            "Indian Rummy's rule options (docs/games/indian-rummy.md#rule-options); all "
            "optional on create, unknown keys "
            "refused."
        ),
        "properties": {option.name: _option_schema(option) for option in OPTIONS},
    },
    "GameActionsDeclareInputRequest": action_body(
        "GameActionsDeclareInputTypeEnum",
        {
            "card": {
                "type": "string",
                "pattern": JOKER_CARD_PATTERN,
                "minLength": 1,
                "description": "The card put face down.",
            },
            "groups": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": "string", "pattern": JOKER_CARD_PATTERN},
                    "minItems": 1,
                    "maxItems": MAX_GROUP_CARDS,
                },
                "maxItems": MAX_GROUPS,
                "nullable": True,
                "description": "The 13 other cards in groups; omitted or null, the server "
                "shows its least-points arrangement.",
            },
            "melds": ONLY_NULL,
        },
        ["card", "type"],
    ),
    "GameActionsDeclareInputTypeEnum": enum_schema(["declare"]),
    "GameActionsDropInputRequest": action_body(
        "GameActionsDropInputTypeEnum",
        {"card": ONLY_NULL, "groups": ONLY_NULL, "melds": ONLY_NULL},
        ["type"],
    ),
    "GameActionsDropInputTypeEnum": enum_schema(["drop"]),
    **SHARED,
}

SCHEMAS = GameSchemas(
    components=COMPONENTS,
    round="IndianRoundView",
    round_result="IndianRoundResult",
    final="IndianFinal",
    rules="IndianRules",
    actions={
        "draw_stock": "GameActionsDrawStockInputRequest",
        "draw_discard": "GameActionsDrawDiscardInputRequest",
        "discard": "GameActionsDiscardInputRequest",
        "declare": "GameActionsDeclareInputRequest",
        "drop": "GameActionsDropInputRequest",
    },
)
"""Indian Rummy's JSON Schemas and the role of each."""
