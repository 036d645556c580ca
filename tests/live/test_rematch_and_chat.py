"""Rematches, quick chat, the account stream, and 404s for strangers."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.models import Game, GameStatus, Message
from tests.live.conftest import Stream

pytestmark = pytest.mark.django_db(transaction=True)


def finished(game) -> None:
    response = game["clients"][1].post(f"/api/v1/games/{game['id']}/concede")
    assert response.json()["status"] == "finished"


def test_rematch_against_the_computer_starts_at_once(auth_client):
    original = auth_client.post(
        "/api/v1/games",
        {"opponent": "computer", "difficulty": "hard", "rules": {"target_score": 50}},
        format="json",
    ).json()
    early = auth_client.post(f"/api/v1/games/{original['id']}/rematch")
    assert early.status_code == 409 and early.json()["code"] == "game_not_finished"
    auth_client.post(f"/api/v1/games/{original['id']}/concede")
    response = auth_client.post(f"/api/v1/games/{original['id']}/rematch")
    assert response.status_code == 201
    rematch = response.json()
    assert rematch["status"] == "active" and rematch["id"] != original["id"]
    assert rematch["difficulty"] == "hard" and rematch["rules"] == original["rules"]
    again = auth_client.post(f"/api/v1/games/{original['id']}/rematch")
    assert again.status_code == 200 and again.json()["id"] == rematch["id"]


def test_rematch_against_a_person_is_accepted_by_the_other_player(human_game):
    game = human_game(visibility="public", turn_seconds=45)
    finished(game)
    ann, bob = game["clients"][0], game["clients"][1]
    bob_stream = Stream(bob.get("/api/v1/me/events"))
    try:
        offer = ann.post(f"/api/v1/games/{game['id']}/rematch")
        assert offer.status_code == 201
        offered = offer.json()
        assert offered["status"] == "waiting" and offered["turn_seconds"] == 45
        assert [p["user"]["username"] for p in offered["players"]] == [
            game["users"][0].username,
            game["users"][1].username,
        ]
        event = bob_stream.next(event="rematch_offered")
        assert event["data"]["game_id"] == offered["id"]
        assert event["data"]["by"]["username"] == game["users"][0].username
        assert event["id"] is not None
    finally:
        bob_stream.close()
    # Both may look at the offer; only the other player may accept it.
    assert bob.get(f"/api/v1/games/{offered['id']}").json()["status"] == "waiting"
    own = ann.post(f"/api/v1/games/{offered['id']}/accept")
    assert own.status_code == 409 and own.json()["code"] == "cannot_accept_own_offer"
    accepted = bob.post(f"/api/v1/games/{offered['id']}/accept")
    assert accepted.status_code == 200
    assert accepted.json()["status"] == "active" and accepted.json()["version"] == 1
    assert accepted.json()["round"]["turn_deadline"] is not None
    # Asking for a rematch of the original again returns the running one.
    assert ann.post(f"/api/v1/games/{game['id']}/rematch").json()["id"] == offered["id"]


def test_rematch_offer_lapses_after_ten_minutes(human_game):
    game = human_game()
    finished(game)
    offered = game["clients"][0].post(f"/api/v1/games/{game['id']}/rematch").json()
    with time_machine.travel(timezone.now() + timedelta(minutes=11)):
        late = game["clients"][1].post(f"/api/v1/games/{offered['id']}/accept")
        assert late.status_code == 409 and late.json()["code"] == "rematch_lapsed"
        assert Game.objects.get(pk=offered["id"]).status == GameStatus.ABANDONED
        # A new offer can be made once the old one lapsed.
        fresh = game["clients"][1].post(f"/api/v1/games/{game['id']}/rematch")
        assert fresh.status_code == 201 and fresh.json()["id"] != offered["id"]


def test_accept_is_only_for_rematch_offers(human_game, make_user, client_for):
    game = human_game()
    response = game["clients"][1].post(f"/api/v1/games/{game['id']}/accept")
    assert response.status_code == 409 and response.json()["code"] == "not_a_rematch_offer"


def test_friend_joined_and_your_turn_reach_the_account_stream(make_user, client_for):
    ann, bob = make_user(), make_user()
    a, b = client_for(ann), client_for(bob)
    stream = Stream(a.get("/api/v1/me/events"))
    try:
        code = a.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
        game_id = b.post("/api/v1/games/join", {"code": code}, format="json").json()["id"]
        joined = stream.next(event="friend_joined")
        assert joined["data"]["game_id"] == game_id
        assert joined["data"]["by"]["username"] == bob.username
        view = a.get(f"/api/v1/games/{game_id}").json()
        if view["round"]["turn"] == 1:  # bob first: after his pass it is ann's turn
            b.post(f"/api/v1/games/{game_id}/actions", {"type": "pass"}, format="json")
        turn = stream.next(event="your_turn")
        assert turn["data"]["game_id"] == game_id
        last_id = turn["id"]
    finally:
        stream.close()
    # Resuming with Last-Event-ID replays nothing already seen.
    resumed = Stream(a.get("/api/v1/me/events", HTTP_LAST_EVENT_ID=str(joined["id"])))
    try:
        assert resumed.next(event="your_turn")["id"] == last_id
    finally:
        resumed.close()


def test_phrases_and_messages(human_game):
    game = human_game()
    phrases = game["clients"][0].get("/api/v1/phrases").json()["results"]
    ids = {p["id"] for p in phrases}
    assert {"good_luck", "well_played", "thanks", "oops", "nice_one", "good_game"} <= ids
    url = f"/api/v1/games/{game['id']}/messages"
    first = game["clients"][0].post(url, {"phrase": "good_luck"}, format="json")
    assert first.status_code == 201
    assert first.json()["text"] == "Good luck!" and first.json()["seat"] == 0
    game["clients"][1].post(url, {"phrase": "thanks"}, format="json")
    listing = game["clients"][1].get(url).json()
    assert listing["count"] == 2
    assert [m["phrase"] for m in listing["results"]] == ["good_luck", "thanks"]
    bad = game["clients"][0].post(url, {"phrase": "you are terrible"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_phrase"
    free_text = game["clients"][0].post(url, {"phrase": "hi", "text": "free"}, format="json")
    assert free_text.status_code == 400 and free_text.json()["code"] == "validation_error"
    assert Message.objects.count() == 2


def test_chat_is_rate_limited(human_game, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "chat": "3/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    game = human_game()
    url = f"/api/v1/games/{game['id']}/messages"
    with time_machine.travel(timezone.now(), tick=False):  # all within the minute
        statuses = [
            game["clients"][0].post(url, {"phrase": "oops"}, format="json").status_code
            for _ in range(4)
        ]
        throttled = game["clients"][0].post(url, {"phrase": "oops"}, format="json")
    assert statuses == [201, 201, 201, 429]
    assert throttled.json()["code"] == "throttled" and int(throttled["Retry-After"]) > 0
    # Reading is not limited, and the other player still may talk.
    assert game["clients"][0].get(url).status_code == 200
    assert game["clients"][1].post(url, {"phrase": "oops"}, format="json").status_code == 201
    assert Message.objects.count() == 4


def test_stranger_gets_404_on_every_live_endpoint(human_game, make_user, client_for):
    game = human_game()
    finished(game)
    offer = game["clients"][0].post(f"/api/v1/games/{game['id']}/rematch").json()
    stranger = client_for(make_user())
    for method, url, body in (
        ("get", f"/api/v1/games/{game['id']}/events", None),
        ("get", f"/api/v1/games/{game['id']}/messages", None),
        ("post", f"/api/v1/games/{game['id']}/messages", {"phrase": "oops"}),
        ("post", f"/api/v1/games/{game['id']}/rematch", None),
        ("post", f"/api/v1/games/{offer['id']}/accept", None),
        ("get", f"/api/v1/games/{offer['id']}", None),
    ):
        response = getattr(stranger, method)(url, body, format="json")
        assert response.status_code == 404, (url, response.content)
        assert response.json()["code"] == "not_found"
    assert Message.objects.count() == 0
    assert Game.objects.get(pk=offer["id"]).status == GameStatus.WAITING
