"""A Rummy 500 table's life around play (docs/api.md#games): the lobby and invite codes,
rematches against the computers and between people, hints, chat and idempotent actions."""

from __future__ import annotations

import json

import pytest

from games.models import Game, Move
from tests.games.melding.play import act, view_of
from tests.games.rummy500.helpers import seeded_deck
from tests.live.conftest import Stream

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_public_table_is_in_the_lobby_and_starts_when_the_code_fills_it(make_user, client_for):
    ann, bob, cat = (client_for(make_user()) for _ in range(3))
    created = ann.post(
        "/api/v1/games",
        {
            "variant": "rummy500",
            "opponent": "human",
            "visibility": "public",
            "seats": 4,
            "computers": 1,
            "difficulty": "easy",
            "rules": {"target": 300, "top_card_free": False},
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    game = created.json()
    assert game["status"] == "waiting" and game["round"] is None
    (entry,) = [e for e in bob.get("/api/v1/lobby").json()["results"] if e["id"] == game["id"]]
    assert entry["variant"] == "rummy500" and entry["seats"] == 4 and entry["free_seats"] == 2
    assert entry["rules"]["target"] == 300 and entry["rules"]["top_card_free"] is False
    joined = bob.post("/api/v1/games/join", {"code": entry["invite_code"]}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "waiting"
    assert joined.json()["you"] == 1
    lobby = cat.get("/api/v1/lobby").json()["results"]
    assert [e["free_seats"] for e in lobby if e["id"] == game["id"]] == [1]
    started = cat.post("/api/v1/games/join", {"code": game["invite_code"]}, format="json")
    assert started.status_code == 200, started.json()
    view = started.json()
    assert view["status"] == "active" and view["you"] == 2 and view["version"] >= 1
    assert view["round"]["hand_sizes"][:3] == [7, 7, 7]
    assert [p["computer"] for p in view["players"]] == [None, None, None, "easy"]
    assert game["id"] not in {e["id"] for e in cat.get("/api/v1/lobby").json()["results"]}
    listed = ann.get("/api/v1/games").json()["results"]
    assert listed[0]["id"] == game["id"] and listed[0]["variant"] == "rummy500"


def test_a_private_table_is_joined_by_its_code_only(make_user, client_for):
    ann, bob, cat = (client_for(make_user()) for _ in range(3))
    game = ann.post(
        "/api/v1/games",
        {"variant": "rummy500", "opponent": "human", "visibility": "private", "seats": 2},
        format="json",
    ).json()
    assert game["id"] not in {e["id"] for e in bob.get("/api/v1/lobby").json()["results"]}
    wrong = bob.post("/api/v1/games/join", {"code": "ZZZZZZ"}, format="json")
    assert wrong.status_code == 404 and wrong.json()["code"] == "invalid_code"
    own = ann.post("/api/v1/games/join", {"code": game["invite_code"]}, format="json")
    assert own.status_code == 409 and own.json()["code"] == "cannot_join_own_game"
    started = bob.post("/api/v1/games/join", {"code": game["invite_code"]}, format="json")
    assert started.status_code == 200 and started.json()["status"] == "active"
    assert started.json()["round"]["hand_sizes"] == [13, 13]
    # a retried join answers the game bob sits at; a third player finds the table full
    again = bob.post("/api/v1/games/join", {"code": game["invite_code"]}, format="json")
    assert again.status_code == 200 and again.json()["you"] == 1
    late = cat.post("/api/v1/games/join", {"code": game["invite_code"]}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "game_full"


def test_a_rematch_against_the_computers_keeps_the_table(computer_table):
    rules = {"target": 200, "jokers": 2, "top_card_free": False}
    table = computer_table(computers=2, difficulty="hard", rules=rules)
    client, game_id = table["clients"][0], table["id"]
    early = client.post(f"/api/v1/games/{game_id}/rematch")
    assert early.status_code == 409 and early.json()["code"] == "game_not_finished"
    assert client.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    over = view_of(client, game_id)
    assert over["status"] == "finished" and over["final"]["placement"][-1] == 0
    response = client.post(f"/api/v1/games/{game_id}/rematch")
    assert response.status_code == 201, response.json()
    new = response.json()
    assert new["id"] != game_id and new["status"] == "active" and new["you"] == 0
    assert new["variant"] == "rummy500" and new["rules"] == over["rules"]
    assert [p["computer"] for p in new["players"]] == [None, "hard", "hard"]
    assert new["scores"] == [0, 0, 0] and new["round"]["number"] == 1
    assert client.post(f"/api/v1/games/{game_id}/rematch").json()["id"] == new["id"]


def test_a_rematch_between_people_starts_when_the_other_accepts(people_table):
    table = people_table(seats=2, rules={"hand_size": 9}, decks=[seeded_deck(61)])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    assert act(bob, game_id, {"type": "draw_stock"}).status_code == 200
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    offered = ann.post(f"/api/v1/games/{game_id}/rematch")
    assert offered.status_code == 201, offered.json()
    new = offered.json()
    assert new["status"] == "waiting" and new["variant"] == "rummy500"
    own = ann.post(f"/api/v1/games/{new['id']}/accept")
    assert own.status_code == 409 and own.json()["code"] == "cannot_accept_own_offer"
    started = bob.post(f"/api/v1/games/{new['id']}/accept")
    assert started.status_code == 200, started.json()
    assert started.json()["status"] == "active" and started.json()["rules"]["hand_size"] == 9
    assert started.json()["round"]["hand_sizes"] == [9, 9]


def test_a_hint_is_the_medium_computers_legal_move_and_changes_nothing(computer_table):
    table = computer_table(computers=3, decks=[seeded_deck(62)])
    client, game_id = table["clients"][0], table["id"]
    for _ in range(4):  # a draw, then the play phase: a hint for each
        view = view_of(client, game_id)
        assert view["round"]["turn"] == 0
        response = client.get(f"/api/v1/games/{game_id}/hint")
        assert response.status_code == 200, response.json()
        hint = response.json()
        assert hint["version"] == view["version"] and hint["level"] == "medium"
        legal = {a["type"] for a in view["round"]["legal_actions"]}
        assert hint["action"]["type"] in legal
        assert view_of(client, game_id) == view
        applied = act(client, game_id, {**hint["action"], "expected_version": hint["version"]})
        assert applied.status_code == 200, (hint, applied.json())


def test_a_hint_at_a_table_of_people_is_refused(people_table):
    table = people_table(seats=2, decks=[seeded_deck(63)])
    bob = table["clients"][1]
    response = bob.get(f"/api/v1/games/{table['id']}/hint")
    assert response.status_code == 409 and response.json()["code"] == "hints_unavailable"


def test_chat_at_a_rummy500_table_reaches_the_others_and_their_streams(people_table, settings):
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6
    table = people_table(seats=3, decks=[seeded_deck(64)])
    ann, bob = table["clients"][0], table["clients"][1]
    game_id = table["id"]
    stream = Stream(bob.get(f"/api/v1/games/{game_id}/events"))
    try:
        stream.next(event="state")
        said = ann.post(f"/api/v1/games/{game_id}/messages", {"phrase": "good_luck"}, format="json")
        assert said.status_code == 201 and said.json()["seat"] == 0
        frame = stream.next(event="message")
    finally:
        stream.close()
    assert frame["data"]["phrase"] == "good_luck" and frame["data"]["seat"] == 0
    read = bob.get(f"/api/v1/games/{game_id}/messages").json()
    assert [(m["seat"], m["phrase"]) for m in read["results"]] == [(0, "good_luck")]
    unknown = bob.post(
        f"/api/v1/games/{game_id}/messages", {"phrase": "no_such_phrase"}, format="json"
    )
    assert unknown.status_code == 400 and unknown.json()["code"] == "invalid_phrase"


def test_an_idempotency_key_replays_its_first_answer_and_refuses_another_body(computer_table):
    table = computer_table(computers=1, decks=[seeded_deck(65)])
    client, game_id = table["clients"][0], table["id"]
    view = view_of(client, game_id)
    assert view["round"]["turn"] == 0 and view["round"]["phase"] == "draw"
    pile = view["round"]["discard_pile"]
    body = {"type": "draw_discard", "card": pile[-1], "expected_version": view["version"]}
    first = act(client, game_id, body, HTTP_IDEMPOTENCY_KEY="take-1")
    assert first.status_code == 200, first.json()
    moves = Move.objects.filter(game_id=game_id).count()

    # the same body, its keys in another order: the first answer, byte for byte
    reordered = dict(reversed(list(body.items())))
    again = act(client, game_id, reordered, HTTP_IDEMPOTENCY_KEY="take-1")
    assert again.status_code == 200 and again.content == first.content
    assert Move.objects.filter(game_id=game_id).count() == moves

    # the game moves on; a retry still gets the first answer and applies nothing
    hand = first.json()["round"]
    if hand["picked_card"] is None:
        card = next(c for c in hand["legal_actions"] if c["type"] == "discard")["cards"][0]
        assert act(client, game_id, {"type": "discard", "card": card}).status_code == 200
    later = Game.objects.get(pk=game_id).version
    replay = act(client, game_id, body, HTTP_IDEMPOTENCY_KEY="take-1")
    assert replay.status_code == 200 and replay.content == first.content
    assert Game.objects.get(pk=game_id).version == later

    # the same key with another body is refused, and changes nothing
    other = act(client, game_id, {"type": "draw_stock"}, HTTP_IDEMPOTENCY_KEY="take-1")
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    assert Game.objects.get(pk=game_id).version == later

    # a refusal is kept too, and replayed to the same body
    wrong = {"type": "draw_discard", "card": "ZZ"}
    refused = act(client, game_id, wrong, HTTP_IDEMPOTENCY_KEY="bad-1")
    assert refused.status_code == 400
    assert json.loads(act(client, game_id, wrong, HTTP_IDEMPOTENCY_KEY="bad-1").content) == (
        refused.json()
    )


def test_a_rematch_of_people_and_a_computer_asks_the_people_back(people_table):
    table = people_table(seats=3, computers=1, difficulty="easy", decks=[seeded_deck(66)])
    game_id = table["id"]
    ann, bob = table["clients"][0], table["clients"][1]
    assert act(bob, game_id, {"type": "draw_stock"}).status_code == 200
    for client in (bob, ann):  # once no person is left, the computer does not play on
        assert client.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    over = view_of(ann, game_id)
    assert over["status"] == "finished", over["final"]
    offered = ann.post(f"/api/v1/games/{game_id}/rematch")
    assert offered.status_code == 201, offered.json()
    new = offered.json()
    assert new["status"] == "waiting"
    assert [p["computer"] for p in new["players"]] == [None, None, "easy"]
    started = bob.post(f"/api/v1/games/{new['id']}/accept")
    assert started.status_code == 200, started.json()
    assert started.json()["status"] == "active" and started.json()["you"] == 1
    assert started.json()["round"]["hand_sizes"][:2] == [7, 7]


def test_a_hint_while_a_picked_card_is_owed_plays_that_card(computer_table):
    seat_1 = "2C 4C 6C 8C TC QC 3D 5D 9D JD KD 2S 4S"  # no meld, no use for 7H
    seat_0 = "7S 7D 3C 5C 9C JC 2D 4D 6D TD QD 3H 5H"
    dealt = f"{seat_1} {seat_0} 7H KH".split()
    deck = dealt + [card for card in seeded_deck(67) if card not in dealt]
    table = computer_table(computers=1, rules={"top_card_free": False}, decks=[deck])
    client, game_id = table["clients"][0], table["id"]
    view = view_of(client, game_id)
    assert view["round"]["turn"] == 0 and view["round"]["discard_pile"][0] == "7H"
    taken = act(client, game_id, {"type": "draw_discard", "card": "7H"})
    assert taken.status_code == 200, taken.json()
    assert taken.json()["round"]["picked_card"] == "7H"
    hint = client.get(f"/api/v1/games/{game_id}/hint").json()
    action = hint["action"]
    assert action["type"] in ("meld", "layoff"), hint
    if action["type"] == "meld":
        assert any("7H" in meld for meld in action["melds"]), hint
    else:
        assert action["card"] == "7H", hint
    played = act(client, game_id, {**action, "expected_version": hint["version"]})
    assert played.status_code == 200, played.json()
    assert played.json()["round"]["picked_card"] is None
