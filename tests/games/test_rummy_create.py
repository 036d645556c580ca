"""Creating rummy games (docs/games/rummy.md): validation, tables for people (join order, the start
when full), leavers replaced by the computer, rematches, the admin, verify_games."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from games.dealing import dealt
from games.models import Game, GameResult, Move, PlayerEvent, Seat
from games.presenters import computer_name
from games.rules.rummy import full_deck, rummy_cards
from tests.config.test_errors import assert_error
from tests.games.rummy.helpers import create, play_rummy_to_end

pytestmark = pytest.mark.django_db(transaction=True)

QUICK = {"rounds": 1, "hand_size": 7, "jokers": 2}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"opponent": "computer", "seats": 3}, "seats"),
        ({"opponent": "computer", "computers": 2}, "computers"),
        ({"opponent": "human", "seats": 2}, "seats"),
        ({"opponent": "human", "computers": 0}, "computers"),
        ({"variant": "poker", "opponent": "computer"}, "variant"),
        ({"variant": "rummy", "opponent": "computer", "computers": 4}, "computers"),
        ({"variant": "rummy", "opponent": "computer", "computers": 0}, "computers"),
        ({"variant": "rummy", "opponent": "computer", "seats": 3}, "seats"),
        ({"variant": "rummy", "opponent": "human", "seats": 5}, "seats"),
        ({"variant": "rummy", "opponent": "human", "seats": 1}, "seats"),
        ({"variant": "rummy", "opponent": "human", "seats": 3, "computers": 2}, "computers"),
        ({"variant": "rummy", "opponent": "human", "computers": 1}, "computers"),
        ({"variant": "rummy", "opponent": "human", "seats": 3, "computers": -1}, "computers"),
        (
            {"variant": "rummy", "opponent": "human", "seats": 3, "computers": 1},
            "difficulty",
        ),
        ({"variant": "rummy", "opponent": "human", "difficulty": "easy"}, "difficulty"),
        ({"variant": "rummy", "opponent": "human", "seats": "three"}, "seats"),
    ],
)
def test_bad_creation_is_a_400_naming_the_field_and_creates_nothing(auth_client, body, field):
    error = assert_error(create(auth_client, **body), 400, "validation_error")
    assert field in error["fields"], error
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    "rules", [{"hand_size": 14}, {"knock_limit": 10}, {"rounds": 0}, {"jokers": True}]
)
def test_bad_rummy_rules_are_a_400(auth_client, rules):
    response = create(auth_client, variant="rummy", opponent="computer", rules=rules)
    assert_error(response, 400, "validation_error")
    assert Game.objects.count() == 0


def test_rummy_rules_take_their_defaults_and_gin_stays_the_default(auth_client):
    rummy = create(auth_client, variant="rummy", opponent="computer").json()
    assert rummy["variant"] == "rummy"
    assert rummy["rules"] == {
        "jokers": 6, "hand_size": 13, "first_meld_points": 40, "loss_limit": 500,
        "rounds": None, "hand_rummy_doubles": True,
    }
    assert [p["computer"] for p in rummy["players"]] == [None, "medium"]
    gin = create(auth_client, opponent="computer").json()
    assert "variant" not in gin and "opponent_hand_size" in gin["round"]


def test_people_join_in_order_the_computers_sit_last_and_the_table_starts_when_full(
    make_user, client_for
):
    ann, bob, cat, dan = (make_user() for _ in range(4))
    created = create(
        client_for(ann), variant="rummy", opponent="human", seats=4, computers=1,
        difficulty="hard", visibility="public", rules=QUICK,
    )
    assert created.status_code == 201, created.json()
    table = created.json()
    assert table["status"] == "waiting"
    assert [p["computer"] for p in table["players"]] == [None, None, None, "hard"]
    entry = client_for(dan).get("/api/v1/lobby").json()["results"][0]
    assert (entry["variant"], entry["seats"], entry["free_seats"]) == ("rummy", 4, 2)
    code = table["invite_code"]
    first = client_for(bob).post("/api/v1/games/join", {"code": code}, format="json").json()
    assert first["status"] == "waiting" and first["you"] == 1
    again = client_for(bob).post("/api/v1/games/join", {"code": code}, format="json")
    assert again.status_code == 200 and again.json()["you"] == 1
    second = client_for(cat).post("/api/v1/games/join", {"code": code}, format="json").json()
    assert second["status"] == "active" and second["you"] == 2
    assert second["version"] == 1
    assert second["round"]["dealer"] == 0 and second["round"]["turn"] == 1
    assert [p["user"]["username"] for p in second["players"][:3]] == [
        ann.username, bob.username, cat.username,
    ]
    full = client_for(dan).post("/api/v1/games/join", {"code": code}, format="json")
    assert_error(full, 409, "game_full")
    joined = PlayerEvent.objects.filter(user=ann, kind="friend_joined").count()
    assert joined == 2
    # bob is to act: his turn is announced
    assert PlayerEvent.objects.filter(user=bob, kind="your_turn").exists()


def _table_of_three(make_user, client_for, **extra: Any) -> dict[str, Any]:
    ann, bob = make_user(), make_user()
    clients = {0: client_for(ann), 1: client_for(bob)}
    table = create(
        clients[0], variant="rummy", opponent="human", seats=3, computers=1,
        difficulty="easy", rules=QUICK, **extra,
    ).json()
    view = clients[1].post(
        "/api/v1/games/join", {"code": table["invite_code"]}, format="json"
    ).json()
    return {"id": view["id"], "clients": clients, "users": {0: ann, 1: bob}}


def _play_turn(client, game_id: str) -> dict[str, Any]:
    assert client.post(
        f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"}, format="json"
    ).status_code == 200
    view = client.get(f"/api/v1/games/{game_id}").json()
    card = next(a for a in view["round"]["legal_actions"] if a["type"] == "discard")["cards"][0]
    response = client.post(
        f"/api/v1/games/{game_id}/actions", {"type": "discard", "card": card}, format="json"
    )
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_player_who_concedes_at_a_table_of_three_leaves_and_the_computer_plays_on(
    make_user, client_for
):
    table = _table_of_three(make_user, client_for)
    game_id, ann, bob = table["id"], table["clients"][0], table["clients"][1]
    _play_turn(bob, game_id)  # seat 1 first, then the computer (seat 2)
    assert ann.get(f"/api/v1/games/{game_id}").json()["round"]["turn"] == 0
    _play_turn(ann, game_id)
    bob.post(f"/api/v1/games/{game_id}/concede")
    left = bob.get(f"/api/v1/games/{game_id}").json()
    assert left["status"] == "active"
    assert left["players"][1] == {
        "seat": 1,
        "user": None,
        "computer": "easy",
        "name": computer_name(Game.objects.get(pk=game_id), 1, "easy"),
    }
    seat = Seat.objects.get(game_id=game_id, seat=1)
    assert seat.user == table["users"][1] and seat.left_at is not None
    # the computer played bob's turn and seat 2's: ann is to act again
    assert left["round"]["turn"] == 0
    assert Move.objects.filter(game_id=game_id, seat=1, action__type="concede").count() == 1
    assert_error(
        bob.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"}, format="json"),
        409, "game_not_active",
    )
    assert_error(bob.post(f"/api/v1/games/{game_id}/concede"), 409, "game_not_active")
    assert bob.get(f"/api/v1/games/{game_id}").status_code == 200
    over = ann.post(f"/api/v1/games/{game_id}/concede").json()
    assert over["status"] == "finished"
    assert over["final"]["reason"] == "concede"
    assert over["final"]["placement"] == [2, 0, 1]
    results = {r.seat: r for r in GameResult.objects.filter(game_id=game_id)}
    assert (results[1].placement, results[1].won) == (3, False)
    assert (results[0].placement, results[0].won) == (2, False)
    assert results[1].variant == "rummy"


def test_three_timeouts_in_a_row_make_a_player_leave(make_user, client_for):
    table = _table_of_three(make_user, client_for, turn_seconds=30)
    game_id, bob = table["id"], table["clients"][1]
    game = Game.objects.get(pk=game_id)
    assert game.turn_seat == 1 and game.turn_deadline is not None
    Game.objects.filter(pk=game_id).update(
        timeouts_in_row=[0, 2, 0], turn_deadline=timezone.now() - timedelta(seconds=1)
    )
    view = bob.get(f"/api/v1/games/{game_id}").json()
    assert view["status"] == "active"
    assert view["players"][1]["computer"] == "easy"
    forfeit = Move.objects.get(game_id=game_id, action__type="timeout")
    assert forfeit.seat == 1 and forfeit.automatic
    assert view["round"]["turn"] == 0  # the computers played seats 1 and 2


def test_the_timer_plays_a_timed_out_rummy_turn(make_user, client_for):
    table = _table_of_three(make_user, client_for, turn_seconds=30)
    game_id, bob = table["id"], table["clients"][1]
    Game.objects.filter(pk=game_id).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    view = bob.get(f"/api/v1/games/{game_id}").json()
    auto = list(Move.objects.filter(game_id=game_id, seat=1).order_by("seq"))
    assert [m.action["type"] for m in auto] == ["draw_stock", "discard"]
    assert all(m.automatic for m in auto)
    assert view["round"]["turn"] == 0 and view["round"]["turn_deadline"] is not None
    assert Game.objects.get(pk=game_id).timeouts_in_row == [0, 1, 0]


def test_a_rematch_keeps_the_seats_and_waits_for_every_person(make_user, client_for):
    users = [make_user() for _ in range(3)]
    clients = {n: client_for(u) for n, u in enumerate(users)}
    table = create(clients[0], variant="rummy", opponent="human", seats=3, rules=QUICK).json()
    for n in (1, 2):
        clients[n].post("/api/v1/games/join", {"code": table["invite_code"]}, format="json")
    final = play_rummy_to_end(clients, table["id"])
    assert final["status"] == "finished"
    offer = clients[1].post(f"/api/v1/games/{table['id']}/rematch").json()
    assert offer["status"] == "waiting"
    assert [p["user"]["username"] for p in offer["players"]] == [u.username for u in users]
    events = PlayerEvent.objects.filter(kind="rematch_offered")
    assert sorted(e.user_id for e in events) == [users[0].pk, users[2].pk]
    one = clients[0].post(f"/api/v1/games/{offer['id']}/accept").json()
    assert one["status"] == "waiting"
    assert clients[0].post(f"/api/v1/games/{offer['id']}/accept").json()["status"] == "waiting"
    started = clients[2].post(f"/api/v1/games/{offer['id']}/accept").json()
    assert started["status"] == "active" and started["variant"] == "rummy"
    assert started["rules"] == final["rules"]


def test_a_rematch_against_computers_keeps_their_seats_and_level(auth_client):
    game = create(
        auth_client, variant="rummy", opponent="computer", computers=2, difficulty="hard",
        rules=QUICK,
    ).json()
    final = play_rummy_to_end({0: auth_client}, game["id"])
    assert final["status"] == "finished"
    rematch = auth_client.post(f"/api/v1/games/{game['id']}/rematch")
    assert rematch.status_code == 201
    assert rematch.json()["status"] == "active"
    assert [p["computer"] for p in rematch.json()["players"]] == [None, "hard", "hard"]


def test_admin_shows_the_table_melds_and_verify_games_replays_rummy(make_user, client_for):
    ann, bob = make_user(), make_user()
    table = create(client_for(ann), variant="rummy", opponent="human").json()
    head = list(rummy_cards("TH JH QH KH AH"))
    rest = list(full_deck(6))
    for card in head:
        rest.remove(card)
    with dealt([[*head, *rest]]):
        view = client_for(bob).post(
            "/api/v1/games/join", {"code": table["invite_code"]}, format="json"
        ).json()
    game_id = view["id"]
    assert view["you"] == 1 and view["round"]["turn"] == 1
    bob_client = client_for(bob)
    bob_client.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"}, format="json")
    melded = bob_client.post(
        f"/api/v1/games/{game_id}/actions",
        {"type": "meld", "melds": [["TH", "JH", "QH", "KH", "AH"]]},
        format="json",
    )
    assert melded.status_code == 200, melded.json()
    assert melded.json()["round"]["table"][0]["kind"] == "run"
    admin = get_user_model().objects.create_superuser("boss", password="a-long-admin-password")
    browser = Client()
    browser.force_login(admin)
    page = browser.get(f"/admin/games/game/{game_id}/change/")
    assert page.status_code == 200
    assert "run by seat 1: TH JH QH KH AH" in page.content.decode()
    out = StringIO()
    call_command("verify_games", "--game", game_id, stdout=out)
    assert "1 game(s) replayed, 0 mismatch(es)." in out.getvalue()
    # a stored snapshot that the log does not give is reported
    game = Game.objects.get(pk=game_id)
    state = dict(game.state)
    state["scores"] = [5, -5]
    Game.objects.filter(pk=game_id).update(state=state)
    with pytest.raises(CommandError, match="1 mismatch"):
        call_command("verify_games", "--game", game_id, stdout=StringIO())


def test_the_sweeper_plays_a_lost_computer_turn_of_a_leavers_seat(
    make_user, client_for, monkeypatch
):
    from games import services, tasks

    table = _table_of_three(make_user, client_for)
    game_id, bob = table["id"], table["clients"][1]
    assert Game.objects.get(pk=game_id).turn_seat == 1
    # bob (seat 1, to act) leaves, and the task for the computer's turn is lost
    monkeypatch.setattr(tasks.play_computer_turn, "delay", lambda *args: None)
    assert bob.post(f"/api/v1/games/{game_id}/concede").status_code == 200
    game = Game.objects.get(pk=game_id)
    assert game.turn_seat == 1 and game.seats.get(seat=1).computer == "easy"
    with time_machine.travel(timezone.now() + timedelta(minutes=5)):
        waiting = services.games_waiting_for_computer(older_than=timedelta(seconds=30))
        assert (game.pk, game.version) in waiting
        assert services.game_play_computer_turn(game_id=game_id, version=game.version) >= 2
    after = Game.objects.get(pk=game_id)
    assert after.turn_seat == 0  # the leaver's seat, then the computer at seat 2
    assert Move.objects.filter(game_id=game_id, seat=1, action__type="discard").count() == 1


def test_rummy_actions_keep_expected_version_and_idempotency(auth_client):
    view = create(auth_client, variant="rummy", opponent="computer", rules=QUICK).json()
    game_id = view["id"]
    url = f"/api/v1/games/{game_id}/actions"
    assert view["round"]["turn"] == 0  # the computer (seat 1) played first
    assert view["version"] >= 2
    stale = auth_client.post(url, {"type": "draw_stock", "expected_version": 0}, format="json")
    assert_error(stale, 409, "version_conflict")
    first = auth_client.post(
        url, {"type": "draw_stock"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    again = auth_client.post(
        url, {"type": "draw_stock"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert first.status_code == again.status_code == 200
    assert first.content == again.content
    assert Move.objects.filter(game_id=game_id, seat=0).count() == 1


def test_when_the_last_person_leaves_the_computers_give_up_too(auth_client):
    game = create(
        auth_client, variant="rummy", opponent="computer", computers=3, difficulty="easy",
        rules=QUICK,
    ).json()
    auth_client.post(
        f"/api/v1/games/{game['id']}/actions", {"type": "draw_stock"}, format="json"
    )
    assert auth_client.post(f"/api/v1/games/{game['id']}/concede").status_code == 200
    view = auth_client.get(f"/api/v1/games/{game['id']}").json()
    assert view["status"] == "finished" and view["final"]["reason"] == "concede"
    assert view["final"]["placement"][-1] == 0
    forfeits = list(
        Move.objects.filter(game_id=game["id"], action__type="concede").order_by("seq")
    )
    assert len(forfeits) == 3 and forfeits[0].seat == 0 and not forfeits[0].automatic
    assert all(m.automatic for m in forfeits[1:])
    out = StringIO()
    call_command("verify_games", "--game", game["id"], stdout=out)
    assert "0 mismatch(es)" in out.getvalue()
