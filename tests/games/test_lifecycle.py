"""Creating, listing, the lobby, concede and cancel."""

from __future__ import annotations

import pytest

from games.dealing import deck_commitment
from games.models import Game, GameResult, GameRound, Move
from tests.games.helpers import act

pytestmark = pytest.mark.django_db(transaction=True)


def test_computer_game_is_active_at_once_with_a_committed_deck(auth_client):
    view = auth_client.post(
        "/api/v1/games",
        {"opponent": "computer", "difficulty": "hard", "rules": {"knock_limit": 7}},
        format="json",
    ).json()
    assert view["status"] == "active"
    assert view["rules"]["knock_limit"] == 7 and view["rules"]["target_score"] == 100
    rnd = view["round"]
    assert len(rnd["hand"]) in (10, 11)
    assert rnd["phase"] in ("first_upcard", "draw", "discard")
    deal = GameRound.objects.get(game_id=view["id"], number=1)
    assert rnd["deck_commitment"] == deal.commitment == deck_commitment(deal.salt, deal.deck)
    assert len(deal.salt) == 32 and sorted(deal.deck) == sorted(set(deal.deck))
    assert "deck" not in rnd and "salt" not in rnd


def test_computer_game_defaults_to_medium(auth_client):
    view = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    assert view["difficulty"] == "medium"
    assert view["players"][1]["computer"] == "medium"


def test_human_game_waits_with_defaults_by_visibility(auth_client):
    private = auth_client.post("/api/v1/games", {"opponent": "human"}, format="json").json()
    assert private["status"] == "waiting" and private["visibility"] == "private"
    assert private["turn_seconds"] is None
    assert private["players"][1] == {"seat": 1, "user": None, "computer": None, "name": None}
    public = auth_client.post(
        "/api/v1/games", {"opponent": "human", "visibility": "public"}, format="json"
    ).json()
    assert public["turn_seconds"] == 60
    untimed = auth_client.post(
        "/api/v1/games",
        {"opponent": "human", "visibility": "public", "turn_seconds": None},
        format="json",
    ).json()
    assert untimed["turn_seconds"] is None


def test_lobby_lists_public_waiting_games_only(make_user, client_for):
    ann = client_for(make_user(username="ann"))
    public = ann.post(
        "/api/v1/games", {"opponent": "human", "visibility": "public"}, format="json"
    ).json()
    ann.post("/api/v1/games", {"opponent": "human", "visibility": "private"}, format="json")
    ann.post("/api/v1/games", {"opponent": "computer"}, format="json")
    lobby = client_for(make_user()).get("/api/v1/lobby").json()
    assert lobby["count"] == 1
    entry = lobby["results"][0]
    assert entry["id"] == public["id"] and entry["invite_code"] == public["invite_code"]
    assert entry["created_by"]["username"] == "ann"
    assert "round" not in entry


def test_my_games_list_filters_by_status_and_paginates(make_user, client_for):
    client = client_for(make_user())
    for _ in range(3):
        client.post("/api/v1/games", {"opponent": "computer"}, format="json")
    client.post("/api/v1/games", {"opponent": "human"}, format="json")
    client_for(make_user()).post("/api/v1/games", {"opponent": "computer"}, format="json")
    everything = client.get("/api/v1/games").json()
    assert everything["count"] == 4
    active = client.get("/api/v1/games?status=active&page_size=2").json()
    assert active["count"] == 3 and len(active["results"]) == 2 and active["next"]
    assert all(g["status"] == "active" for g in active["results"])
    waiting = client.get("/api/v1/games?status=waiting").json()
    assert waiting["count"] == 1 and waiting["results"][0]["your_turn"] is False
    assert set(active["results"][0]) >= {"id", "players", "scores", "your_turn", "turn"}
    assert "round" not in active["results"][0]


def test_list_queries_do_not_grow_with_games(make_user, client_for, django_assert_max_num_queries):
    user = make_user()
    client = client_for(user)
    for _ in range(6):
        client.post("/api/v1/games", {"opponent": "computer"}, format="json")
    with django_assert_max_num_queries(6):
        assert client.get("/api/v1/games").json()["count"] == 6


def test_concede_finishes_with_the_other_player_winning(human_game):
    game = human_game()
    first = game["clients"][0].get(f"/api/v1/games/{game['id']}").json()["round"]["turn"]
    for seat in (first, 1 - first):  # both pass the first upcard: each has made a move
        assert act(game["clients"][seat], game["id"], {"type": "pass"}).status_code == 200
    response = game["clients"][0].post(f"/api/v1/games/{game['id']}/concede")
    assert response.status_code == 200
    view = response.json()
    assert view["status"] == "finished"
    assert view["final"]["winner"] == 1 and view["final"]["reason"] == "concede"
    assert view["final"]["aborted"] is False
    assert all(line["game_bonus"] == 0 for line in view["final"]["breakdown"])
    assert view["final"]["unfinished_round"]["deck"]
    results = {r.seat: r for r in GameResult.objects.filter(game_id=game["id"])}
    assert results[1].won and not results[0].won
    assert results[0].reason == results[1].reason == "concede"
    assert Move.objects.filter(game_id=game["id"]).last().action == {"type": "concede"}
    assert view["version"] == 4  # 1 at the start (the join), 2 and 3 the passes, 4 concede


def test_concede_against_the_computer(auth_client):
    game_id = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()[
        "id"
    ]
    view = auth_client.post(f"/api/v1/games/{game_id}/concede").json()
    assert view["final"]["winner"] == 1 and view["status"] == "finished"


def test_cancel_a_waiting_game_by_its_creator(make_user, client_for):
    ann, bob = make_user(), make_user()
    a = client_for(ann)
    created = a.post(
        "/api/v1/games", {"opponent": "human", "visibility": "public"}, format="json"
    ).json()
    response = a.post(f"/api/v1/games/{created['id']}/cancel")
    assert response.status_code == 200
    assert response.json()["status"] == "abandoned"
    assert client_for(bob).get("/api/v1/lobby").json()["count"] == 0
    join = client_for(bob).post(
        "/api/v1/games/join", {"code": created["invite_code"]}, format="json"
    )
    assert join.status_code == 404 and join.json()["code"] == "invalid_code"
    again = a.post(f"/api/v1/games/{created['id']}/cancel")
    assert again.status_code == 409 and again.json()["code"] == "game_not_waiting"


def test_cancel_after_the_game_started_is_refused(human_game):
    game = human_game()
    creator = game["clients"][0].post(f"/api/v1/games/{game['id']}/cancel")
    assert creator.status_code == 409 and creator.json()["code"] == "game_not_waiting"
    joiner = game["clients"][1].post(f"/api/v1/games/{game['id']}/cancel")
    assert joiner.status_code == 409 and joiner.json()["code"] == "not_creator"
    assert Game.objects.get(pk=game["id"]).status == "active"


def test_idempotency_records_expire_after_a_day(human_game):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import IdempotencyRecord
    from games.tasks import purge_idempotency_records

    game = human_game()
    view = game["clients"][0].get(f"/api/v1/games/{game['id']}").json()
    client = game["clients"][view["round"]["turn"]]
    url = f"/api/v1/games/{game['id']}/actions"
    assert client.post(url, {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="old").status_code == 200
    IdempotencyRecord.objects.update(created_at=timezone.now() - timedelta(hours=25))
    assert purge_idempotency_records() == 1
    assert not IdempotencyRecord.objects.exists()
