"""The baseline player follows its definition (games.ai.gin.baseline)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import gin as ai
from games.ai.gin.masks import makes_meld
from games.rules.gin import (
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Pass,
    Phase,
    RuleSet,
    apply_action,
    cards,
    deadwood_value,
    mask_of,
    melds_in,
    new_game,
    view_for,
)
from tests.ai.gin.helpers import positions
from tests.rules.gin.helpers import drawn_position, make_deck


def _deal(non_dealer: str, dealer: str, upcard: str):
    return new_game(RuleSet(), 0, make_deck(non_dealer, dealer, upcard))


def test_baseline_takes_the_first_upcard_only_when_it_makes_a_meld():
    takes = _deal("7H 7D 2S 4S 9S JH KD 3C 5C QC", "AS 8S TS 2H 4H 6H 8H TD QD AD", "7C")
    assert ai.baseline_action(view_for(takes, 1), random.Random(1)) == DrawDiscard()
    run = _deal("4H 5H 2S 4S 9S JH KD 3C 5C QC", "AS 8S TS 2H 7C 8H 7H TD QD AD", "6H")
    assert ai.baseline_action(view_for(run, 1), random.Random(1)) == DrawDiscard()
    leaves = _deal("7H 2D 2S 4S 9S JH KD 3C 5C QC", "AS 8S TS 2H 4H 6H 8H TD QD AD", "7C")
    assert ai.baseline_action(view_for(leaves, 1), random.Random(1)) == Pass()
    # the dealer decides the same way once the non-dealer passed
    state = apply_action(leaves, Pass(), 1)
    assert ai.baseline_action(view_for(state, 0), random.Random(1)) == Pass()
    state = apply_action(state, Pass(), 0)
    assert ai.baseline_action(view_for(state, 1), random.Random(1)) == DrawStock()


def test_baseline_draws_a_discard_only_when_it_makes_a_meld():
    state = drawn_position(  # seat 1 draws 5D
        "7H 2D 2S 4S 9S JH KD 3C 5C QC", "AS 8S TS 2H 4H 6H 8H TD QD AD", "5D 9H", upcard="KC"
    )
    state = apply_action(state, Discard(Card.parse("KD")), 1)
    view = view_for(state, 0)
    assert view.round.discard_pile[-1] == Card.parse("KD")
    assert ai.baseline_action(view, random.Random(1)) == DrawStock()
    state = apply_action(state, DrawStock(), 0)  # seat 0 draws 9H
    state = apply_action(state, Discard(Card.parse("2H")), 0)  # 2S 2D 2H would meld
    view = view_for(state, 1)
    hand = mask_of(view.round.hand)
    assert makes_meld(hand, Card.parse("2H").mask)
    assert ai.baseline_action(view, random.Random(1)) == DrawDiscard()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_baseline_discards_least_deadwood_and_knocks_as_soon_as_it_may(seed):
    for state, seat, view, action, _memory in positions(("baseline", "medium"), seed):
        if seat != 0 or view.round.phase is not Phase.DISCARD:
            continue
        hand = list(view.round.hand)
        drawn = view.round.drawn_from_discard
        after = {c: deadwood_value([h for h in hand if h != c]) for c in hand if c != drawn}
        least = min(after.values())
        if deadwood_value(hand) == 0 and state.rules.big_gin:
            assert action == BigGin()
            continue
        assert isinstance(action, (Discard, Knock))
        assert action.card != drawn
        assert after[action.card] == least
        assert isinstance(action, Knock) == (least <= view.round.knock_limit)
        if isinstance(action, Knock):
            assert action.melds is None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_baseline_draws_by_its_rule(seed):
    for _state, seat, view, action, _memory in positions(("baseline", "hard"), seed):
        if seat != 0 or view.round.phase is Phase.DISCARD:
            continue
        legal = {entry.type for entry in view.round.legal_actions}
        top = view.round.discard_pile[-1] if view.round.discard_pile else None
        melds = top is not None and any(
            top in meld.cards for meld in melds_in([*view.round.hand, top])
        )
        if "draw_discard" in legal and melds:
            assert action == DrawDiscard()
        else:
            assert action == (Pass() if "pass" in legal else DrawStock())


def test_baseline_discards_uniformly_among_equal_choices():
    # Seat 1 holds two runs, 7C 8C and three loose tens after drawing JD: any ten leaves 35.
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7C 8C KS QH", "AC 2C 3C 4C 5S 6S 7S 8S 9S TS", "JD 9D 2H", upcard="QC"
    )
    view = view_for(state, 1)
    counts = Counter(ai.baseline_action(view, random.Random(seed)).card for seed in range(600))
    assert set(counts) == set(cards("KS QH JD"))
    assert min(counts.values()) > 150


def test_baseline_goes_gin_and_big_gin():
    gin = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "AC 2C 3C 4C 5S 6S 7S 8S 9S TS", "TD", upcard="QC"
    )
    action = ai.baseline_action(view_for(gin, 1), random.Random(3))
    assert isinstance(action, Knock)
    assert deadwood_value([c for c in gin.round.hands[1] if c != action.card]) == 0
    big = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "AC 2C 3C 4C 5S 6S 7S 8S 9S KS", "JD", upcard="QC"
    )
    assert ai.baseline_action(view_for(big, 1), random.Random(3)) == BigGin()
