"""Rummy 500's refusals through the API (docs/games/rummy500.md#error-codes): each is its
status and code, with a detail, and changes nothing; the picked card's duty and its
lifting; another game's form of ``draw_discard`` sent to a Rummy table."""

from __future__ import annotations

import pytest

from tests.games.melding.play import create, played, refused
from tests.games.rummy500.helpers import SEVENS_DECK as DECK

pytestmark = pytest.mark.django_db(transaction=True)



def test_the_open_piles_refusals_and_the_picked_cards_duty(people_table):
    table = people_table(seats=2, rules={"top_card_free": False}, decks=[DECK])
    ann, bob = table["clients"][0], table["clients"][1]
    view = played(table, bob, {"type": "draw_stock"})
    assert view["round"]["hand"][0] == "2S"
    view = played(table, bob, {"type": "discard", "card": "2S"})
    assert view["round"]["discard_pile"] == ["7H", "2S"]

    refused(table, ann, {"type": "draw_discard", "card": "5S"}, 422, "card_not_in_pile")
    # the top card is not free: 2S would be owed, and nothing goes with it
    refused(table, ann, {"type": "draw_discard"}, 422, "cannot_use_picked_card")
    refused(table, bob, {"type": "draw_stock"}, 409, "not_your_turn")

    view = played(table, ann, {"type": "draw_discard", "card": "7H"})
    assert view["round"]["picked_card"] == "7H" and view["round"]["discard_pile"] == []
    legal = {e["type"]: e for e in view["round"]["legal_actions"]}
    assert legal["discard"]["cards"] == [] and "meld" in legal
    refused(table, ann, {"type": "discard", "card": "KD"}, 422, "picked_card_must_be_played")
    refused(
        table, ann, {"type": "meld", "melds": [["2D", "3D", "4D"]]}, 422,
        "picked_card_must_be_played",
    )
    refused(table, ann, {"type": "meld", "melds": [["7S", "7H", "9D"]]}, 422, "invalid_melds")
    view = played(table, ann, {"type": "meld", "melds": [["7S", "7D", "7H"]]})
    assert view["round"]["picked_card"] is None
    assert view["round"]["table"] == [
        {"id": 0, "owner": 0, "kind": "set", "cards": ["7S", "7D", "7H"], "laid_by": [0, 0, 0],
         "rank": "7"}
    ]
    assert view["round"]["table_points"] == [21, 0]
    refused(table, ann, {"type": "layoff", "card": "KD", "meld": 0}, 422, "invalid_layoff")
    refused(table, ann, {"type": "layoff", "card": "7C", "meld": 0}, 422, "card_not_in_hand")
    view = played(table, ann, {"type": "discard", "card": "KD"})
    # bob lays off on ann's meld: the card scores for bob
    played(table, bob, {"type": "draw_stock"})
    view = played(table, bob, {"type": "layoff", "card": "7C", "meld": 0})
    assert view["round"]["table"][0]["laid_by"] == [0, 0, 0, 1]
    assert view["round"]["table_points"] == [21, 7]


def test_a_draw_naming_a_card_is_another_games_form_at_a_rummy_table(make_user, client_for):
    client = client_for(make_user())
    game = create(client, variant="rummy", opponent="human", seats=2).json()
    body = {"type": "draw_discard", "card": "7H"}
    table = {"id": game["id"], "clients": {0: client}}
    client_for(make_user()).post("/api/v1/games/join", {"code": game["invite_code"]},
                                 format="json")
    error = refused(table, client, body, 422, "action_not_in_game")
    assert "rummy500" in error["detail"]
    # a key no game takes is still the body's fault
    refused(table, client, {"type": "draw_discard", "cards": "7H"}, 400, "validation_error")


def test_rules_and_tables_are_checked_when_the_table_is_made(make_user, client_for):
    client = client_for(make_user())
    for rules, field in (({"jokers": 1}, "rules"), ({"target": 50}, "rules"),
                         ({"top_card_free": 1}, "rules"), ({"deuces": 2}, "rules")):
        response = create(client, variant="rummy500", opponent="computer", rules=rules)
        assert response.status_code == 400 and response.json()["code"] == "validation_error"
        assert field in {k.split(".")[0] for k in response.json()["fields"]}
    response = create(
        client, variant="rummy500", opponent="human", seats=4, rules={"hand_size": 13}
    )
    assert response.status_code == 422 and response.json()["code"] == "rules_not_for_table"
    response = create(client, variant="rummy500", opponent="computer", computers=4)
    assert response.status_code == 400
