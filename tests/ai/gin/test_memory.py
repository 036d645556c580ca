"""The memory rebuilt from the move log equals the memory kept during play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import gin as ai
from games.ai.gin.memory import Memory, first_upcard
from games.rules.gin import Card, DrawDiscard, Pass, RuleSet, apply_action, new_game, view_for
from tests.ai.gin.helpers import positions
from tests.rules.gin.helpers import make_deck


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([("hard", "baseline"), ("medium", "random"), ("easy", "hard")]),
)
def test_memory_kept_during_play_equals_memory_rebuilt_from_the_log(seed, players):
    for _state, _seat, view, _action, memory in positions(players, seed, max_actions=300):
        rebuilt = Memory.from_view(view)
        assert memory == rebuilt
        kept = Memory()
        # a memory synced only now and then catches up too
        assert kept.sync(view) == rebuilt


def test_memory_records_the_opponents_public_moves():
    deck = make_deck(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C",  # non-dealer, seat 1
        "TS JS QS 5D 5C 5S KH 8C 2C AC",  # dealer, seat 0
        "QH",
        "KC 4C 9S",
    )
    state = new_game(RuleSet(), 0, deck)
    state = apply_action(state, Pass(), 1)  # seat 1 leaves QH
    state = apply_action(state, DrawDiscard(), 0)  # seat 0 takes QH
    view = view_for(state, 1)
    legal = view.round.legal_actions
    assert not legal
    view0 = view_for(state, 0)
    discard = ai.choose_action(view0, "medium", random.Random(1))
    state = apply_action(state, discard, 0)
    memory = Memory.from_view(view_for(state, 1))
    qh = Card.parse("QH").mask
    assert memory.upcard == qh
    assert memory.opp_known == qh and memory.opp_taken == qh
    assert memory.opp_discarded == discard.card.mask  # type: ignore[union-attr]
    assert memory.face_up == qh | discard.card.mask  # type: ignore[union-attr]
    assert first_upcard(view_for(state, 1)) == qh
    seat0 = Memory.from_view(view_for(state, 0))
    assert seat0.opp_passed == qh and seat0.opp_known == 0
