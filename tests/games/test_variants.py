"""The variant seam: every registered game implements the whole interface, and Gin Rummy
plays through it (no database: a variant is plain Python)."""

from __future__ import annotations

import inspect
import random

import pytest

from games.variants import DEFAULT_VARIANT, MAX_SEATS, VARIANTS, GameVariant, variant_for
from games.variants.base import GameOutcome


def interface_members() -> set[str]:
    methods = {
        name
        for name, member in vars(GameVariant).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }
    return methods | set(GameVariant.__annotations__)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_implements_the_whole_interface(name):
    variant = variant_for(name)
    missing = sorted(member for member in interface_members() if not hasattr(variant, member))
    assert not missing, f"{name} lacks {missing}"
    assert variant.name == name
    assert 2 <= variant.min_seats <= variant.max_seats <= MAX_SEATS


def test_gin_rummy_is_the_default_and_plays_through_the_interface():
    gin = variant_for(DEFAULT_VARIANT)
    rules = gin.rules_from_dict({"target_score": 50})
    deck = gin.new_deck(random.Random(3))
    state = gin.new_game(rules, 0, deck)
    progress = gin.progress(state)
    assert (progress.turn, progress.round_number, progress.dealer) == (1, 1, 0)
    assert progress.scores == (0, 0) and not progress.is_over
    action = gin.action_from_json({"type": "pass"})
    state = gin.apply_action(state, action, 1)
    assert gin.action_to_json(action) == {"type": "pass"} and gin.drawn_card(state, action) == ""
    body = gin.present_view(gin.view_for(state, 0))
    assert set(body) == {"scores", "round", "rounds", "final"} and body["round"]["turn"] == 0
    assert gin.state_from_json(gin.state_to_json(state)) == state
    with pytest.raises(gin.error_type):
        gin.apply_action(state, action, 1)  # not seat 1's turn
    over = gin.concede(state, 0, "concede")
    outcome = gin.outcome(over)
    assert isinstance(outcome, GameOutcome)
    assert (outcome.winner, outcome.reason, outcome.hands) == (1, "concede", 0)
    assert [record.seat for record in outcome.seats] == [0, 1]
    assert gin.progress(over).is_over and gin.present_view(gin.view_for(over, 1))["round"] is None
