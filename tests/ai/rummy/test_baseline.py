"""The Rummy baseline's three rules, each shown by a scenario, and a glance at Easy."""

from __future__ import annotations

import random

from games.ai import rummy as ai
from games.rules.rummy import (
    Discard,
    DrawStock,
    Layoff,
    Meld,
    Phase,
    rummy_cards,
    view_for,
)
from tests.rules.rummy.helpers import position


def _baseline(state, seat=0):
    return ai.baseline_action(view_for(state, seat), random.Random(0))


def test_it_draws_from_the_stock():
    state = position(["5H 6H 7H 2C 3D", "2S 3S 4S 9D TD"], phase=Phase.DRAW, discard="8H")
    assert _baseline(state) == DrawStock()


def test_it_comes_out_as_soon_as_it_can():
    # QH KH AH (31 points, the ace high) and 9S 9D 9C (27): 58, both put down at once
    state = position(["QH KH AH 9S 9D 9C 2C 4D", "2S 3S 4S 9H TD"])
    action = _baseline(state)
    assert isinstance(action, Meld)
    assert sorted(len(meld) for meld in action.melds) == [3, 3]
    cards = {str(card) for meld in action.melds for card in meld}
    assert cards == {"QH", "KH", "AH", "9S", "9D", "9C"}


def test_it_waits_while_the_first_meld_is_too_small():
    state = position(["2H 3H 4H 7C 9D", "2S 3S 4S 9H TD"])
    action = _baseline(state)
    assert isinstance(action, Discard)


def test_it_lays_off_whatever_fits():
    state = position(["8H 2C 4D", "2S 3S 4S 9H TD"], table=[(0, "5H 6H 7H"), (1, "KS KD KC")],
                     came_out=[True, True])
    action = _baseline(state)
    assert isinstance(action, Layoff)
    assert (action.card, action.meld) == (rummy_cards("8H")[0], 0)


def test_it_discards_the_highest_card_in_no_meld():
    # not out yet (the kings are 30 points, under 40): it keeps the kings, a meld, and
    # throws the queen, the highest of the rest
    state = position(["KS KD KC QH 2C 7D", "2S 3S 4S 9H TD"])
    assert _baseline(state) == Discard(rummy_cards("QH")[0])


def test_easy_throws_a_random_loose_card_and_baseline_does_not():
    state = position(["KS KD KC QH 2C 7D 3S", "2S 3S 4S 9H TD"])
    seen = {ai.play("easy", view_for(state, 0), random.Random(seed)) for seed in range(40)}
    assert {str(action.card) for action in seen if isinstance(action, Discard)} == {
        "QH", "2C", "7D", "3S"}
