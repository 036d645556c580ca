"""Rummy 500's rules, case by case (docs/games/rummy500.md): the deal, the open pile and
the deep pick, melds, lay-offs with who laid each card, going out, stock out, scoring, the
game's end, and every refusal's code."""

from __future__ import annotations

import pytest

from games.rules.common.cards import cards
from games.rules.rummy500 import (
    ERRORS_BY_CODE,
    RUMMY500_RULES,
    Discard,
    DrawDiscard,
    DrawStock,
    End,
    Layoff,
    Meld,
    Phase,
    RuleSet,
    apply_action,
    concede,
    is_legal,
    legal_actions,
    new_game,
    timeout_action,
    view_for,
    view_to_json,
)
from games.rules.rummy500.cards import full_deck
from games.rules.rummy500.engine import deal_next_round
from tests.rules.common.refusals import refusal_code
from tests.rules.rummy500.helpers import hand, held, meld, position


def code(state, action, seat=0):
    return refusal_code(apply_action, is_legal, ERRORS_BY_CODE, state, action, seat)


def entry(state, kind, seat=0):
    return next((e for e in legal_actions(state, seat) if e.type == kind), None)


# --- the deal ---------------------------------------------------------------------------


def test_two_seats_deal_thirteen_each_and_the_seat_after_the_dealer_plays_first():
    deck = [str(c) for c in full_deck(0)]
    state = new_game(RuleSet(), seats=2, deck=deck)
    assert [len(h) for h in state.round.hands] == [13, 13]
    assert state.round.hands[1] == held(" ".join(deck[:13]))
    assert state.round.discard_pile == hand(deck[26])
    assert len(state.round.stock) == 25 and state.turn == 1


def test_three_and_four_seats_deal_seven_each_unless_the_rules_say():
    deck = [str(c) for c in full_deck(2)]
    state = new_game(RuleSet(jokers=2), seats=4, deck=deck)
    assert [len(h) for h in state.round.hands] == [7] * 4
    assert len(state.round.stock) == 54 - 28 - 1
    state = new_game(RuleSet(hand_size=10), seats=3, deck=deck[:52])
    assert [len(h) for h in state.round.hands] == [10] * 3


def test_a_hand_size_that_leaves_no_stock_is_refused():
    with pytest.raises(Exception) as caught:
        new_game(RuleSet(hand_size=13), seats=4, deck=[str(c) for c in full_deck(0)])
    assert caught.value.code == "validation_error"


def test_the_dealer_moves_one_seat_each_round():
    state = position(["2C 3C 4C 9D", "KS"], pile="5H", turn=0)
    state = apply_action(state, Meld([hand("2C 3C 4C")]), 0)
    state = apply_action(state, Discard(hand("9D")[0]), 0)
    assert state.awaiting_deal
    state = deal_next_round(state, [str(c) for c in full_deck(0)])
    assert state.round.dealer == (1 + 1) % 2 and state.turn == 1 and state.round.number == 2


# --- the open pile ----------------------------------------------------------------------


def test_the_top_card_is_free_and_may_stay_in_the_hand():
    state = position(["2C 9D", "KS"], pile="5H 7D", phase=Phase.DRAW)
    state = apply_action(state, DrawDiscard(), 0)
    assert state.round.hands[0] == held("2C 7D 9D") and state.round.picked_card is None
    assert state.round.discard_pile == hand("5H")
    assert code(state, Discard(hand("7D")[0])) == "cannot_discard_drawn_card"
    state = apply_action(state, Discard(hand("2C")[0]), 0)
    assert state.round.discard_pile == hand("5H 2C")


def test_a_deep_pick_takes_every_card_above_and_must_be_played_next():
    state = position(["7S 8S KD", "KS"], pile="9S 2H 3C", phase=Phase.DRAW)
    state = apply_action(state, DrawDiscard(hand("9S")[0]), 0)
    assert state.round.hands[0] == held("7S 8S 9S KD 2H 3C")
    assert state.round.discard_pile == () and state.round.picked_card == hand("9S")[0]
    assert code(state, Discard(hand("KD")[0])) == "picked_card_must_be_played"
    assert code(state, Meld([hand("KD KS KH")])) == "picked_card_must_be_played"
    assert entry(state, "discard").cards == ()
    state = apply_action(state, Meld([hand("7S 8S 9S")]), 0)
    assert state.round.picked_card is None
    assert entry(state, "discard").cards == held("2H 3C KD")


def test_a_deep_pick_may_be_met_by_a_lay_off_on_anyones_meld():
    table = [meld(0, 1, "4H 5H 6H")]
    state = position(["KD QC", "KS"], pile="7H 2C", table=table, phase=Phase.DRAW)
    assert hand("7H")[0] in entry(state, "draw_discard").cards
    state = apply_action(state, DrawDiscard(hand("7H")[0]), 0)
    state = apply_action(state, Layoff(hand("7H")[0], 0), 0)
    assert state.round.table[0].laid_by == (1, 1, 1, 0)
    assert view_for(state, 1).round.table_points == (7, 15)


def test_a_pick_that_could_not_be_played_is_refused_and_changes_nothing():
    state = position(["KD QC", "KS"], pile="7H 2C", phase=Phase.DRAW)
    assert code(state, DrawDiscard(hand("7H")[0])) == "cannot_use_picked_card"
    assert entry(state, "draw_discard").cards == hand("2C")


def test_the_cards_taken_count_toward_the_picked_cards_meld():
    state = position(["KD QC", "KS"], pile="7H 8H 9H", phase=Phase.DRAW)
    state = apply_action(state, DrawDiscard(hand("7H")[0]), 0)
    assert state.round.picked_card == hand("7H")[0]


def test_with_both_jokers_on_the_pile_the_joker_named_is_the_upper_one():
    rules = RuleSet(jokers=2)
    state = position(["7S 8S KD", "KS"], pile="XX 2H XX", phase=Phase.DRAW, rules=rules)
    assert entry(state, "draw_discard").cards.count(hand("XX")[0]) == 1
    # The top card, named or not: the upper joker alone, the lower one stays.
    for action in (DrawDiscard(None), DrawDiscard(hand("XX")[0])):
        after = apply_action(state, action, 0)
        assert after.round.discard_pile == hand("XX 2H")
        assert after.round.hands[0] == held("7S 8S KD XX")


def test_a_card_not_on_the_pile_is_refused():
    state = position(["KD QC", "KS"], pile="7H 2C", phase=Phase.DRAW)
    assert code(state, DrawDiscard(hand("3C")[0])) == "card_not_in_pile"


def test_without_a_free_top_card_the_top_card_is_a_picked_card_too():
    rules = RuleSet(top_card_free=False)
    state = position(["KD QC", "KS"], pile="7H 2C", phase=Phase.DRAW, rules=rules)
    assert code(state, DrawDiscard()) == "cannot_use_picked_card"
    assert entry(state, "draw_discard") is None
    state = position(["KD QD", "KS"], pile="7H JD", phase=Phase.DRAW, rules=rules)
    state = apply_action(state, DrawDiscard(), 0)
    assert state.round.picked_card == hand("JD")[0]


# --- melds and lay-offs -----------------------------------------------------------------


def test_melds_score_for_the_seat_aces_fifteen_high_and_one_low():
    state = position(["AH 2H 3H QS KS AS AD AC 9C", "KC"], pile="5D")
    state = apply_action(state, Meld([hand("AH 2H 3H"), hand("QS KS AS")]), 0)
    assert view_for(state, 0).round.table_points == (1 + 2 + 3 + 10 + 10 + 15, 0)


def test_a_set_of_aces_scores_fifteen_each_and_a_joker_what_it_stands_for():
    rules = RuleSet(jokers=2)
    state = position(["AD AC XX 9C 8C", "KC"], pile="5D", rules=rules)
    state = apply_action(state, Meld([hand("AD AC XX")]), 0)
    assert view_for(state, 0).round.table_points == (45, 0)
    state = position(["9C XX JC 2D", "KC"], pile="5D", rules=rules)
    state = apply_action(state, Meld([hand("9C XX JC")]), 0)
    assert view_for(state, 0).round.table_points == (29, 0)


def test_invalid_melds_are_refused_naming_the_meld():
    state = position(["2C 3C 5C 9D", "KC"], pile="5D")
    assert code(state, Meld([hand("2C 3C 5C")])) == "invalid_melds"
    assert code(state, Meld([hand("2C 3C 4C")])) == "invalid_melds"  # 4C not held
    assert code(state, Meld([hand("KC QC AC")])) == "invalid_melds"


def test_lay_off_refusals():
    table = [meld(0, 1, "4H 5H 6H"), meld(1, 1, "9S 9D 9C")]
    state = position(["7H 3H 9H KD 2C", "KS"], pile="5D", table=table)
    assert code(state, Layoff(hand("KD")[0], 0)) == "invalid_layoff"
    assert code(state, Layoff(hand("7H")[0], 5)) == "invalid_layoff"
    assert code(state, Layoff(hand("9H")[0], 1, End.LOW)) == "invalid_layoff"
    assert code(state, Layoff(hand("QH")[0], 0)) == "card_not_in_hand"
    state = apply_action(state, Layoff(hand("3H")[0], 0, End.LOW), 0)
    assert state.round.table[0].cards == hand("3H 4H 5H 6H")


def test_a_joker_fitting_both_ends_needs_its_end():
    table = [meld(0, 1, "4H 5H 6H")]
    state = position(["XX KD", "KS"], pile="5D", table=table, rules=RuleSet(jokers=2))
    assert code(state, Layoff(hand("XX")[0], 0)) == "invalid_layoff"
    state = apply_action(state, Layoff(hand("XX")[0], 0, End.HIGH), 0)
    assert state.round.table[0].stands_for == hand("4H 5H 6H 7H")


# --- going out, stock out, scoring ------------------------------------------------------


def test_going_out_by_melding_the_last_cards_ends_the_round_at_once():
    state = position(["2C 3C 4C", "KS QH"], pile="5D")
    state = apply_action(state, Meld([hand("2C 3C 4C")]), 0)
    result = state.rounds[-1]
    assert result.outcome == "out" and result.went_out == 0
    assert result.table_points == (9, 0) and result.hand_points == (0, 20)
    assert result.points == (9, -20) and state.scores == (9, -20)


def test_going_out_by_the_last_discard():
    state = position(["9D", "KS QH"], pile="5D", table=[meld(0, 0, "2C 3C 4C")])
    state = apply_action(state, Discard(hand("9D")[0]), 0)
    assert state.rounds[-1].went_out == 0 and state.rounds[-1].points == (9, -20)


def test_the_stock_running_out_after_a_discard_ends_the_round():
    state = position(["9D 8D", "KS QH"], pile="5D", stock="")
    state = apply_action(state, Discard(hand("9D")[0]), 0)
    result = state.rounds[-1]
    assert result.outcome == "stock_out" and result.went_out is None
    assert result.points == (-8, -20)


def test_the_game_ends_at_the_target_and_the_highest_total_wins():
    state = position(["2C 3C 4C", "KS QH"], pile="5D", scores=(495, 480))
    state = apply_action(state, Meld([hand("2C 3C 4C")]), 0)
    assert state.final.reason == "target" and state.final.winner == 0
    assert state.final.placement == (0, 1)


def test_the_game_ends_after_rounds_when_set_ties_to_who_went_out_more():
    state = position(["2C 3C 4C", "KS QH"], pile="5D", scores=(0, 29), rules=RuleSet(rounds=1))
    state = apply_action(state, Meld([hand("2C 3C 4C")]), 0)
    assert state.scores == (9, 9)
    assert state.final.reason == "rounds" and state.final.placement == (0, 1)


def test_leaving_at_three_seats_goes_on_and_at_two_ends():
    state = position(["2C 3C", "KS QH", "9D"], pile="5D")
    state = concede(state, 1)
    assert state.final is None and RUMMY500_RULES.has_left(state, 1)
    state = position(["2C 3C", "KS QH"], pile="5D")
    state = concede(state, 0, "timeout")
    assert state.final.reason == "timeout" and state.final.winner == 1


# --- the view and the turn checks -------------------------------------------------------


def test_the_view_hides_other_hands_and_the_stock_and_lists_the_pile():
    state = position(["7S 8S KD", "KS 2D"], pile="9S 2H 3C", phase=Phase.DRAW)
    data = view_to_json(view_for(state, 1))["round"]
    assert data["hand"] == ["KS", "2D"] and data["discard_pile"] == ["9S", "2H", "3C"]
    assert "stock" not in data and data["stock_size"] == 52 - 8
    mine = view_to_json(view_for(state, 0))["round"]["legal_actions"]
    assert mine == [{"type": "draw_stock"}, {"type": "draw_discard", "cards": ["9S", "3C"]}]


def test_turn_and_phase_refusals():
    state = position(["2C 3C", "KS QH"], pile="5D", phase=Phase.DRAW)
    assert code(state, DrawStock(), seat=1) == "not_your_turn"
    assert code(state, Discard(hand("2C")[0])) == "wrong_phase"
    state = apply_action(state, DrawStock(), 0)
    assert code(state, DrawStock()) == "wrong_phase"
    assert code(state, Discard(hand("KS")[0])) == "card_not_in_hand"


def test_timeout_plays_a_picked_card_then_discards_the_highest():
    state = position(["7S 8S KD", "KS"], pile="9S 2H", phase=Phase.DRAW)
    state = apply_action(state, DrawDiscard(hand("9S")[0]), 0)
    action = timeout_action(state, 0)
    assert action == Meld([hand("7S 8S 9S")])
    state = apply_action(state, action, 0)
    assert timeout_action(state, 0) == Discard(hand("KD")[0])


def test_cards_text_helper_reads_jokers():
    assert cards("XX 2C", jokers=True)[1] == hand("2C")[0]
