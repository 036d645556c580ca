"""Going out and scoring through the API, from chosen decks: hand rummy doubles a round,
going out after coming out does not, and the game ends after ``rounds`` rounds."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from tests.games.rummy.helpers import act, deals, rummy_deck, view_of

pytestmark = pytest.mark.django_db

RULES = {"rounds": 2, "hand_size": 7, "jokers": 0}
MELDER = "TH JH QH KH 7S 7D 7C"
HOLDER = "AS 3S 5S 8D 6S JD 2C"  # 11 + 3 + 5 + 8 + 6 + 10 + 2 = 45
ROUND_1 = rummy_deck(MELDER, HOLDER, upcard="2D", stock="9C", jokers=0)
MELDER_2 = "TH JH QH KH 7S 7D 9C"
ROUND_2 = rummy_deck(MELDER_2, HOLDER, upcard="2D", stock="7C 4S 7H", jokers=0)


def play(client, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
    version = Game.objects.get(pk=game_id).version
    response = act(client, game_id, {**body, "expected_version": version})
    assert response.status_code == 200, (body, response.json())
    return response.json()


def test_hand_rummy_then_going_out_over_two_rounds(people_table):
    table = people_table(seats=2, rules=RULES, decks=[ROUND_1])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]

    # Round 1: bob (seat 1) comes out and goes out in his first turn: hand rummy, doubled.
    play(bob, game_id, {"type": "draw_stock"})
    view = play(
        bob,
        game_id,
        {"type": "meld", "melds": [["TH", "JH", "QH", "KH"], ["7S", "7D", "7C"]]},
    )
    assert view["round"]["hand"] == ["9C"]
    assert view["round"]["legal_actions"] == [{"type": "discard", "cards": ["9C"]}]
    with deals([ROUND_2]):
        view = play(bob, game_id, {"type": "discard", "card": "9C"})
    assert view["status"] == "active"
    (result,) = view["rounds"]
    assert result["number"] == 1 and result["dealer"] == 0
    assert result["outcome"] == "hand_rummy" and result["winner"] == 1
    assert result["points"] == [-90, 90] and result["scores_after"] == [-90, 90]
    assert result["hands"][0]["value"] == 45
    assert result["hands"][1] == {"seat": 1, "cards": [], "value": 0}
    assert sorted(result["hands"][0]["cards"]) == sorted(HOLDER.split())
    assert result["deck"] == ROUND_1
    assert view["scores"] == [-90, 90]

    # Round 2: the dealer moved to seat 1, so ann plays first, dealt the melder's hand.
    rnd = view_of(ann, game_id)["round"]
    assert rnd["number"] == 2 and rnd["dealer"] == 1 and rnd["turn"] == 0
    assert sorted(rnd["hand"]) == sorted(MELDER_2.split())
    assert rnd["came_out"] == [False, False] and rnd["table"] == []
    play(ann, game_id, {"type": "draw_stock"})
    play(ann, game_id, {"type": "meld", "melds": [["TH", "JH", "QH", "KH"]]})
    play(ann, game_id, {"type": "discard", "card": "9C"})
    play(bob, game_id, {"type": "draw_stock"})
    play(bob, game_id, {"type": "discard", "card": "4S"})
    play(ann, game_id, {"type": "draw_stock"})
    play(ann, game_id, {"type": "meld", "melds": [["7S", "7D", "7C"]]})
    view = play(ann, game_id, {"type": "discard", "card": "7H"})

    assert view["status"] == "finished" and view["round"] is None
    result = view["rounds"][1]
    assert result["outcome"] == "out" and result["winner"] == 0  # came out a turn before
    assert result["points"] == [45, -45] and result["scores_after"] == [-45, 45]
    assert result["hands"][0] == {"seat": 0, "cards": [], "value": 0}
    assert result["hands"][1]["value"] == 45
    assert view["final"]["reason"] == "rounds"
    assert view["final"]["winner"] == 1 and view["final"]["placement"] == [1, 0]
    assert view["final"]["totals"] == [-45, 45] == view["scores"]


def test_the_card_taken_from_the_discard_pile_may_go_out_as_the_last_card(people_table):
    deck = rummy_deck(
        "JH QH KH 7S 7D TH 2C", "AS 3S 5S 8D 6S JD 5D", upcard="2D", stock="7C 4S", jokers=0
    )
    table = people_table(seats=2, rules={"rounds": 1, "hand_size": 7, "jokers": 0}, decks=[deck])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    play(bob, game_id, {"type": "draw_stock"})
    play(bob, game_id, {"type": "meld", "melds": [["JH", "QH", "KH"], ["7S", "7D", "7C"]]})
    play(bob, game_id, {"type": "discard", "card": "2C"})
    play(ann, game_id, {"type": "draw_stock"})
    play(ann, game_id, {"type": "discard", "card": "5D"})
    view = play(bob, game_id, {"type": "draw_discard"})
    assert view["round"]["hand"] == ["TH", "5D"]
    assert {"type": "discard", "cards": ["TH"]} in view["round"]["legal_actions"]
    refusal = act(bob, game_id, {"type": "discard", "card": "5D"})
    assert refusal.status_code == 422
    assert refusal.json()["code"] == "cannot_discard_drawn_card"
    view = play(bob, game_id, {"type": "layoff", "card": "TH", "meld": 0})
    assert view["round"]["table"][0]["cards"] == ["TH", "JH", "QH", "KH"]
    assert view["round"]["legal_actions"] == [{"type": "discard", "cards": ["5D"]}]
    view = play(bob, game_id, {"type": "discard", "card": "5D"})
    assert view["status"] == "finished"
    (result,) = view["rounds"]
    assert result["outcome"] == "out" and result["winner"] == 1
    assert result["hands"][0]["value"] == 47  # 11 + 3 + 5 + 8 + 6 + 10 + 4
    assert result["points"] == [-47, 47] and view["final"]["placement"] == [1, 0]


def test_the_game_ends_once_a_total_reaches_the_loss_limit(people_table):
    heavy = "XX XX AS AH AD KS KH"  # 20 + 20 + 11 * 3 + 10 + 10 = 93
    deck = rummy_deck(MELDER, heavy, upcard="2D", stock="9C", jokers=2)
    rules = {"loss_limit": 100, "jokers": 2, "hand_size": 7}
    table = people_table(seats=2, rules=rules, decks=[deck])
    game_id = table["id"]
    bob = table["clients"][1]
    play(bob, game_id, {"type": "draw_stock"})
    play(bob, game_id, {"type": "meld", "melds": [["TH", "JH", "QH", "KH"], ["7S", "7D", "7C"]]})
    view = play(bob, game_id, {"type": "discard", "card": "9C"})
    assert view["status"] == "finished" and len(view["rounds"]) == 1
    assert view["rounds"][0]["outcome"] == "hand_rummy"
    assert view["rounds"][0]["points"] == [-186, 186]
    assert view["final"] == {
        **view["final"],
        "winner": 1,
        "reason": "loss_limit",
        "totals": [-186, 186],
        "placement": [1, 0],
    }


def test_hand_rummy_without_doubling_and_the_next_round_dealt(people_table):
    heavy = "XX XX AS AH AD KS KH"
    deck = rummy_deck(MELDER, heavy, upcard="2D", stock="9C", jokers=2)
    rules = {"loss_limit": 100, "jokers": 2, "hand_size": 7, "hand_rummy_doubles": False}
    table = people_table(seats=2, rules=rules, decks=[deck])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    play(bob, game_id, {"type": "draw_stock"})
    play(bob, game_id, {"type": "meld", "melds": [["TH", "JH", "QH", "KH"], ["7S", "7D", "7C"]]})
    view = play(bob, game_id, {"type": "discard", "card": "9C"})
    # 93 points, not doubled: -93 is above the loss limit, so round 2 follows at once.
    assert view["rounds"][0]["outcome"] == "hand_rummy"
    assert view["rounds"][0]["points"] == [-93, 93]
    assert view["status"] == "active" and view["final"] is None
    nxt = view_of(ann, game_id)["round"]
    assert nxt["number"] == 2 and nxt["dealer"] == 1 and nxt["turn"] == 0
    assert nxt["hand_sizes"] == [7, 7] and nxt["table"] == [] and nxt["came_out"] == [False] * 2
    assert nxt["deck_commitment"] != view["rounds"][0]["deck_commitment"]
