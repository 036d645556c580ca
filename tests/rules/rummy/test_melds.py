"""Melds: reading written melds, points, lay-off and swap fits, the counting oracles, and
the first-meld search against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.rummy import (
    JOKER,
    End,
    MeldKind,
    all_melds,
    best_meld_points,
    best_melds,
    full_deck,
    has_meld,
    layoff_fits,
    meld_points,
    melds_in,
    read_meld,
    rummy_cards,
    swap_cards,
    swap_joker_into,
)
from games.rules.rummy.melds import (
    best_meld_plan,
    count_key,
    live_key,
    reaches_key,
    table_meld,
)
from tests.rules.rummy import oracles
from tests.rules.rummy.helpers import texts


def kind_of(text):
    return read_meld(rummy_cards(text))


@pytest.mark.parametrize(
    ("text", "kind", "rank", "suit"),
    [
        ("7S 7H 7D", "set", 7, None),
        ("7S 7H 7D 7C", "set", 7, None),
        ("7S XX 7D", "set", 7, None),
        ("XX 7S XX 7D", "set", 7, None),
        ("AH 2H 3H", "run", 1, 1),
        ("QH KH AH", "run", 12, 1),
        ("XX 2H 3H", "run", 1, 1),  # the joker is the ace, low
        ("QH KH XX", "run", 12, 1),  # the joker is the ace, high
        ("5H 6H XX", "run", 5, 1),
        ("XX 5H 6H", "run", 4, 1),
        ("5H XX 7H XX 9H", "run", 5, 1),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "run", 2, 3),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "run", 1, 3),
    ],
)
def test_legal_melds_are_read(text, kind, rank, suit):
    assert kind_of(text) == (MeldKind(kind), rank, suit)
    assert oracles.is_meld(rummy_cards(text))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("7S 7H", "at least 3"),
        ("7S 7S 7D", "same suit"),  # two decks: the same card twice is not a set
        ("7S 7H 7D 7C 7S", "at most 4"),
        ("7S XX XX", "outnumber"),
        ("5H XX XX 8H", "next to each other"),
        ("KH AH 2H", "wrap"),
        ("QH KH AH 2H", "wrap"),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "at most 13"),
        ("5H 6H 8H", "sequence"),
        ("6H 5H 4H", "sequence"),  # written low to high
        ("5H 6S 7H", "one rank"),
        ("XX XX XX 2H 3H 4H 5H", "next to each other"),
        ("XX AH 2H", "sequence"),  # nothing below a low ace
        ("KH AH XX", "sequence"),  # nothing above a high ace
    ],
)
def test_illegal_melds_are_refused_with_a_reason(text, reason):
    with pytest.raises(ValueError, match=reason):
        kind_of(text)
    assert not oracles.is_meld(rummy_cards(text))


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("AH 2H 3H", 6),  # ace low is 1
        ("QH KH AH", 31),  # ace high is 11
        ("AS AH AD", 33),  # ace in a set is 11
        ("XX 2H 3H", 6),  # the joker is worth what it stands for
        ("QH KH XX", 31),
        ("9S XX 9D", 27),
        ("TH JH QH KH", 40),
        ("5H XX 7H XX 9H", 35),
    ],
)
def test_meld_points(text, points):
    cards = rummy_cards(text)
    assert meld_points(*read_meld(cards), len(cards)) == points == oracles.points(cards)


# --------------------------------------------------------------------------------------
# Counting oracles
# --------------------------------------------------------------------------------------


def _normal(meld):
    """Sets are unordered: compare them sorted; runs as written."""
    return tuple(sorted(texts(meld))) if read_meld(meld)[0] is MeldKind.SET else tuple(texts(meld))


@pytest.mark.parametrize(
    ("jokers", "sets", "runs"), [(0, 65, 308), (1, 195, 2332), (2, 273, 7432), (6, 273, 22476)]
)
def test_counting_melds_of_the_deck(jokers, sets, runs):
    melds = all_melds(jokers)
    assert len({_normal(meld) for meld in melds}) == len(melds)  # each once
    core_sets = [m for m in melds if read_meld(m)[0] is MeldKind.SET]
    core_runs = [m for m in melds if read_meld(m)[0] is MeldKind.RUN]
    assert (len(core_sets), len(core_runs)) == (sets, runs)
    # independent brute force: sets from every multiset of a rank's cards and jokers
    brute_sets = {
        meld for meld in oracles.candidate_sets(jokers)
        if oracles.is_meld([oracles._parse(text) for text in meld])
    }
    assert brute_sets == {_normal(meld) for meld in core_sets}
    # runs by counting spans and joker patterns
    assert oracles.run_count(jokers) == runs


def test_runs_up_to_six_cards_equal_brute_force_over_every_sequence():
    brute = {
        meld for meld in oracles.candidate_runs(2, 6)
        if oracles.is_meld([oracles._parse(text) for text in meld])
    }
    core = {
        tuple(texts(meld)) for meld in all_melds(2)
        if read_meld(meld)[0] is MeldKind.RUN and len(meld) <= 6
    }
    assert core == brute
    assert len(core) == 1636


def _draws(pool, low, high):
    """Hands drawn without replacement from ``pool`` (so never more copies than a deck
    holds)."""
    return st.lists(st.integers(0, len(pool) - 1), min_size=low, max_size=high,
                    unique=True).map(lambda picks: [pool[i] for i in picks])


def hands(low, high):
    return _draws(full_deck(3), low, high)


# four ranks of three suits, two decks, and jokers: melds everywhere
DENSE = _draws([card for card in full_deck(4)
                if card is JOKER or (card.rank in (4, 5, 6, 7) and card.suit < 3)], 3, 8)


@settings(max_examples=60, deadline=None)
@given(hands(0, 9) | DENSE)
def test_melds_in_a_hand_equal_brute_force(hand):
    assert {_normal(meld) for meld in melds_in(hand)} == oracles.melds_of(hand)
    assert has_meld(*count_key(hand)) == bool(oracles.melds_of(hand))


@settings(max_examples=80, deadline=None)
@given(hands(0, 10) | DENSE)
def test_the_search_keeps_exactly_the_cards_that_are_in_some_meld(hand):
    key, jokers = count_key(hand)
    live = live_key(key, jokers)
    in_melds = {text for meld in oracles.melds_of(hand) for text in meld if text != "XX"}
    kept = {str(card) for card in hand if card is not JOKER and live >> (2 * card.index) & 3}
    assert kept == in_melds
    for card in hand:  # a kept card keeps all its copies
        if str(card) in kept:
            assert live >> (2 * card.index) & 3 == key >> (2 * card.index) & 3
    assert live & ~key == 0


@settings(max_examples=40, deadline=None)
@given(hands(0, 9) | DENSE)
def test_best_meld_points_equal_brute_force(hand):
    expected = oracles.best_points(hand)
    assert best_meld_points(hand) == expected
    assert best_meld_plan(*count_key(hand))[0] == expected
    for goal in {1, expected, expected + 1, 20, 40, 60}:
        assert reaches_key(*count_key(hand), goal) == (expected >= max(goal, 1))
    points, melds = best_melds(hand)
    assert points == expected
    used = [card for meld in melds for card in meld]
    assert sum(oracles.points(meld) for meld in melds) == points
    assert all(oracles.is_meld(meld) for meld in melds)
    assert len(used) < len(hand) or not melds
    left = list(hand)
    for card in used:
        left.remove(card)  # raises when a card is used more often than held


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("5H 6H XX 9C 9S 9D 2C", 45),
        ("5S 5H 5D", 0),  # all three would empty the hand
        ("5S 5H 5D 5C", 15),  # a set of three keeps a card (the 4 would not)
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", 95),  # 2 to A high beats A to K
        ("QH KH XX 2C", 31),
        ("XX XX XX 2H 4H 6H 9D", 27),  # 2H XX 4H XX 6H XX (7H) keeps 9D
    ],
)
def test_best_meld_points_scenarios(text, points):
    assert best_meld_points(rummy_cards(text)) == points
    key = count_key(rummy_cards(text))
    assert reaches_key(*key, points) == (points > 0)
    assert not reaches_key(*key, points + 1)


# --------------------------------------------------------------------------------------
# Lay-off and swap fits
# --------------------------------------------------------------------------------------


def meld(text, owner=0, id=0):
    return table_meld(id, owner, rummy_cards(text))


def ends(target, card):
    return sorted(str(end) for end in layoff_fits(meld(target), rummy_cards(card)[0]))


def test_layoff_fits_sets_up_to_four_cards_of_new_suits():
    assert ends("7S 7H 7D", "7C") == ["None"]
    assert ends("7S 7H 7D", "7S") == []  # the second deck's 7S: same suit
    assert ends("7S 7H 7D 7C", "7C") == []
    assert ends("7S 7H XX", "7D") == ["None"]
    assert ends("7S 7H XX", "XX") == ["None"]  # two and two: jokers do not outnumber
    assert ends("7S 7H 7D XX", "XX") == []  # four cards
    assert ends("7S XX 7H XX", "7D") == []
    assert ends("7S 7H 7D", "XX") == ["None"]


def test_layoff_fits_runs_at_either_end_never_wrapping():
    assert ends("5H 6H 7H", "4H") == ["low"]
    assert ends("5H 6H 7H", "8H") == ["high"]
    assert ends("5H 6H 7H", "XX") == ["high", "low"]
    assert ends("JH QH KH", "AH") == ["high"]
    assert ends("2H 3H 4H", "AH") == ["low"]
    assert ends("QH KH AH", "XX") == ["low"]
    assert ends("AH 2H 3H", "KH") == []
    assert ends("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH") == ["high", "low"]
    assert ends("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "KH") == ["high"]
    assert ends("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "XX") == []
    assert ends("XX 6H 7H", "XX") == ["high"]  # never two jokers side by side
    assert ends("5H XX 7H", "XX") == ["high", "low"]  # two and two
    assert ends("XX 6H XX 8H", "XX") == []  # three jokers to two naturals
    assert ends("XX 6H 7H XX 9H", "XX") == ["high"]  # not next to the joker at the low end


def test_layoff_shifts_a_run_down_and_a_joker_stands_for_its_place():
    new = layoff_fits(meld("5H 6H 7H"), JOKER)[End.LOW]
    assert texts(new.cards) == ["XX", "5H", "6H", "7H"]
    assert texts(new.stands_for) == ["4H", "5H", "6H", "7H"]
    assert new.rank == 4


def test_swap_takes_the_card_a_joker_stands_for():
    run = meld("5H XX 7H")
    assert texts(swap_cards(run)) == ["6H"]
    assert texts(swap_joker_into(run, rummy_cards("6H")[0]).cards) == ["5H", "6H", "7H"]
    assert swap_joker_into(run, rummy_cards("8H")[0]) is None
    group = meld("7S XX 7D")
    assert sorted(texts(swap_cards(group))) == ["7C", "7H"]
    assert texts(swap_joker_into(group, rummy_cards("7C")[0]).cards) == ["7S", "7C", "7D"]
    assert swap_cards(meld("7S 7H 7D")) == frozenset()


# written lists near melds: one suit's or one rank's cards and jokers, in any order
NEAR = st.one_of(
    st.lists(st.sampled_from([*rummy_cards("AH 2H 3H 4H 5H JH QH KH"), JOKER]),
             min_size=0, max_size=7),
    st.lists(st.sampled_from([*rummy_cards("7S 7H 7D 7C 8H"), JOKER]), min_size=0, max_size=6),
    st.integers(1, 12).flatmap(lambda low: st.integers(3, 15 - low).flatmap(
        lambda length: st.lists(st.booleans(), min_size=length, max_size=length).map(
            lambda jokers: [JOKER if joker else oracles.natural(oracles.place_card(1, low + i))
                            for i, joker in enumerate(jokers)]))),
)


@settings(max_examples=200, deadline=None)
@given(NEAR)
def test_read_meld_agrees_with_the_definition(cards):
    expected = oracles.read(cards)
    try:
        kind, rank, _ = read_meld(tuple(cards))
    except ValueError:
        assert expected is None
    else:
        assert expected is not None and (str(kind), rank) == expected[:2]
        assert meld_points(*read_meld(tuple(cards)), len(cards)) == sum(expected[2])


@settings(max_examples=100, deadline=None)
@given(NEAR.filter(lambda cards: oracles.is_meld(cards)),
       st.sampled_from([*rummy_cards("AH 2H 6H 7H TH KH 7S 7C 8H"), JOKER]))
def test_layoff_and_swap_fits_agree_with_the_definition(cards, card):
    target = table_meld(0, 0, tuple(cards))
    fits = layoff_fits(target, card)
    if target.kind is MeldKind.SET:
        assert (None in fits) == oracles.is_meld([*cards, card])
    else:
        assert (End.LOW in fits) == oracles.is_meld([card, *cards])
        assert (End.HIGH in fits) == oracles.is_meld([*cards, card])
    for new in fits.values():
        assert oracles.is_meld(new.cards) and len(new.cards) == len(cards) + 1
    if card is not JOKER:
        swapped = swap_joker_into(target, card)
        options = [[*cards[:i], card, *cards[i + 1:]] for i, held in enumerate(cards)
                   if held is JOKER]
        assert (swapped is not None) == any(oracles.is_meld(option) for option in options)
        if swapped is not None:
            assert list(swapped.cards) in options and oracles.is_meld(swapped.cards)


@settings(max_examples=150, deadline=None)
@given(hands(13, 15) | DENSE, st.integers(0, 80))
def test_reaching_first_meld_points_equals_the_exact_search(hand, goal):
    key = count_key(hand)
    assert reaches_key(*key, goal) == (best_meld_points(hand) >= max(goal, 1))
