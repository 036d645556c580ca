"""Whole games through the HTTP API: against the computer and between two people."""

from __future__ import annotations

import hashlib

import pytest
from django.core.management import call_command

from games import replay
from games.models import Game, GameResult, GameRound, Move
from games.presenters import computer_name
from games.rules import gin as rules
from tests.games.helpers import (
    act,
    card_strings,
    choose,
    current_round_part,
    hidden_cards,
    pile_record,
    state_at,
)

pytestmark = pytest.mark.django_db(transaction=True)

MAX_REQUESTS = 5000


def assert_no_leak(client, game_id: str, view: dict, seat: int) -> None:
    hidden = hidden_cards(game_id, seat, view["version"])
    assert hidden or view["status"] != "active"
    leaked = card_strings(current_round_part(view)) & hidden
    assert not leaked, f"seat {seat} sees hidden cards {leaked}"
    if view["round"] is not None:
        state = state_at(game_id, view["version"])
        assert state is not None and view["round"]["pile_history"] == pile_record(state)


def assert_moves_hide_opponent_draws(client, game_id: str, seat: int) -> None:
    page = client.get(f"/api/v1/games/{game_id}/moves?page_size=100").json()
    finished = Game.objects.get(pk=game_id).status == "finished"
    for move in page["results"]:
        action = move["action"]
        if action["type"] == "draw_stock" and move["seat"] != seat and not finished:
            assert "card" not in action
        if action["type"] == "draw_stock" and (move["seat"] == seat or finished):
            assert "card" in action


def test_whole_game_against_the_computer_to_the_target(user, client_for):
    client = client_for(user)
    created = client.post(
        "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
    )
    assert created.status_code == 201
    view = created.json()
    game_id = view["id"]
    assert view["status"] == "active" and view["you"] == 0
    assert view["players"][1] == {
        "seat": 1,
        "user": None,
        "computer": "easy",
        "name": computer_name(Game.objects.get(pk=view["id"]), 1, "easy"),
    }
    last_version = view["version"]
    for _ in range(MAX_REQUESTS):
        view = client.get(f"/api/v1/games/{game_id}").json()
        assert view["version"] >= last_version
        assert_no_leak(client, game_id, view, 0)
        if view["status"] != "active":
            break
        # With eager tasks the computer has always moved by the time we look.
        assert view["round"]["turn"] == 0
        response = act(client, game_id, {**choose(view), "expected_version": view["version"]})
        assert response.status_code == 200, response.json()
        assert response.json()["version"] == view["version"] + 1
        last_version = response.json()["version"]
        assert_no_leak(client, game_id, response.json(), 0)
    assert view["status"] == "finished"
    final = view["final"]
    assert final["reason"] == "target"
    assert max(view["scores"]) >= view["rules"]["target_score"]
    assert final["totals"] == [line["total"] for line in final["breakdown"]]
    for line in final["breakdown"]:
        assert line["total"] == line["hand_points"] + line["game_bonus"] + line["line_bonus"]
    assert view["round"] is None
    assert len(view["rounds"]) == GameRound.objects.filter(game_id=game_id).count()
    # Fair shuffle: every finished round reveals its deck and salt, matching the commitment
    # shown from the deal, and the cards dealt from it.
    for result in view["rounds"]:
        digest = hashlib.sha256(f"{result['salt']}:{','.join(result['deck'])}".encode())
        assert result["deck_commitment"] == digest.hexdigest()
        assert len(result["salt"]) == 32 and sorted(result["deck"]) == sorted(
            str(c) for c in rules.DECK
        )
        dealt = set(result["deck"][:20])
        assert dealt & {c for hand in result["hands"] for c in hand["cards"]}
    # Every applied action is one move, one version.
    assert Move.objects.filter(game_id=game_id).count() == view["version"]
    result = GameResult.objects.get(game_id=game_id)
    assert result.won == (final["winner"] == 0)
    assert result.total == final["totals"][0]
    assert result.hands == len(view["rounds"])
    assert_moves_hide_opponent_draws(client, game_id, 0)
    call_command("verify_games", game=[game_id])
    # Catching up from a round's snapshot gives the same states as replaying everything.
    game = Game.objects.get(pk=game_id)
    for version in range(1, game.version, max(1, game.version // 15)):
        fast = dict(replay.states(game, after=version - 1, upto=version))[version]
        assert rules.state_to_json(fast) == rules.state_to_json(
            replay.rebuild_state(game, version=version)
        )


def test_whole_game_between_two_people_through_an_invite_code(make_user, client_for):
    ann, bob = make_user(username="ann"), make_user(username="bob")
    clients = {0: client_for(ann), 1: client_for(bob)}
    created = clients[0].post(
        "/api/v1/games", {"opponent": "human", "visibility": "private"}, format="json"
    )
    assert created.status_code == 201
    waiting = created.json()
    assert waiting["status"] == "waiting" and waiting["round"] is None
    code = waiting["invite_code"]
    assert len(code) == 6 and not set(code) & set("ILO01")
    joined = clients[1].post("/api/v1/games/join", {"code": code.lower()}, format="json")
    assert joined.status_code == 200
    game_id = joined.json()["id"]
    assert joined.json()["status"] == "active" and joined.json()["you"] == 1
    views = {}
    for _ in range(MAX_REQUESTS):
        for seat, client in clients.items():
            views[seat] = client.get(f"/api/v1/games/{game_id}").json()
            assert_no_leak(client, game_id, views[seat], seat)
        if views[0]["status"] != "active":
            break
        turn = views[0]["round"]["turn"]
        assert views[1]["round"]["turn"] == turn
        other = clients[1 - turn].get(f"/api/v1/games/{game_id}").json()
        assert other["round"]["legal_actions"] == []
        response = act(clients[turn], game_id, choose(views[turn]))
        assert response.status_code == 200, response.json()
        assert_no_leak(clients[turn], game_id, response.json(), turn)
        if response.json()["round"] and response.json()["round"]["phase"] == "first_upcard":
            for seat, client in clients.items():  # once per round is enough
                assert_moves_hide_opponent_draws(client, game_id, seat)
    assert views[0]["status"] == views[1]["status"] == "finished"
    assert views[0]["final"] == views[1]["final"]
    results = GameResult.objects.filter(game_id=game_id).order_by("seat")
    assert [r.user_id for r in results] == [ann.pk, bob.pk]
    assert sum(r.won for r in results) == 1
    assert results[0].opponent_id == bob.pk and results[1].opponent_id == ann.pk
    # Once the game is over every stock draw is shown to both players.
    moves = clients[1].get(f"/api/v1/games/{game_id}/moves?page_size=100").json()["results"]
    assert all("card" in m["action"] for m in moves if m["action"]["type"] == "draw_stock")
    call_command("verify_games", status="finished")
    profile = clients[0].get("/api/v1/users/bob").json()
    assert profile["stats"]["games"] == 1


def test_verify_games_reports_a_tampered_snapshot(user, client_for, capsys):
    client = client_for(user)
    game_id = client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()["id"]
    game = Game.objects.get(pk=game_id)
    game.state["scores"] = [99, 0]
    game.save(update_fields=["state"])
    with pytest.raises(Exception, match="1 mismatch"):
        call_command("verify_games", game=[game_id])
    assert f"MISMATCH {game_id}" in capsys.readouterr().out
