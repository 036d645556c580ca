"""Answers that carry a token or a hand are never stored: ``Cache-Control: no-store``."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.http import HttpResponse
from django.test import AsyncClient, RequestFactory

from core.middleware import api_no_store_middleware
from tests.factories import PASSWORD, token_for


def assert_no_store(response) -> None:
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert "no-store" in directives, response["Cache-Control"]


def new_computer_game(client) -> dict:
    response = client.post(
        "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
    )
    assert response.status_code == 201
    assert_no_store(response)
    return response.json()


@pytest.mark.django_db
def test_register_and_token_answers_are_not_stored(api_client):
    body = {"username": "ann", "password": PASSWORD}
    registered = api_client.post("/api/v1/auth/register", body, format="json")
    assert registered.status_code == 201 and "token" in registered.json()
    assert_no_store(registered)
    token = api_client.post("/api/v1/auth/token", body, format="json")
    assert token.status_code == 200 and "token" in token.json()
    assert_no_store(token)


@pytest.mark.django_db
def test_game_views_and_actions_are_not_stored(auth_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the computer moves if it starts
        game = new_computer_game(auth_client)
    view = auth_client.get(f"/api/v1/games/{game['id']}")
    assert view.status_code == 200 and "hand" in view.json()["round"]
    assert_no_store(view)
    action = view.json()["round"]["legal_actions"][0]
    body = {"type": action["type"]}
    if "cards" in action:
        body["card"] = action["cards"][0]
    acted = auth_client.post(f"/api/v1/games/{game['id']}/actions", body, format="json")
    assert acted.status_code == 200, acted.content
    assert_no_store(acted)


@pytest.mark.django_db
def test_error_answers_are_not_stored(api_client):
    response = api_client.post("/api/v1/auth/token", {"username": "x", "password": "y"})
    assert response.status_code == 401
    assert_no_store(response)


@pytest.mark.django_db(transaction=True)
def test_a_game_event_stream_is_not_stored_under_wsgi(user, client_for):
    client = client_for(user)
    game = new_computer_game(client)
    response = client.get(f"/api/v1/games/{game['id']}/events")
    try:
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert_no_store(response)
    finally:
        response.close()


@pytest.mark.django_db(transaction=True)
def test_the_event_streams_are_not_stored_under_asgi(user, client_for):
    game = new_computer_game(client_for(user))
    headers = {"Authorization": f"Token {token_for(user)}"}

    async def open_streams() -> list:
        client = AsyncClient()
        responses = []
        for url in (f"/api/v1/games/{game['id']}/events", "/api/v1/me/events"):
            response = await client.get(url, headers=headers)
            await response.streaming_content.aclose()
            responses.append(response)
        return responses

    for response in async_to_sync(open_streams)():
        assert response.status_code == 200
        assert_no_store(response)


def test_a_view_that_allows_caching_keeps_its_own_header():
    def public_view(request):
        response = HttpResponse("{}", content_type="application/json")
        response["Cache-Control"] = "public, max-age=60"
        return response

    def private_view(request):
        response = HttpResponse("{}", content_type="application/json")
        response["Cache-Control"] = "no-cache"
        return response

    request = RequestFactory().get("/api/v1/phrases")
    assert api_no_store_middleware(public_view)(request)["Cache-Control"] == "public, max-age=60"
    assert_no_store(api_no_store_middleware(private_view)(request))
    outside = api_no_store_middleware(private_view)(RequestFactory().get("/admin/"))
    assert outside["Cache-Control"] == "no-cache"
