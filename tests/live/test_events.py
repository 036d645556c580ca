"""Event streams on real Redis pub/sub: each seat gets its own view, in order, once."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient

from tests.factories import token_for
from tests.games.helpers import act, card_strings, choose, current_round_part, hidden_cards
from tests.live.conftest import Stream, parse, states_until

pytestmark = pytest.mark.django_db(transaction=True)


def events_url(game_id: str, query: str = "") -> str:
    return f"/api/v1/games/{game_id}/events{query}"


def view_of(game, seat):
    return game["clients"][seat].get(f"/api/v1/games/{game['id']}").json()


def test_second_player_receives_the_first_players_move_with_only_its_own_view(human_game):
    game = human_game()
    mover = view_of(game, 0)["round"]["turn"]
    watcher = 1 - mover
    stream = Stream(game["clients"][watcher].get(events_url(game["id"])))
    try:
        opening = stream.next(event="state")
        assert opening["id"] == opening["data"]["version"] == 1
        assert opening["data"]["view"]["you"] == watcher
        before = opening["data"]["view"]["round"]["hand"]
        assert act(game["clients"][mover], game["id"], {"type": "pass"}).status_code == 200
        frame = stream.next(event="state")
        assert frame["id"] == 2 and frame["data"]["version"] == 2
        view = frame["data"]["view"]
        assert view["you"] == watcher and view["round"]["hand"] == before
        assert view["round"]["turn"] == watcher
        leaked = card_strings(current_round_part(view)) & hidden_cards(game["id"], watcher, 2)
        assert not leaked
    finally:
        stream.close()


def test_resume_after_a_version_delivers_every_missed_version_once_in_order(human_game):
    game = human_game()
    for _ in range(6):
        view = view_of(game, 0)
        turn = view["round"]["turn"]
        mine = view_of(game, turn)
        assert act(game["clients"][turn], game["id"], choose(mine)).status_code == 200
    current = view_of(game, 0)["version"]
    assert current == 7
    for headers, query, start in (
        ({}, "?after=2", 2),
        ({"HTTP_LAST_EVENT_ID": "4"}, "", 4),
        ({"HTTP_LAST_EVENT_ID": "5"}, "?after=1", 1),  # ?after wins
    ):
        frames = states_until(
            game["clients"][1].get(events_url(game["id"], query), **headers), current
        )
        assert [f["id"] for f in frames] == list(range(start + 1, current + 1))
        for frame in frames:
            view = frame["data"]["view"]
            assert view["version"] == frame["id"] and view["you"] == 1
            hidden = hidden_cards(game["id"], 1, frame["id"])
            assert not card_strings(current_round_part(view)) & hidden
    # The replayed views are the views each version really had.
    (last,) = states_until(game["clients"][0].get(events_url(game["id"], "?after=6")), 7)
    assert last["data"]["view"] == view_of(game, 0)


def test_computer_moves_arrive_one_version_at_a_time(auth_client):
    view = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    game_id = view["id"]
    stream = Stream(auth_client.get(events_url(game_id)))
    try:
        opening = stream.next(event="state")
        version = opening["id"]
        assert opening["data"]["view"]["round"]["turn"] == 0
        # Play until the computer has taken a whole turn (several versions at once).
        current = opening["data"]["view"]
        while True:
            response = act(auth_client, game_id, choose(current))
            assert response.status_code == 200, response.content
            current = auth_client.get(f"/api/v1/games/{game_id}").json()
            if current["version"] > response.json()["version"] or current["status"] != "active":
                break
        target = current["version"]
        frames = stream.states_until(target)
        assert [f["id"] for f in frames] == list(range(version + 1, target + 1))
        assert target - response.json()["version"] >= 1
    finally:
        stream.close()


def test_stream_sends_heartbeats_and_chat_messages(human_game):
    game = human_game()
    stream = Stream(game["clients"][1].get(events_url(game["id"])))
    try:
        stream.next(event="state")
        posted = game["clients"][0].post(
            f"/api/v1/games/{game['id']}/messages", {"phrase": "good_luck"}, format="json"
        )
        assert posted.status_code == 201
        message = stream.next(event="message")
        assert message["id"] is None  # chat never moves the resume point
        assert message["data"]["phrase"] == "good_luck" and message["data"]["seat"] == 0
        assert message["data"]["text"] == "Good luck!"
        for _ in range(2):  # nothing happens: pings keep the connection alive
            chunk = next(stream.chunks)
            assert parse(chunk)["comment"] == "ping"
    finally:
        stream.close()


def test_stream_errors_are_json_before_any_stream(human_game, api_client, make_user, client_for):
    game = human_game()
    missing = api_client.get(events_url(game["id"]))
    assert missing.status_code == 401 and missing.json()["code"] == "not_authenticated"
    api_client.credentials(HTTP_AUTHORIZATION="Token nope")
    bad = api_client.get(events_url(game["id"]))
    assert bad.status_code == 401 and bad.json()["code"] == "authentication_failed"
    stranger = client_for(make_user()).get(events_url(game["id"]))
    assert stranger.status_code == 404 and stranger.json()["code"] == "not_found"
    bad_after = game["clients"][0].get(events_url(game["id"], "?after=-3"))
    assert bad_after.status_code == 400 and bad_after.json()["code"] == "validation_error"
    posted = game["clients"][0].post(events_url(game["id"]))
    assert posted.status_code == 405 and posted.json()["code"] == "method_not_allowed"


def test_asgi_stream_delivers_the_opponents_move(human_game):
    game = human_game()
    mover = view_of(game, 0)["round"]["turn"]
    watcher = 1 - mover
    token = token_for(game["users"][watcher])

    async def scenario() -> list[dict]:
        client = AsyncClient()
        response = await client.get(
            events_url(game["id"]), headers={"Authorization": f"Token {token}"}
        )
        assert response.status_code == 200, response.content
        chunks = response.streaming_content.__aiter__()
        frames = [parse(await chunks.__anext__())]
        while frames[0]["event"] is None:  # the `: connected` comment comes first
            frames = [parse(await chunks.__anext__())]
        await sync_to_async(act, thread_sensitive=False)(
            game["clients"][mover], game["id"], {"type": "pass"}
        )
        while len(frames) < 2:
            frame = parse(await chunks.__anext__())
            if frame["event"] == "state":
                frames.append(frame)
        await chunks.aclose()
        return frames

    opening, moved = async_to_sync(scenario)()
    assert opening["id"] == 1 and moved["id"] == 2
    assert moved["data"]["view"]["you"] == watcher
