"""Concurrent actions on PostgreSQL with real threads: the row lock serialises them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import Game, IdempotencyRecord, Move
from tests.factories import token_for
from tests.games.helpers import THREADS, run_in_threads

pytestmark = pytest.mark.django_db(transaction=True)


def _client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def _mover(human_game):
    game = human_game()
    view = game["clients"][0].get(f"/api/v1/games/{game['id']}").json()
    turn = view["round"]["turn"]
    return game, game["users"][turn]


def test_same_action_same_expected_version_applies_once(human_game):
    game, user = _mover(human_game)
    clients = [_client(user) for _ in range(THREADS)]

    def post(i: int):
        response = clients[i].post(
            f"/api/v1/games/{game['id']}/actions",
            {"type": "pass", "expected_version": 1},
            format="json",
        )
        return response.status_code, response.json()

    results = run_in_threads(post)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [409] * 7
    assert {body["code"] for status, body in results if status == 409} == {"version_conflict"}
    assert Move.objects.filter(game_id=game["id"]).count() == 1
    assert Game.objects.get(pk=game["id"]).version == 2


def test_one_idempotency_key_from_many_threads_applies_once(human_game):
    game, user = _mover(human_game)
    clients = [_client(user) for _ in range(THREADS)]

    def post(i: int):
        response = clients[i].post(
            f"/api/v1/games/{game['id']}/actions",
            {"type": "pass"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="retry-me",
        )
        return response.status_code, response.content

    results = run_in_threads(post)
    assert {status for status, _ in results} == {200}
    assert len({body for _, body in results}) == 1, "every retry gets the identical body"
    assert Move.objects.filter(game_id=game["id"]).count() == 1
    assert IdempotencyRecord.objects.filter(game_id=game["id"]).count() == 1


def test_idempotent_retry_after_the_game_moved_on_returns_the_first_response(human_game):
    game = human_game()
    clients = game["clients"]
    view = clients[0].get(f"/api/v1/games/{game['id']}").json()
    turn = view["round"]["turn"]
    first = clients[turn].post(
        f"/api/v1/games/{game['id']}/actions",
        {"type": "pass"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="abc",
    )
    assert first.status_code == 200
    # The opponent acts; then the first player's retry arrives late.
    other = clients[1 - turn].post(
        f"/api/v1/games/{game['id']}/actions", {"type": "pass"}, format="json"
    )
    assert other.status_code == 200
    retry = clients[turn].post(
        f"/api/v1/games/{game['id']}/actions",
        {"type": "pass"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="abc",
    )
    assert retry.status_code == 200
    assert retry.content == first.content
    assert Move.objects.filter(game_id=game["id"]).count() == 2
    # The key belongs to that player and game only: the opponent may use the same text.
    same_key = clients[1 - turn].post(
        f"/api/v1/games/{game['id']}/actions",
        {"type": "draw_discard"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="abc",
    )
    assert same_key.status_code in (200, 409, 422)
    assert same_key.json().get("code") != "idempotency_key_reused"


def test_concurrent_joins_seat_exactly_one_player(make_user, client_for):
    creator = client_for(make_user())
    code = creator.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
    joiners = [_client(make_user()) for _ in range(THREADS)]

    def join(i: int):
        return joiners[i].post("/api/v1/games/join", {"code": code}, format="json").status_code

    statuses = sorted(run_in_threads(join))
    assert statuses == [200] + [409] * 7
