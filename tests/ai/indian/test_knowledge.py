"""Hard's public record of a deal: what each other seat took from, left on and passed
over on the discard pile, and which cards are still to come, all read from one seat's
view."""

from __future__ import annotations

from games.ai.indian.knowledge import Table
from games.rules.indian import Discard, DrawDiscard, DrawStock, apply_action, view_for
from tests.rules.indian.helpers import c, position

A = "2S 3S 4S 6H 7H 8H JD KD 5C 9C TC QS AC"
B = "2C 3C 4C 5D 6D 7D TS TH QC QD 5S 8H 2H"
C = "AS 2D 3D 4H 5H 6S 7S 7D 8D 9S KC KH QH"


def played():
    """Three seats, nines wild: seat 0 takes QD from the pile and throws AC; seat 1
    leaves AC there (a stock draw) and throws 2H; seat 2 takes 2H and throws KC."""
    state = position([A, B, C], wild="9H", discard="QD")
    state = apply_action(state, DrawDiscard(), 0)
    state = apply_action(state, Discard(c("AC")), 0)
    state = apply_action(state, DrawStock(), 1)
    state = apply_action(state, Discard(c("2H")), 1)
    state = apply_action(state, DrawDiscard(), 2)
    return apply_action(state, Discard(c("KC")), 2)


def test_it_records_what_each_seat_took_left_and_passed_over():
    table = Table.of(view_for(played(), 0))
    assert table.seats[0].took[c("QD")] == 1 and table.seats[0].discarded[c("AC")] == 1
    assert table.seats[1].passed[c("AC")] == 1 and table.seats[1].discarded[c("2H")] == 1
    assert table.seats[2].holds == {c("2H"): 1} and table.seats[2].discarded[c("KC")] == 1
    assert [record.draws for record in table.seats] == [1, 1, 1]
    assert table.turns == 3 and table.next_seat(view_for(played(), 0)) == 1


def test_a_card_is_live_while_a_copy_may_still_come_from_the_stock():
    state = played()
    table = Table.of(view_for(state, 0))
    hand = view_for(state, 0).round.hand
    assert table.live_of(c("2H")) == 1  # one copy in seat 2's hand, one unseen
    assert table.live_of(c("KC")) == 1  # on the pile
    assert table.live_of(c("QD")) == 1  # in this seat's hand
    assert table.live_of(c("9H")) == 1  # the wild joker card, face up
    assert table.live_of(c("5S")) == 2  # in seat 1's hand, but nobody can tell
    seen = len(hand) + len(state.round.discard_pile) + 1 + 1  # the 2H seat 2 holds
    assert table.unseen == 2 * 53 - seen
    # nines are jokers: the wild card shows one and the hand holds 9C, so six nines and
    # two printed jokers are left
    assert table.live_jokers == 6 + 2


def test_a_seat_that_keeps_a_taken_card_holds_it_for_sure():
    state = played()
    table = Table.of(view_for(state, 0))
    assert table.holds_chance(c("2H").index, 2, 13) == 1.0
    # a card it threw is less likely in its hand than one it was never seen with
    assert table.holds_chance(c("KC").index, 2, 13) < table.holds_chance(c("KS").index, 2, 13)
    # seat 2 holds 2H: 3H would join it, so 3H is more wanted there than at seat 1
    assert table.want_chance(c("3H"), 2, 13) > table.want_chance(c("3H"), 1, 13)
    # jokers may not be taken from the pile: nobody wants one there
    assert table.want_chance(c("9S"), 2, 13) == 0.0


def test_the_record_is_the_same_from_every_seat_but_for_its_own_cards():
    state = played()
    records = [Table.of(view_for(state, seat)).seats for seat in range(3)]
    assert records[0] == records[1] == records[2]
