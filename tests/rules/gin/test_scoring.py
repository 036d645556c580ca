"""Round points under rule options, and settling games."""

import pytest

from games.rules.gin import (
    Card,
    Discard,
    DrawStock,
    GameNotActive,
    HandResult,
    Knock,
    KnockLimitExceeded,
    Outcome,
    Pass,
    RoundResult,
    RuleSet,
    apply_action,
    concede,
    deal_next_round,
    legal_actions,
    new_game,
    settle_game,
    view_for,
)
from tests.rules.gin.helpers import drawn_position, make_deck, play_to_stock_draw

# seat 1 (non-dealer in round 1) knocks with 3 against 21: 18 points
KNOCK_18 = make_deck(
    "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC", "QH", "KC"
)
# the non-dealer goes gin against 21 deadwood: 25 + 21 = 46
GIN_46 = make_deck(
    "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "TS JS QS 5D 5C 5S KH 8C 2C AC", "QH", "KC"
)


def knock_round(state, deck):
    """Deal (if needed), pass, pass, the non-dealer draws and knocks with KC."""
    if state.awaiting_deal:
        state = deal_next_round(state, deck)
    state = play_to_stock_draw(state)
    return apply_action(state, Knock(Card.parse("KC")), state.turn)


def test_shutout_doubles_the_winners_hand_points():
    state = knock_round(new_game(RuleSet(target_score=40), 0, GIN_46), None)
    final = state.final
    assert state.is_over and state.turn is None and not state.awaiting_deal
    assert (final.winner, final.reason) == (1, "target")
    winner = final.breakdown[1]
    assert (winner.hand_points, winner.game_bonus, winner.line_bonus, winner.shutout) == (
        92, 100, 25, True,
    )
    assert winner.total == 92 + 100 + 25
    loser = final.breakdown[0]
    assert (loser.hand_points, loser.game_bonus, loser.line_bonus, loser.shutout, loser.total) == (
        0, 0, 0, False, 0,
    )
    assert final.totals == (0, 217)
    assert state.scores == (0, 46)  # scores stay undoubled; only the settlement doubles


def test_shutout_doubling_can_be_turned_off():
    rules = RuleSet(target_score=40, shutout_doubles=False)
    state = knock_round(new_game(rules, 0, GIN_46), None)
    assert state.final.breakdown[1].hand_points == 46
    assert not state.final.breakdown[1].shutout


def test_line_bonus_per_hand_won_and_no_shutout_when_both_won_hands():
    state = knock_round(new_game(RuleSet(target_score=40), 0, KNOCK_18), None)
    assert state.scores == (0, 18) and state.awaiting_deal
    # round 2: seat 1 deals, seat 0 is the non-dealer and goes gin (46)
    state = knock_round(state, GIN_46)
    assert state.round.dealer == 1 and state.rounds[-1].winner == 0
    final = state.final
    assert final.winner == 0
    seat0, seat1 = final.breakdown
    assert (seat0.hand_points, seat0.game_bonus, seat0.line_bonus, seat0.shutout) == (
        46, 100, 25, False,
    )
    assert (seat1.hand_points, seat1.game_bonus, seat1.line_bonus, seat1.shutout) == (
        18, 0, 25, False,
    )
    assert final.totals == (171, 43)


def test_a_drawn_hand_prevents_a_shutout():
    state = new_game(RuleSet(target_score=40), 0, KNOCK_18)
    state = apply_action(state, Pass(), 1)
    state = apply_action(state, Pass(), 0)
    while state.awaiting_deal is False:
        seat = state.turn
        state = apply_action(state, DrawStock(), seat)
        state = apply_action(state, Discard(state.round.history[-1].card), seat)
    assert state.rounds[-1].outcome == "draw"
    # round 2: dealer 1, seat 0 goes gin and reaches 46
    state = knock_round(state, GIN_46)
    assert state.final.winner == 0
    assert state.final.breakdown[0].hand_points == 46
    assert not state.final.breakdown[0].shutout


def result(number, winner, points, scores_after):
    empty = HandResult(0, (), (), (), 0), HandResult(1, (), (), (), 0)
    outcome = Outcome.DRAW if winner is None else Outcome.KNOCK
    return RoundResult(number, number % 2, outcome, winner, winner, points, scores_after, empty)


def test_the_highest_total_wins_even_against_the_player_who_reached_the_target():
    rules = RuleSet(target_score=100, game_bonus=0, line_bonus=100)
    rounds = [result(1, 0, 1, (1, 0)), result(2, 0, 1, (2, 0)), result(3, 0, 1, (3, 0)),
              result(4, 1, 100, (3, 100))]
    final = settle_game(rules, rounds, 1)
    assert final.totals == (303, 200)
    assert final.winner == 0


def test_a_tie_goes_to_the_player_who_reached_the_target():
    rules = RuleSet(target_score=50, game_bonus=0, line_bonus=0)
    rounds = [result(1, 0, 25, (25, 0)), result(2, 0, 25, (50, 0)), result(3, 1, 50, (50, 50))]
    final = settle_game(rules, rounds, 1)
    assert final.totals == (50, 50)
    assert final.winner == 1


def test_concede_gives_the_game_to_the_other_player_whatever_the_scores():
    state = knock_round(new_game(RuleSet(), 0, KNOCK_18), None)
    state = deal_next_round(state, GIN_46)
    state = concede(state, 1, "concede")
    final = state.final
    assert state.is_over and state.turn is None
    assert (final.winner, final.reason) == (0, "concede")
    seat0, seat1 = final.breakdown
    assert (seat0.hand_points, seat0.game_bonus, seat0.line_bonus, seat0.total) == (0, 0, 0, 0)
    assert (seat1.hand_points, seat1.game_bonus, seat1.line_bonus, seat1.total) == (18, 0, 25, 43)
    assert not seat0.shutout and not seat1.shutout
    assert final.totals == (0, 43)
    assert legal_actions(state, 0) == () and legal_actions(state, 1) == ()
    with pytest.raises(GameNotActive):
        apply_action(state, Pass(), 0)
    with pytest.raises(GameNotActive):
        concede(state, 0, "timeout")


def test_timeout_is_settled_like_a_concession():
    state = concede(new_game(RuleSet(), 0, KNOCK_18), 0, "timeout")
    assert (state.final.winner, state.final.reason, state.final.totals) == (1, "timeout", (0, 0))


def test_oklahoma_limit_is_the_upcard_value():
    rules = RuleSet(oklahoma=True)
    # upcard 5D: knocking with 9C leaves 3H AH (4), with 3H leaves AH 9C (10)
    state = drawn_position(
        "AS 2S 3S 4S KD KC KH KS 3H AH", "TS JS QS 6S 7S 2H 2D 4C 6C 8C", "9C",
        upcard="5D", rules=rules,
    )
    assert state.round.knock_limit == 5 and view_for(state, 0).round.knock_limit == 5
    assert [str(card) for card in legal_actions(state, 1)[1].cards] == ["9C"]
    with pytest.raises(KnockLimitExceeded):
        apply_action(state, Knock(Card.parse("3H")), 1)
    state = apply_action(state, Knock(Card.parse("9C")), 1)
    assert state.rounds[-1].hands[1].deadwood_points == 4


def test_oklahoma_ace_upcard_means_gin_only():
    rules = RuleSet(oklahoma=True)
    state = drawn_position(
        "AS 2S 3S 4S KD KC KH KS 3H AH", "TS JS QS 6S 7S 2H 2D 4C 6C 8C", "9C",
        upcard="AD", rules=rules,
    )
    assert state.round.knock_limit == 0
    assert [entry.type for entry in legal_actions(state, 1)] == ["discard"]


def test_oklahoma_limit_is_capped_by_the_knock_limit():
    rules = RuleSet(oklahoma=True, knock_limit=7)
    state = new_game(rules, 0, make_deck(
        "AS 2S 3S 4S KD KC KH KS 3H 5H", "TS JS QS 6S 7S 2H 2D 4C 6C 8C", "QD"))
    assert state.round.knock_limit == 7
    state = new_game(RuleSet(knock_limit=7), 0, make_deck(
        "AS 2S 3S 4S KD KC KH KS 3H 5H", "TS JS QS 6S 7S 2H 2D 4C 6C 8C", "3D"))
    assert state.round.knock_limit == 7  # not Oklahoma: the upcard does not matter


def test_straight_gin_allows_only_gin():
    rules = RuleSet(knock_limit=0)
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D 3C", "TS JS QS 5D 5C 5S KH 8C 2C AC", "KC", rules=rules
    )
    assert [entry.type for entry in legal_actions(state, 1)] == ["discard"]
    with pytest.raises(KnockLimitExceeded):
        apply_action(state, Knock(Card.parse("KC")), 1)
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "TS JS QS 5D 5C 5S KH 8C 2C AC", "KC", rules=rules
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    assert (state.rounds[-1].outcome, state.rounds[-1].points) == ("gin", 25 + 21)


def test_bonuses_follow_the_rules():
    rules = RuleSet(gin_bonus=10, undercut_bonus=5, big_gin_bonus=50)
    state = knock_round(new_game(rules, 0, GIN_46), None)
    assert state.rounds[-1].points == 10 + 21
