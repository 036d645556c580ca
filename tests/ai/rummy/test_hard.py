"""Hard's own judgement, each shown by a hand-built position (and Medium's choice in the
same position, which differs)."""

from __future__ import annotations

import random

from games.ai import rummy as ai
from games.ai.rummy.levels import _unseen
from games.rules.rummy import (
    Discard,
    DrawDiscard,
    DrawStock,
    Phase,
    rummy_cards,
    view_for,
)
from tests.rules.rummy.helpers import position


def _card(text):
    return rummy_cards(text)[0]


def _play(level, state, seat=0):
    return ai.play(level, view_for(state, seat), random.Random(0))


def test_once_out_it_takes_a_discard_it_can_lay_off():
    # 8H goes on the 5H 6H 7H run; it makes no meld with the hand, so Medium leaves it
    state = position(["2C 9D KS", "2S 3S 4S 9H TD"], table=[(0, "5H 6H 7H")],
                     came_out=[True, False], phase=Phase.DRAW, discard="3C 8H")
    assert _play("hard", state) == DrawDiscard()
    assert _play("medium", state) == DrawStock()


def test_it_counts_the_copies_it_has_seen():
    state = position(["9S 9H 4C 4D 2C", "2S 3S 5S 9H TD"], table=[(0, "KS KH KD"), (0, "XX QC KC")],
                     came_out=[True, False], discard="4S 4S 4H 4H")
    unseen = _unseen(view_for(state, 0))
    assert unseen[_card("4S").index] == 0  # both copies in the discard pile
    assert unseen[_card("4C").index] == 1  # one in the hand
    assert unseen[_card("KH").index] == 1  # one on the table
    assert unseen[_card("9D").index] == 2
    # the other seat's cards are not seen: its 2S counts as unseen
    assert unseen[_card("2S").index] == 2
    assert unseen[52] == 5  # six jokers, one on the table


def test_once_out_it_keeps_the_pair_that_can_still_be_completed():
    # every 4S and 4H is in the discard pile: 4C 4D can only become a meld with a joker,
    # 9S 9H with any of four unseen nines as well. Hard throws a four; Medium, counting
    # partners and points alone, throws a nine
    state = position(["9S 9H 4C 4D", "2S 3S 5S 9H TD"], table=[(0, "KS KH KD")],
                     came_out=[True, False], discard="4S 4S 4H 4H")
    hard = _play("hard", state)
    assert isinstance(hard, Discard) and hard.card.rank == 4
    medium = _play("medium", state)
    assert isinstance(medium, Discard) and medium.card.rank == 9


def test_its_decision_reads_the_view_only():
    # the other hand and the stock differ; the view of seat 0 is the same, so is Hard's
    # decision
    one = position(["9S 9H 4C 4D", "2S 3S 5S 9D TD"], table=[(0, "KS KH KD")],
                   came_out=[True, False], discard="4S 4S 4H 4H")
    two = position(["9S 9H 4C 4D", "9C 9D 7S 8C JD"], table=[(0, "KS KH KD")],
                   came_out=[True, False], discard="4S 4S 4H 4H", stock="9D 9C")
    assert one.round.hands[1] != two.round.hands[1]
    assert view_for(one, 0) == view_for(two, 0)
    assert _play("hard", one) == _play("hard", two)
