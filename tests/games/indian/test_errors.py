"""Every error of docs/games/indian-rummy.md through the API, at exact positions dealt from chosen
decks.
An error changes nothing: every seat's view (version included) and the move log read the
same after."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, Move
from tests.games.indian.helpers import act, indian_deck, legal_of, view_of
from tests.games.melding.play import (
    assert_create_refused,
    assert_stale_version_conflicts,
    played,
    refused,
    views,
)

pytestmark = pytest.mark.django_db

# Dealer seat 0; dealt to seat 1 (Bob) first, then seat 2 (Cleo), then seat 0 (Ann).
BOB = "AS 2S 3S 4H 5H 6H 7D 8D 9D QC QH QS 2C"
CLEO = "XX 3D 5D 7C 8C JC 4S 6S 8S TH JH KH 2H"
ANN = "AC 3C 4C 5S 7S 9S TS JS 9H 3H AH AD 4D"
WILD = "9C"  # every nine is a joker in this deal
DECK = indian_deck(BOB, CLEO, ANN, wild=WILD, upcard="KD", stock="TD 5C KS 6D")


@pytest.fixture
def table(people_table) -> dict[str, Any]:
    table = people_table(seats=3, decks=[DECK])
    table["ann"], table["bob"], table["cleo"] = (table["clients"][seat] for seat in range(3))
    return table


def test_the_deal_is_the_chosen_deck(table):
    bob = view_of(table["bob"], table["id"])
    rnd = bob["round"]
    assert sorted(rnd["hand"]) == sorted(BOB.split())
    assert rnd["wild_joker"] == {"card": "9C", "rank": "9"}
    assert rnd["discard_pile"] == ["KD"]
    assert rnd["turn"] == 1 and rnd["phase"] == "draw" and rnd["dealer"] == 0
    assert rnd["status"] == ["in", "in", "in"] and rnd["hand_sizes"] == [13, 13, 13]
    assert [a["type"] for a in rnd["legal_actions"]] == ["draw_stock", "draw_discard", "drop"]
    assert view_of(table["ann"], table["id"])["round"]["legal_actions"] == []


def test_a_whole_deal_of_refusals_and_what_finally_applies(table):
    ann, bob, cleo = table["ann"], table["bob"], table["cleo"]
    refused(table, ann, {"type": "draw_stock"}, 409, "not_your_turn")
    refused(table, cleo, {"type": "drop"}, 409, "not_your_turn")
    refused(table, bob, {"type": "discard", "card": "QC"}, 422, "wrong_phase")
    refused(table, bob, {"type": "declare", "card": "2C"}, 422, "wrong_phase")

    # The first upcard may be taken; it may then be neither discarded nor declared with.
    view = played(table, bob, {"type": "draw_discard"})
    rnd = view["round"]
    assert rnd["drawn_from_discard"] == "KD" and rnd["phase"] == "discard"
    assert rnd["discard_pile"] == [] and len(rnd["hand"]) == 14
    assert view_of(ann, table["id"])["round"]["drawn_from_discard"] is None  # bob's to know
    assert "KD" not in legal_of(view)["discard"]["cards"]
    refused(table, bob, {"type": "discard", "card": "KD"}, 422, "cannot_discard_drawn_card")
    refused(table, bob, {"type": "declare", "card": "KD"}, 422, "cannot_discard_drawn_card")
    refused(table, bob, {"type": "discard", "card": "JH"}, 422, "card_not_in_hand")
    refused(table, bob, {"type": "declare", "card": "JH"}, 422, "card_not_in_hand")
    refused(table, bob, {"type": "draw_stock"}, 422, "wrong_phase")
    refused(table, bob, {"type": "draw_discard"}, 422, "wrong_phase")
    # Groups that are not the 13 cards left after the declared card.
    short = [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D"], ["QC", "QH", "QS"]]
    refused(
        table,
        bob,
        {"type": "declare", "card": "2C", "groups": short},
        422,
        "groups_do_not_match_hand",
    )
    foreign = [*short, ["KD", "JH"]]
    refused(
        table,
        bob,
        {"type": "declare", "card": "2C", "groups": foreign},
        422,
        "groups_do_not_match_hand",
    )
    doubled = [*short, ["KD", "QC"]]
    refused(
        table,
        bob,
        {"type": "declare", "card": "2C", "groups": doubled},
        422,
        "groups_do_not_match_hand",
    )

    # A middle drop: Bob is out of the deal with 40; the pile he emptied stays empty.
    view = played(table, bob, {"type": "drop"})
    rnd = view["round"]
    assert rnd["status"] == ["in", "dropped", "in"] and rnd["hand_sizes"] == [13, 0, 13]
    assert rnd["hand"] == [] and rnd["arrangement"] is None and rnd["legal_actions"] == []
    assert rnd["turn"] == 2
    refused(table, bob, {"type": "draw_stock"}, 409, "not_your_turn")
    cleo_view = view_of(cleo, table["id"])
    assert [a["type"] for a in cleo_view["round"]["legal_actions"]] == ["draw_stock", "drop"]
    refused(table, cleo, {"type": "draw_discard"}, 422, "stock_only")

    # A printed joker on the pile may not be taken (it is not the first upcard) ...
    view = played(table, cleo, {"type": "draw_stock"})
    assert view["round"]["hand"].count("TD") == 1  # the stock's first card, hers alone
    played(table, cleo, {"type": "discard", "card": "XX"})
    ann_view = view_of(ann, table["id"])
    assert [a["type"] for a in ann_view["round"]["legal_actions"]] == ["draw_stock", "drop"]
    refused(table, ann, {"type": "draw_discard"}, 422, "cannot_take_joker")
    # ... nor a card of the wild rank.
    played(table, ann, {"type": "draw_stock"})
    played(table, ann, {"type": "discard", "card": "9S"})
    cleo_view = view_of(cleo, table["id"])
    assert cleo_view["round"]["turn"] == 2  # the dropped seat is passed over
    assert cleo_view["round"]["discard_pile"] == ["XX", "9S"]
    refused(table, cleo, {"type": "draw_discard"}, 422, "cannot_take_joker")
    view = played(table, cleo, {"type": "draw_stock"})
    assert view["round"]["phase"] == "discard"


def test_the_first_upcard_may_be_taken_even_when_it_is_a_joker(people_table):
    deck = indian_deck(BOB, CLEO, ANN, wild=WILD, upcard="9H", stock="TD")
    table = people_table(seats=3, decks=[deck])
    bob = table["clients"][1]
    view = view_of(bob, table["id"])
    assert "draw_discard" in legal_of(view)
    response = act(bob, table["id"], {"type": "draw_discard"})
    assert response.status_code == 200, response.json()
    assert response.json()["round"]["drawn_from_discard"] == "9H"


def test_a_stale_expected_version_is_a_conflict(table):
    assert_stale_version_conflicts(table, table["bob"])


def test_an_idempotency_key_applies_once_and_is_never_reused_for_another_body(table):
    bob = table["bob"]
    first = act(bob, table["id"], {"type": "draw_stock"}, HTTP_IDEMPOTENCY_KEY="draw-1")
    assert first.status_code == 200, first.json()
    again = act(bob, table["id"], {"type": "draw_stock"}, HTTP_IDEMPOTENCY_KEY="draw-1")
    assert again.status_code == 200 and again.json() == first.json()
    assert Move.objects.filter(game_id=table["id"]).count() == 1
    refused(
        table,
        bob,
        {"type": "discard", "card": "2C"},
        422,
        "idempotency_key_reused",
        HTTP_IDEMPOTENCY_KEY="draw-1",
    )


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "validation_error"),
        ({"type": "fold"}, "validation_error"),
        ({"type": "draw_stock", "card": "AS"}, "validation_error"),
        ({"type": "discard"}, "validation_error"),
        ({"type": "declare"}, "validation_error"),
        ({"type": "discard", "card": "1Z"}, "invalid_card"),
        ({"type": "discard", "card": 7}, "invalid_card"),
        ({"type": "declare", "card": "JOKER"}, "invalid_card"),
        ({"type": "declare", "card": "2C", "groups": "AS 2S 3S"}, "validation_error"),
        ({"type": "declare", "card": "2C", "groups": [[]]}, "validation_error"),
        ({"type": "declare", "card": "2C", "groups": [["AS", "2S", "ZZ"]]}, "invalid_card"),
        ({"type": "drop", "card": "2C"}, "validation_error"),
        ({"type": "draw_stock", "expected_version": "one"}, "validation_error"),
    ],
)
def test_malformed_bodies_are_refused_before_the_rules(table, body, code):
    # Even from the players who are not to act: the body is read first.
    for client in (table["bob"], table["ann"]):
        refused(table, client, body, 400, code)


@pytest.mark.parametrize(
    "body",
    [{"type": "knock", "card": "2C"}, {"type": "pass"}, {"type": "meld", "melds": [["AS"]]}],
)
def test_an_action_of_another_game_is_not_one_of_this_game(table, body):
    for client in (table["bob"], table["ann"]):
        refused(table, client, body, 422, "action_not_in_game")


def test_no_action_applies_once_the_game_is_over(people_table):
    deck = indian_deck(BOB, ANN, wild=WILD, upcard="KD")
    table = people_table(seats=2, decks=[deck])
    table["ann"], table["bob"] = table["clients"][0], table["clients"][1]
    played(table, table["bob"], {"type": "draw_stock"})
    played(table, table["bob"], {"type": "discard", "card": "2C"})
    response = table["ann"].post(f"/api/v1/games/{table['id']}/concede")
    assert response.status_code == 200, response.json()
    view = view_of(table["bob"], table["id"])
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "concede"
    assert view["final"]["winner"] == 1 and view["final"]["placement"] == [1, 0]
    # A deal cut short reveals its deck (fair shuffle), as a finished deal does.
    assert view["final"]["unfinished_round"]["deck"] == deck
    refused(table, table["bob"], {"type": "discard", "card": "2C"}, 409, "game_not_active")
    refused(table, table["ann"], {"type": "draw_stock"}, 409, "game_not_active")
    before = views(table)
    again = table["bob"].post(f"/api/v1/games/{table['id']}/concede")
    assert again.status_code == 409 and again.json()["code"] == "game_not_active"
    assert views(table) == before


# --- creating and joining ---------------------------------------------------------------


def indian(**body: Any) -> dict[str, Any]:
    return {"variant": "indian", **body}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (indian(opponent="computer", difficulty="easy", computers=0), "computers"),
        (indian(opponent="computer", difficulty="easy", computers=6), "computers"),
        (indian(opponent="computer", difficulty="easy", seats=3), "seats"),
        (indian(opponent="human", seats=1), "seats"),
        (indian(opponent="human", seats=7), "seats"),
        (indian(opponent="human", seats=6, computers=5, difficulty="easy"), "computers"),
        (indian(opponent="human", seats=2, computers=1, difficulty="easy"), "computers"),
        (indian(opponent="human", seats=4, computers=2), "difficulty"),
        (indian(opponent="computer", turn_seconds=60), "turn_seconds"),
        (indian(opponent="computer", rules={"format": "rubber"}), "rules"),
        (indian(opponent="computer", rules={"format": "pool", "pool": 150}), "rules"),
        (indian(opponent="computer", rules={"format": "deals", "deals": 4}), "rules"),
        (indian(opponent="computer", rules={"decks": 3}), "rules"),
        (indian(opponent="computer", rules={"max_points": 39}), "rules"),
        (indian(opponent="computer", rules={"max_points": 161}), "rules"),
        (indian(opponent="computer", rules={"wrong_show": -1}), "rules"),
        (indian(opponent="computer", rules={"first_drop": None}), "rules"),
        (indian(opponent="computer", rules={"jokers": 2}), "rules"),
        (indian(opponent="computer", rules={"knock_limit": 5}), "rules"),
        (indian(opponent="computer", rules=[]), "rules"),
        (indian(opponent="human", seats="six"), "seats"),
    ],
)
def test_create_refuses_out_of_range_tables(auth_client, body, field):
    assert_create_refused(auth_client, body, field)


@pytest.mark.parametrize(
    "body",
    [
        indian(opponent="computer", computers=2, rules={"decks": 1}),
        indian(opponent="human", seats=3, rules={"decks": 1}),
        indian(opponent="human", seats=6, computers=4, difficulty="easy", rules={"decks": 1}),
    ],
)
def test_one_deck_is_refused_at_a_table_of_more_than_two_when_it_is_created(auth_client, body):
    # Each option is valid on its own (one deck at a table of two): the table is refused
    # at once, never when its last player joins.
    response = auth_client.post("/api/v1/games", body, format="json")
    assert response.status_code == 422, response.json()
    error = response.json()
    assert error["code"] == "rules_not_for_table"
    assert set(error["fields"]) == {"rules.decks"}
    assert not Game.objects.exists()
    two = auth_client.post(
        "/api/v1/games", indian(opponent="human", seats=2, rules={"decks": 1}), format="json"
    )
    assert two.status_code == 201 and two.json()["rules"]["decks"] == 1


def test_create_takes_the_documented_defaults(auth_client):
    created = auth_client.post(
        "/api/v1/games", indian(opponent="computer", difficulty="hard"), format="json"
    ).json()
    assert created["status"] == "active" and created["variant"] == "indian"
    assert len(created["players"]) == 2 and created["players"][1]["computer"] == "hard"
    assert created["rules"] == {
        "format": "points",
        "pool": 101,
        "deals": 2,
        "decks": 2,
        "max_points": 80,
        "first_drop": 20,
        "middle_drop": 40,
        "wrong_show": 80,
    }
    assert created["round"]["hand_sizes"][0] == 13 and created["round"]["dealer"] == 0
    pool = auth_client.post(
        "/api/v1/games",
        indian(opponent="computer", rules={"format": "pool", "pool": 201}),
        format="json",
    ).json()
    assert pool["rules"]["first_drop"] == 25 and pool["rules"]["middle_drop"] == 50
    one_deck = auth_client.post(
        "/api/v1/games", indian(opponent="computer", rules={"decks": 1}), format="json"
    ).json()
    rnd = one_deck["round"]
    in_play = sum(rnd["hand_sizes"]) + rnd["stock_size"] + len(rnd["discard_pile"]) + 1
    assert one_deck["rules"]["decks"] == 1 and in_play == 53
    table = auth_client.post("/api/v1/games", indian(opponent="human"), format="json").json()
    assert table["status"] == "waiting" and len(table["players"]) == 2
    assert table["scores"] == [0, 0] and table["round"] is None
    six = auth_client.post(
        "/api/v1/games",
        indian(opponent="human", seats=6, computers=4, difficulty="medium"),
        format="json",
    ).json()
    assert six["status"] == "waiting" and len(six["players"]) == 6
    assert [p["computer"] for p in six["players"]] == [None, None] + ["medium"] * 4


def test_join_refuses_a_full_table_and_ones_own(people_table, make_user, client_for):
    table = people_table(seats=3, computers=1, difficulty="medium")
    assert table["view"]["status"] == "active"
    before = view_of(table["clients"][0], table["id"])
    late = client_for(make_user())
    response = late.post("/api/v1/games/join", {"code": table["code"]}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "game_full"
    assert view_of(table["clients"][0], table["id"]) == before


def test_a_table_is_not_found_for_those_not_seated_at_it(table, make_user, client_for):
    stranger = client_for(make_user())
    before = views(table)
    for response in (
        stranger.get(f"/api/v1/games/{table['id']}"),
        act(stranger, table["id"], {"type": "draw_stock"}),
        stranger.get(f"/api/v1/games/{table['id']}/moves"),
        stranger.post(f"/api/v1/games/{table['id']}/concede"),
    ):
        assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert views(table) == before
