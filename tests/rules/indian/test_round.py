"""Hand-written scenarios: every rule of docs/games/indian-rummy.md and every error code it
names."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

import pytest

from games.rules.common.errors import IllegalAction, InvalidInput
from games.rules.common.game import Forfeit
from games.rules.common.game import replay as fold
from games.rules.indian import (
    INDIAN_ERRORS_BY_CODE,
    INDIAN_RULES,
    JOKER,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    HandStatus,
    Outcome,
    Phase,
    RulesError,
    RuleSet,
    SeatStatus,
    apply_action,
    concede,
    deal_next_round,
    full_deck,
    indian_cards,
    is_legal,
    legal_actions,
    new_deck,
    new_game,
    placement,
    timeout_action,
    view_for,
    view_to_json,
)
from games.rules.indian.engine import cards_in_play
from games.rules.indian.state import HistoryEntry
from tests.rules.common.refusals import refusal_code
from tests.rules.indian.helpers import SALT, c, groups_text, make_deck, position, texts

VALID = "AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC KD KH"
"""13 cards that are a valid show when the wild rank is 9: AS 2S 3S and 4H-7H pure, 7D 8D
9S (9S a joker), KC KD KH."""
NO_SECOND = "2C 3C 4C TD TH TS 7S 8S JC JD QH KS 5D"
"""13 cards with a pure sequence and no second sequence (wild rank 9): all 99 count."""
COUNTED = "2C 3C 4C 5D 6D 7D TS TH QC QD 5S 8H 2H"
"""13 cards (wild rank 9) with 2C-4C and 5D-7D: TS TH QC QD 5S 8H 2H count, 55 points."""
COUNTED_TOO = "5C 6C 7C JS QS KS AH KH 6S 8D JD 4D 7H"
"""Another 55-point hand (wild rank 9): 5C-7C and JS-KS; AH KH 6S 8D JD 4D 7H count."""


def declare(text_card: str, *groups: str) -> Declare:
    return Declare(c(text_card), [indian_cards(group) for group in groups] if groups else None)


def code_of(state, action, seat=0):
    return refusal_code(apply_action, is_legal, INDIAN_ERRORS_BY_CODE, state, action, seat)


def types(state, seat=0):
    return [entry.type for entry in legal_actions(state, seat)]


def entry(state, kind, seat=0):
    return next(e for e in legal_actions(state, seat) if e.type == kind)


def discard_phase(hand14: str, other: str = NO_SECOND, **kwargs):
    return position([hand14, other], phase=Phase.DISCARD, **kwargs)


# --------------------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (3, 0), (3, 2), (6, 1), (6, 5)])
def test_dealing_order_wild_joker_card_first_upcard_and_stock(seats, dealer):
    deck = new_deck(random.Random(seats * 10 + dealer))
    state = new_game(RuleSet(), seats, deck, SALT, dealer=dealer)
    rnd = state.round
    for i in range(seats):
        seat = (dealer + 1 + i) % seats
        assert sorted(texts(rnd.hands[seat])) == sorted(texts(deck[i * 13 : (i + 1) * 13]))
    assert rnd.wild_card == deck[seats * 13]
    assert rnd.discard_pile == (deck[seats * 13 + 1],)
    assert rnd.stock == tuple(deck[seats * 13 + 2 :])
    assert rnd.turn == (dealer + 1) % seats and rnd.phase is Phase.DRAW
    assert rnd.status == (SeatStatus.IN,) * seats


def test_one_deck_of_53_cards_only_at_a_table_of_two():
    rules = RuleSet(decks=1)
    deck = new_deck(random.Random(1), decks=1)
    assert len(deck) == 53
    state = new_game(rules, 2, deck, SALT)
    assert len(state.round.stock) == 53 - 26 - 2
    with pytest.raises(RulesError) as caught:
        new_game(rules, 3, deck, SALT)
    assert caught.value.code == "validation_error" and "decks" in caught.value.fields


def test_the_deck_must_hold_every_card_and_printed_joker_once_per_deck():
    deck = new_deck(random.Random(3))
    assert len(deck) == 106
    for bad in (deck[:-1], [*deck[:-1], c("AS")], ["ZZ", *deck[1:]], new_deck(random.Random(3), 1)):
        with pytest.raises(RulesError) as caught:
            new_game(RuleSet(), 2, bad, SALT)
        assert caught.value.code == "validation_error" and "deck" in caught.value.fields


@pytest.mark.parametrize(
    ("seats", "salt", "dealer", "field"),
    [(1, SALT, 0, "seats"), (7, SALT, 0, "seats"), (True, SALT, 0, "seats"),
     ("2", SALT, 0, "seats"), (2, "", 0, "salt"), (2, "a b", 0, "salt"), (2, 5, 0, "salt"),
     (2, "x" * 129, 0, "salt"), (2, SALT, 2, "dealer"), (2, SALT, -1, "dealer")],
)
def test_new_game_refuses_bad_seats_salts_and_dealers(seats, salt, dealer, field):
    with pytest.raises(RulesError) as caught:
        new_game(RuleSet(), seats, new_deck(random.Random(1)), salt, dealer=dealer)
    assert caught.value.code == "validation_error" and field in caught.value.fields


def test_every_card_of_the_wild_rank_is_a_joker_and_a_printed_wild_card_makes_aces_wild():
    deck = make_deck([VALID, NO_SECOND], "9C", "KD")
    view = view_to_json(view_for(new_game(RuleSet(), 2, deck, SALT), 1))["round"]
    assert view["wild_joker"] == {"card": "9C", "rank": "9"}
    assert view["arrangement"]["points"] == 0  # 9S stands in 7D 8D 9S
    deck = make_deck([VALID, NO_SECOND], "XX", "KD")
    view = view_to_json(view_for(new_game(RuleSet(), 2, deck, SALT), 1))["round"]
    assert view["wild_joker"] == {"card": "XX", "rank": "A"}
    # with the aces wild, 9S is natural and AS a joker: best is 7D 8D AS, leaving 2S 3S 9S
    assert view["arrangement"]["points"] == 2 + 3 + 9
    assert ["7D", "8D", "AS"] in view["arrangement"]["groups"]


def test_the_dealer_moves_one_seat_each_deal():
    state = position([VALID, NO_SECOND, COUNTED], rules=RuleSet(format="deals", deals=3),
                     turn=0, dealer=2, stock="QS")
    state = apply_action(state, DrawStock(), 0)
    state = apply_action(state, declare("QS"), 0)
    assert state.awaiting_deal and state.rounds[-1].outcome is Outcome.SHOW
    state = deal_next_round(state, new_deck(random.Random(2)), SALT)
    assert state.round.dealer == 0 and state.round.number == 2 and state.turn == 1


# --------------------------------------------------------------------------------------
# Drawing
# --------------------------------------------------------------------------------------


def test_draws_take_the_stock_top_or_the_discard_top():
    state = position([VALID, NO_SECOND], stock="2D", discard="7C 8C")
    assert types(state) == ["draw_stock", "draw_discard", "drop"]
    after = apply_action(state, DrawStock(), 0)
    assert "2D" in texts(after.round.hands[0]) and after.round.phase is Phase.DISCARD
    assert after.round.drawn_from_discard is None
    assert after.round.history[-1] == HistoryEntry(0, "draw_stock", None)
    after = apply_action(state, DrawDiscard(), 0)
    assert "8C" in texts(after.round.hands[0]) and texts(after.round.discard_pile)[-1] == "7C"
    assert after.round.drawn_from_discard == c("8C")
    assert after.round.history[-1] == HistoryEntry(0, "draw_discard", c("8C"))


@pytest.mark.parametrize("top", ["XX", "9H", "9C"])
def test_a_joker_on_the_discard_pile_cannot_be_taken(top):
    state = position([VALID, NO_SECOND], discard=f"7C {top}", wild="9D")
    assert types(state) == ["draw_stock", "drop"]
    assert code_of(state, DrawDiscard()) == "cannot_take_joker"


@pytest.mark.parametrize("upcard", ["XX", "9H"])
def test_the_first_upcard_may_be_taken_even_when_it_is_a_joker(upcard):
    deck = make_deck([NO_SECOND, VALID], "9C", upcard)
    state = new_game(RuleSet(), 2, deck, SALT)
    assert types(state, 1) == ["draw_stock", "draw_discard", "drop"]
    state = apply_action(state, DrawDiscard(), 1)
    assert c(upcard) in state.round.hands[1] and state.round.discard_pile == ()


def test_a_joker_upcard_covered_by_a_discard_cannot_be_taken():
    deck = make_deck([NO_SECOND, VALID, COUNTED], "9C", "XX", stock="2D")
    state = new_game(RuleSet(), 3, deck, SALT)
    state = apply_action(state, DrawStock(), 1)
    state = apply_action(state, Discard(c("2D")), 1)  # covers the upcard
    state = apply_action(state, DrawDiscard(), 2)  # takes 2D: XX is on top again
    state = apply_action(state, Drop(), 2)
    assert texts(state.round.discard_pile) == ["XX"] and state.turn == 0
    assert types(state, 0) == ["draw_stock", "drop"]
    assert code_of(state, DrawDiscard(), 0) == "cannot_take_joker"


def test_an_empty_discard_pile_allows_only_the_stock():
    # seat 1 took the only card of the pile and dropped: seat 2 finds the pile empty
    deck = make_deck([NO_SECOND, VALID, COUNTED], "9C", "KD")
    state = new_game(RuleSet(), 3, deck, SALT)
    state = apply_action(state, DrawDiscard(), 1)
    state = apply_action(state, Drop(), 1)
    assert state.round.discard_pile == () and state.turn == 2
    assert types(state, 2) == ["draw_stock", "drop"]
    assert code_of(state, DrawDiscard(), 2) == "stock_only"


# --------------------------------------------------------------------------------------
# Discarding
# --------------------------------------------------------------------------------------


def test_discard_passes_the_turn_to_the_next_seat_still_in_the_deal():
    state = position([f"{VALID} QS", "", NO_SECOND, COUNTED], phase=Phase.DISCARD,
                     status=[SeatStatus.IN, SeatStatus.OUT, SeatStatus.DROPPED, SeatStatus.IN])
    assert types(state) == ["discard", "drop", "declare"]
    state = apply_action(state, Discard(c("QS")), 0)
    assert state.turn == 3 and state.round.phase is Phase.DRAW
    assert texts(state.round.discard_pile)[-1] == "QS"
    assert state.round.history[-1] == HistoryEntry(0, "discard", c("QS"))


def test_the_card_taken_from_the_pile_cannot_be_discarded_or_put_face_down_that_turn():
    state = discard_phase(f"{VALID} QS", drawn="QS")
    assert "QS" not in texts(entry(state, "discard").cards)
    assert entry(state, "declare").valid_with == ()
    assert code_of(state, Discard(c("QS"))) == "cannot_discard_drawn_card"
    assert code_of(state, declare("QS")) == "cannot_discard_drawn_card"
    # nor a copy of it, with two decks
    state = discard_phase("AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC QS QS KH", drawn="QS", other=COUNTED)
    assert code_of(state, Discard(c("QS"))) == "cannot_discard_drawn_card"
    assert "QS" not in texts(entry(state, "discard").cards)


def test_cards_not_in_the_hand_cannot_be_discarded_or_declared():
    state = discard_phase(f"{VALID} QS")
    assert code_of(state, Discard(c("QH"))) == "card_not_in_hand"
    assert code_of(state, declare("QH")) == "card_not_in_hand"
    assert code_of(state, Discard(JOKER)) == "card_not_in_hand"


def test_actions_out_of_phase_turn_or_game():
    state = position([VALID, NO_SECOND])
    assert code_of(state, Discard(c("AS"))) == "wrong_phase"
    assert code_of(state, declare("AS")) == "wrong_phase"
    assert code_of(state, DrawStock(), 1) == "not_your_turn"
    assert code_of(state, Drop(), 1) == "not_your_turn"
    drawn = apply_action(state, DrawStock(), 0)
    assert code_of(drawn, DrawStock()) == "wrong_phase"
    assert code_of(drawn, DrawDiscard()) == "wrong_phase"
    over = concede(state, 1)
    assert over.is_over
    assert code_of(over, DrawStock()) == "game_not_active"
    for bad in ("draw", None, Forfeit("concede")):
        with pytest.raises(InvalidInput) as caught:
            apply_action(state, bad, 0)  # type: ignore[arg-type]
        assert caught.value.code == "validation_error"
    with pytest.raises(InvalidInput):
        apply_action(state, DrawStock(), 2)


def test_nothing_applies_between_deals():
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD,
                     rules=RuleSet(format="deals"))
    state = apply_action(state, declare("QS"), 0)
    assert state.awaiting_deal and legal_actions(state, 1) == ()
    assert code_of(state, DrawStock(), 1) == "wrong_phase"


# --------------------------------------------------------------------------------------
# Drops
# --------------------------------------------------------------------------------------


def test_a_first_drop_costs_first_drop_and_a_middle_drop_middle_drop():
    rules = RuleSet(format="pool", pool=101)
    three = [VALID, NO_SECOND, COUNTED]
    state = position(three, rules=rules, turn=0, stock="QS")
    assert types(state) == ["draw_stock", "draw_discard", "drop"]
    first = apply_action(state, Drop(), 0)
    assert first.round.status[0] is SeatStatus.DROPPED and first.round.penalties[0] == 20
    assert first.turn == 1 and first.round.history[-1] == HistoryEntry(0, "drop", None)
    middle = apply_action(apply_action(state, DrawStock(), 0), Drop(), 0)
    assert middle.round.penalties[0] == 40 and len(middle.round.hands[0]) == 14
    # a player who drew in an earlier turn drops in the middle even before drawing again
    later = position(three, rules=rules, history=[HistoryEntry(0, "draw_stock")])
    assert apply_action(later, Drop(), 0).round.penalties[0] == 40


def test_pool_201_drops_cost_25_and_50_unless_given():
    assert (RuleSet(format="pool", pool=201).first_drop,
            RuleSet(format="pool", pool=201).middle_drop) == (25, 50)
    state = position([VALID, NO_SECOND, COUNTED], rules=RuleSet(format="pool", pool=201))
    assert apply_action(state, Drop(), 0).round.penalties[0] == 25
    rules = RuleSet(format="pool", pool=201, first_drop=10, middle_drop=30)
    state = position([VALID, NO_SECOND, COUNTED], rules=rules)
    assert apply_action(state, Drop(), 0).round.penalties[0] == 10


def test_the_last_player_left_in_the_deal_wins_it_with_0():
    state = position([VALID, NO_SECOND, COUNTED], rules=RuleSet(format="pool"))
    state = apply_action(state, Drop(), 0)
    view = view_to_json(view_for(state, 0))["round"]
    assert view["hand"] == [] and view["hand_sizes"] == [0, 13, 13]
    assert view["status"] == ["dropped", "in", "in"] and view["arrangement"] is None
    assert view["legal_actions"] == []
    state = apply_action(state, DrawStock(), 1)
    state = apply_action(state, Drop(), 1)
    result = state.rounds[-1]
    assert result.outcome is Outcome.LAST_PLAYER and result.winner == 2
    assert result.points == (20, 40, 0) and state.scores == (20, 40, 0)
    assert [h.status for h in result.hands] == [HandStatus.DROPPED, HandStatus.DROPPED,
                                                HandStatus.LAST]
    assert len(result.hands[1].groups) + len(result.hands[1].ungrouped) >= 1
    assert state.awaiting_deal


# --------------------------------------------------------------------------------------
# Declaring
# --------------------------------------------------------------------------------------


def test_a_valid_show_ends_the_deal_and_the_others_are_counted_the_cheapest_way():
    state = position([f"{VALID} QS", COUNTED, NO_SECOND], phase=Phase.DISCARD)
    assert entry(state, "declare").valid_with == (c("QS"),)
    state = apply_action(
        state,
        declare("QS", "AS 2S 3S", "7H 4H 6H 5H", "9S 7D 8D", "KH KD KC"),
        0,
    )
    result = state.rounds[-1]
    assert result.outcome is Outcome.SHOW and result.winner == 0
    assert result.points == (0, 55, 80)  # COUNTED 55; NO_SECOND 99, capped at 80
    assert state.is_over and state.final.reason == "show" and state.final.placement == (0, 1, 2)
    assert state.round.face_down == (c("QS"),) and c("QS") not in state.round.discard_pile
    declared, counted, capped = result.hands
    assert declared.status is HandStatus.DECLARED and declared.value == 0
    assert groups_text(declared.groups)[1] == "7H 4H 6H 5H"  # as shown
    assert counted.status is HandStatus.COUNTED
    assert sorted(groups_text(counted.groups)) == ["2C 3C 4C", "5D 6D 7D"]
    assert sorted(texts(counted.ungrouped)) == sorted(["5S", "TS", "2H", "8H", "TH", "QD", "QC"])
    assert capped.groups == () and len(capped.ungrouped) == 13


def test_declared_groups_must_hold_exactly_the_other_13_cards():
    state = discard_phase(f"{VALID} QS")
    full = ("AS 2S 3S", "4H 5H 6H 7H", "7D 8D 9S", "KC KD KH")
    assert code_of(state, declare("QS", *full[:-1])) == "groups_do_not_match_hand"
    assert code_of(state, declare("QS", *full, "QS")) == "groups_do_not_match_hand"
    assert code_of(state, declare("QS", *full[:-1], "KC KD KS")) == "groups_do_not_match_hand"
    assert code_of(state, declare("QS", *full[:-1], "KC KD KH KH")) == "groups_do_not_match_hand"
    for bad in ([[]], [["AS"], []], [[c("AS"), "2S"]], "AS 2S"):
        action = Declare(c("QS"))
        object.__setattr__(action, "groups", bad)
        with pytest.raises(InvalidInput) as caught:
            apply_action(state, action, 0)
        assert caught.value.code == "validation_error" and "groups" in caught.value.fields


def test_a_wrong_show_costs_wrong_show_and_the_deal_goes_on():
    # the same valid hand, shown in groups that are not all valid
    state = position([f"{VALID} QS", COUNTED, NO_SECOND], phase=Phase.DISCARD)
    state = apply_action(
        state, declare("QS", "AS 2S 3S 4H", "5H 6H 7H", "9S 7D 8D", "KH KD KC"), 0
    )
    rnd = state.round
    assert not state.rounds and rnd.status[0] is SeatStatus.WRONG_SHOW
    assert rnd.penalties[0] == 80 and rnd.face_down == (c("QS"),) and state.turn == 1
    assert view_for(state, 1).round.hand_sizes == (0, 13, 13)
    # the next wrong show leaves one player: the deal ends
    state = apply_action(state, DrawStock(), 1)
    state = apply_action(state, declare(texts(state.round.hands[1])[0]), 1)
    result = state.rounds[-1]
    assert result.outcome is Outcome.LAST_PLAYER and result.winner == 2
    assert result.points == (80, 80, 0)
    assert [h.status for h in result.hands] == [HandStatus.WRONG_SHOW] * 2 + [HandStatus.LAST]
    assert groups_text(result.hands[0].groups)[0] == "AS 2S 3S 4H"


def test_a_declaration_without_groups_shows_the_server_arrangement():
    state = discard_phase(f"{VALID} QS")
    after = apply_action(state, declare("QS"), 0)
    assert after.rounds[-1].outcome is Outcome.SHOW
    assert after.round.shows[0] is not None and len(after.round.shows[0]) == 4
    # a hand that is no valid show makes a wrong show, its cards shown as arranged
    state = discard_phase(f"{NO_SECOND} QS", other=VALID)
    after = apply_action(state, declare("QS"), 0)
    assert after.round.status[0] is SeatStatus.WRONG_SHOW


@pytest.mark.parametrize(
    ("groups", "valid"),
    [
        (("AS 2S 3S", "4H 5H 6H 7H", "7D 8D 9S", "KC KD KH"), True),
        (("3S AS 2S", "7H 4H 6H 5H", "8D 9S 7D", "KH KD KC"), True),   # any order inside
        (("AS 2S 3S", "4H 5H 6H 7H 7D 8D 9S", "KC KD KH"), False),    # not one suit
        (("AS 2S 3S 4H 5H 6H 7H", "7D 8D 9S", "KC KD KH"), False),
        (("AS 2S 3S", "4H 5H 6H 7H", "7D 8D", "9S", "KC KD KH"), False),  # 7D 8D alone
        (("AS 2S 3S", "4H 5H 6H 7H", "7D 8D 9S KC", "KD KH"), False),
    ],
)
def test_show_validity_is_judged_on_the_groups_as_written(groups, valid):
    state = discard_phase(f"{VALID} QS")
    after = apply_action(state, declare("QS", *groups), 0)
    assert (after.round.status[0] is SeatStatus.DECLARED) is valid


@pytest.mark.parametrize(
    ("hand", "groups", "valid"),
    [
        # two sequences, only one pure: valid; no pure one: wrong
        ("AS 2S 3S 4H 5H 9D 7D 8D XX KC KD KH QH",
         ("AS 2S 3S", "4H 5H 9D", "7D 8D XX", "KC KD KH QH"), False),
        ("AS 2S 3S 4H 5H 9D 7D 8D XX KC KD KH QC",
         ("AS 2S 3S", "4H 5H 9D", "7D 8D XX", "KC KD KH", "QC"), False),
        ("AS 2S 3S 4H 5H 9D 7D 8D XX KC KD KH 9H",
         ("AS 2S 3S", "4H 5H 9D", "7D 8D XX", "KC KD KH", "9H"), True),  # a joker alone
        ("AS 2S XX 4H 5H 9D 7D 8D 9S KC KD KH 9H",
         ("AS 2S XX", "4H 5H 9D", "7D 8D 9S", "KC KD KH 9H"), False),  # no pure sequence
        ("8S 9S TS 4H 5H 9D 7D 8D XX KC KD KH QS",
         ("8S 9S TS", "4H 5H 9D", "7D 8D XX", "KC KD KH QS"), False),  # QS does not fit
        ("8S 9S TS 4H 5H 9D 7D 8D XX KC KD KH 9H",
         ("8S 9S TS", "4H 5H 9D", "7D 8D XX", "KC KD KH 9H"), True),  # 9S natural: pure
        ("KC KD KH QS QH QD 7D 8D XX 2C 2D 2H 9H",
         ("KC KD KH", "QS QH QD", "7D 8D XX", "2C 2D 2H 9H"), False),  # sets only
        ("QD KD AD 2H 3H XX 5C 5S 5D 7C 7S 7H 4D",
         ("QD KD AD", "2H 3H XX", "5C 5S 5D", "7C 7S 7H", "4D"), False),
        ("QD KD AD 2H 3H XX 5C 5S 5D 7C 7S 7H 9H",
         ("QD KD AD", "2H 3H XX", "5C 5S 5D", "7C 7S 7H 9H"), True),  # ace high
        ("KD AD 2D 2H 3H XX 5C 5S 5D 7C 7S 7H 9H",
         ("KD AD 2D", "2H 3H XX", "5C 5S 5D", "7C 7S 7H 9H"), False),  # no wrapping
    ],
)
def test_a_valid_show_needs_a_pure_sequence_a_second_sequence_and_every_natural_card_grouped(
    hand, groups, valid
):
    state = discard_phase(f"{hand} JC", other=COUNTED)
    after = apply_action(state, declare("JC", *groups), 0)
    assert (after.round.status[0] is SeatStatus.DECLARED) is valid


def test_many_jokers_may_stand_in_one_group_with_one_natural_card():
    hand = "AS 2S 3S XX 9H 9D 4C 9S 7D KC KD KH 5C"
    state = discard_phase(f"{hand} JC", other=COUNTED)
    after = apply_action(
        state, declare("JC", "AS 2S 3S", "XX 9H 9D 4C", "9S 7D 5C", "KC KD KH"), 0
    )
    assert after.round.status[0] is SeatStatus.WRONG_SHOW  # 7D and 5C are two suits
    after = apply_action(
        state, declare("JC", "AS 2S 3S", "XX 9H 9D 4C", "9S 7D", "5C KC KD KH"), 0
    )
    assert after.round.status[0] is SeatStatus.WRONG_SHOW
    hand = "AS 2S 3S XX 9H 9D 4C 9S 7D KC KD KH 8D"
    state = discard_phase(f"{hand} JC", other=COUNTED)
    after = apply_action(
        state, declare("JC", "AS 2S 3S", "XX 9H 9D 4C", "9S 7D 8D", "KC KD KH"), 0
    )
    assert after.round.status[0] is SeatStatus.DECLARED


# --------------------------------------------------------------------------------------
# Counting
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        (COUNTED, 55),
        (COUNTED_TOO, 55),
        (NO_SECOND, 80),  # 99 capped
        # no pure sequence: every card counts, jokers 0
        ("2C 3C 5C 7D 8D TH JH QS KS 4S 6H 2D 9S", 2 + 3 + 5 + 7 + 8 + 40 + 4 + 6 + 2),
        # 2C-4C pure; 9S does more in TH JH 9S than in 7D 8D 9S
        ("2C 3C 4C 7D 8D 9S TH JH QS KS 4S 6H 2D", 7 + 8 + 10 + 10 + 4 + 6 + 2),
        ("2C 3C XX 7D 8D 9S TH JH QS KS 4S 6H 2D", 2 + 3 + 7 + 8 + 40 + 4 + 6 + 2),
        ("2C 3C 4C XX 9D AS 2S 3S QD JD 6H 6S 6C", 0),  # counted, but a valid show
    ],
)
def test_counted_hands_cost_their_least_points_capped_at_max_points(hand, points):
    state = position([f"{VALID} QS", hand], phase=Phase.DISCARD)
    state = apply_action(state, declare("QS"), 0)
    assert state.rounds[-1].points[1] == points


def test_max_points_caps_counted_values_and_the_view_arrangement():
    rules = RuleSet(max_points=40)
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD, rules=rules)
    assert view_for(state, 1).round.arrangement.points == 40
    state = apply_action(state, declare("QS"), 0)
    assert state.rounds[-1].points == (0, 40)


# --------------------------------------------------------------------------------------
# Reshuffling the discard pile
# --------------------------------------------------------------------------------------


def test_an_empty_stock_at_a_turn_start_takes_the_pile_but_its_top_reshuffled_by_sha256():
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD, stock_size=0,
                     discard="2D 3D 4D 5D")
    pile = state.round.discard_pile
    state = apply_action(state, Discard(c("QS")), 0)
    rnd = state.round
    assert rnd.discard_pile == (c("QS"),) and rnd.reshuffles == 1
    assert rnd.history[-1] == HistoryEntry(None, "reshuffle", None)
    digests = [hashlib.sha256(f"{SALT}:reshuffle:1:{i}".encode()).hexdigest()
               for i in range(len(pile))]
    expected = [card for _, card in sorted(zip(digests, pile, strict=True), key=lambda p: p[0])]
    assert list(rnd.stock) == expected
    drawn = apply_action(state, DrawStock(), 1)
    assert expected[0] in drawn.round.hands[1] and drawn.round.stock == tuple(expected[1:])


def test_the_second_reshuffle_of_a_deal_uses_k_2():
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD, stock_size=0)
    state = replace(state, round=replace(state.round, reshuffles=1))
    pile = state.round.discard_pile
    state = apply_action(state, Discard(c("QS")), 0)
    digests = [hashlib.sha256(f"{SALT}:reshuffle:2:{i}".encode()).hexdigest()
               for i in range(len(pile))]
    expected = [card for _, card in sorted(zip(digests, pile, strict=True), key=lambda p: p[0])]
    assert state.round.reshuffles == 2 and list(state.round.stock) == expected
    assert sorted(card.index for card in cards_in_play(state)) == sorted(
        card.index for card in full_deck(2)
    )


def test_with_nothing_under_the_top_card_the_deal_ends_with_no_winner():
    # Unreachable in a real deal (the hands hold at most 14 cards each, so the stock and
    # the pile always share more than a dozen), so the position is made by hand.
    def emptied(state):
        return replace(state, round=replace(state.round, stock=(), discard_pile=()))

    state = emptied(position([f"{VALID} QS", COUNTED, NO_SECOND], phase=Phase.DISCARD,
                             rules=RuleSet(format="pool")))
    state = apply_action(state, Discard(c("QS")), 0)
    result = state.rounds[-1]
    assert result.outcome is Outcome.DRAW and result.winner is None
    assert result.points == (0, 0, 0) and state.awaiting_deal
    assert [h.status for h in result.hands] == [HandStatus.IN] * 3
    state = emptied(position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD))
    state = apply_action(state, Discard(c("QS")), 0)
    assert state.is_over and state.final.reason == "draw" and state.final.winner == 0


# --------------------------------------------------------------------------------------
# The formats
# --------------------------------------------------------------------------------------


def test_points_format_placement_by_the_deal_points_ties_by_seat_order_after_the_dealer():
    hands = [f"{VALID} QS", COUNTED, NO_SECOND, COUNTED_TOO]
    state = position(hands, phase=Phase.DISCARD, dealer=2)
    state = apply_action(state, declare("QS"), 0)
    assert state.final.reason == "show" and state.final.winner == 0
    assert state.rounds[-1].points == (0, 55, 80, 55)
    assert state.final.placement == (0, 3, 1, 2)  # 3 comes before 1 after dealer 2
    assert placement(state) == state.final.placement


def test_pool_players_reaching_the_pool_go_out_and_the_last_one_in_wins():
    rules = RuleSet(format="pool", pool=101)
    state = position([f"{VALID} QS", COUNTED, NO_SECOND], phase=Phase.DISCARD, rules=rules,
                     scores=(90, 50, 30))
    state = apply_action(state, declare("QS"), 0)
    assert state.scores == (90, 105, 110) and state.went_out == (None, 1, 1)
    assert state.is_over and state.final.reason == "pool"
    assert state.final.placement == (0, 1, 2)  # both out in deal 1: the lower total first

    state = position([f"{VALID} QS", COUNTED, NO_SECOND], phase=Phase.DISCARD, rules=rules,
                     scores=(90, 50, 0))
    assert state.went_out == (None, None, None)
    state = apply_action(state, declare("QS"), 0)
    assert state.went_out == (None, 1, None) and state.awaiting_deal
    state = deal_next_round(state, new_deck(random.Random(4)), SALT)
    rnd = state.round
    assert rnd.status == (SeatStatus.IN, SeatStatus.OUT, SeatStatus.IN)
    assert rnd.hands[1] == () and rnd.turn == 2 and rnd.dealer == 0
    assert len(rnd.stock) == 106 - 26 - 2
    view = view_to_json(view_for(state, 1))["round"]
    assert view["status"] == ["in", "out", "in"] and view["hand"] == []
    assert code_of(state, DrawStock(), 1) == "not_your_turn"
    assert state.scores == (90, 105, 80) and placement(state) == (2, 0, 1)
    # the dealer skips a seat that is out
    state = apply_action(state, Drop(), 2)
    assert state.rounds[-1].winner == 0 and state.awaiting_deal
    state = deal_next_round(state, new_deck(random.Random(5)), SALT)
    assert state.round.dealer == 2 and state.turn == 0


def test_deals_format_lowest_total_wins_ties_to_more_deals_won_then_seat_order():
    rules = RuleSet(format="deals", deals=2)
    state = position([f"{VALID} QS", COUNTED, COUNTED_TOO], phase=Phase.DISCARD, rules=rules,
                     scores=(55, 0, 0), number=2)
    state = apply_action(state, declare("QS"), 0)
    assert state.final.reason == "deals" and state.scores == (55, 55, 55)
    assert state.final.placement == (0, 1, 2)  # seat 0 won a deal
    state = position([f"{VALID} QS", COUNTED, COUNTED_TOO], phase=Phase.DISCARD, rules=rules,
                     scores=(56, 0, 0), number=2)
    state = apply_action(state, declare("QS"), 0)
    assert state.final.placement == (1, 2, 0)


def test_deals_format_plays_every_deal_before_it_ends():
    rules = RuleSet(format="deals", deals=3)
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD, rules=rules)
    state = apply_action(state, declare("QS"), 0)
    assert state.awaiting_deal and not state.is_over


# --------------------------------------------------------------------------------------
# Concessions and timeouts
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["concede", "timeout"])
def test_at_two_seats_a_concession_ends_the_game(reason):
    state = position([VALID, COUNTED], rules=RuleSet(format="pool"))
    over = concede(state, 0, reason)
    assert over.final.reason == reason and over.final.winner == 1
    assert over.final.placement == (1, 0) and over.left == (0,)


def test_at_three_seats_a_concession_is_a_drop_at_the_highest_cost_and_leaves_the_game():
    rules = RuleSet(format="pool", first_drop=30, middle_drop=20)
    state = position([VALID, COUNTED, NO_SECOND], rules=rules, turn=1)
    state = concede(state, 0)  # out of turn
    rnd = state.round
    assert rnd.status[0] is SeatStatus.DROPPED and rnd.penalties[0] == 30
    assert state.turn == 1 and state.left == (0,) and not state.is_over
    assert rnd.history[-1] == HistoryEntry(0, "concede", None)
    state = apply_action(state, DrawStock(), 1)
    state = concede(state, 1, "timeout")  # on its turn: the deal ends, one player left
    result = state.rounds[-1]
    assert result.outcome is Outcome.LAST_PLAYER and result.winner == 2
    assert result.points == (30, 30, 0)
    assert state.final.reason == "timeout" and state.final.placement == (2, 1, 0)


def test_a_leaver_is_not_dealt_in_again_and_is_placed_last():
    rules = RuleSet(format="deals", deals=2)
    state = position([f"{VALID} QS", COUNTED, COUNTED_TOO, NO_SECOND], phase=Phase.DISCARD,
                     rules=rules, turn=0)
    state = concede(state, 3)
    state = apply_action(state, declare("QS"), 0)
    assert state.rounds[-1].points == (0, 55, 55, 40)
    state = deal_next_round(state, new_deck(random.Random(9)), SALT)
    assert state.round.status[3] is SeatStatus.OUT and state.round.hands[3] == ()
    assert placement(state)[-1] == 3
    state = concede(state, 1)
    assert not state.is_over
    state = concede(state, 2)
    assert state.final.reason == "concede" and state.final.placement == (0, 2, 1, 3)


def test_in_points_format_a_concession_at_three_seats_is_a_drop_and_the_deal_goes_on():
    state = position([f"{VALID} QS", COUNTED, COUNTED_TOO], phase=Phase.DISCARD)
    state = concede(state, 2)
    assert not state.is_over and state.turn == 0
    state = apply_action(state, declare("QS"), 0)
    assert state.final.reason == "show" and state.rounds[-1].points == (0, 55, 40)
    assert state.final.placement == (0, 1, 2)


def test_concessions_that_cannot_be_made():
    state = position([VALID, COUNTED, NO_SECOND], rules=RuleSet(format="pool"),
                     went_out=(None, None, 1), status=[SeatStatus.IN, SeatStatus.IN,
                                                       SeatStatus.OUT],
                     number=2)
    with pytest.raises(IllegalAction) as caught:
        concede(state, 2)
    assert caught.value.code == "game_not_active"
    left = concede(position([VALID, COUNTED, NO_SECOND]), 1)
    with pytest.raises(IllegalAction) as caught:
        concede(left, 1)
    assert caught.value.code == "game_not_active"
    over = concede(position([VALID, COUNTED]), 1)
    with pytest.raises(IllegalAction):
        concede(over, 0)
    with pytest.raises(InvalidInput) as bad:
        concede(position([VALID, COUNTED]), 0, "bored")
    assert bad.value.code == "validation_error"


# --------------------------------------------------------------------------------------
# The turn timer, views, replay
# --------------------------------------------------------------------------------------


def test_the_turn_timer_draws_from_the_stock_then_discards_the_highest_card_outside_groups():
    state = position([COUNTED, VALID])
    assert timeout_action(view_for(state, 0)) == DrawStock()
    state = position([f"{COUNTED} KS", VALID], phase=Phase.DISCARD)
    assert timeout_action(view_for(state, 0)) == Discard(c("KS"))  # tens: the king highest
    state = position([f"{COUNTED} AS", VALID], phase=Phase.DISCARD)
    assert timeout_action(view_for(state, 0)) == Discard(c("AS"))
    state = position([f"{COUNTED} AS", VALID], phase=Phase.DISCARD, drawn="AS")
    assert timeout_action(view_for(state, 0)) == Discard(c("QD"))
    # a valid show in hand: the timer still only discards
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD)
    assert timeout_action(view_for(state, 0)) == Discard(c("QS"))
    with pytest.raises(IllegalAction) as caught:
        timeout_action(view_for(state, 1))
    assert caught.value.code == "not_your_turn"


def test_a_view_shows_the_own_hand_and_its_arrangement_never_another_hand_or_the_stock():
    state = position([f"{VALID} QS", COUNTED], phase=Phase.DISCARD, drawn="KH")
    view = view_to_json(view_for(state, 0))
    rnd = view["round"]
    assert set(rnd) == {"number", "dealer", "phase", "turn", "hand", "hand_sizes", "status",
                        "stock_size", "discard_pile", "wild_joker", "drawn_from_discard",
                        "arrangement", "legal_actions", "pile_history"}
    assert rnd["hand_sizes"] == [14, 13] and rnd["drawn_from_discard"] == "KH"
    assert rnd["arrangement"]["discard"] == "QS" and rnd["arrangement"]["points"] == 0
    assert rnd["legal_actions"] == [
        {"type": "discard", "cards": [t for t in sorted(set(texts(state.round.hands[0])),
                                                        key=lambda t: c(t).index) if t != "KH"]},
        {"type": "drop"},
        {"type": "declare", "valid_with": ["QS"]},
    ]
    other = view_to_json(view_for(state, 1))["round"]
    assert other["hand"] == texts(state.round.hands[1]) and other["drawn_from_discard"] is None
    assert "discard" not in other["arrangement"] and other["arrangement"]["points"] == 55
    assert other["legal_actions"] == []


def test_the_shared_fold_deals_each_deck_with_its_salt_and_applies_forfeits():
    rules = RuleSet(format="deals", deals=3)
    deals = [(texts(new_deck(random.Random(i))), f"{i:032x}") for i in range(3)]
    moves = [(1, Drop()), (2, Drop()), (2, Drop()), (0, Forfeit("timeout"))]
    state = new_game(rules, 3, *deals[0])
    states = list(fold(INDIAN_RULES, state, moves, deals[1:]))
    assert states[1].rounds[-1].winner == 0
    assert states[1].round.number == 2 and states[1].round.salt == deals[1][1]
    assert states[1].round.dealer == 1 and states[1].turn == 2
    final = states[-1]
    assert final.left == (0,) and final.rounds[-1].winner == 1
    assert final.rounds[-1].points == (40, 0, 20)
    assert final.round.number == 3 and final.round.status[0] is SeatStatus.OUT
