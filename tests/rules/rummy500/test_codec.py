"""Rummy 500's stored state: it round-trips exactly, and a stored state that breaks the
rules (a card lost or added, a seat too many, a meld that is not one) is refused."""

from __future__ import annotations

import json

import pytest

from games.rules.rummy500 import RUMMY500_RULES as RULES
from tests.rules.common.json_paths import assert_state_refused
from tests.rules.rummy500.helpers import meld, position


def _stored() -> dict:
    state = position(["2C 3C 9D", "KH QS 4D"], pile="7S 8S", table=[meld(0, 0, "5H 6H 7H")])
    body = json.loads(json.dumps(RULES.state_to_json(state)))
    assert RULES.state_from_json(body) == state
    return body


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s["round"]["stock"].pop(),
        lambda s: s["round"]["stock"].append("2C"),
        lambda s: s["round"]["hands"][0].append("XX"),
        lambda s: s["round"]["table"][0].update(cards=["5H", "6H", "8H"]),
        lambda s: s.update(seats=5),
        lambda s: s["rules"].update(jokers=2),
    ],
)
def test_a_stored_state_that_breaks_the_rules_is_refused(change):
    body = _stored()
    change(body)
    assert_state_refused(RULES.state_from_json, body)
