"""Rummy (docs/games/rummy.md) through the games app: the variant, a whole game against the
computer, the view's keys, the move log's hidden cards, and replays."""

from __future__ import annotations

import random

import pytest

from games.dealing import dealt
from games.models import Game, GameResult, GameRound, Move
from games.replay import replay_game
from games.variants import MAX_SEATS, variant_for
from tests.games.rummy.helpers import play_rummy_to_end

pytestmark = pytest.mark.django_db(transaction=True)

ROUND_KEYS = {
    "number", "dealer", "phase", "turn", "hand", "hand_sizes", "stock_size", "discard_pile",
    "drawn_from_discard", "came_out", "table", "deck_commitment", "turn_deadline",
    "legal_actions", "pile_history",
}


def test_rummy_is_registered_with_four_seats_at_most():
    assert variant_for("rummy").max_seats == 4
    assert MAX_SEATS == 6  # the largest table of any game: Indian Rummy's


def test_a_rummy_game_against_three_computers_is_played_to_the_end(auth_client, user):
    rules = {"rounds": 1, "hand_size": 7}
    # A fixed deal: on a random one a computer may go out before seat 0 first acts.
    deck = variant_for("rummy").rules.new_deck(random.Random(3), rules)
    with dealt([deck]):
        response = auth_client.post(
            "/api/v1/games",
            {
                "variant": "rummy",
                "opponent": "computer",
                "difficulty": "easy",
                "computers": 3,
                "rules": rules,
            },
            format="json",
        )
    assert response.status_code == 201, response.json()
    view = response.json()
    assert view["status"] == "active"
    assert view["you"] == 0
    assert [p["computer"] for p in view["players"]] == [None, "easy", "easy", "easy"]
    assert set(view["round"]) == ROUND_KEYS
    assert view["round"]["dealer"] == 0
    assert len(view["round"]["hand_sizes"]) == 4
    assert view["rules"]["jokers"] == 6
    final = play_rummy_to_end({0: auth_client}, view["id"])
    assert final["status"] == "finished"
    assert set(final["final"]) >= {"winner", "reason", "totals", "placement"}
    assert final["final"]["reason"] == "rounds"
    assert sorted(final["final"]["placement"]) == [0, 1, 2, 3]
    assert set(final["rounds"][0]) >= {"outcome", "points", "hands", "deck", "salt"}
    game = Game.objects.get(pk=view["id"])
    deal = GameRound.objects.get(game=game, number=1)
    assert len(deal.deck) == 110
    assert replay_game(game) is None
    result = GameResult.objects.get(game=game, user=user)
    assert result.variant == "rummy"
    assert result.placement == final["final"]["placement"].index(0) + 1
    # every computer's stock draw is hidden from seat 0 until the end; then shown
    assert Move.objects.filter(game=game, seat=1, action__type="draw_stock").exists()


@pytest.mark.parametrize(
    ("variant", "body"),
    [
        ("gin", {"type": "meld", "melds": [["AS", "2S", "3S"]]}),
        ("gin", {"type": "swap_joker", "card": "2C", "meld": 0}),
        ("rummy", {"type": "knock", "card": "2C"}),
        ("rummy", {"type": "pass"}),
    ],
)
def test_an_action_of_the_other_game_is_a_422_and_changes_nothing(auth_client, variant, body):
    view = auth_client.post(
        "/api/v1/games", {"variant": variant, "opponent": "computer"}, format="json"
    ).json()
    response = auth_client.post(f"/api/v1/games/{view['id']}/actions", body, format="json")
    assert response.status_code == 422
    assert response.json()["code"] == "action_not_in_game"
    assert Game.objects.get(pk=view["id"]).version == view["version"]


def test_the_move_log_hides_other_seats_stock_draws_until_the_end(auth_client):
    view = auth_client.post(
        "/api/v1/games",
        {"variant": "rummy", "opponent": "computer", "computers": 2, "difficulty": "easy",
         "rules": {"rounds": 1, "hand_size": 7}},
        format="json",
    ).json()
    game_id = view["id"]
    auth_client.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"}, format="json")
    moves = auth_client.get(f"/api/v1/games/{game_id}/moves?page_size=100").json()["results"]
    others = [m for m in moves if m["seat"] != 0 and m["action"]["type"] == "draw_stock"]
    mine = [m for m in moves if m["seat"] == 0 and m["action"]["type"] == "draw_stock"]
    assert others and all("card" not in m["action"] for m in others)
    assert mine and all("card" in m["action"] for m in mine)
    for m in moves:
        if m["action"]["type"] == "draw_discard":
            assert "card" in m["action"]
    final = play_rummy_to_end({0: auth_client}, game_id)
    assert final["status"] == "finished"
    moves = auth_client.get(f"/api/v1/games/{game_id}/moves?page_size=100").json()["results"]
    draws = [m for m in moves if m["action"]["type"] == "draw_stock"]
    assert draws and all(len(m["action"]["card"]) == 2 for m in draws)
