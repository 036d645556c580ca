"""Every error of docs/games/rummy.md through the API, at exact positions dealt from chosen decks.
An error changes nothing: both players' views (version included) read the same after."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, Move
from tests.games.melding.play import (
    assert_create_refused,
    assert_stale_version_conflicts,
    played,
    refused,
    views,
)
from tests.games.rummy.helpers import act, rummy_deck, view_of

pytestmark = pytest.mark.django_db

RULES = {"hand_size": 10, "jokers": 2}
BOB = "2H 3H 4H 5H KS KH XX 9C 9D 9S"  # seat 1: dealt first, acts first
ANN = "AS 3S 5S 8D 6S JD 2C 4C 6C 8C"  # seat 0, the dealer
DECK = rummy_deck(BOB, ANN, upcard="KC", stock="QD 7D", jokers=2)


@pytest.fixture
def table(people_table) -> dict[str, Any]:
    table = people_table(seats=2, rules=RULES, decks=[DECK])
    table["ann"], table["bob"] = table["clients"][0], table["clients"][1]
    return table


def test_the_deal_is_the_chosen_deck(table):
    bob = view_of(table["bob"], table["id"])
    assert bob["round"]["hand"] == ["9S", "KS", "2H", "3H", "4H", "5H", "KH", "9D", "9C", "XX"]
    assert bob["round"]["discard_pile"] == ["KC"]
    assert bob["round"]["turn"] == 1 and bob["round"]["phase"] == "draw"
    assert [a["type"] for a in bob["round"]["legal_actions"]] == ["draw_stock", "draw_discard"]
    assert view_of(table["ann"], table["id"])["round"]["legal_actions"] == []


def test_a_whole_turn_of_refusals_and_what_finally_applies(table):
    ann, bob = table["ann"], table["bob"]
    refused(table, ann, {"type": "draw_stock"}, 409, "not_your_turn")
    refused(table, bob, {"type": "discard", "card": "9S"}, 422, "wrong_phase")
    refused(table, bob, {"type": "meld", "melds": [["9C", "9D", "9S"]]}, 422, "wrong_phase")

    view = played(table, bob, {"type": "draw_discard"})
    assert view["round"]["drawn_from_discard"] == "KC" and view["round"]["phase"] == "play"
    assert view_of(ann, table["id"])["round"]["drawn_from_discard"] is None  # bob's to know
    discard = next(a for a in view["round"]["legal_actions"] if a["type"] == "discard")
    assert "KC" not in discard["cards"]
    refused(table, bob, {"type": "discard", "card": "KC"}, 422, "cannot_discard_drawn_card")
    refused(table, bob, {"type": "discard", "card": "AS"}, 422, "card_not_in_hand")
    refused(table, bob, {"type": "layoff", "card": "9C", "meld": 0}, 422, "not_out_yet")
    refused(table, bob, {"type": "swap_joker", "card": "KC", "meld": 0}, 422, "not_out_yet")
    # 30 (the joker is a king) + 9 = 39 < 40; and a lone set of nines is 27.
    refused(
        table,
        bob,
        {"type": "meld", "melds": [["KS", "KH", "XX"], ["2H", "3H", "4H"]]},
        422,
        "first_meld_too_small",
    )
    refused(
        table, bob, {"type": "meld", "melds": [["9C", "9D", "9S"]]}, 422, "first_meld_too_small"
    )
    refused(table, bob, {"type": "meld", "melds": [["2H", "3H", "9C"]]}, 422, "invalid_melds")
    refused(table, bob, {"type": "meld", "melds": [["AH", "2H", "3H"]]}, 422, "invalid_melds")
    refused(
        table,
        bob,
        {
            "type": "meld",
            "melds": [["2H", "3H", "4H", "5H"], ["KS", "KH", "KC", "XX"], ["9C", "9D", "9S"]],
        },
        422,
        "must_keep_discard",
    )

    view = played(
        table, bob, {"type": "meld", "melds": [["KS", "KH", "XX"], ["2H", "3H", "4H", "5H"]]}
    )
    rnd = view["round"]
    assert rnd["came_out"] == [False, True]
    assert rnd["table"] == [
        {"id": 0, "owner": 1, "kind": "set", "cards": ["KS", "KH", "XX"], "rank": "K"},
        {
            "id": 1,
            "owner": 1,
            "kind": "run",
            "cards": ["2H", "3H", "4H", "5H"],
            "stands_for": ["2H", "3H", "4H", "5H"],
        },
    ]
    assert rnd["hand"] == ["9S", "9D", "9C", "KC"]
    assert rnd["hand_sizes"] == [10, 4] and rnd["discard_pile"] == []
    assert rnd["legal_actions"] == [
        {"type": "meld"},
        {"type": "layoff", "options": [{"card": "KC", "meld": 0}]},
        {"type": "swap_joker", "options": [{"card": "KC", "meld": 0}]},
        {"type": "discard", "cards": ["9S", "9D", "9C"]},
    ]
    refused(table, bob, {"type": "layoff", "card": "9C", "meld": 1}, 422, "invalid_layoff")
    refused(table, bob, {"type": "layoff", "card": "9C", "meld": 7}, 422, "invalid_layoff")
    refused(table, bob, {"type": "swap_joker", "card": "9C", "meld": 0}, 422, "invalid_layoff")
    refused(table, bob, {"type": "swap_joker", "card": "KC", "meld": 1}, 422, "invalid_layoff")

    view = played(table, bob, {"type": "swap_joker", "card": "KC", "meld": 0})
    rnd = view["round"]
    assert rnd["table"][0]["cards"] == ["KS", "KH", "KC"]
    assert rnd["hand"] == ["9S", "9D", "9C", "XX"]
    # The joker is owed: no discard is listed until it is melded or laid off.
    assert rnd["legal_actions"] == [
        {"type": "meld"},
        {
            "type": "layoff",
            "options": [
                {"card": "XX", "meld": 0},
                {"card": "XX", "meld": 1, "end": "low"},
                {"card": "XX", "meld": 1, "end": "high"},
            ],
        },
    ]
    refused(table, bob, {"type": "discard", "card": "9C"}, 422, "joker_must_be_played")
    refused(
        table, bob, {"type": "swap_joker", "card": "9C", "meld": 0}, 422, "joker_must_be_played"
    )
    # The joker fits either end of 2H-5H, so the end must be named.
    refused(table, bob, {"type": "layoff", "card": "XX", "meld": 1}, 422, "invalid_layoff")
    refused(
        table, bob, {"type": "layoff", "card": "XX", "meld": 0, "end": "low"}, 422, "invalid_layoff"
    )

    view = played(table, bob, {"type": "layoff", "card": "xx", "meld": 1, "end": "high"})
    rnd = view["round"]
    assert rnd["table"][1]["cards"] == ["2H", "3H", "4H", "5H", "XX"]
    assert rnd["table"][1]["stands_for"] == ["2H", "3H", "4H", "5H", "6H"]
    assert rnd["legal_actions"] == [{"type": "discard", "cards": ["9S", "9D", "9C"]}]
    refused(table, bob, {"type": "meld", "melds": [["9C", "9D", "9S"]]}, 422, "must_keep_discard")
    refused(table, bob, {"type": "discard", "card": "9H"}, 422, "card_not_in_hand")

    view = played(table, bob, {"type": "discard", "card": "9c"})
    assert view["round"]["turn"] == 0 and view["round"]["phase"] == "draw"
    assert view["round"]["hand_sizes"] == [10, 2]
    assert view["round"]["discard_pile"] == ["9C"]
    refused(table, bob, {"type": "draw_stock"}, 409, "not_your_turn")


def test_a_stale_expected_version_is_a_conflict(table):
    assert_stale_version_conflicts(table, table["bob"])


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "validation_error"),
        ({"type": "draw_stock", "card": "AS"}, "validation_error"),
        ({"type": "discard"}, "validation_error"),
        ({"type": "discard", "card": "1Z"}, "invalid_card"),
        ({"type": "discard", "card": 7}, "invalid_card"),
        ({"type": "meld"}, "validation_error"),
        ({"type": "meld", "melds": []}, "validation_error"),
        ({"type": "meld", "melds": ["2H 3H 4H"]}, "validation_error"),
        ({"type": "meld", "melds": [["2H", "3H", "QQ"]]}, "invalid_card"),
        ({"type": "layoff", "card": "XX"}, "validation_error"),
        ({"type": "layoff", "card": "XX", "meld": "0"}, "validation_error"),
        ({"type": "layoff", "card": "XX", "meld": -1}, "validation_error"),
        ({"type": "layoff", "card": "XX", "meld": 0, "end": "middle"}, "validation_error"),
        ({"type": "swap_joker", "card": "YY", "meld": 0}, "invalid_card"),
        ({"type": "draw_stock", "expected_version": "one"}, "validation_error"),
    ],
)
def test_malformed_bodies_are_refused_before_the_rules(table, body, code):
    # Even from the player who is not to act: the body is read first.
    for client in (table["bob"], table["ann"]):
        refused(table, client, body, 400, code)


@pytest.mark.parametrize("body", [{"type": "knock", "card": "9C"}, {"type": "pass"}])
def test_an_action_of_gin_rummy_is_not_one_of_this_game(table, body):
    for client in (table["bob"], table["ann"]):
        refused(table, client, body, 422, "action_not_in_game")


def test_no_action_applies_once_the_game_is_over(table):
    played(table, table["bob"], {"type": "draw_stock"})
    response = table["ann"].post(f"/api/v1/games/{table['id']}/concede")
    assert response.status_code == 200, response.json()
    view = view_of(table["bob"], table["id"])
    assert view["status"] == "finished"
    assert view["final"]["reason"] == "concede"
    assert view["final"]["winner"] == 1 and view["final"]["placement"] == [1, 0]
    # A round cut short reveals its deal (fair shuffle), as a finished round does.
    revealed = [r.get("deck") for r in view["rounds"]]
    revealed.append((view["final"].get("unfinished_round") or {}).get("deck"))
    assert DECK in revealed
    refused(table, table["bob"], {"type": "discard", "card": "9C"}, 409, "game_not_active")
    refused(table, table["ann"], {"type": "draw_stock"}, 409, "game_not_active")


# --- creating and joining ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (
            {"variant": "rummy", "opponent": "computer", "difficulty": "easy", "computers": 0},
            "computers",
        ),
        (
            {"variant": "rummy", "opponent": "computer", "difficulty": "easy", "computers": 4},
            "computers",
        ),
        ({"variant": "rummy", "opponent": "computer", "difficulty": "easy", "seats": 3}, "seats"),
        ({"variant": "rummy", "opponent": "human", "seats": 1}, "seats"),
        ({"variant": "rummy", "opponent": "human", "seats": 5}, "seats"),
        (
            {
                "variant": "rummy",
                "opponent": "human",
                "seats": 2,
                "computers": 1,
                "difficulty": "easy",
            },
            "computers",
        ),
        (
            {
                "variant": "rummy",
                "opponent": "human",
                "seats": 4,
                "computers": 3,
                "difficulty": "easy",
            },
            "computers",
        ),
        ({"variant": "rummy", "opponent": "human", "seats": 3, "computers": -1}, "computers"),
        ({"variant": "rummy", "opponent": "human", "seats": 3, "computers": 1}, "difficulty"),
        ({"variant": "rummy", "opponent": "human", "seats": 4, "computers": 2}, "difficulty"),
        (
            {"variant": "gin", "opponent": "computer", "difficulty": "easy", "computers": 1},
            "computers",
        ),
        ({"opponent": "computer", "seats": 2}, "seats"),
        ({"opponent": "human", "seats": 2}, "seats"),
        ({"variant": "gin", "opponent": "human", "computers": 0}, "computers"),
        ({"variant": "poker", "opponent": "computer"}, "variant"),
        ({"variant": "RUMMY", "opponent": "computer"}, "variant"),
        ({"variant": "rummy", "opponent": "computer", "rules": {"jokers": 7}}, "rules"),
        ({"variant": "rummy", "opponent": "computer", "rules": {"knock_limit": 5}}, "rules"),
        ({"variant": "rummy", "opponent": "computer", "rules": {"hand_size": 14}}, "rules"),
        ({"variant": "gin", "opponent": "computer", "rules": {"jokers": 2}}, "rules"),
    ],
)
def test_create_refuses_out_of_range_tables(auth_client, body, field):
    assert_create_refused(auth_client, body, field)


def test_create_takes_the_documented_defaults(auth_client):
    created = auth_client.post(
        "/api/v1/games",
        {"variant": "rummy", "opponent": "computer", "difficulty": "hard"},
        format="json",
    ).json()
    assert created["status"] == "active"
    assert len(created["players"]) == 2 and created["players"][1]["computer"] == "hard"
    assert created["rules"] == {
        "jokers": 6,
        "hand_size": 13,
        "first_meld_points": 40,
        "loss_limit": 500,
        "rounds": None,
        "hand_rummy_doubles": True,
    }
    assert len(created["round"]["hand"]) == 13
    table = auth_client.post(
        "/api/v1/games", {"variant": "rummy", "opponent": "human"}, format="json"
    ).json()
    assert table["status"] == "waiting" and len(table["players"]) == 2
    assert table["scores"] == [0, 0] and table["round"] is None


def test_join_refuses_a_full_table_and_ones_own(people_table, make_user, client_for):
    table = people_table(seats=3, computers=1, difficulty="medium", rules=RULES)
    assert table["view"]["status"] == "active"
    before = view_of(table["clients"][0], table["id"])
    late = client_for(make_user())
    response = late.post("/api/v1/games/join", {"code": table["code"]}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "game_full"
    assert view_of(table["clients"][0], table["id"]) == before

    ann = client_for(make_user())
    waiting = ann.post(
        "/api/v1/games", {"variant": "rummy", "opponent": "human", "seats": 4}, format="json"
    ).json()
    response = ann.post("/api/v1/games/join", {"code": waiting["invite_code"]}, format="json")
    assert response.status_code == 409, response.json()
    assert response.json()["code"] == "cannot_join_own_game"
    after = ann.get(f"/api/v1/games/{waiting['id']}").json()
    assert after["status"] == "waiting" and after["version"] == waiting["version"]
    assert [p["user"] for p in after["players"][1:]] == [None, None, None]
    # Joining twice takes one seat, not two.
    bob = client_for(make_user())
    for _ in range(2):
        joined = bob.post("/api/v1/games/join", {"code": waiting["invite_code"]}, format="json")
        assert joined.status_code == 200 and joined.json()["you"] == 1
    seated = [p["user"] is not None for p in view_of(ann, waiting["id"])["players"]]
    assert seated == [True, True, False, False]


def test_a_retry_with_the_same_idempotency_key_applies_once(table):
    bob = table["bob"]
    first = act(bob, table["id"], {"type": "draw_stock"}, HTTP_IDEMPOTENCY_KEY="turn-1-draw")
    assert first.status_code == 200
    again = act(bob, table["id"], {"type": "draw_stock"}, HTTP_IDEMPOTENCY_KEY="turn-1-draw")
    assert again.status_code == 200 and again.content == first.content
    assert Move.objects.filter(game_id=table["id"]).count() == 1
    other = act(
        bob, table["id"], {"type": "discard", "card": "9C"}, HTTP_IDEMPOTENCY_KEY="turn-1-draw"
    )
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_a_table_is_not_found_for_those_not_seated_at_it(table, make_user, client_for):
    stranger = client_for(make_user())
    for response in (
        stranger.get(f"/api/v1/games/{table['id']}"),
        stranger.get(f"/api/v1/games/{table['id']}/moves"),
        act(stranger, table["id"], {"type": "draw_stock"}),
    ):
        assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert Game.objects.get(pk=table["id"]).version == views(table)[0]["version"]


def test_a_waiting_table_can_be_cancelled_by_its_creator_only(people_table, make_user, client_for):
    ann, bob = client_for(make_user()), client_for(make_user())
    waiting = ann.post(
        "/api/v1/games", {"variant": "rummy", "opponent": "human", "seats": 4}, format="json"
    ).json()
    joined = bob.post("/api/v1/games/join", {"code": waiting["invite_code"]}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "waiting"
    assert joined.json()["you"] == 1
    refusal = bob.post(f"/api/v1/games/{waiting['id']}/cancel")
    assert refusal.status_code == 409 and refusal.json()["code"] == "not_creator"
    assert view_of(ann, waiting["id"])["status"] == "waiting"
    assert ann.post(f"/api/v1/games/{waiting['id']}/cancel").status_code == 200
    assert view_of(bob, waiting["id"])["status"] == "abandoned"
