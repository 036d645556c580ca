"""The defender's answer to a knock: own melds and lay-offs chosen together."""

from games.rules.gin import Card, Knock, Meld, apply_action, best_defence, cards
from tests.rules.gin.helpers import drawn_position, texts


def defend(knocker, defender):
    melds = [Meld(cards(text)) for text in knocker]
    return melds, best_defence(melds, cards(defender))


def laid(melds, defence):
    return [(str(card), str(melds[index])) for card, index in defence.layoffs]


def test_runs_take_cards_at_both_ends_in_a_chain():
    melds, defence = defend(["5S 6S 7S"], "4S 3S 8S 9S KD")
    assert sorted(laid(melds, defence)) == sorted(
        [("4S", "5S 6S 7S"), ("3S", "5S 6S 7S"), ("8S", "5S 6S 7S"), ("9S", "5S 6S 7S")]
    )
    assert texts(defence.deadwood) == ["KD"] and defence.deadwood_points == 10


def test_chain_from_an_ace_low_run_goes_up_only():
    _, defence = defend(["AS 2S 3S"], "4S 5S 6S 7S QD")
    # 4S-7S could be an own run; either way nothing of it is deadwood
    assert defence.deadwood_points == 10
    assert texts(defence.deadwood) == ["QD"]


def test_a_chain_needs_every_card_between():
    _, defence = defend(["AS 2S 3S"], "5S 6S KD")
    assert defence.layoffs == ()
    assert defence.deadwood_points == 5 + 6 + 10


def test_a_set_of_three_takes_the_fourth_card():
    melds, defence = defend(["9S 9H 9D"], "9C 2D")
    assert laid(melds, defence) == [("9C", "9S 9H 9D")]
    assert defence.deadwood_points == 2


def test_a_set_of_four_takes_nothing():
    _, defence = defend(["9S 9H 9D 9C"], "8C TC")
    assert defence.layoffs == () and defence.deadwood_points == 18


def test_no_wrap_around_the_king():
    _, defence = defend(["JS QS KS"], "AS 2S")
    assert defence.layoffs == () and defence.deadwood_points == 3


def test_a_card_kept_for_an_own_run_beats_laying_it_off_on_a_set():
    # 7S could go on the knocker's set of three 7s, but then 6S and 8S would be stranded
    _, defence = defend(["7H 7D 7C"], "6S 7S 8S")
    assert defence.deadwood_points == 0
    assert [str(meld) for meld in defence.melds] == ["6S 7S 8S"]
    assert defence.layoffs == ()


def test_laying_off_beats_an_own_set_when_it_saves_more():
    # 4H can join the defender's 4s or extend 5H-7H; with 3H it must extend the run
    _, defence = defend(["5H 6H 7H"], "4S 4D 4C 4H 3H")
    assert defence.deadwood_points == 0


def test_own_melds_and_layoffs_are_chosen_together():
    # knocker 9D TD JD; defender 8D 8S 8H: 8D as the set's third card or laid off on the run
    _, defence = defend(["9D TD JD"], "8D 8S 8H 7D")
    # best: set 8S 8H 8D, and 7D alone (7) -- or lay off 8D then 7D, leaving 8S 8H (16)
    assert defence.deadwood_points == 7


def test_knocker_does_not_lay_off_and_defender_cannot_on_gin():
    state = drawn_position(
        "AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "JD 7H 4S 5S KH 8C 2C AC QC 9S", "KC"
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    assert state.rounds[-1].hands[0].layoffs == ()
    assert state.rounds[-1].hands[1].layoffs == ()


def test_knocker_melds_tie_break_leaves_the_defender_the_most_deadwood():
    # knocker: 4H-7H + 7S 7D 7C or 4H-6H + the four 7s: both leave 4 (2C AD AS).
    # with the run 4H-7H the defender could lay off 8H; the rules pick the four 7s.
    state = drawn_position(
        "4H 5H 6H 7H 7S 7D 7C 2C AD AS", "8H 9S TS JC QD KD 2D 3S 5C 9C", "KC"
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    result = state.rounds[-1]
    knocker, defender = result.hands[1], result.hands[0]
    assert sorted(str(meld) for meld in knocker.melds) == ["4H 5H 6H", "7S 7H 7D 7C"]
    assert defender.layoffs == ()
    assert defender.deadwood_points == 8 + 9 + 10 + 10 + 10 + 10 + 2 + 3 + 5 + 9
    assert result.points == defender.deadwood_points - 4


def test_declared_knocker_melds_are_respected_even_if_they_help_the_defender():
    state = drawn_position(
        "4H 5H 6H 7H 7S 7D 7C 2C AD AS", "8H 9S TS JC QD KD 2D 3S 5C 9C", "KC"
    )
    melds = [cards("4H 5H 6H 7H"), cards("7S 7D 7C")]
    state = apply_action(state, Knock(Card.parse("KC"), melds), 1)
    defender = state.rounds[-1].hands[0]
    assert [(str(card), index) for card, index in defender.layoffs] == [("8H", 0)]


def test_layoff_indices_point_into_the_knockers_melds():
    state = drawn_position(
        "5S 6S 7S QH QD QC 7D 8D 9D 3C", "3S 4S 8S 9S QS 2H 2D 4C 6C TH", "KC", upcard="JH"
    )
    state = apply_action(state, Knock(Card.parse("KC")), 1)
    result = state.rounds[-1]
    knocker_melds = [str(meld) for meld in result.hands[1].melds]
    defender = result.hands[0]
    assert sorted((str(card), knocker_melds[index]) for card, index in defender.layoffs) == [
        ("3S", "5S 6S 7S"), ("4S", "5S 6S 7S"), ("8S", "5S 6S 7S"), ("9S", "5S 6S 7S"),
        ("QS", "QH QD QC"),
    ]
    assert texts(defender.deadwood) == ["2H", "TH", "2D", "4C", "6C"]
    assert defender.deadwood_points == 24
    assert (result.outcome, result.points) == ("knock", 24 - 3)
