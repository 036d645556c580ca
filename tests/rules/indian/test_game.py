"""Indian Rummy behind the one interface every game implements (``INDIAN_RULES``): what its
own rules make different from the other games'; the properties every game shares are
checked for it in ``tests/rules/common``."""

from __future__ import annotations

import json
import random

import pytest

from games.rules.common.errors import ValidationError, http_status
from games.rules.common.game import GameOutcome
from games.rules.indian import (
    ERRORS,
    INDIAN_RULES,
    OPTIONS,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    IndianErrorCode,
    Phase,
    RuleSet,
    SeatStatus,
    apply_action,
    new_deck,
)
from games.rules.indian.game import UNSALTED
from tests.rules.indian.helpers import SALT, c, position

VALID = "AS 2S 3S 4H 5H 6H 7H 7D 8D 9S KC KD KH"
COUNTED = "2C 3C 4C 5D 6D 7D TS TH QC QD 5S 8H 2H"
COUNTED_TOO = "5C 6C 7C JS QS KS AH KH 6S 8D JD 4D 7H"


def deal(seats: int = 3, dealer: int = 0, rules: object = None, salt: str = SALT):
    settings = INDIAN_RULES.rules_from_json(rules)
    deck = INDIAN_RULES.new_deck(random.Random(seats), settings)
    return INDIAN_RULES.new_game(settings, seats=seats, dealer=dealer, deck=deck, salt=salt)


def test_round_one_is_dealt_by_seat_zero_whatever_the_shuffler_drew():
    state = deal(seats=4, dealer=3)
    progress = INDIAN_RULES.progress(state)
    assert (progress.dealer, progress.turn, progress.round_number) == (0, 1, 1)


def test_pool_201_keeps_its_own_drop_costs_when_read_from_a_request():
    assert INDIAN_RULES.rules_from_json({"format": "pool", "pool": 201}) == {
        "format": "pool", "pool": 201, "deals": 2, "decks": 2, "max_points": 80,
        "first_drop": 25, "middle_drop": 50, "wrong_show": 80,
    }
    chosen = INDIAN_RULES.rules_from_json({"format": "pool", "pool": 201, "first_drop": 30})
    assert (chosen["first_drop"], chosen["middle_drop"]) == (30, 50)
    assert INDIAN_RULES.rules_from_json(None) == {o.name: o.default for o in OPTIONS}
    state = deal(rules={"format": "pool", "pool": 201})
    assert (state.rules.first_drop, state.rules.middle_drop) == (25, 50)


@pytest.mark.parametrize("option", OPTIONS, ids=lambda option: option.name)
def test_each_option_the_schema_describes_is_what_the_rule_set_accepts(option):
    schema = INDIAN_RULES.schemas[INDIAN_RULES.schemas.rules]["properties"][option.name]
    if option.choices:
        assert schema["enum"] == list(option.choices)
        accepted = list(option.choices)
        refused: list[object] = [option.choices[-1] * 2 if option.name != "format" else "x"]
    else:
        assert (schema["minimum"], schema["maximum"]) == (option.low, option.high)
        assert option.low is not None and option.high is not None
        accepted = [option.low, option.high]
        refused = [option.low - 1, option.high + 1, float(option.low)]
    refused.append(True)
    for value in accepted:
        assert RuleSet.from_dict({option.name: value}).to_dict()[option.name] == value
    for value in refused:
        with pytest.raises(ValidationError) as caught:
            INDIAN_RULES.rules_from_json({option.name: value})
        assert set(caught.value.fields) == {option.name}


def test_an_unsalted_deal_takes_a_fixed_salt_and_a_salted_one_keeps_its_own():
    assert deal(salt="").round.salt == UNSALTED
    state = deal(rules={"format": "deals"}, salt="")
    state = INDIAN_RULES.concede(state, 1, "concede")  # drops seat 1 from the deal
    state = apply_action(state, DrawStock(), 2)
    state = apply_action(state, Declare(state.round.hands[2][0]), 2)  # a wrong show
    assert INDIAN_RULES.progress(state).awaiting_deal
    deck = INDIAN_RULES.new_deck(random.Random(9), INDIAN_RULES.rules_from_json(None))
    again = INDIAN_RULES.deal_next_round(state, deck, "feed" * 8)
    assert again.round.salt == "feed" * 8 and again.round.number == 2


def test_the_drawn_card_is_the_stocks_top_or_the_piles_and_only_the_piles_is_public():
    state = position([VALID, COUNTED], discard="8C", turn=0)
    after = apply_action(state, DrawStock(), 0)
    assert INDIAN_RULES.drawn_card(state, DrawStock(), after) == str(state.round.stock[0])
    taken = apply_action(state, DrawDiscard(), 0)
    assert INDIAN_RULES.drawn_card(state, DrawDiscard(), taken) == "8C"
    card = after.round.hands[0][0]
    thrown = apply_action(after, Discard(card), 0)
    assert INDIAN_RULES.drawn_card(after, Discard(card), thrown) == ""
    assert INDIAN_RULES.card_is_public({"type": "draw_discard", "card": "8C"})
    assert not INDIAN_RULES.card_is_public({"type": "draw_stock", "card": "8C"})


def test_a_valid_show_settles_the_game_with_its_placement_and_the_winners_takings():
    state = position([f"{VALID} QS", COUNTED, COUNTED_TOO], phase=Phase.DISCARD, turn=0)
    state = apply_action(state, Declare(c("QS")), 0)
    assert INDIAN_RULES.progress(state).is_over
    outcome = INDIAN_RULES.outcome(state)
    assert isinstance(outcome, GameOutcome)
    points = state.rounds[0].points
    assert (outcome.winner, outcome.reason, outcome.hands) == (0, "show", 1)
    assert outcome.placement == INDIAN_RULES.standings(state) == state.final.placement
    assert outcome.placement[0] == 0
    winner, *others = outcome.seats
    assert (winner.hands_won, winner.hand_points, winner.total) == (1, sum(points), 0)
    assert [(o.hands_won, o.hand_points, o.total) for o in others] == [
        (0, 0, points[1]), (0, 0, points[2])
    ]


def test_a_seat_that_concedes_at_a_table_of_three_leaves_and_its_person_sees_no_hand():
    state = deal(seats=3)
    state = INDIAN_RULES.concede(state, 2, "timeout")
    assert INDIAN_RULES.has_left(state, 2) and not INDIAN_RULES.has_left(state, 1)
    assert state.round.status[2] is SeatStatus.DROPPED
    person = INDIAN_RULES.view_to_json(INDIAN_RULES.view_for_person(state, 2))["round"]
    assert person["hand"] == [] and person["legal_actions"] == []
    assert person["hand_sizes"][2] == 0
    assert INDIAN_RULES.standings(state)[-1] == 2


def test_a_concession_at_a_table_of_two_ends_the_game():
    state = INDIAN_RULES.concede(deal(seats=2), 1, "concede")
    outcome = INDIAN_RULES.outcome(state)
    assert (outcome.winner, outcome.reason, outcome.placement) == (0, "concede", (0, 1))
    assert INDIAN_RULES.progress(state).is_over


def test_an_action_body_takes_the_other_games_melds_key_only_as_null():
    assert INDIAN_RULES.action_from_json({"type": "discard", "card": "7h", "melds": None}) == (
        Discard(c("7H"))
    )
    assert INDIAN_RULES.action_from_json({"type": "draw_stock", "card": None, "melds": None}) == (
        DrawStock()
    )
    with pytest.raises(ValidationError) as caught:
        INDIAN_RULES.action_from_json({"type": "discard", "card": "7H", "melds": []})
    assert set(caught.value.fields) == {"melds"}


def test_its_errors_are_listed_shared_first_then_its_own():
    codes = [str(cls.code) for cls in ERRORS]
    assert codes == [
        "invalid_card", "validation_error", "not_your_turn", "game_not_active",
        "wrong_phase", "card_not_in_hand", "cannot_discard_drawn_card", "stock_only",
        "cannot_take_joker", "groups_do_not_match_hand",
    ]
    assert INDIAN_RULES.error_codes is IndianErrorCode
    assert [http_status(cls) for cls in ERRORS] == [400, 400, 409, 409] + [422] * 6


def _public_pile_record(rules, state, log):
    """The pile record as the table saw it: the card on top when a seat took it, the card
    a discard body named."""
    return [
        {"seat": seat, "action": body["type"], "card": body["card"] if body["type"] ==
         "discard" else top}
        for seat, body, top in log
        if body["type"] in ("draw_discard", "discard")
    ]


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_the_pile_record_is_what_the_table_saw_of_the_pile_and_nothing_hidden(seats):
    rules = INDIAN_RULES
    rng = random.Random(seats)
    settings = rules.rules_from_json({"format": "deals", "deals": 3})
    state = rules.new_game(settings, seats=seats, dealer=0, deck=new_deck(rng), salt=SALT)
    log: list[tuple[int, dict, str | None]] = []  # this deal's public moves
    number = 1
    checked = 0
    for _ in range(1500):
        progress = rules.progress(state)
        if progress.is_over:
            break
        if progress.awaiting_deal:
            state = rules.deal_next_round(state, new_deck(rng), SALT)
            log, number = [], number + 1
            continue
        seat = progress.turn
        views = [rules.view_to_json(rules.view_for(state, s)) for s in range(seats)]
        expected = _public_pile_record(rules, state, log)
        for s, view in enumerate(views):
            record = view["round"]["pile_history"]
            assert record == expected, (s, record, expected)
            assert all(set(entry) == {"seat", "action", "card"} for entry in record)
            checked += 1
        view = views[seat]
        top = (view["round"]["discard_pile"] or [None])[-1]
        entries = {e["type"]: e for e in view["round"]["legal_actions"]}
        if "draw_stock" in entries:
            body = {"type": "draw_discard" if "draw_discard" in entries and
                    rng.random() < 0.4 else "draw_stock"}
        elif entries["declare"]["valid_with"]:
            body = {"type": "declare", "card": entries["declare"]["valid_with"][0]}
        else:
            body = {"type": "discard", "card": rng.choice(entries["discard"]["cards"])}
        log.append((seat, body, top))
        state = rules.apply_action(state, rules.action_from_json(body), seat)
        if body["type"] == "declare":  # the face-down card never shows in the record
            record = rules.view_to_json(rules.view_for(state, seat))
            if record["round"] is not None:
                assert all(e["action"] != "declare" for e in record["round"]["pile_history"])
    assert checked > 100
    assert json.dumps(rules.state_to_json(state))  # the game ends in a storable state
