"""Every action body is bounded by what a hand can hold: the published schema and the
parser say the same bound, a body at the bound is read, one past it is a short
``validation_error`` before any card is read, however long the body is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from openapi_schema_validator import OAS30Validator

from games.rules.common.errors import ValidationError
from games.rules.gin import GIN_RULES
from games.rules.gin import codec as gin_codec
from games.rules.indian import INDIAN_RULES
from games.rules.indian import codec as indian_codec
from games.rules.rummy import RUMMY_RULES
from games.rules.rummy import codec as rummy_codec
from games.rules.rummy.ruleset import OPTIONS as RUMMY_OPTIONS
from games.rules.rummy500 import RUMMY500_RULES

CARDS = [f"{rank}{suit}" for suit in "SHDC" for rank in "A23456789TJQK"]
HUGE = 300_000


@dataclass(frozen=True)
class Lists:
    """One game's action body that holds lists of cards, and its bounds."""

    game: str
    rules: Any
    schema: str
    field: str
    head: dict[str, Any]
    most: int
    most_cards: int

    def __str__(self) -> str:
        return f"{self.game}-{self.head['type']}"

    def body(self, lists: int, cards: int) -> dict[str, Any]:
        """``lists`` lists of ``cards`` cards each (real cards, one deck's worth round)."""
        return {
            **self.head,
            self.field: [
                [CARDS[(i * cards + j) % len(CARDS)] for j in range(cards)] for i in range(lists)
            ],
        }


BODIES = [
    Lists("gin", GIN_RULES, "GameActionsKnockInputRequest", "melds",
          {"type": "knock", "card": "KC"}, 3, 11),
    Lists("gin", GIN_RULES, "GameActionsBigGinInputRequest", "melds", {"type": "big_gin"}, 3, 11),
    Lists("rummy", RUMMY_RULES, "GameActionsMeldInputRequest", "melds", {"type": "meld"}, 4, 14),
    Lists("rummy500", RUMMY500_RULES, "GameActionsMeldInputRequest", "melds", {"type": "meld"},
          4, 14),
    Lists("indian", INDIAN_RULES, "GameActionsDeclareInputRequest", "groups",
          {"type": "declare", "card": "QS"}, 13, 13),
]


def schema_accepts(case: Lists, body: dict[str, Any]) -> bool:
    components = {"schemas": dict(case.rules.schemas)}
    validator = OAS30Validator(
        {"$ref": f"#/components/schemas/{case.schema}", "components": components}
    )
    return validator.is_valid(body)


def refusal(case: Lists, body: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as caught:
        case.rules.action_from_json(body)
    assert list(caught.value.fields) == [case.field]
    return caught.value


def test_the_bounds_are_what_a_hand_holds():
    assert (gin_codec.MAX_HAND, gin_codec.MAX_MELDS) == (11, 3)  # 10 dealt, 1 drawn
    most_dealt = next(option.high for option in RUMMY_OPTIONS if option.name == "hand_size")
    assert most_dealt is not None
    assert most_dealt + 1 == rummy_codec.MAX_HAND
    assert rummy_codec.MAX_MELDS == 4
    # the 14 cards of a declaration less the one put face down
    assert indian_codec.MAX_GROUPS == indian_codec.MAX_GROUP_CARDS == 13


@pytest.mark.parametrize("case", BODIES, ids=str)
def test_a_body_at_the_bounds_is_read_and_one_past_them_is_refused(case: Lists):
    at_bounds = case.body(case.most, case.most_cards)
    assert schema_accepts(case, at_bounds)
    action = case.rules.action_from_json(at_bounds)
    assert case.rules.action_to_json(action)[case.field] == at_bounds[case.field]

    too_many = case.body(case.most + 1, 3)
    assert not schema_accepts(case, too_many)
    error = refusal(case, too_many)
    assert error.code == "validation_error"
    assert f"At most {case.most} " in error.detail

    too_long = case.body(1, case.most_cards + 1)
    assert not schema_accepts(case, too_long)
    error = refusal(case, too_long)
    assert f"at most {case.most_cards} cards" in error.detail


@pytest.mark.parametrize("case", BODIES, ids=str)
def test_a_huge_body_is_refused_by_its_size_in_a_short_sentence(case: Lists):
    for body in (
        {**case.head, case.field: [["AS"] * HUGE]},
        {**case.head, case.field: [["AS", "2S", "3S"]] * HUGE},
        # not cards at all: the count is refused before any card is read
        {**case.head, case.field: [["ZZ"] * HUGE]},
        {**case.head, case.field: [[None]] * HUGE},
    ):
        error = refusal(case, body)
        assert "at most" in error.detail.lower(), error.detail
        assert len(error.detail) < 100, error.detail
        assert sum(len(m) for messages in error.fields.values() for m in messages) < 100
