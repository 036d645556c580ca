"""Scripted rounds: dealing, the first upcard, turns, knocks, gin, big gin, the wall."""

import dataclasses

import pytest

from games.rules.gin import (
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    InvalidMelds,
    Knock,
    Pass,
    Phase,
    RuleSet,
    apply_action,
    cards,
    deal_next_round,
    is_legal,
    legal_actions,
    legal_moves,
    mask_of,
    new_game,
    public_move,
    view_for,
)
from games.rules.gin.engine import cards_in_play
from tests.rules.gin.helpers import drawn_position, make_deck, texts

ROUND_1 = make_deck(
    "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C",  # non-dealer (seat 1)
    "TS JS QS 5D 5C 5S KH 8C 2C AC",  # dealer (seat 0)
    "QH",
    "KC 4C",
)


def kinds(state, seat):
    return [entry.type for entry in legal_actions(state, seat)]


def test_deal_follows_the_fair_shuffle_order():
    deck = ROUND_1
    state = new_game(RuleSet(), 0, deck)
    rnd = state.round
    assert set(rnd.hands[1]) == set(deck[0:10])  # non-dealer
    assert set(rnd.hands[0]) == set(deck[10:20])  # dealer
    assert rnd.discard_pile == (deck[20],) and rnd.upcard == deck[20]
    assert rnd.stock == tuple(deck[21:])
    assert (rnd.phase, rnd.turn, state.turn, rnd.number, rnd.dealer) == (
        Phase.FIRST_UPCARD, 1, 1, 1, 0,
    )
    assert sorted(cards_in_play(state)) == sorted(deck)


def test_dealer_one_gives_the_first_ten_cards_to_seat_zero():
    state = new_game(RuleSet(), 1, ROUND_1)
    assert set(state.round.hands[0]) == set(ROUND_1[0:10])
    assert state.turn == 0


def test_non_dealer_takes_the_first_upcard():
    state = new_game(RuleSet(), 0, ROUND_1)
    assert kinds(state, 1) == ["draw_discard", "pass"]
    assert kinds(state, 0) == []
    state = apply_action(state, DrawDiscard(), 1)
    rnd = state.round
    assert (rnd.phase, rnd.turn, rnd.drawn_from_discard) == (Phase.DISCARD, 1, Card.parse("QH"))
    assert rnd.discard_pile == ()
    assert len(rnd.hands[1]) == 11
    discard = legal_actions(state, 1)[0]
    assert discard.type == "discard" and Card.parse("QH") not in discard.cards
    assert len(discard.cards) == 10
    view = view_for(state, 1)
    assert view.round.drawn_from_discard == Card.parse("QH")
    assert view_for(state, 0).round.drawn_from_discard is None
    state = apply_action(state, Discard(Card.parse("3C")), 1)
    assert (state.round.phase, state.turn) == (Phase.DRAW, 0)
    assert state.round.discard_pile == (Card.parse("3C"),)
    assert kinds(state, 0) == ["draw_stock", "draw_discard"]


def test_non_dealer_passes_and_dealer_takes_the_first_upcard():
    state = new_game(RuleSet(), 0, ROUND_1)
    state = apply_action(state, Pass(), 1)
    assert (state.round.phase, state.turn) == (Phase.FIRST_UPCARD, 0)
    assert kinds(state, 0) == ["draw_discard", "pass"]
    state = apply_action(state, DrawDiscard(), 0)
    assert (state.round.phase, state.turn) == (Phase.DISCARD, 0)
    assert state.round.drawn_from_discard == Card.parse("QH")
    state = apply_action(state, Discard(Card.parse("KH")), 0)
    assert (state.round.phase, state.turn) == (Phase.DRAW, 1)
    assert kinds(state, 1) == ["draw_stock", "draw_discard"]


def test_both_pass_then_the_non_dealer_must_draw_from_the_stock():
    state = new_game(RuleSet(), 0, ROUND_1)
    state = apply_action(state, Pass(), 1)
    state = apply_action(state, Pass(), 0)
    assert (state.round.phase, state.turn) == (Phase.DRAW, 1)
    assert kinds(state, 1) == ["draw_stock"]
    assert legal_moves(state, 1) == [DrawStock()]
    assert view_for(state, 1).round.legal_actions[0].type == "draw_stock"
    state = apply_action(state, DrawStock(), 1)
    assert Card.parse("KC") in state.round.hands[1]
    assert state.round.stock[0] == Card.parse("4C")
    assert state.round.drawn_from_discard is None
    # the card drawn from the stock may be discarded at once
    state = apply_action(state, Discard(Card.parse("KC")), 1)
    assert kinds(state, 0) == ["draw_stock", "draw_discard"]
    state = apply_action(state, DrawDiscard(), 0)
    assert state.round.drawn_from_discard == Card.parse("KC")


def test_knock_with_the_nine_leaves_eight():
    # melded: AS-4S and four kings; deadwood 3H 5D 9C (17). Knocking with 9C leaves 8.
    state = drawn_position("AS 2S 3S 4S KD KC KH KS 3H 5D", "TS JS QS 5S 6S 7S 2H 2D 4C 6C", "9C")
    knock = [entry for entry in legal_actions(state, 1) if entry.type == "knock"]
    assert texts(knock[0].cards) == ["9C"]
    assert view_for(state, 1).round.deadwood == 8
    state = apply_action(state, Knock(Card.parse("9C")), 1)
    result = state.rounds[-1]
    knocker = result.hands[1]
    assert knocker.deadwood_points == 8
    assert texts(knocker.deadwood) == ["3H", "5D"]
    assert state.round.knock_discard == Card.parse("9C")


def test_knock_three_against_twenty_one_scores_eighteen():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC", "KC"
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    result = state.rounds[-1]
    assert (result.outcome, result.knocker, result.winner, result.points) == ("knock", 1, 1, 18)
    assert result.hands[0].deadwood_points == 21 and result.hands[1].deadwood_points == 3
    assert result.hands[0].layoffs == ()
    assert state.scores == (0, 18) and result.scores_after == (0, 18)
    assert state.round.phase is Phase.ROUND_OVER and state.turn is None
    assert state.awaiting_deal and not state.is_over


def test_equal_deadwood_is_an_undercut():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S 9C 9H 9S 3D", "KC"
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    result = state.rounds[-1]
    assert result.hands[0].deadwood_points == result.hands[1].deadwood_points == 3
    assert (result.outcome, result.knocker, result.winner, result.points) == (
        "undercut", 1, 0, 25,
    )
    assert state.scores == (25, 0)


def test_undercut_scores_the_bonus_plus_the_difference():
    # the defender lays off 4S then 5S on AS-3S and ends with 2 (2D) against 3
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS KS 9S 9H 9C 4S 5S 2D", "KC"
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    result = state.rounds[-1]
    defender = result.hands[0]
    knocker_melds = [str(meld) for meld in result.hands[1].melds]
    assert [(str(card), knocker_melds[meld]) for card, meld in defender.layoffs] == [
        ("4S", "AS 2S 3S"), ("5S", "AS 2S 3S"),
    ]
    assert texts(defender.deadwood) == ["2D"] and defender.deadwood_points == 2
    assert (result.outcome, result.winner, result.points) == ("undercut", 0, 25 + 1)


def test_gin_scores_the_bonus_plus_all_defender_deadwood_without_layoffs():
    # JD would extend 7D-TD and 7H would extend 4H-6H, but nothing is laid off on gin
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "JD 7H 5C 5S KH 8C 2C AC QC 9S", "KC"
    )
    assert "KC" in texts(legal_actions(state, 1)[1].cards)
    assert view_for(state, 1).round.deadwood == 0
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    result = state.rounds[-1]
    defender = result.hands[0]
    assert defender.layoffs == ()
    assert defender.deadwood_points == 10 + 7 + 5 + 5 + 10 + 8 + 2 + 1 + 10 + 9
    assert (result.outcome, result.knocker, result.winner) == ("gin", 1, 1)
    assert result.points == 25 + defender.deadwood_points


def test_big_gin_scores_its_bonus_plus_defender_deadwood():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KS QH 5C 5S KH 8C 2C AC QC 9S", "JD", upcard="3H"
    )
    assert kinds(state, 1) == ["discard", "knock", "big_gin"]
    state = apply_action(state, BigGin(), 1)
    result = state.rounds[-1]
    assert (result.outcome, result.knocker, result.winner) == ("big_gin", 1, 1)
    assert len(result.hands[1].cards) == 11 and result.hands[1].deadwood_points == 0
    assert result.points == 31 + result.hands[0].deadwood_points
    assert result.hands[0].layoffs == ()


def test_big_gin_may_use_the_card_taken_from_the_discard_pile():
    state = new_game(
        RuleSet(),
        0,
        make_deck("AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KS QH 5C 5S KH 8C 2C AC QC 9S", "JD"),
    )
    state = apply_action(state, DrawDiscard(), 1)
    assert "big_gin" in kinds(state, 1)
    state = apply_action(state, BigGin(), 1)
    assert state.rounds[-1].outcome == "big_gin"


def test_big_gin_is_not_offered_when_the_rules_turn_it_off():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KS QH 5C 5S KH 8C 2C AC QC 9S", "JD", upcard="3H",
        rules=RuleSet(big_gin=False),
    )
    assert kinds(state, 1) == ["discard", "knock"]


def play_to_the_wall(state):
    """Both players draw from the stock and throw the card back until the round ends."""
    state = apply_action(state, Pass(), 1 - state.round.dealer)
    state = apply_action(state, Pass(), state.round.dealer)
    while state.round.phase is not Phase.ROUND_OVER:
        seat = state.turn
        state = apply_action(state, DrawStock(), seat)
        drawn = state.round.history[-1].card
        state = apply_action(state, Discard(drawn), seat)
    return state


def test_two_cards_left_in_the_stock_is_a_draw_and_the_dealer_still_alternates():
    state = new_game(RuleSet(), 0, ROUND_1)
    state = play_to_the_wall(state)
    assert len(state.round.stock) == 2
    result = state.rounds[-1]
    assert (result.outcome, result.knocker, result.winner, result.points) == (
        "draw", None, None, 0,
    )
    assert state.scores == (0, 0) and state.awaiting_deal
    assert [len(hand.cards) for hand in result.hands] == [10, 10]
    state = deal_next_round(state, ROUND_1)
    assert (state.round.number, state.round.dealer, state.turn) == (2, 1, 0)
    assert state.round.phase is Phase.FIRST_UPCARD


def test_knocking_is_still_allowed_with_two_cards_in_the_stock():
    state = new_game(RuleSet(stock_floor=2), 0, ROUND_1)
    state = apply_action(state, Pass(), 1)
    state = apply_action(state, Pass(), 0)
    # 28 draws and discards leave 3 cards; the 29th draw leaves 2 and may knock
    for _ in range(28):
        seat = state.turn
        state = apply_action(state, DrawStock(), seat)
        state = apply_action(state, Discard(state.round.history[-1].card), seat)
    assert len(state.round.stock) == 3
    seat = state.turn
    state = apply_action(state, DrawStock(), seat)
    assert len(state.round.stock) == 2
    assert kinds(state, seat)[0] == "discard"


def test_stock_floor_option_moves_the_wall():
    state = play_to_the_wall(new_game(RuleSet(stock_floor=10), 0, ROUND_1))
    assert len(state.round.stock) == 10
    state = play_to_the_wall(new_game(RuleSet(stock_floor=0), 0, ROUND_1))
    assert len(state.round.stock) == 0


def test_declared_melds_are_used_as_declared():
    # the knocker chooses to meld AS-3S and leave 4S as deadwood (it could be in a run)
    state = drawn_position(
        "AS 2S 3S 4S 4H 5H 6H 7D 8D 9D", "TS JS QS 5D 5C 5S KH 8C 2C AC", "KC"
    )
    melds = [cards("AS 2S 3S"), cards("4H 5H 6H"), cards("7D 8D 9D")]
    state = apply_action(state, Knock(Card.parse("KC"), melds), 1)
    knocker = state.rounds[-1].hands[1]
    assert [texts(meld.cards) for meld in knocker.melds] == [
        ["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D"],
    ]
    assert knocker.deadwood_points == 4
    assert state.rounds[-1].outcome == "knock"


def test_declared_melds_leaving_no_deadwood_make_gin():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "JD 7H 5C 5S KH 8C 2C AC QC 9S", "KC"
    )
    melds = [cards("AS 2S 3S"), cards("4H 5H 6H"), cards("7D 8D 9D TD")]
    state = apply_action(state, Knock(Card.parse("KC"), melds), 1)
    assert state.rounds[-1].outcome == "gin"


def test_big_gin_with_declared_melds():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "KS QH 5C 5S KH 8C 2C AC QC 9S", "JD", upcard="3H"
    )
    melds = [cards("AS 2S 3S"), cards("4H 5H 6H"), cards("7D 8D 9D"), cards("TD JD")]
    with pytest.raises(InvalidMelds):
        apply_action(state, BigGin(melds), 1)
    melds = [cards("AS 2S 3S"), cards("4H 5H 6H"), cards("7D 8D 9D TD JD")]
    state = apply_action(state, BigGin(melds), 1)
    assert state.rounds[-1].outcome == "big_gin"
    assert len(state.rounds[-1].hands[1].melds) == 3


def test_view_shows_only_what_the_seat_may_see():
    state = new_game(RuleSet(), 0, ROUND_1)
    state = apply_action(state, Pass(), 1)
    state = apply_action(state, Pass(), 0)
    state = apply_action(state, DrawStock(), 1)
    mine = view_for(state, 1)
    theirs = view_for(state, 0)
    assert mine.round.hand == state.round.hands[1]
    assert theirs.round.hand == state.round.hands[0]
    assert (mine.round.opponent_hand_size, theirs.round.opponent_hand_size) == (10, 11)
    assert mine.round.stock_size == theirs.round.stock_size == 30
    assert mine.round.history[-1].card == Card.parse("KC")
    assert theirs.round.history[-1].card is None
    assert theirs.round.legal_actions == ()
    assert (mine.round.knock_limit, theirs.round.turn) == (10, 1)
    # 11 cards: the least deadwood after the best discard
    assert mine.round.deadwood == 3


def test_public_move_hides_only_the_opponents_stock_draws():
    state = new_game(RuleSet(), 0, ROUND_1)
    for seat, action in [(1, Pass()), (0, Pass()), (1, DrawStock()),
                         (1, Discard(Card.parse("KC"))), (0, DrawDiscard()),
                         (0, Discard(Card.parse("KH")))]:
        state = apply_action(state, action, seat)
    history = state.round.history
    assert [(r.seat, r.type, str(r.card) if r.card else None) for r in history] == [
        (1, "pass", None), (0, "pass", None), (1, "draw_stock", "KC"),
        (1, "discard", "KC"), (0, "draw_discard", "KC"), (0, "discard", "KH"),
    ]
    seen_by_0 = [public_move(record, 0) for record in history]
    assert seen_by_0[2].card is None and seen_by_0[4].card == Card.parse("KC")
    assert [public_move(record, 1) for record in history] == list(history)
    assert view_for(state, 0).round.history == tuple(seen_by_0)


def test_is_legal_and_legal_moves_agree():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC", "KC"
    )
    moves = legal_moves(state, 1)
    assert len(moves) == 11 + 2  # every discard, and knocks with 3C or KC
    assert all(is_legal(state, move, 1) for move in moves)
    assert not is_legal(state, Knock(Card.parse("AS")), 1)
    assert not is_legal(state, DrawStock(), 1)
    assert legal_moves(state, 0) == []


def test_a_round_state_built_outside_the_engine_derives_its_hand_masks():
    state = drawn_position("AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC",
                           "KC", dealer=0)
    rnd = state.round
    assert rnd.hand_masks == (mask_of(rnd.hands[0]), mask_of(rnd.hands[1]))
    # replace() recomputes the masks (they are not an argument) and puts hands in order
    shuffled = (tuple(reversed(rnd.hands[1])), rnd.hands[0])
    swapped = dataclasses.replace(rnd, hands=shuffled)
    assert swapped.hands == (rnd.hands[1], rnd.hands[0])
    assert swapped.hand_masks == (rnd.hand_masks[1], rnd.hand_masks[0])
    assert swapped == dataclasses.replace(rnd, hands=(rnd.hands[1], rnd.hands[0]))
    # the engine then steps on them: seat 1 holds eleven cards and discards one of its own
    state = dataclasses.replace(state, round=dataclasses.replace(rnd, hands=rnd.hands))
    card = Card.parse("KC")
    after = apply_action(state, Discard(card), 1)
    assert card not in after.round.hands[1] and after.round.discard_pile[-1] == card
    assert after.round.hand_masks[1] == rnd.hand_masks[1] ^ card.mask
