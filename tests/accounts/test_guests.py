"""Play now: guest accounts made in one request, claimed later with a username and password
(games kept), and removed after a period of disuse without breaking other players' games."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import services
from accounts.models import AuthToken, User, default_preferences
from accounts.tasks import purge_idle_guests
from games import services as games
from games.models import Game, GameResult, GameStatus
from tests.factories import PASSWORD, HumanGameFactory, UserFactory, token_for
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db

GUEST_NAME = re.compile(r"^guest-[23456789abcdefghjkmnpqrstuvwxyz]{6}$")
NEW_PASSWORD = "a-brand-new-passphrase-7"


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def play_now(client: APIClient | None = None, body: object = None, **extra):
    client = client or APIClient()
    if body is None:
        return client.post("/api/v1/auth/guest", **extra)
    return client.post("/api/v1/auth/guest", body, format="json", **extra)


def new_guest(display_name: str = "") -> tuple[User, APIClient]:
    guest, key = services.guest_create(display_name=display_name)
    return guest, with_token(key)


def claim(client: APIClient, **body: str):
    body = {"username": "annie", "password": NEW_PASSWORD, **body}
    return client.post("/api/v1/auth/claim", body, format="json")


@pytest.fixture
def rates(settings):
    def set_rates(**scopes: str) -> None:
        merged = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **scopes}
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": merged}

    return set_rates


# --- POST /auth/guest ------------------------------------------------------------------------


def test_play_now_makes_a_guest_and_its_token_in_one_request_without_a_body():
    response = play_now()
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"id", "username", "display_name", "token", "guest"}
    assert body["guest"] is True
    assert GUEST_NAME.match(body["username"])
    assert body["display_name"] == body["username"]
    guest = User.objects.get(pk=body["id"])
    assert guest.is_guest and not guest.has_usable_password()
    assert guest.last_seen_at is not None
    me = with_token(body["token"]).get("/api/v1/me")
    assert me.status_code == 200
    assert me.json()["guest"] is True and me.json()["id"] == body["id"]


@pytest.mark.parametrize("content_type", ["application/json", "application/octet-stream"])
def test_play_now_takes_an_empty_body(content_type):
    # What `curl -X POST` sends: no body at all, whatever the content type says.
    response = Client().generic("POST", "/api/v1/auth/guest", "", content_type=content_type)
    assert response.status_code == 201, response.content
    assert response.json()["guest"] is True
    assert "no-store" in response["Cache-Control"]


def test_a_guest_may_give_a_display_name():
    response = play_now(body={"display_name": " Ann "})
    assert response.status_code == 201
    assert response.json()["display_name"] == "Ann"
    assert User.objects.get(pk=response.json()["id"]).display_name == "Ann"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"display_name": "\u202eAnn"}, "display_name"),
        ({"display_name": "Admin"}, "display_name"),
        ({"username": "ann"}, "username"),
        ({"display_name": 7}, "display_name"),
    ],
)
def test_a_refused_play_now_body_is_400_and_makes_no_account(body, field):
    response = play_now(body=body)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "validation_error"
    assert field in response.json()["fields"]
    assert not User.objects.exists()


def test_a_play_now_body_that_is_no_object_is_400():
    response = play_now(body=["Ann"])
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert not User.objects.exists()


def test_play_now_is_throttled_per_client_address(rates):
    rates(guest="2/hour")
    for _ in range(2):
        assert play_now(REMOTE_ADDR="10.7.0.1").status_code == 201
    refused = play_now(REMOTE_ADDR="10.7.0.1")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert play_now(REMOTE_ADDR="10.7.0.2").status_code == 201
    assert User.objects.filter(is_guest=True).count() == 3


def test_play_now_is_throttled_by_default(settings):
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["guest"] == "10/hour"


def test_every_guest_gets_a_name_of_its_own():
    names = {play_now(REMOTE_ADDR=f"10.7.1.{i}").json()["username"] for i in range(5)}
    assert len(names) == 5 and all(GUEST_NAME.match(name) for name in names)


# --- what a guest may do -----------------------------------------------------------------------


def test_a_guest_plays_the_computer_and_joins_a_friends_table_by_its_code(client_for):
    _, guest = new_guest()
    against_computer = guest.post(
        "/api/v1/games", {"opponent": "computer", "difficulty": "easy"}, format="json"
    )
    assert against_computer.status_code == 201
    assert against_computer.json()["status"] == "active"
    friend = client_for(UserFactory())
    code = friend.post("/api/v1/games", {"opponent": "human"}, format="json").json()
    joined = guest.post("/api/v1/games/join", {"code": code["invite_code"]}, format="json")
    assert joined.status_code == 200, joined.content
    assert joined.json()["status"] == "active"


def test_a_guest_may_open_a_public_table(client_for):
    _, guest = new_guest()
    table = guest.post(
        "/api/v1/games", {"opponent": "human", "visibility": "public"}, format="json"
    )
    assert table.status_code == 201
    lobby = client_for(UserFactory()).get("/api/v1/lobby").json()["results"]
    assert [entry["id"] for entry in lobby] == [table.json()["id"]]


def test_me_and_profiles_say_whether_a_player_is_a_guest(auth_client):
    guest, _ = new_guest()
    assert auth_client.get("/api/v1/me").json()["guest"] is False
    profile = auth_client.get(f"/api/v1/users/{guest.username}")
    assert profile.status_code == 200
    assert profile.json()["guest"] is True
    assert profile.json()["display_name"] == guest.username


# --- POST /auth/claim --------------------------------------------------------------------------


def test_claiming_keeps_the_account_and_its_games_and_ends_every_guest_token(api_client):
    guest, phone = new_guest("Annie")
    laptop = with_token(token_for(guest))
    finished = finished_game(player=guest, difficulty="easy", finished_at=timezone.now())
    active = games.game_create_vs_computer(user=guest, difficulty="hard")

    response = claim(phone, username="Annie")
    assert response.status_code == 200, response.content
    assert set(response.json()) == {"token"}
    assert phone.get("/api/v1/me").status_code == 401
    assert laptop.get("/api/v1/me").status_code == 401
    claimed = with_token(response.json()["token"])
    me = claimed.get("/api/v1/me").json()
    assert (me["id"], me["username"], me["display_name"], me["guest"]) == (
        guest.pk,
        "Annie",
        "Annie",
        False,
    )
    assert me["stats"]["games"] == 1
    listed = {entry["id"] for entry in claimed.get("/api/v1/games").json()["results"]}
    assert listed == {str(finished.pk), str(active.pk)}
    assert AuthToken.objects.filter(user=guest).count() == 1
    login = {"username": "annie", "password": NEW_PASSWORD}
    assert api_client.post("/api/v1/auth/token", login).status_code == 200


def test_a_claim_may_set_the_display_name():
    _, phone = new_guest("Annie")
    response = claim(phone, display_name="Ann B.")
    assert response.status_code == 200
    me = with_token(response.json()["token"]).get("/api/v1/me").json()
    assert me["display_name"] == "Ann B."


def test_only_a_guest_can_be_claimed(user, auth_client):
    response = claim(auth_client)
    assert response.status_code == 409
    assert response.json()["code"] == "not_a_guest"
    user.refresh_from_db()
    assert user.check_password(PASSWORD) and user.username != "annie"
    assert auth_client.get("/api/v1/me").status_code == 200


def test_a_claim_with_a_taken_username_is_409_and_changes_nothing():
    UserFactory(username="annie")
    guest, phone = new_guest()
    response = claim(phone, username="ANNIE")
    assert response.status_code == 409
    assert response.json()["code"] == "username_taken"
    assert list(response.json()["fields"]) == ["username"]
    guest.refresh_from_db()
    assert guest.is_guest and not guest.has_usable_password()
    assert phone.get("/api/v1/me").status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "admin"}, "username"),
        ({"username": "guest-abc234"}, "username"),
        ({"username": "Guest-Ann"}, "username"),
        ({"username": "a b"}, "username"),
        ({"password": "password123"}, "password"),
        ({"password": "short"}, "password"),
        ({"display_name": "\u200bAnn"}, "display_name"),
    ],
)
def test_a_claim_breaking_the_rules_of_registration_is_400_and_changes_nothing(body, field):
    guest, phone = new_guest()
    response = claim(phone, **body)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "validation_error"
    assert field in response.json()["fields"]
    guest.refresh_from_db()
    assert guest.is_guest and GUEST_NAME.match(guest.username)
    assert phone.get("/api/v1/me").status_code == 200


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"username": "admin", "password": "short"}, {"username", "password"}),
        ({"username": "annie", "password": "password123"}, {"username", "password"}),
        ({"username": "ab", "password": "12345678901"}, {"username", "password"}),
        (
            {"username": "guest-abc234", "password": "short", "display_name": "\u200bAnn"},
            {"username", "password", "display_name"},
        ),
    ],
    ids=["reserved-and-short", "taken-and-common", "malformed-and-digits", "three-fields"],
)
def test_a_claim_names_every_field_that_breaks_a_rule_in_one_answer(body, fields):
    UserFactory(username="annie")
    guest, phone = new_guest()
    response = claim(phone, **body)
    assert response.status_code == 400, response.content
    assert set(response.json()["fields"]) == fields
    guest.refresh_from_db()
    assert guest.is_guest


def test_claiming_needs_a_token(api_client):
    response = claim(api_client)
    assert response.status_code == 401


def test_a_claim_counts_against_the_registration_limit_of_the_address(rates):
    rates(register="1/hour")
    register = {"username": "bob", "password": PASSWORD}
    assert (
        APIClient().post("/api/v1/auth/register", register, REMOTE_ADDR="10.7.2.1").status_code
        == 201
    )
    _, phone = new_guest()
    body = {"username": "annie", "password": NEW_PASSWORD}
    refused = phone.post("/api/v1/auth/claim", body, format="json", REMOTE_ADDR="10.7.2.1")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600


@pytest.mark.parametrize("name", ["guest-7k3m9q", "GUEST-ann"])
def test_no_one_may_register_a_guest_name(api_client, name):
    response = api_client.post("/api/v1/auth/register", {"username": name, "password": PASSWORD})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["username"]
    assert not User.objects.exists()


# --- removal after disuse ----------------------------------------------------------------------


def later(days: int):
    return timezone.now() + timedelta(days=days)


def test_a_guest_unused_for_the_idle_period_is_deleted_with_its_own_games():
    guest, _ = new_guest()
    finished_game(player=guest, difficulty="easy", finished_at=timezone.now())
    games.game_create_vs_computer(user=guest, difficulty="hard")
    games.game_create_vs_human(user=guest, visibility="public")  # nobody joined
    assert GameResult.objects.filter(user=guest).count() == 1

    assert services.guests_purge_idle(now=later(31)) == (1, 0)
    assert not User.objects.filter(pk=guest.pk).exists()
    assert not Game.objects.exists()
    assert not GameResult.objects.exists()
    assert not AuthToken.objects.exists()


def test_a_guest_used_within_the_idle_period_is_kept():
    guest, _ = new_guest()
    games.game_create_vs_computer(user=guest, difficulty="easy")
    assert services.guests_purge_idle(now=later(29)) == (0, 0)
    assert User.objects.get(pk=guest.pk).is_active
    assert Game.objects.count() == 1


def test_using_the_token_keeps_a_guest_from_removal():
    start = timezone.now()
    guest, phone = new_guest()
    with time_machine.travel(start + timedelta(days=20), tick=False):
        assert phone.get("/api/v1/me").status_code == 200
    guest.refresh_from_db()
    assert guest.last_seen_at is not None
    assert guest.last_seen_at >= start + timedelta(days=20)
    assert services.guests_purge_idle(now=start + timedelta(days=31)) == (0, 0)
    assert services.guests_purge_idle(now=start + timedelta(days=51)) == (1, 0)


def test_a_guest_who_played_a_person_stays_on_that_game_deactivated_under_its_name(client_for):
    guest, phone = new_guest("Annie")
    guest.preferences = {"sound": False}
    guest.save(update_fields=["preferences"])
    friend = UserFactory()
    shared = HumanGameFactory(creator=friend, opponent=guest, status=GameStatus.FINISHED, loser=1)
    alone = games.game_create_vs_computer(user=guest, difficulty="easy")

    assert services.guests_purge_idle(now=later(31)) == (0, 1)
    kept = User.objects.get(pk=guest.pk)
    assert not kept.is_active and kept.is_guest
    assert kept.display_name == "Annie" and kept.username == guest.username
    assert kept.preferences == default_preferences()
    assert not AuthToken.objects.filter(user=kept).exists()
    assert phone.get("/api/v1/me").status_code == 401
    assert not Game.objects.filter(pk=alone.pk).exists()
    # The friend's game and history are whole.
    view = client_for(friend).get(f"/api/v1/games/{shared.pk}").json()
    assert [p["user"] for p in view["players"]][1] == {
        "username": guest.username,
        "display_name": "Annie",
    }
    result = GameResult.objects.get(game=shared, user=friend)
    assert result.opponent_id == guest.pk and result.won
    assert client_for(friend).get("/api/v1/me").json()["stats"]["games"] == 1
    assert client_for(friend).get(f"/api/v1/users/{guest.username}").status_code == 404
    # Idempotent: the next night changes nothing.
    assert services.guests_purge_idle(now=later(62)) == (0, 0)


def test_a_guest_whose_table_a_person_joined_is_kept_for_that_game():
    guest, _ = new_guest()
    friend = UserFactory()
    game = HumanGameFactory(creator=guest, opponent=friend, status=GameStatus.ACTIVE)
    assert services.guests_purge_idle(now=later(31)) == (0, 1)
    assert Game.objects.get(pk=game.pk).status == GameStatus.ACTIVE
    assert not User.objects.get(pk=guest.pk).is_active


def test_a_claimed_account_is_never_removed_for_disuse():
    guest, phone = new_guest()
    assert claim(phone).status_code == 200
    assert services.guests_purge_idle(now=later(400)) == (0, 0)
    assert User.objects.get(pk=guest.pk).is_active


def test_ordinary_players_are_never_removed_for_disuse(user):
    assert services.guests_purge_idle(now=later(400)) == (0, 0)
    assert User.objects.filter(pk=user.pk).exists()


def test_the_idle_period_is_a_setting(settings):
    settings.GUEST_IDLE_DAYS = 2
    new_guest()
    assert services.guests_purge_idle(now=later(1)) == (0, 0)
    assert services.guests_purge_idle(now=later(3)) == (1, 0)


def test_the_nightly_task_removes_idle_guests():
    guest, _ = new_guest()
    User.objects.filter(pk=guest.pk).update(last_seen_at=later(-31))
    assert purge_idle_guests() == 1
    assert purge_idle_guests() == 0
    assert not User.objects.filter(pk=guest.pk).exists()


def test_the_nightly_task_is_scheduled(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["purge-idle-guests"]
    assert entry["task"] == "accounts.purge_idle_guests"
