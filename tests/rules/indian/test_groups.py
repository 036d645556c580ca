"""Groups, shows and the least-points arrangement: hand cases, then the fast search
against the brute-force oracle of :mod:`tests.rules.indian.oracles` on random hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.indian import (
    GroupKind,
    best_arrangement,
    discard_points,
    hand_points,
    indian_cards,
    is_valid_show,
    read_group,
    show_problem,
    valid_with,
)
from games.rules.indian.cards import RANK_CHARS, card_value
from tests.rules.indian import oracles
from tests.rules.indian.helpers import c, groups_text, texts

ORACLE = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------------------
# Reading groups
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "wild", "kind"),
    [
        ("AS 2S 3S", 9, GroupKind.PURE_SEQUENCE),
        ("QH KH AH", 9, GroupKind.PURE_SEQUENCE),
        ("3S AS 2S", 9, GroupKind.PURE_SEQUENCE),  # any order
        ("KH AH 2H", 9, GroupKind.INVALID),  # no wrapping
        ("JD QD KD AD 2D", 9, GroupKind.INVALID),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 5, GroupKind.PURE_SEQUENCE),  # 13 places
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", 5, GroupKind.PURE_SEQUENCE),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC XX", 5, GroupKind.INVALID),  # 14 places
        ("4H 5H 6H", 5, GroupKind.PURE_SEQUENCE),  # 5H at its own place
        ("4H 5S 6H", 5, GroupKind.SEQUENCE),  # 5S stands for 5H
        ("4H XX 6H", 5, GroupKind.SEQUENCE),
        ("4H 6H XX XX XX", 5, GroupKind.SEQUENCE),
        ("4H XX XX", 9, GroupKind.SEQUENCE),  # one natural card is enough
        ("5H XX 5S", 5, GroupKind.SEQUENCE),  # 5H natural: 5H 6H 7H
        ("5H 5H XX", 5, GroupKind.SEQUENCE),  # one 5H natural, the other a joker
        ("5H 5S 5D", 5, GroupKind.SEQUENCE),
        ("XX XX", 9, GroupKind.JOKERS),
        ("XX XX XX", 9, GroupKind.JOKERS),  # no natural card
        ("AH 2H 3H", 1, GroupKind.PURE_SEQUENCE),  # the ace wild, at its own place
        ("QH KH AH", 1, GroupKind.PURE_SEQUENCE),
        ("QH KH AS", 1, GroupKind.SEQUENCE),
        ("7S 7H 7D", 9, GroupKind.SET),
        ("7S 7H 7D 7C", 9, GroupKind.SET),
        ("7S 7H 7D 7C XX", 9, GroupKind.INVALID),  # a set has 4 cards at most
        ("7S 7S 7D", 9, GroupKind.INVALID),  # two spades
        ("7S 7H XX", 9, GroupKind.SET),
        ("7S 7H XX 9D", 9, GroupKind.SET),
        ("7S XX 9D", 9, GroupKind.SEQUENCE),  # 7S 8S 9S comes before a set of 7s
        ("7S XX XX XX", 9, GroupKind.SEQUENCE),
        ("9S 9H XX", 9, GroupKind.SEQUENCE),  # 9S at its own place, the others jokers
        ("9S 9S XX", 9, GroupKind.SEQUENCE),
        ("9S 9H", 9, GroupKind.JOKERS),
        ("XX", 9, GroupKind.JOKERS),
        ("AS 2S", 9, GroupKind.INVALID),
        ("AS 2H 3S", 9, GroupKind.INVALID),
    ],
)
def test_read_group(cards, wild, kind):
    assert read_group(indian_cards(cards), wild) is kind


def test_one_natural_card_and_two_jokers_are_a_sequence():
    # 5S is natural (the wild rank is 9): 5S 6S 7S, or a set of fives
    assert read_group(indian_cards("XX XX 5S"), 9) is GroupKind.SEQUENCE
    assert read_group(indian_cards("XX 9H 5S"), 9) is GroupKind.SEQUENCE


@pytest.mark.parametrize(
    ("groups", "problem"),
    [
        (["AS 2S 3S", "4H 5H 6H", "7D 8D 9S", "KC KD KH XX"], None),
        (["AS 2S 3S", "4H 5H 6H", "7D 8D 9S", "KC KD KH", "9H"], None),
        (["AS 2S 3S", "4H 9S 6H XX", "KC KD KH", "7C 7D 7H"], None),
        (["AS 2S 3S", "4H 4D 4S", "KC KD KH", "7C 7D 7H XX"], "only one sequence"),
        (["AS 2S XX", "4H 9S 6H", "KC KD KH", "7C 7D 7H 7S"], "no pure sequence"),
        (["AS 2S 3S", "4H 5H 6H", "KC KD", "7C 7D 7H 7S"], "group 3 [KC KD]"),
    ],
)
def test_show_problem_names_what_is_missing(groups, problem):
    written = [indian_cards(group) for group in groups]
    found = show_problem(written, wild_rank=9)
    if problem is None:
        assert found is None and is_valid_show(written, 9)
    else:
        assert found is not None and problem in found and not is_valid_show(written, 9)


# --------------------------------------------------------------------------------------
# The arrangement, by hand
# --------------------------------------------------------------------------------------


def test_groups_count_only_with_a_pure_sequence_and_a_second_sequence():
    # a pure sequence and sets: no second sequence, so every card counts
    hand = indian_cards("AS 2S 3S KC KD KH TC TD TH 7S 7H 7D 4C")
    best = best_arrangement(hand, 9)
    assert best.groups == () and best.points == sum(card_value(x, 9) for x in hand) == 100
    # one joker makes no second sequence (no two cards of a suit are close): all count
    hand = indian_cards("AS 2S 3S KC KD KH TC TD TH 7S 7H 4C XX")
    assert best_arrangement(hand, 9).points == 100 - 7
    # two jokers do (7S XX 9D, or 4C XX 9D), and the sets count; 4C is left
    best = best_arrangement(indian_cards("AS 2S 3S KC KD KH TC TD TH 7S 9D 4C XX"), 9)
    assert best.points == 4 and groups_text(best.groups)[0] == "AS 2S 3S"


def test_a_wild_card_at_its_own_place_makes_a_pure_sequence():
    hand = indian_cards("4H 5H 6H 8C 9C TC KS KD KH 2S 3S 7D 6C")
    best = best_arrangement(hand, 5)
    assert best.points == 2 + 3 + 7 + 6 and groups_text(best.groups)[0] in (
        "4H 5H 6H", "8C 9C TC")
    # the only pure sequence is the one with 5H at its own place
    best = best_arrangement(indian_cards("4H 5H 6H 8C 9C XX KS KD KH 2S 3S 7D 6C"), 5)
    assert groups_text(best.groups)[0] == "4H 5H 6H" and best.points == 2 + 3 + 7  # 6C XX 8C 9C
    # with a 5 of another suit there, there is no pure sequence: every card counts
    best = best_arrangement(indian_cards("4H 5S 6H 8C 9C XX KS KD KH 2S 3S 7D 6C"), 5)
    assert best.groups == () and best.points == 4 + 6 + 8 + 9 + 30 + 2 + 3 + 7 + 6


def test_the_jokers_go_where_they_save_most():
    hand = indian_cards("2C 3C 4C KH KD XX 9S QS JS 5D 5H 8C 8D")
    best = best_arrangement(hand, 9)
    # 2C-4C pure, JS QS + a joker, KH KD + a joker: 5D 5H 8C 8D left, 26 points
    assert best.points == 26
    assert sorted(texts(best.ungrouped)) == sorted(["5D", "5H", "8C", "8D"])
    assert sum(len(group) for group in best.groups) + len(best.ungrouped) == 13


def test_spare_jokers_form_a_group_of_their_own_so_a_zero_arrangement_is_a_valid_show():
    hand = indian_cards("AS 2S 3S 4H 5H 6H 7D 8D 9S KC KD KH XX")
    best = best_arrangement(hand, 9)
    assert best.points == 0 and best.ungrouped == ()
    assert is_valid_show(best.groups, 9) and groups_text(best.groups)[-1] in ("XX", "9S")
    assert Counter(card for group in best.groups for card in group) == Counter(hand)


def test_fourteen_cards_name_the_best_discard_never_the_kept_card():
    hand = indian_cards("AS 2S 3S 4H 5H 6H 7D 8D 9S KC KD KH QS 2C")
    best = best_arrangement(hand, 9)
    assert best.discard == c("QS") and best.points == 2
    kept = best_arrangement(hand, 9, keep=c("QS"))
    assert kept.discard == c("2C") and kept.points == 10
    assert valid_with(hand, 9) == () and discard_points(hand, 9)[c("QS")] == 2
    assert valid_with(indian_cards("AS 2S 3S 4H 5H 6H 7D 8D 9S KC KD KH QS 4S"), 9) == (
        c("QS"),)  # 4S extends AS 2S 3S; discarding it would leave QS
    assert valid_with(indian_cards("AS 2S 3S 4H 5H 6H 7D 8D 9S KC KD KH QS 4S"), 9,
                      keep=c("QS")) == ()
    assert texts(valid_with(indian_cards("AS 2S 3S 4H 5H 6H 7D 8D 9S KC KD KH KS 4S"), 9)) == [
        "AS", "4S", "KS", "KH", "KD", "KC"]


def test_hand_points_caps_at_max_points():
    hand = indian_cards("2C 3C 5C 7D 8D TH JH QS KS 4S 6H 2D 9S")
    assert hand_points(hand, 9) == 77 and hand_points(hand, 9, max_points=60) == 60


# --------------------------------------------------------------------------------------
# Against the oracle
# --------------------------------------------------------------------------------------


def _rich_hand(rng: random.Random, size: int) -> tuple[list[str], str]:
    """A hand with many groups: cards of one to three suits in a window of seven ranks
    (two decks), two printed jokers and a card of each suit at one random rank; the wild
    rank is random (often one of the hand's ranks)."""
    suits = rng.sample("SHDC", rng.choice([1, 2, 2, 3]))
    low = rng.randint(0, 6)
    ranks = RANK_CHARS[low : low + 7]
    extra = rng.choice(RANK_CHARS)
    pool = [r + s for r in ranks for s in suits] * 2 + ["XX"] * 2 + [extra + s for s in "SHDC"]
    wild = rng.choice(ranks + RANK_CHARS)
    return rng.sample(pool, size), wild


def _check_arrangement(hand: list[str], wild: str, points: int) -> None:
    rank = RANK_CHARS.index(wild) + 1
    best = best_arrangement(indian_cards(hand), rank)
    assert best.points == points, (hand, wild)
    laid = [str(x) for group in best.groups for x in group] + texts(best.ungrouped)
    assert Counter(laid) == Counter(hand)
    assert best.points == sum(oracles.value(str(x), wild) for x in best.ungrouped)
    for group in best.groups:  # every group is a sequence, a set, or jokers only
        cards = tuple(sorted(map(str, group)))
        assert oracles.kind(cards, wild) != "invalid" or all(
            oracles.is_joker(x, wild) for x in cards
        )
    if best.groups:
        kinds = [oracles.kind(tuple(sorted(map(str, g))), wild) for g in best.groups]
        assert "pure" in kinds and sum(k in ("pure", "sequence") for k in kinds) >= 2
    assert (points == 0) is (best.points == 0 and oracles.show_is_valid(
        [[str(x) for x in g] for g in best.groups], wild))


@ORACLE
@given(st.randoms(use_true_random=False))
def test_the_least_points_of_13_cards_match_the_brute_force(rng):
    hand, wild = _rich_hand(rng, 13)
    _check_arrangement(hand, wild, oracles.best_points(hand, wild))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.booleans())
def test_the_best_discard_and_valid_with_of_14_cards_match_the_brute_force(rng, keep_one):
    hand, wild = _rich_hand(rng, 14)
    rank = RANK_CHARS.index(wild) + 1
    keep = rng.choice(hand) if keep_one else None
    expected = oracles.best_discard_points(hand, wild, keep)
    cards = indian_cards(hand)
    kept = None if keep is None else c(keep)
    assert {str(x): p for x, p in discard_points(cards, rank, keep=kept).items()} == expected
    assert texts(valid_with(cards, rank, keep=kept)) == sorted(
        (x for x, p in expected.items() if p == 0), key=lambda t: c(t).index
    )
    best = best_arrangement(cards, rank, keep=kept)
    assert best.points == min(expected.values()) and str(best.discard) != keep
    assert expected[str(best.discard)] == best.points
    top = max(card_value(c(x), rank) for x, p in expected.items() if p == best.points)
    assert card_value(best.discard, rank) == top  # ties go to the highest value
    rest = list(hand)
    rest.remove(str(best.discard))
    _check_arrangement(rest, wild, best.points)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_plain_dealt_hands_match_the_brute_force(rng):
    deck = [r + s for r in RANK_CHARS for s in "SHDC"] * 2 + ["XX", "XX"]
    hand = rng.sample(deck, 13)
    wild = rng.choice(RANK_CHARS)
    _check_arrangement(hand, wild, oracles.best_points(hand, wild))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([r + s for r in "A2345QK" for s in "SH"] + ["XX", "9D"]),
             min_size=1, max_size=6),
    st.sampled_from("A259K"),
)
def test_reading_a_group_matches_the_brute_force(cards, wild):
    expected = oracles.kind(tuple(sorted(cards)), wild)
    found = read_group(indian_cards(cards), RANK_CHARS.index(wild) + 1)
    if expected == "invalid":
        assert found in (GroupKind.INVALID, GroupKind.JOKERS)
        assert (found is GroupKind.JOKERS) == all(oracles.is_joker(x, wild) for x in cards)
    else:
        assert found is {"pure": GroupKind.PURE_SEQUENCE, "sequence": GroupKind.SEQUENCE,
                         "set": GroupKind.SET}[expected]
