"""The registry: every registered game is a whole description (its rules implement the
whole typed interface, its players both moves the server asks for), and Gin Rummy plays
through it (no database: a variant is plain Python)."""

from __future__ import annotations

import inspect
import random

import pytest

from games.ai.common.players import Players
from games.rules.common.game import GameOutcome, GameRules
from games.variants import DEFAULT_VARIANT, MAX_SEATS, VARIANTS, RulesError, variant_for


def protocol_members(protocol: type) -> set[str]:
    methods = {
        name
        for name, member in vars(protocol).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }
    return methods | {name for name in protocol.__annotations__ if not name.startswith("_")}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_is_a_whole_description(name):
    variant = variant_for(name)
    missing = sorted(m for m in protocol_members(GameRules) if not hasattr(variant.rules, m))
    assert not missing, f"{name}'s rules lack {missing}"
    missing = sorted(m for m in protocol_members(Players) if not hasattr(variant.players, m))
    assert not missing, f"{name}'s players lack {missing}"
    assert variant.name == name and variant.label
    assert 2 <= variant.min_seats <= variant.max_seats <= MAX_SEATS
    assert variant.action_error_codes[422][-1] == "idempotency_key_reused"


def test_gin_rummy_is_the_default_and_plays_through_the_interface():
    gin = variant_for(DEFAULT_VARIANT).rules
    rules = gin.rules_from_json({"target_score": 50})
    deck = gin.new_deck(random.Random(3), rules)
    state = gin.new_game(rules, seats=2, dealer=0, deck=deck, salt="0" * 32)
    progress = gin.progress(state)
    assert (progress.turn, progress.round_number, progress.dealer) == (1, 1, 0)
    assert progress.scores == (0, 0) and not progress.is_over
    action = gin.action_from_json({"type": "pass"})
    after = gin.apply_action(state, action, 1)
    assert gin.action_to_json(action) == {"type": "pass"}
    assert gin.drawn_card(state, action, after) == ""
    body = gin.view_to_json(gin.view_for(after, 0))
    assert set(body) == {"scores", "round", "rounds", "final"} and body["round"]["turn"] == 0
    assert gin.state_from_json(gin.state_to_json(after)) == after
    with pytest.raises(RulesError):
        gin.apply_action(after, action, 1)  # not seat 1's turn
    over = gin.concede(after, 0, "concede")
    outcome = gin.outcome(over)
    assert isinstance(outcome, GameOutcome)
    assert (outcome.winner, outcome.reason, outcome.hands) == (1, "concede", 0)
    assert [record.seat for record in outcome.seats] == [0, 1]
    assert gin.progress(over).is_over and gin.view_to_json(gin.view_for(over, 1))["round"] is None
