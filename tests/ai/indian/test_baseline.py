"""The Indian Rummy baseline's rules, each shown by a scenario, and Easy's careless
discard."""

from __future__ import annotations

import random

from games.ai import indian as ai
from games.ai.indian.baseline import completes_group
from games.rules.indian import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Phase,
    indian_cards,
    view_for,
)
from tests.rules.indian.helpers import c, position

VALID = "AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC KD KH"
OTHER = "2C 3C 4C 5D 6D 7D TS TH QC QD 5S 8H 2H"
LOOSE = "2S 3S 4S 6H 7H 8H JD KD 5C 9C TC QS AC"


def loose_position(**kwargs):
    """LOOSE against OTHER, fives wild (5C is LOOSE's joker)."""
    return position([LOOSE, OTHER], wild="5D", **kwargs)


def _baseline(state, seat=0):
    return ai.baseline_action(view_for(state, seat), random.Random(0))


def test_it_takes_the_piles_top_card_only_when_it_completes_a_group():
    # 9H makes a sequence with 7H 8H; JC with 9C TC (two below it); QD with JD KD
    for card in ("9H", "JC", "QD"):
        assert _baseline(loose_position(discard=card)) == DrawDiscard(), card
    # QH with QS alone makes no group; nor 4D, nor the joker 5H (jokers stay there)
    for card in ("QH", "4D", "5H"):
        assert _baseline(loose_position(discard=card)) == DrawStock(), card


def test_a_card_completes_a_group_of_three_naturals_never_with_a_joker_or_a_copy():
    hand = indian_cards("5H 6H 9D 9S XX 2C")
    assert completes_group(hand, c("7H"), wild_rank=11)
    assert completes_group(hand, c("9C"), wild_rank=11)
    assert not completes_group(hand, c("2D"), wild_rank=11)  # 2C and a joker: no
    assert not completes_group(hand, c("6H"), wild_rank=11)  # a copy adds no group
    assert not completes_group(hand, c("7H"), wild_rank=7)   # a joker of the deal


def test_it_declares_as_soon_as_a_valid_show_is_listed():
    state = position([f"{VALID} QS", OTHER], phase=Phase.DISCARD)
    assert _baseline(state) == Declare(c("QS"))


def test_it_discards_the_highest_card_in_no_group():
    # 14 cards: 2S 3S 4S and 6H 7H 8H are sequences; AC (10 points, the ace highest of
    # the ten-point cards) is the highest loose card
    state = position([f"{LOOSE} 3D", OTHER], phase=Phase.DISCARD, wild="5D")
    assert _baseline(state) == Discard(c("AC"))


def test_it_keeps_its_groups_even_when_they_do_not_count_yet():
    # QS QH QD is a set of ten-point cards; with no pure sequence nothing "counts", yet
    # the baseline throws the loose KC, not a queen
    hand = "QS QH QD 2S 5H 9D 3C 7C KC 4D 6S 8H TD JC"
    state = position([hand, OTHER], phase=Phase.DISCARD, wild="AH")
    assert _baseline(state) == Discard(c("KC"))


def test_it_never_drops():
    for seed in range(30):
        rng = random.Random(seed)
        state = position([LOOSE, OTHER, VALID], discard="4D", turn=rng.randrange(3), wild="5D")
        assert not isinstance(_baseline(state, state.turn), Drop)


def test_easy_throws_a_random_card_in_no_group_and_never_a_joker():
    # no pure sequence: the arrangement groups nothing, and 5S 5H 5C is the only group
    hand = "2S 5S 5H 5C 8D JC 4S 7H TD KC 9S QH 3D XX"
    state = position([hand, OTHER], phase=Phase.DISCARD, wild="3H")
    thrown = {ai.play("easy", view_for(state, 0), random.Random(seed)) for seed in range(80)}
    cards = {str(action.card) for action in thrown if isinstance(action, Discard)}
    assert len(cards) > 4
    assert cards <= {"2S", "8D", "JC", "4S", "7H", "TD", "KC", "9S", "QH"}
