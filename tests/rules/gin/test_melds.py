import pytest

from games.rules.gin import (
    ALL_MELDS,
    ALL_RUNS,
    ALL_SETS,
    DECK,
    InvalidMelds,
    Meld,
    best_arrangement,
    best_arrangements,
    best_discards,
    best_discards_mask,
    cards,
    deadwood_mask,
    deadwood_value,
    mask_of,
    melds_in,
)
from games.rules.gin.melds import RUN_DEADWOOD, deadwood_after_discard_mask, is_meld_mask


def test_the_full_deck_holds_65_sets_and_264_runs():
    assert len(ALL_SETS) == 65
    assert len(ALL_RUNS) == 264
    assert len([run for run in ALL_RUNS if len(run) <= 5]) == 120
    assert len(ALL_MELDS) == 329 == len(set(ALL_MELDS))
    assert len(melds_in(DECK)) == 329
    assert sum(1 for meld in ALL_SETS if len(meld) == 4) == 13


def test_melds_in_a_hand_are_every_sub_run_and_sub_set():
    found = {str(meld) for meld in melds_in(cards("AS 2S 3S 4S 7H 7D 7C 7S"))}
    assert found == {
        "AS 2S 3S", "2S 3S 4S", "AS 2S 3S 4S",
        "7S 7H 7D 7C", "7H 7D 7C", "7S 7D 7C", "7S 7H 7C", "7S 7H 7D",
    }


@pytest.mark.parametrize(
    ("text", "kind"),
    [("AS 2S 3S", "run"), ("JD QD KD", "run"), ("9H TH JH QH KH", "run"),
     ("5S 5H 5D", "set"), ("5S 5H 5D 5C", "set")],
)
def test_legal_melds(text, kind):
    meld = Meld(cards(text))
    assert meld.kind == kind
    assert is_meld_mask(meld.mask)


@pytest.mark.parametrize(
    "text",
    [
        "QS KS AS", "KS AS 2S", "AS 2S", "AS 2S 4S", "AS 2H 3S", "5S 5H", "5S 5H 6D",
        "AS AS 2S 3S", "",
    ],
)
def test_not_melds(text):
    with pytest.raises(InvalidMelds):
        Meld(cards(text))


def test_meld_cards_are_kept_in_order():
    assert str(Meld(cards("3S AS 2S"))) == "AS 2S 3S"
    assert str(Meld(cards("KC KS KH"))) == "KS KH KC"


def test_a_card_is_used_in_one_meld_only():
    # 7S could finish the run or the set, not both
    hand = cards("5S 6S 7S 7H 7D")
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood_points == 11
    assert deadwood_value(hand) == 11


def test_best_arrangement_is_exact_not_greedy():
    # longest meld first would take 4S-7S and strand 7H 7D (39); the set wins 7S (25)
    assert deadwood_value(cards("4S 5S 6S 7S 7H 7D KC QC 2D 3H")) == 25
    # a set first would take 4S 4H 4D and strand 5H 6H 5D 6D; three runs meld all ten
    assert deadwood_value(cards("AS 2S 3S 4S 4H 4D 5H 6H 5D 6D")) == 0
    # the 6s as a set (6S 6H 6D) or in three runs: the runs meld everything
    assert deadwood_value(cards("3S 4S 5S 6S 6H 6D 7H 7D 8H 8D")) == 0
    # nothing melds: the deadwood is the hand's value
    hand = cards("AS 3S 5S 7S 9S JS KH 2H 4D 6C")
    assert deadwood_value(hand) == 1 + 3 + 5 + 7 + 9 + 10 + 10 + 2 + 4 + 6


def test_best_arrangement_lists_melds_and_deadwood():
    arrangement = best_arrangement(cards("AS 2S 3S 7C 7D 7H 9D KD"))
    assert [str(meld) for meld in arrangement.melds] == ["7H 7D 7C", "AS 2S 3S"]
    assert [str(card) for card in arrangement.deadwood] == ["9D", "KD"]
    assert arrangement.deadwood_points == 19


def test_ties_between_arrangements_are_all_listed():
    found = best_arrangements(cards("4H 5H 6H 7H 7S 7D 7C"))
    assert {tuple(str(meld) for meld in a.melds) for a in found} == {
        ("7S 7D 7C", "4H 5H 6H 7H"),
        ("7S 7H 7D 7C", "4H 5H 6H"),
    }
    assert all(a.deadwood_points == 0 for a in found)


def test_eleven_cards_best_discard_is_exact():
    deadwood, discards = best_discards(cards("3S 4S 5S 6S 4C 5C 6C 3D 4D 5D 6H"))
    assert (deadwood, [str(card) for card in discards]) == (0, ["6H"])


def test_eleven_cards_all_melded_discards_an_end_of_a_long_run():
    deadwood, discards = best_discards(cards("AS 2S 3S 4S 5H 6H 7H 8H KD KC KH"))
    # the 11 cards are all melded; the best discard keeps 10 cards melded
    assert deadwood == 0
    assert {str(card) for card in discards} == {"AS", "4S", "5H", "8H"}


def test_best_discard_can_break_a_set_of_four():
    deadwood, discards = best_discards(cards("KS KH KD KC AS 2S 3S 9D 9C 5H 4D"))
    # discard a king: a set of three remains, deadwood 9+9+5+4 = 27 ... or 9D etc.
    assert deadwood == min(
        deadwood_value([c for c in cards("KS KH KD KC AS 2S 3S 9D 9C 5H 4D") if c != drop])
        for drop in cards("KS KH KD KC AS 2S 3S 9D 9C 5H 4D")
    )
    assert [str(card) for card in discards] == ["9D", "9C"]


def test_mask_functions_agree_with_card_functions():
    hand = cards("AS 2S 3S 4S 5H 6H 7H 8H KD KC KH")
    mask = mask_of(hand)
    assert deadwood_mask(mask) == deadwood_value(hand) == 0
    deadwood, discards = best_discards_mask(mask)
    assert deadwood == deadwood_after_discard_mask(mask) == 0
    assert discards == mask_of(cards("AS 4S 5H 8H"))


def test_run_table_examples():
    assert RUN_DEADWOOD[0] == 0
    assert RUN_DEADWOOD[0b111] == 0
    assert RUN_DEADWOOD[0b1011] == 1 + 2 + 4
    assert RUN_DEADWOOD[0b1 << 12 | 0b11] == 10 + 1 + 2
