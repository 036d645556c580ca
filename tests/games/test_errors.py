"""Every error code of docs/api.md#games, with its status, changing nothing."""

from __future__ import annotations

import uuid

import pytest

from games.models import Game, Move
from tests.games.conftest import full_deck
from tests.games.helpers import act

pytestmark = pytest.mark.django_db(transaction=True)

# Non-dealer (seat 1) holds a run of spades and junk; dealer (seat 0) holds sets.
# deck[0:10] -> non-dealer, deck[10:20] -> dealer, deck[20] upcard, deck[21:] stock.
RIGGED = "AS 2S 3S 4S 5S 9D JC QH KD 8C 7C 7D 7H 4D 4C 4H QS QC TD TC 6S"


@pytest.fixture
def rigged(human_game):
    return human_game(deck=full_deck(RIGGED), dealer=0)


def assert_error(response, status: int, code: str, game_id: str | None = None, moves: int = 0):
    assert response.status_code == status, response.json()
    body = response.json()
    assert body["code"] == code, body
    assert body["detail"]
    if game_id is not None:
        assert Move.objects.filter(game_id=game_id).count() == moves
    return body


def test_not_your_turn(rigged):
    body = assert_error(
        act(rigged["clients"][0], rigged["id"], {"type": "pass"}),
        409,
        "not_your_turn",
        rigged["id"],
    )
    assert body["current_version"] == 1  # a friend's game starts at version 1 (the join)


def test_version_conflict(rigged):
    body = assert_error(
        act(rigged["clients"][1], rigged["id"], {"type": "pass", "expected_version": 3}),
        409,
        "version_conflict",
        rigged["id"],
    )
    assert body["current_version"] == 1


def test_game_not_active_after_concede(rigged):
    assert rigged["clients"][0].post(f"/api/v1/games/{rigged['id']}/concede").status_code == 200
    assert_error(act(rigged["clients"][1], rigged["id"], {"type": "pass"}), 409, "game_not_active")
    assert_error(
        rigged["clients"][1].post(f"/api/v1/games/{rigged['id']}/concede"), 409, "game_not_active"
    )


def test_game_not_active_while_waiting(make_user, client_for):
    client = client_for(make_user())
    game_id = client.post("/api/v1/games", {"opponent": "human"}, format="json").json()["id"]
    assert_error(act(client, game_id, {"type": "draw_stock"}), 409, "game_not_active")


def test_wrong_phase(rigged):
    c = rigged["clients"][1]
    assert_error(
        act(c, rigged["id"], {"type": "discard", "card": "KD"}), 422, "wrong_phase", rigged["id"]
    )
    assert_error(act(c, rigged["id"], {"type": "draw_stock"}), 422, "wrong_phase", rigged["id"])


def test_stock_only_after_both_pass(rigged):
    ann, bob = rigged["clients"][0], rigged["clients"][1]
    assert act(bob, rigged["id"], {"type": "pass"}).status_code == 200
    assert act(ann, rigged["id"], {"type": "pass"}).status_code == 200
    view = bob.get(f"/api/v1/games/{rigged['id']}").json()
    assert view["round"]["phase"] == "draw"
    assert view["round"]["legal_actions"] == [{"type": "draw_stock"}]
    assert_error(
        act(bob, rigged["id"], {"type": "draw_discard"}), 422, "stock_only", rigged["id"], 2
    )


def test_card_not_in_hand_and_cannot_discard_drawn_card(rigged):
    bob = rigged["clients"][1]
    assert act(bob, rigged["id"], {"type": "draw_discard"}).status_code == 200  # takes 6S
    assert_error(
        act(bob, rigged["id"], {"type": "discard", "card": "AH"}),
        422,
        "card_not_in_hand",
        rigged["id"],
        1,
    )
    assert_error(
        act(bob, rigged["id"], {"type": "discard", "card": "6s"}),
        422,
        "cannot_discard_drawn_card",
        rigged["id"],
        1,
    )
    assert_error(
        act(bob, rigged["id"], {"type": "knock", "card": "6S"}),
        422,
        "cannot_discard_drawn_card",
        rigged["id"],
        1,
    )


def test_knock_limit_exceeded_invalid_melds_and_not_big_gin(rigged):
    bob = rigged["clients"][1]
    assert act(bob, rigged["id"], {"type": "draw_discard"}).status_code == 200
    # AS-6S run, then 9D JC QH KD 8C: deadwood after discarding KD is 37.
    assert_error(
        act(bob, rigged["id"], {"type": "knock", "card": "KD"}),
        422,
        "knock_limit_exceeded",
        rigged["id"],
        1,
    )
    bad_melds = {"type": "knock", "card": "KD", "melds": [["AS", "2S", "9D"]]}
    assert_error(act(bob, rigged["id"], bad_melds), 422, "invalid_melds", rigged["id"], 1)
    assert_error(act(bob, rigged["id"], {"type": "big_gin"}), 422, "not_big_gin", rigged["id"], 1)


@pytest.mark.parametrize("card", [{"rank": "A"}, ["AS"], 7, True, "A♠", "10H"])
def test_a_card_that_is_not_a_card_string_is_400(rigged, card):
    response = act(rigged["clients"][1], rigged["id"], {"type": "discard", "card": card})
    assert response.status_code == 400, response.content
    assert response.json()["code"] in ("invalid_card", "validation_error")
    assert Move.objects.filter(game_id=rigged["id"]).count() == 0


def test_invalid_card(rigged):
    body = assert_error(
        act(rigged["clients"][1], rigged["id"], {"type": "discard", "card": "1X"}),
        400,
        "invalid_card",
        rigged["id"],
    )
    assert "1X" in body["detail"]


@pytest.mark.parametrize(
    "body",
    [
        {"type": "fly"},
        {},
        {"type": "discard"},
        {"type": "discard", "card": "KD", "extra": 1},
        {"type": "draw_stock", "expected_version": "3"},
        {"type": "draw_stock", "expected_version": -1},
        {"type": "knock", "card": "KD", "melds": "AS 2S 3S"},
        {"type": {"name": "pass"}},
        {"type": ["pass"]},
        {"type": None},
        {"type": "knock", "card": "KD", "melds": [{"a": 1}]},
    ],
)
def test_validation_error(rigged, body):
    assert_error(
        act(rigged["clients"][1], rigged["id"], body), 400, "validation_error", rigged["id"]
    )


def test_body_must_be_an_object(rigged):
    response = rigged["clients"][1].post(
        f"/api/v1/games/{rigged['id']}/actions", [1], format="json"
    )
    assert_error(response, 400, "validation_error", rigged["id"])


def test_idempotency_key_reused_with_another_body(rigged):
    bob = rigged["clients"][1]
    first = act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 200
    assert_error(
        act(bob, rigged["id"], {"type": "draw_discard"}, HTTP_IDEMPOTENCY_KEY="k-1"),
        422,
        "idempotency_key_reused",
        rigged["id"],
        1,
    )
    too_long = act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="x" * 256)
    assert_error(too_long, 400, "validation_error", rigged["id"], 1)


def test_a_key_first_used_on_a_refused_action_never_applies_another_body(rigged):
    bob = rigged["clients"][1]
    refused = act(bob, rigged["id"], {"type": "discard", "card": "AS"}, HTTP_IDEMPOTENCY_KEY="k")
    assert_error(refused, 422, "wrong_phase", rigged["id"])
    assert_error(
        act(bob, rigged["id"], {"type": "pass"}, HTTP_IDEMPOTENCY_KEY="k"),
        422,
        "idempotency_key_reused",
        rigged["id"],
    )
    assert Game.objects.get(pk=rigged["id"]).version == 1


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"type": "draw_stock"}, 422, "wrong_phase"),  # not yet: the first upcard is offered
        ({"type": "pass", "expected_version": 7}, 409, "version_conflict"),
        ({"type": "discard", "card": "1X"}, 400, "invalid_card"),
        ({"type": "meld", "melds": [["AS", "2S", "3S"]]}, 422, "action_not_in_game"),
    ],
)
def test_a_retry_of_a_refused_action_gets_the_same_refusal_byte_for_byte(
    rigged, body, status, code
):
    bob = rigged["clients"][1]
    first = act(bob, rigged["id"], body, HTTP_IDEMPOTENCY_KEY="retry-me")
    assert_error(first, status, code, rigged["id"])
    # The turn moves on meanwhile; the key still names the refused request.
    assert act(bob, rigged["id"], {"type": "pass"}).status_code == 200
    again = act(bob, rigged["id"], body, HTTP_IDEMPOTENCY_KEY="retry-me")
    assert (again.status_code, again.content) == (first.status_code, first.content)
    assert Move.objects.filter(game_id=rigged["id"]).count() == 1


def test_a_refused_action_with_a_key_changes_nothing_but_its_record(rigged):
    bob = rigged["clients"][1]
    before = bob.get(f"/api/v1/games/{rigged['id']}").json()
    act(bob, rigged["id"], {"type": "discard", "card": "AS"}, HTTP_IDEMPOTENCY_KEY="k2")
    assert bob.get(f"/api/v1/games/{rigged['id']}").json() == before


def test_invalid_code_game_full_and_cannot_join_own_game(make_user, client_for):
    ann, bob, cid = make_user(), make_user(), make_user()
    a, b, c = client_for(ann), client_for(bob), client_for(cid)
    assert_error(
        b.post("/api/v1/games/join", {"code": "ZZZZZZ"}, format="json"), 404, "invalid_code"
    )
    code = a.post("/api/v1/games", {"opponent": "human"}, format="json").json()["invite_code"]
    assert_error(
        a.post("/api/v1/games/join", {"code": code}, format="json"), 409, "cannot_join_own_game"
    )
    assert b.post("/api/v1/games/join", {"code": code}, format="json").status_code == 200
    # Joining again is harmless for the seated player, refused for anyone else.
    assert b.post("/api/v1/games/join", {"code": code}, format="json").status_code == 200
    assert_error(c.post("/api/v1/games/join", {"code": code}, format="json"), 409, "game_full")
    assert_error(c.post("/api/v1/games/join", {}, format="json"), 400, "validation_error")


@pytest.mark.parametrize(
    "body, field",
    [
        ({"opponent": "alien"}, "opponent"),
        ({"opponent": "computer", "difficulty": "godlike"}, "difficulty"),
        ({"opponent": "computer", "turn_seconds": 30}, "turn_seconds"),
        ({"opponent": "human", "turn_seconds": 5}, "turn_seconds"),
        ({"opponent": "human", "turn_seconds": 3601}, "turn_seconds"),
        ({"opponent": "human", "visibility": "secret"}, "visibility"),
        ({"opponent": "human", "difficulty": "easy"}, "difficulty"),
        ({"opponent": "computer", "rules": {"knock_limit": 11}}, "rules.knock_limit"),
        ({"opponent": "computer", "rules": {"knock_limit": True}}, "rules.knock_limit"),
        ({"opponent": "computer", "rules": {"jokers": 2}}, "rules.jokers"),
        ({"opponent": "computer", "rules": [1]}, "rules"),
        ({"opponent": "computer", "rules": []}, "rules"),
        ({"opponent": "computer", "rules": False}, "rules"),
        ({"opponent": "computer", "rules": 0}, "rules"),
        ({"opponent": "computer", "rules": ""}, "rules"),
        ({"opponent": "human", "rules": "knock_limit=5"}, "rules"),
        ({"opponent": "human", "rules": None}, "rules"),
        ({"opponent": "computer", "colour": "red"}, "colour"),
    ],
)
def test_create_validation_errors_change_nothing(user, client_for, body, field):
    response = client_for(user).post("/api/v1/games", body, format="json")
    body = assert_error(response, 400, "validation_error")
    assert field in body["fields"], body
    assert Game.objects.count() == 0


def test_list_filter_must_be_a_known_status(auth_client):
    assert_error(auth_client.get("/api/v1/games?status=paused"), 400, "validation_error")


def test_stranger_gets_404_on_every_game_endpoint(rigged, make_user, client_for):
    stranger = client_for(make_user())
    game_id = rigged["id"]
    calls = [
        ("get", f"/api/v1/games/{game_id}", None),
        ("get", f"/api/v1/games/{game_id}/moves", None),
        ("post", f"/api/v1/games/{game_id}/actions", {"type": "pass"}),
        ("post", f"/api/v1/games/{game_id}/concede", None),
        ("post", f"/api/v1/games/{game_id}/cancel", None),
    ]
    for method, url, body in calls:
        response = getattr(stranger, method)(url, body, format="json")
        assert_error(response, 404, "not_found", game_id)
        # Same answer as for a game that does not exist at all, or a malformed id.
        for other in (str(uuid.uuid4()), "not-a-uuid"):
            missing = getattr(stranger, method)(url.replace(game_id, other), body, format="json")
            assert_error(missing, 404, "not_found")
    assert Game.objects.get(pk=game_id).version == 1


def test_anonymous_gets_401_on_game_endpoints(rigged, api_client):
    for url in ("/api/v1/games", f"/api/v1/games/{rigged['id']}", "/api/v1/lobby"):
        assert_error(api_client.get(url), 401, "not_authenticated")
