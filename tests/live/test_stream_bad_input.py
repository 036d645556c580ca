"""Bad input to the two event streams: JSON errors before any stream starts.

The streams are left out of the schema fuzz (``tests/fuzz``), so their refusals are listed
here: a bad ``after`` or ``Last-Event-ID``, a game id that is no UUID, a stranger, no token.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

BAD_POSITIONS = ["-1", "abc", "1.5", "+3", " 3", "٣", "3_000", "99999999999999999999"]


def events_url(game_id: str) -> str:
    return f"/api/v1/games/{game_id}/events"


def assert_json_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == code and body["detail"]
    return body


@pytest.mark.parametrize("value", BAD_POSITIONS)
def test_game_stream_refuses_a_bad_after(human_game, value):
    game = human_game()
    response = game["clients"][0].get(events_url(game["id"]), {"after": value})
    body = assert_json_error(response, 400, "validation_error")
    assert list(body["fields"]) == ["after"]


@pytest.mark.parametrize("value", BAD_POSITIONS)
def test_game_stream_refuses_a_bad_last_event_id(human_game, value):
    game = human_game()
    response = game["clients"][0].get(events_url(game["id"]), HTTP_LAST_EVENT_ID=value)
    body = assert_json_error(response, 400, "validation_error")
    assert list(body["fields"]) == ["Last-Event-ID"]


@pytest.mark.parametrize("value", BAD_POSITIONS)
def test_account_stream_refuses_a_bad_after_or_last_event_id(auth_client, value):
    response = auth_client.get("/api/v1/me/events", {"after": value})
    assert list(assert_json_error(response, 400, "validation_error")["fields"]) == ["after"]
    response = auth_client.get("/api/v1/me/events", HTTP_LAST_EVENT_ID=value)
    body = assert_json_error(response, 400, "validation_error")
    assert list(body["fields"]) == ["Last-Event-ID"]


def test_after_given_twice_is_refused(human_game, auth_client):
    game = human_game()
    response = game["clients"][0].get(events_url(game["id"]) + "?after=1&after=2")
    assert_json_error(response, 400, "validation_error")
    assert_json_error(auth_client.get("/api/v1/me/events?after=1&after=2"), 400, "validation_error")


@pytest.mark.parametrize("game_id", ["not-a-uuid", "123", "5f0c1c4e-8d1b-4c1e-9a57-2b7d0e3f6a10"])
def test_game_stream_of_no_such_game_is_not_found(auth_client, game_id):
    assert_json_error(auth_client.get(events_url(game_id)), 404, "not_found")


def test_game_stream_of_someone_elses_game_is_not_found(human_game, client_for, make_user):
    game = human_game()
    stranger = client_for(make_user())
    assert_json_error(stranger.get(events_url(game["id"])), 404, "not_found")
    assert_json_error(stranger.get(events_url(game["id"]), {"after": "1"}), 404, "not_found")


def test_streams_without_a_valid_token_are_unauthorized(human_game, api_client):
    game = human_game()
    for url in (events_url(game["id"]), "/api/v1/me/events"):
        response = api_client.get(url)
        assert_json_error(response, 401, "not_authenticated")
        assert response["WWW-Authenticate"] == "Token"
        response = api_client.get(url, HTTP_AUTHORIZATION="Token not-a-token")
        assert_json_error(response, 401, "authentication_failed")
        # No token and a bad position: the missing token is what the client is told.
        assert_json_error(api_client.get(url, {"after": "x"}), 401, "not_authenticated")


def test_account_stream_refuses_other_methods(auth_client):
    assert_json_error(auth_client.post("/api/v1/me/events"), 405, "method_not_allowed")
