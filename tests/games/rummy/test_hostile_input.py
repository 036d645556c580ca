"""Hostile bodies on the rummy create, join and action endpoints: every one is a 4xx with
a machine ``code`` and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game, IdempotencyRecord, Move
from tests.games.rummy.helpers import create

pytestmark = pytest.mark.django_db(transaction=True)

R = {"variant": "rummy"}


@pytest.mark.parametrize(
    "body",
    [
        {**R, "opponent": "human", "seats": "3"},
        {**R, "opponent": "human", "seats": True},
        {**R, "opponent": "human", "seats": 2.5},
        {**R, "opponent": "human", "seats": 10**30},
        {**R, "opponent": "human", "seats": 3, "computers": None},
        {**R, "opponent": "computer", "computers": None},
        {**R, "opponent": "computer", "computers": 10**30},
        {**R, "opponent": "computer", "computers": True},
        {"variant": ["rummy"], "opponent": "computer"},
        {"variant": "RUMMY", "opponent": "computer"},
        {"variant": None, "opponent": "computer"},
        {"variant": {}, "opponent": "computer"},
        {**R, "opponent": "human", "computers": 0, "difficulty": "easy"},
        {**R, "opponent": "human", "seats": 3, "computers": 1, "difficulty": None},
        {**R, "opponent": "computer", "difficulty": ["easy"]},
        {**R, "opponent": "computer", "rules": {"rounds": 10**30}},
        {**R, "opponent": "computer", "rules": {"hand_size": "7"}},
        {**R, "opponent": "computer", "rules": []},
        {**R, "opponent": "computer", "rules": None},
        {**R, "opponent": "computer", "turn_seconds": 10**30},
        {**R, "opponent": ["human"]},
    ],
)
def test_hostile_create_bodies_are_refused_with_a_code(auth_client, body: dict[str, Any]) -> None:
    response = create(auth_client, **body)
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "code" in response.json(), response.json()
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    "body",
    [
        {"type": "layoff", "card": "AS", "meld": -1},
        {"type": "layoff", "card": "AS", "meld": "x"},
        {"type": "layoff", "card": "AS", "meld": 1e99},
        {"type": "layoff", "card": "AS", "meld": 10**30},
        {"type": "layoff", "card": "AS", "meld": 0, "end": 5},
        {"type": "layoff", "card": "AS", "meld": 0, "end": "middle"},
        {"type": "layoff", "card": ["AS"], "meld": 0},
        {"type": "layoff", "card": None, "meld": 0},
        {"type": "meld", "melds": [[]]},
        {"type": "meld", "melds": []},
        {"type": "meld", "melds": [["AS"] * 200]},
        {"type": "meld", "melds": [["AS", "2S", "3S"]] * 200},
        {"type": "meld", "melds": "AS"},
        {"type": "meld", "melds": [[1, 2, 3]]},
        {"type": "meld", "melds": [[None]]},
        {"type": "meld", "melds": [[{"a": 1}]]},
        {"type": "swap_joker", "card": "AS", "meld": -5},
        {"type": "swap_joker", "card": "AS", "meld": 1e99},
        {"type": "discard", "card": "ZZ"},
        {"type": "discard", "card": 5},
        {"type": "knock"},
        {"type": None},
        {"type": ["meld"]},
        {"type": "draw_stock", "expected_version": "1"},
        {"type": "draw_stock", "expected_version": True},
        {"type": "draw_stock", "expected_version": 1.5},
        {"type": "draw_stock", "expected_version": -1},
        {"type": "draw_stock", "expected_version": 10**30},
        {},
        [],
        "x",
    ],
)
def test_hostile_action_bodies_are_refused_with_a_code(auth_client, body: Any) -> None:
    game = create(auth_client, variant="rummy", opponent="computer").json()
    moves = Move.objects.count()
    response = auth_client.post(f"/api/v1/games/{game['id']}/actions", body, format="json")
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "code" in response.json(), response.json()
    assert Move.objects.count() == moves


@pytest.mark.parametrize(
    "body",
    [{"code": None}, {"code": 5}, {"code": ["x"]}, {"code": "x" * 5000}, {}, [], "x"],
)
def test_hostile_join_bodies_are_refused_with_a_code(make_user, client_for, body: Any) -> None:
    host = client_for(make_user())
    create(host, variant="rummy", opponent="human", seats=3)
    response = client_for(make_user()).post("/api/v1/games/join", body, format="json")
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "code" in response.json(), response.json()


@pytest.mark.parametrize("key", ["", "k" * 256])
def test_hostile_idempotency_keys_are_refused_with_a_code(auth_client, key: str) -> None:
    game = create(auth_client, variant="rummy", opponent="computer").json()
    moves = Move.objects.count()
    response = auth_client.post(
        f"/api/v1/games/{game['id']}/actions",
        {"type": "draw_stock"},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
    )
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    assert "code" in response.json(), response.json()
    assert Move.objects.count() == moves


def test_a_meld_of_300000_cards_is_a_short_refusal_and_keeps_nothing(auth_client) -> None:
    game = create(auth_client, variant="rummy", opponent="computer").json()
    assert game["round"]["turn"] == game["you"]
    url = f"/api/v1/games/{game['id']}/actions"
    drawn = auth_client.post(url, {"type": "draw_stock"}, format="json")
    assert drawn.status_code == 200 and drawn.json()["round"]["phase"] == "play"
    moves = Move.objects.count()
    for number, melds in enumerate(([["7H"] * 300_000], [["7H", "8H", "9H"]] * 100_000)):
        response = auth_client.post(
            url,
            {"type": "meld", "melds": melds},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"huge-{number}",
        )
        assert 400 <= response.status_code < 500
        assert len(response.content) < 2048
    kept = sum(len(record.body.encode()) for record in IdempotencyRecord.objects.all())
    assert kept < 2048
    assert Move.objects.count() == moves


@pytest.mark.parametrize(
    ("melds", "message"),
    [
        ([["7H", "8H", "9H"]] * 5, "At most 4 melds."),
        ([["7H"] * 15], "Each meld has at most 14 cards."),
    ],
)
def test_melds_past_what_a_hand_holds_are_a_400_and_at_the_bound_are_read(
    auth_client, melds: list[list[str]], message: str
) -> None:
    game = create(auth_client, variant="rummy", opponent="computer").json()
    url = f"/api/v1/games/{game['id']}/actions"
    at_bound = [cards[:-1] if len(cards) > 3 else cards for cards in melds[:4]]
    read = auth_client.post(url, {"type": "meld", "melds": at_bound}, format="json")
    assert read.status_code in (409, 422), read.json()  # the rules' refusal: it was read
    response = auth_client.post(url, {"type": "meld", "melds": melds}, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "validation_error"
    assert response.json()["fields"] == {"melds": [message]}
