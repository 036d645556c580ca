"""A game that ends before each player has made a move is aborted: it stays in both
players' games (``final.aborted``), but is unrated, off the boards and out of the stats."""

from __future__ import annotations

import pytest

from games.models import Game, GameResult
from leaderboards.models import PlayerRating, RatedGame
from tests.fairplay.helpers import play_draws
from tests.games.helpers import act

pytestmark = pytest.mark.django_db(transaction=True)


def view(client, game_id: str) -> dict:
    return client.get(f"/api/v1/games/{game_id}").json()


def concede(client, game_id: str) -> dict:
    response = client.post(f"/api/v1/games/{game_id}/concede")
    assert response.status_code == 200, response.content
    return response.json()


def board_entry(client) -> dict | None:
    return client.get("/api/v1/leaderboards/weekly?category=humans").json()["me"]


def test_instant_concessions_cannot_farm_rating_or_standings(human_game):
    games = [human_game() for _ in range(3)]
    for game in games:
        final = concede(game["clients"][1], game["id"])["final"]
        assert final["winner"] == 0 and final["reason"] == "concede"
        assert final["aborted"] is True
    winner_client = games[0]["clients"][0]
    # Each winner is a fresh account: no rating moved, no board, no stats.
    for game in games:
        ann = game["users"][0]
        assert not PlayerRating.objects.filter(user=ann).exists()
        profile = game["clients"][0].get(f"/api/v1/users/{ann.username}").json()
        assert profile["stats"]["games"] == 0 and profile["stats"]["rating"] == 1500
        assert board_entry(game["clients"][0]) is None
        assert board_entry(game["clients"][1]) is None
    assert not GameResult.objects.exists() and not RatedGame.objects.exists()
    # The game stays in both players' history, marked as aborted.
    for seat in (0, 1):
        listed = games[0]["clients"][seat].get("/api/v1/games?status=finished").json()
        assert [(g["id"], g["aborted"]) for g in listed["results"]] == [(games[0]["id"], True)]
    assert view(winner_client, games[0]["id"])["final"]["aborted"] is True


def test_a_concession_after_both_players_played_counts(human_game):
    game = human_game()
    # Each player moves, and the loser plays enough turns for a concession to be rated
    # (an earlier one is unrated: tests/fairplay/test_early_forfeits.py).
    play_draws(game["clients"], game["id"], {1: 3})
    final = concede(game["clients"][1], game["id"])["final"]
    assert final["aborted"] is False and final["rated"] is True
    ann = game["users"][0]
    assert PlayerRating.objects.get(user=ann).rating > 1500
    assert board_entry(game["clients"][0])["wins"] == 1
    assert board_entry(game["clients"][1])["games"] == 1
    assert GameResult.objects.filter(game_id=game["id"]).count() == 2


def test_a_concession_before_the_opponent_moved_is_aborted(human_game):
    game = human_game()
    first = view(game["clients"][0], game["id"])["round"]["turn"]
    assert act(game["clients"][first], game["id"], {"type": "pass"}).status_code == 200
    # The first player moved, the second concedes without ever moving (and vice versa).
    final = concede(game["clients"][1 - first], game["id"])["final"]
    assert final["aborted"] is True and final["winner"] == first
    assert not GameResult.objects.exists()
    assert Game.objects.get(pk=game["id"]).aborted


def test_against_the_computer_too(auth_client):
    ids = [
        auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()["id"]
        for _ in range(2)
    ]
    assert concede(auth_client, ids[0])["final"]["aborted"] is True
    assert not GameResult.objects.filter(game_id=ids[0]).exists()
    current = view(auth_client, ids[1])
    while current["round"]["turn"] != current["you"]:  # the computer may act first
        current = view(auth_client, ids[1])
    legal = {a["type"] for a in current["round"]["legal_actions"]}
    body = {"type": "pass"} if "pass" in legal else {"type": "draw_stock"}
    assert act(auth_client, ids[1], body).status_code == 200
    # Both seats have moved now (the computer either before or right after the player).
    for _ in range(100):
        if Game.objects.get(pk=ids[1]).moves.filter(seat=1).exists():
            break
        current = view(auth_client, ids[1])
        legal = {a["type"]: a for a in current["round"]["legal_actions"]}
        if "discard" in legal:
            body = {"type": "discard", "card": legal["discard"]["cards"][0]}
        else:
            body = {"type": "draw_stock"} if "draw_stock" in legal else {"type": "pass"}
        assert act(auth_client, ids[1], body).status_code == 200
    assert concede(auth_client, ids[1])["final"]["aborted"] is False
    assert GameResult.objects.filter(game_id=ids[1]).count() == 1
