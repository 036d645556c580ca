"""Hand-written scenarios: every rule of docs/games/rummy.md and every error code it names."""

from __future__ import annotations

import random

import pytest

from games.rules.common.errors import IllegalAction, InvalidInput
from games.rules.rummy import (
    ERRORS_BY_CODE,
    JOKER,
    RUMMY_RULES,
    Discard,
    DrawDiscard,
    DrawStock,
    End,
    Layoff,
    Meld,
    Outcome,
    Phase,
    RulesError,
    RuleSet,
    SwapJoker,
    apply_action,
    concede,
    deal_next_round,
    is_legal,
    legal_actions,
    legal_moves,
    new_deck,
    new_game,
    rummy_cards,
    view_for,
)
from tests.rules.common.refusals import refusal_code
from tests.rules.common.replays import Forfeit, replayed
from tests.rules.rummy.helpers import make_deck, position, texts


def c(text):
    return rummy_cards(text)[0]


def melds(*texts_):
    return Meld([rummy_cards(text) for text in texts_])


def code_of(state, action, seat=0):
    return refusal_code(apply_action, is_legal, ERRORS_BY_CODE, state, action, seat)


def types(state, seat=0):
    return [entry.type for entry in legal_actions(state, seat)]


def entry(state, kind, seat=0):
    return next(e for e in legal_actions(state, seat) if e.type == kind)


# --------------------------------------------------------------------------------------
# Dealing and turns
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (3, 0), (3, 2), (4, 1)])
def test_dealing_order_of_the_fair_shuffle(seats, dealer):
    rules = RuleSet(hand_size=9, jokers=3)
    deck = new_deck(random.Random(seats * 10 + dealer), rules.jokers)
    state = new_game(rules, seats, deck, dealer=dealer)
    rnd = state.round
    for i in range(seats):
        seat = (dealer + 1 + i) % seats
        assert sorted(texts(rnd.hands[seat])) == sorted(texts(deck[i * 9 : (i + 1) * 9]))
    assert rnd.discard_pile == (deck[seats * 9],)
    assert rnd.stock == tuple(deck[seats * 9 + 1 :])
    assert rnd.turn == (dealer + 1) % seats and rnd.phase is Phase.DRAW
    assert rnd.dealer == dealer


def test_round_one_dealer_is_seat_zero_and_the_dealer_moves_on_every_round():
    rules = RuleSet(first_meld_points=0)
    state = new_game(rules, 3, new_deck(random.Random(1), 6))
    assert state.round.dealer == 0 and state.turn == 1
    state = concede(concede(state, 1), 2)  # nobody left to play: the game ends
    assert state.is_over
    # a finished round moves the dealer on
    state = position(["5S", "KC KD"], turn=0, phase=Phase.PLAY, dealer=1, rules=rules)
    state = apply_action(state, Discard(c("5S")), 0)
    assert state.awaiting_deal
    state = deal_next_round(state, new_deck(random.Random(2), 6))
    assert state.round.dealer == 0 and state.round.number == 2 and state.turn == 1


def test_the_deck_must_be_two_decks_and_the_rules_jokers():
    deck = new_deck(random.Random(3), 6)
    for bad in (deck[:-1], [*deck[:-1], c("AS")], ["ZZ", *deck[1:]]):
        with pytest.raises(RulesError) as caught:
            new_game(RuleSet(), 2, bad)
        assert caught.value.code == "validation_error"
    with pytest.raises(RulesError):
        new_game(RuleSet(jokers=2), 2, deck)
    for seats in (1, 5, True, "2"):
        with pytest.raises(RulesError) as caught:
            new_game(RuleSet(), seats, deck)
        assert caught.value.code == "validation_error"


def test_draws_take_the_stock_top_or_the_discard_top():
    state = position(["AS 5D 9H", "KC KD KH"], phase=Phase.DRAW, stock="2C", discard="7H 8H")
    assert types(state) == ["draw_stock", "draw_discard"]
    after = apply_action(state, DrawStock(), 0)
    assert "2C" in texts(after.round.hands[0]) and after.round.phase is Phase.PLAY
    assert after.round.drawn_from_discard is None
    after = apply_action(state, DrawDiscard(), 0)
    assert "8H" in texts(after.round.hands[0]) and texts(after.round.discard_pile)[-1] == "7H"
    assert after.round.drawn_from_discard == c("8H")


def test_not_your_turn_wrong_phase_and_game_not_active():
    state = position(["AS 5D 9H", "KC KD KH"], phase=Phase.DRAW)
    assert code_of(state, DrawStock(), 1) == "not_your_turn"
    assert code_of(state, Discard(c("AS")), 0) == "wrong_phase"
    assert code_of(state, melds("KC KD KH"), 0) == "wrong_phase"
    played = apply_action(state, DrawStock(), 0)
    assert code_of(played, DrawStock(), 0) == "wrong_phase"
    assert code_of(played, DrawDiscard(), 0) == "wrong_phase"
    assert code_of(played, Discard(c("AS")), 1) == "not_your_turn"
    over = concede(state, 1)
    assert over.is_over and over.final.winner == 0 and over.final.reason == "concede"
    assert code_of(over, DrawStock(), 0) == "game_not_active"
    assert legal_actions(over, 0) == ()
    with pytest.raises(RulesError) as caught:
        apply_action(state, DrawStock(), 2)
    assert caught.value.code == "validation_error"


def test_wrong_phase_between_rounds():
    state = position(["5S", "KC KD"], rules=RuleSet(first_meld_points=0))
    state = apply_action(state, Discard(c("5S")), 0)
    assert state.awaiting_deal and state.turn is None
    assert code_of(state, DrawStock(), 1) == "wrong_phase"
    assert legal_actions(state, 1) == ()


# --------------------------------------------------------------------------------------
# Coming out and melds
# --------------------------------------------------------------------------------------


def test_first_meld_must_reach_first_meld_points_in_one_action():
    state = position(["TS JS QS 2H 3H 4H 9D", "KC KD KH"])  # 30 + 9: not yet 40
    assert "meld" not in types(state)
    assert code_of(state, melds("TS JS QS"), 0) == "first_meld_too_small"
    assert code_of(state, melds("TS JS QS", "2H 3H 4H"), 0) == "first_meld_too_small"
    state = position(["TS JS QS KS 2H 3H 4H 9D", "KC KD KH"])
    assert "meld" in types(state)
    after = apply_action(state, melds("TS JS QS KS"), 0)  # exactly 40
    assert after.round.came_out == (True, False)
    # melding again in the same turn needs no points
    after = apply_action(after, melds("2H 3H 4H"), 0)
    assert texts(after.round.hands[0]) == ["9D"]
    assert [m.id for m in after.round.table] == [0, 1]
    assert [m.owner for m in after.round.table] == [0, 0]


def test_two_melds_together_reach_the_points_and_jokers_count_as_what_they_stand_for():
    state = position(["TS JS XX 9H 9D XX 2C", "KC KD KH"])
    after = apply_action(state, melds("TS JS XX", "9H 9D XX"), 0)  # 30 + 27
    assert after.round.came_out[0]
    assert code_of(state, melds("XX TS JS"), 0) == "first_meld_too_small"  # 9 10 J = 29


def test_first_meld_points_zero_allows_any_meld():
    state = position(["2S 3S 4S 9D", "KC KD KH"], rules=RuleSet(first_meld_points=0))
    assert "meld" in types(state)
    assert apply_action(state, melds("2S 3S 4S"), 0).round.came_out[0]


@pytest.mark.parametrize(
    ("meld", "reason"),
    [
        ("5H 6H 8H", r"Meld 1 \[5H 6H 8H\] is not a meld: .* not in sequence"),
        ("KH AH 2H", "never wraps"),
        ("7S 7S 7D", "same suit"),
        ("XX XX 7D", "outnumber"),
        ("5H XX XX 8H 9H", "next to each other"),
        ("2C 2C 2D", "same suit"),
    ],
)
def test_invalid_melds_name_the_meld(meld, reason):
    state = position(["5H 6H 8H 9H KH AH 2H 7S 7S 7D XX XX 2C 2C 2D", "KC"])
    with pytest.raises(RulesError, match=reason) as caught:
        apply_action(state, melds(meld), 0)
    assert caught.value.code == "invalid_melds"


def test_invalid_melds_for_cards_not_in_hand_or_used_twice():
    state = position(["TS JS QS KS 7D 7H 7C 2C", "KC"])
    assert code_of(state, melds("TS JS QS KS", "7D 7H 7S"), 0) == "invalid_melds"
    with pytest.raises(RulesError, match="Meld 2"):
        apply_action(state, melds("TS JS QS KS", "KS 7H 7C"), 0)
    assert code_of(state, melds("TS JS QS KS", "7D 7H 7C", "7D 7H 7C"), 0) == "invalid_melds"
    assert code_of(state, Meld([]), 0) == "invalid_melds"


def test_a_hand_may_hold_a_card_twice_and_meld_both():
    state = position(["7S 7S 7H 7H 7D 7D 2C", "KC"], rules=RuleSet(first_meld_points=40))
    after = apply_action(state, melds("7S 7H 7D", "7S 7H 7D"), 0)  # 21 + 21
    assert texts(after.round.hands[0]) == ["2C"]


def test_must_keep_discard_refuses_a_meld_or_layoff_that_empties_the_hand():
    state = position(["TS JS QS KS", "KC"])
    assert "meld" not in types(state)
    assert code_of(state, melds("TS JS QS KS"), 0) == "must_keep_discard"
    state = position(["4H"], table=[(1, "5H 6H 7H")], came_out=[True, True])
    state = position(["4H", "KC"], table=[(1, "5H 6H 7H")], came_out=[True, True])
    assert code_of(state, Layoff(c("4H"), 0), 0) == "must_keep_discard"
    assert types(state) == ["discard"]


# --------------------------------------------------------------------------------------
# Lay-offs
# --------------------------------------------------------------------------------------


def test_not_out_yet_refuses_layoffs_and_swaps():
    state = position(["4H 8D", "KC"], table=[(1, "5H 6H XX")])
    assert code_of(state, Layoff(c("4H"), 0), 0) == "not_out_yet"
    assert code_of(state, SwapJoker(c("7H"), 0), 0) == "not_out_yet"
    assert types(state) == ["discard"]


def test_layoff_on_any_players_meld_at_either_end():
    table = [(1, "5H 6H 7H"), (2, "9C 9D 9S")]
    state = position(["4H 8H 9H 3D", "KC", "QC"], table=table, came_out=[True, True, True])
    layoff = entry(state, "layoff")
    assert {(str(o.card), o.meld, o.end) for o in layoff.options} == {
        ("4H", 0, End.LOW), ("8H", 0, End.HIGH), ("9H", 1, None)
    }
    after = apply_action(state, Layoff(c("4H"), 0), 0)
    assert texts(after.round.table[0].cards) == ["4H", "5H", "6H", "7H"]
    after = apply_action(after, Layoff(c("8H"), 0, End.HIGH), 0)
    assert texts(after.round.table[0].cards) == ["4H", "5H", "6H", "7H", "8H"]
    after = apply_action(after, Layoff(c("9H"), 1), 0)
    assert texts(after.round.table[1].cards) == ["9C", "9D", "9S", "9H"]
    assert after.round.table[1].owner == 2  # the meld stays its owner's


def test_invalid_layoffs():
    table = [(1, "5H 6H 7H"), (1, "9C 9D 9S 9H"), (1, "9C 9D XX")]
    state = position(["3H 9H 9S XX 2D", "KC"], table=table, came_out=[True, True],
                     discard="2S")
    assert code_of(state, Layoff(c("3H"), 0), 0) == "invalid_layoff"
    assert code_of(state, Layoff(c("9H"), 1), 0) == "invalid_layoff"  # a set of four
    assert code_of(state, Layoff(c("3H"), 2), 0) == "invalid_layoff"
    assert code_of(state, Layoff(c("9H"), 7), 0) == "invalid_layoff"  # no such meld
    assert code_of(state, Layoff(c("9H"), 2, End.LOW), 0) == "invalid_layoff"  # a set
    with pytest.raises(RulesError, match="both ends"):
        apply_action(state, Layoff(JOKER, 0), 0)
    assert code_of(state, Layoff(c("4H"), 0), 0) == "card_not_in_hand"
    low = apply_action(state, Layoff(JOKER, 0, End.LOW), 0).round.table[0]
    assert texts(low.cards) == ["XX", "5H", "6H", "7H"] and str(low.stands_for[0]) == "4H"
    high = apply_action(state, Layoff(JOKER, 0, "high"), 0).round.table[0]
    assert texts(high.stands_for)[-1] == "8H"
    assert code_of(state, Layoff(c("9H"), 0, End.HIGH), 0) == "invalid_layoff"


def test_a_set_refuses_a_second_card_of_a_suit_from_the_other_deck():
    state = position(["9C 2D", "KC"], table=[(1, "9C 9D 9S")], came_out=[True, True],
                     discard="2S")
    assert code_of(state, Layoff(c("9C"), 0), 0) == "invalid_layoff"


# --------------------------------------------------------------------------------------
# Joker swaps
# --------------------------------------------------------------------------------------


def test_swap_puts_the_natural_in_the_jokers_place_and_the_joker_must_be_played():
    table = [(1, "5H XX 7H"), (1, "TC JC QC")]
    state = position(["6H 2D 3D 8S", "KC"], table=table, came_out=[True, True])
    assert {(str(o.card), o.meld) for o in entry(state, "swap_joker").options} == {("6H", 0)}
    after = apply_action(state, SwapJoker(c("6H"), 0), 0)
    assert texts(after.round.table[0].cards) == ["5H", "6H", "7H"]
    assert texts(after.round.hands[0]) == ["8S", "2D", "3D", "XX"]
    assert after.round.jokers_owed == 1
    assert "discard" not in types(after)
    assert code_of(after, Discard(c("2D")), 0) == "joker_must_be_played"
    assert code_of(after, Discard(JOKER), 0) == "joker_must_be_played"
    assert code_of(after, SwapJoker(c("6H"), 0), 0) == "joker_must_be_played"
    # laying off a natural that leaves the joker unplayable is refused too
    assert "meld" in types(after)  # 2D 3D XX
    played = apply_action(after, melds("2D 3D XX"), 0)
    assert played.round.jokers_owed == 0 and types(played) == ["discard"]
    assert code_of(after, melds("XX 2D 3D 8S"), 0) == "invalid_melds"
    played = apply_action(after, Layoff(JOKER, 1, End.HIGH), 0)
    assert played.round.jokers_owed == 0 and "discard" in types(played)
    assert texts(played.round.table[1].stands_for) == ["TC", "JC", "QC", "KC"]


def test_swap_is_refused_when_the_joker_could_not_be_played():
    # the only meld takes no joker back (the swap leaves 5H 6H 7H XX? no: it would take
    # one at an end) -- so use a hand of one card: after the swap only the joker is left
    state = position(["6H", "KC"], table=[(1, "5H XX 7H")], came_out=[True, True])
    assert code_of(state, SwapJoker(c("6H"), 0), 0) == "joker_must_be_played"
    assert "swap_joker" not in types(state)


def test_swap_into_a_set_takes_a_missing_suit():
    state = position(["7C 7H 2D 3D", "KC"], table=[(1, "7S XX 7D")], came_out=[True, True])
    options = {(str(o.card), o.meld) for o in entry(state, "swap_joker").options}
    assert options == {("7C", 0), ("7H", 0)}
    after = apply_action(state, SwapJoker(c("7C"), 0), 0)
    assert texts(after.round.table[0].cards) == ["7S", "7C", "7D"]


def test_invalid_swaps():
    table = [(1, "5H XX 7H"), (1, "TC JC QC")]
    state = position(["8H 6H XX 2D", "KC"], table=table, came_out=[True, True])
    assert code_of(state, SwapJoker(c("8H"), 0), 0) == "invalid_layoff"
    assert code_of(state, SwapJoker(c("6H"), 1), 0) == "invalid_layoff"  # no joker there
    assert code_of(state, SwapJoker(c("6H"), 5), 0) == "invalid_layoff"
    assert code_of(state, SwapJoker(JOKER, 0), 0) == "invalid_layoff"
    assert code_of(state, SwapJoker(c("6D"), 0), 0) == "card_not_in_hand"


# --------------------------------------------------------------------------------------
# Discards, going out, hand rummy, the block
# --------------------------------------------------------------------------------------


def test_the_card_taken_from_the_discard_pile_may_not_be_discarded_unless_last():
    state = position(["AS 5D 9H", "KC"], phase=Phase.DRAW, discard="7H")
    after = apply_action(state, DrawDiscard(), 0)
    assert code_of(after, Discard(c("7H")), 0) == "cannot_discard_drawn_card"
    assert texts(entry(after, "discard").cards) == ["AS", "9H", "5D"]
    assert code_of(after, Discard(c("7C")), 0) == "card_not_in_hand"
    # the last card may be the drawn one: take it and go out with it
    state = position(["KC", "5S 6S"], table=[(0, "TC JC QC")], phase=Phase.DRAW, discard="7H",
                      rules=RuleSet(first_meld_points=0))
    after = apply_action(apply_action(state, DrawDiscard(), 0), Layoff(c("KC"), 0), 0)
    assert texts(entry(after, "discard").cards) == ["7H"]
    out = apply_action(after, Discard(c("7H")), 0)
    assert out.rounds[-1].outcome is Outcome.OUT and out.rounds[-1].winner == 0


def test_a_second_copy_of_the_taken_card_is_no_way_round_the_rule():
    state = position(["7H 2C", "KC"], phase=Phase.DRAW, discard="7H")
    after = apply_action(state, DrawDiscard(), 0)
    assert code_of(after, Discard(c("7H")), 0) == "cannot_discard_drawn_card"


def test_going_out_scores_the_other_hands():
    rules = RuleSet(first_meld_points=0)
    table = [(0, "2S 3S 4S")]
    state = position(["5S", "KC KD", "AS XX 3C"], table=table, came_out=[True, False, False],
                     rules=rules, scores=[10, 0, -5])
    state = apply_action(state, Discard(c("5S")), 0)
    result = state.rounds[-1]
    assert result.outcome is Outcome.OUT and result.winner == 0
    assert result.points == (20 + 34, -20, -34)  # KC KD; AS 11 + XX 20 + 3
    assert result.scores_after == state.scores == (64, -20, -39)
    assert [hand.value for hand in result.hands] == [0, 20, 34]
    assert texts(result.hands[2].cards) == ["AS", "3C", "XX"]
    assert state.round.phase is Phase.ROUND_OVER


def test_hand_rummy_doubles_the_rounds_points():
    hand = "TS JS QS KS 2H 3H 4H"
    state = position([hand, "KC KD"], phase=Phase.DRAW, stock="5H")
    for doubles, factor in ((True, 2), (False, 1)):
        rules = RuleSet(hand_rummy_doubles=doubles)
        game = position([hand, "KC KD"], phase=Phase.DRAW, stock="5H", rules=rules)
        game = apply_action(game, DrawStock(), 0)
        game = apply_action(game, melds("TS JS QS KS", "2H 3H 4H"), 0)
        game = apply_action(game, Discard(c("5H")), 0)
        result = game.rounds[-1]
        assert result.outcome is Outcome.HAND_RUMMY
        assert result.points == (20 * factor, -20 * factor)
    assert state.round.out_at_turn_start is False


def test_going_out_after_coming_out_in_an_earlier_turn_is_not_hand_rummy():
    state = position(["5H 9C", "KC KD"], table=[(0, "2H 3H 4H")], phase=Phase.DRAW, stock="6H")
    state = apply_action(state, DrawStock(), 0)
    state = apply_action(state, Layoff(c("5H"), 0), 0)
    state = apply_action(state, Layoff(c("6H"), 0), 0)
    state = apply_action(state, Discard(c("9C")), 0)
    assert state.rounds[-1].outcome is Outcome.OUT
    assert state.rounds[-1].points == (20, -20)


def test_block_when_the_stock_is_empty_after_a_discard():
    state = position(["AS 5D", "KC KD", "XX 2C"], phase=Phase.DRAW, stock_size=1)
    state = apply_action(state, DrawStock(), 0)
    assert state.round.stock == ()
    state = apply_action(state, Discard(c("5D")), 0)
    result = state.rounds[-1]
    assert result.outcome is Outcome.BLOCK and result.winner is None
    assert result.points == (-11 - 8, -20, -22) or result.points[0] < 0
    assert all(points < 0 for points in result.points)
    assert result.points == tuple(-hand.value for hand in result.hands)


def test_going_out_on_the_last_stock_card_is_going_out_not_a_block():
    state = position(["KC", "5S 6S"], table=[(0, "TC JC QC")], phase=Phase.DRAW, stock_size=1)
    state = apply_action(state, DrawStock(), 0)
    card = next(card for card in state.round.hands[0] if str(card) != "KC")
    state = apply_action(state, Layoff(c("KC"), 0), 0)
    state = apply_action(state, Discard(card), 0)
    assert state.rounds[-1].outcome is Outcome.OUT


# --------------------------------------------------------------------------------------
# The end of the game
# --------------------------------------------------------------------------------------


def test_game_ends_at_the_loss_limit_highest_total_wins():
    rules = RuleSet(loss_limit=100, first_meld_points=0)
    state = position(["5S", "KC KD", "KH KS"], table=[(0, "2S 3S 4S")], rules=rules,
                     scores=[0, -80, 30])
    state = apply_action(state, Discard(c("5S")), 0)
    assert state.is_over and state.final.reason == "loss_limit"
    assert state.final.totals == (40, -100, 10)
    assert state.final.placement == (0, 2, 1) and state.final.winner == 0


def test_game_ends_after_the_rounds_and_ties_go_to_more_rounds_won_then_lower_seat():
    rules = RuleSet(rounds=1, first_meld_points=0)
    state = position(["5S", "KC KD", "XX"], table=[(0, "2S 3S 4S")], rules=rules,
                     scores=[0, 60, 40])
    state = apply_action(state, Discard(c("5S")), 0)
    assert state.final.reason == "rounds"
    assert state.final.totals == (40, 40, 20)
    assert state.final.placement == (0, 1, 2)  # seat 0 won a round
    # equal totals and rounds won: the lower seat
    state = position(["5S", "KC KD", "KH KS"], table=[(0, "2S 3S 4S")], rules=rules,
                     scores=[-40, 20, 20], dealer=0, turn=0)
    state = apply_action(state, Discard(c("5S")), 0)
    assert state.final.totals == (0, 0, 0)
    assert state.final.placement == (0, 1, 2)


def test_concede_with_three_seats_leaves_the_seat_and_places_it_last():
    rules = RuleSet(rounds=1, first_meld_points=0)
    state = position(["5S", "KC KD", "AS"], table=[(0, "2S 3S 4S")], rules=rules)
    state = concede(state, 0, "timeout")
    assert not state.is_over and state.left == (0,)
    assert types(state) == ["discard"]  # play goes on for the seat (a computer)
    state = apply_action(state, Discard(c("5S")), 0)
    assert state.final.winner == 2 and state.final.placement == (2, 1, 0)
    with pytest.raises(RulesError) as caught:
        concede(state, 1)
    assert caught.value.code == "game_not_active"


def test_concede_until_one_seat_remains_ends_the_game():
    state = new_game(RuleSet(), 4, new_deck(random.Random(9), 6))
    state = concede(state, 2)
    with pytest.raises(RulesError) as caught:
        concede(state, 2)
    assert caught.value.code == "game_not_active"
    state = concede(state, 0)
    assert not state.is_over
    state = concede(state, 3, "timeout")
    assert state.final.winner == 1 and state.final.reason == "timeout"
    assert state.final.placement == (1, 3, 0, 2)
    with pytest.raises(RulesError) as caught:
        concede(state, 1, "bored")
    assert caught.value.code == "validation_error"


def test_replay_is_a_fold_of_apply_action():
    rules = RuleSet(jokers=2, hand_size=7, first_meld_points=0, rounds=2)
    rng = random.Random(11)
    decks = [new_deck(rng, 2) for _ in range(3)]
    state = new_game(rules, 3, decks[0])
    moves = []
    used = 1
    while not state.is_over:
        if state.awaiting_deal:
            state = deal_next_round(state, decks[used])
            used += 1
        seat = state.turn
        action = rng.choice(legal_moves(state, seat))
        state = apply_action(state, action, seat)
        moves.append((seat, action))
        if len(moves) == 5:
            state = concede(state, 2)
            moves.append((2, Forfeit("concede")))
    first = new_game(rules, 3, decks[0])
    assert replayed(RUMMY_RULES, first, moves, decks[1:used]) == state


def test_errors_are_input_or_illegal_like_gins():
    for code, cls in ERRORS_BY_CODE.items():
        kind = InvalidInput if code in ("invalid_card", "validation_error") else IllegalAction
        assert issubclass(cls, kind) and issubclass(cls, ValueError)


def test_deck_for_hands_in_dealing_order():
    deck = make_deck(["AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H"], "KD", "QD",
                     jokers=0)
    state = new_game(RuleSet(jokers=0, hand_size=7), 2, deck)
    assert texts(state.round.hands[1]) == texts(rummy_cards("AS 2S 3S 4S 5S 6S 7S"))
    assert texts(state.round.discard_pile) == ["KD"] and str(state.round.stock[0]) == "QD"
    view = view_for(state, 0)
    assert view.round.hand_sizes == (7, 7) and view.round.hand == state.round.hands[0]


def test_a_layoff_that_would_strand_the_swapped_joker_is_refused():
    state = position(["6H 4H", "KC"], table=[(1, "5H XX 7H")], came_out=[True, True])
    state = apply_action(state, SwapJoker(c("6H"), 0), 0)
    assert texts(state.round.hands[0]) == ["4H", "XX"]
    assert code_of(state, Layoff(c("4H"), 0), 0) == "joker_must_be_played"
    options = {(str(o.card), o.end) for o in entry(state, "layoff").options}
    assert options == {("XX", End.LOW), ("XX", End.HIGH)}
    state = apply_action(state, Layoff(JOKER, 0, End.HIGH), 0)
    assert types(state) == ["discard"]  # laying off 4H now would empty the hand
    assert texts(state.round.table[0].cards) == ["5H", "6H", "7H", "XX"]


def test_timeout_action_plays_a_whole_turn():
    from games.rules.rummy import timeout_action

    state = position(["6H 2D KS", "KC"], table=[(1, "5H XX 7H")], came_out=[True, True],
                     phase=Phase.DRAW, stock="QD")
    assert timeout_action(state, 0) == DrawStock()
    with pytest.raises(RulesError) as caught:
        timeout_action(state, 1)
    assert caught.value.code == "not_your_turn"
    state = apply_action(state, DrawStock(), 0)
    assert timeout_action(state, 0) == Discard(c("QD"))  # KS and QD are 10: the later one
    state = apply_action(state, SwapJoker(c("6H"), 0), 0)
    action = timeout_action(state, 0)
    assert isinstance(action, Layoff) and action.card is JOKER
    state = apply_action(state, action, 0)
    state = apply_action(state, timeout_action(state, 0), 0)
    assert state.turn == 1


def test_deal_next_round_only_between_rounds():
    state = new_game(RuleSet(), 2, new_deck(random.Random(4), 6))
    with pytest.raises(RulesError) as caught:
        deal_next_round(state, new_deck(random.Random(5), 6))
    assert caught.value.code == "wrong_phase"
    over = concede(state, 0)
    with pytest.raises(RulesError) as caught:
        deal_next_round(over, new_deck(random.Random(5), 6))
    assert caught.value.code == "game_not_active"


def test_ace_high_and_low_layoffs_and_swaps():
    table = [(1, "JH QH KH"), (1, "2S 3S 4S"), (1, "QD KD XX")]
    state = position(["AH AS AD 9C", "KC"], table=table, came_out=[True, True])
    options = {(str(o.card), o.meld, o.end) for o in entry(state, "layoff").options}
    assert options == {("AH", 0, End.HIGH), ("AS", 1, End.LOW)}
    assert {(str(o.card), o.meld) for o in entry(state, "swap_joker").options} == {("AD", 2)}
    after = apply_action(state, SwapJoker(c("AD"), 2), 0)
    assert texts(after.round.table[2].cards) == ["QD", "KD", "AD"]
    after = apply_action(after, Layoff(JOKER, 2), 0)  # only the low end is left: JD
    assert texts(after.round.table[2].stands_for) == ["JD", "QD", "KD", "AD"]
