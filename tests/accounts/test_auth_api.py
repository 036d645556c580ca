"""Registration, tokens, logout, /me and public profiles (docs/api.md#accounts)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts import services
from accounts.models import AuthToken, User
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def register(client: APIClient, **body):
    body.setdefault("password", PASSWORD)
    return client.post("/api/v1/auth/register", body, format="json")


def test_register_returns_token_that_authenticates(api_client):
    response = register(api_client, username="Ann", display_name="Ann B.")
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"id", "username", "display_name", "token"}
    assert body["username"] == "Ann" and body["display_name"] == "Ann B."
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    me = api_client.get("/api/v1/me")
    assert me.status_code == 200
    assert me.json()["username"] == "Ann"


def test_register_without_display_name_uses_username(api_client):
    body = register(api_client, username="bob").json()
    assert body["display_name"] == "bob"


def test_token_is_stored_only_as_digest(api_client):
    token = register(api_client, username="carol").json()["token"]
    row = AuthToken.objects.get()
    assert token not in (row.digest, row.prefix) and row.digest != token


@pytest.mark.parametrize("username", ["Ann", "ANN", "ann"])
def test_duplicate_username_in_another_case_is_rejected(api_client, username):
    assert register(api_client, username="ann").status_code == 201
    response = register(api_client, username=username)
    assert response.status_code == 409
    assert response.json()["code"] == "username_taken"
    assert User.objects.count() == 1


@pytest.mark.parametrize("username", ["ab", "x" * 31, "has space", "émile", "semi;colon", ""])
def test_bad_usernames_are_validation_errors(api_client, username):
    response = register(api_client, username=username)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "validation_error"
    assert "username" in body["fields"]
    assert User.objects.count() == 0


@pytest.mark.parametrize("password", ["short", "password123", "12345678901", "dave-the-player"])
def test_weak_password_is_rejected_with_the_reason(api_client, password):
    response = register(api_client, username="dave-the-player", password=password)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "validation_error"
    assert body["fields"]["password"]
    assert User.objects.count() == 0


def test_registration_names_a_taken_username_and_a_weak_password_together(api_client, user):
    response = register(api_client, username=user.username.upper(), password="short")
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "username": ["That username is taken."],
        "password": ["This password is too short. It must contain at least 8 characters."],
    }


def test_register_rejects_unknown_fields(api_client):
    response = register(api_client, username="erin", email="e@example.com")
    assert response.status_code == 400
    assert response.json()["fields"] == {"email": ["Unknown field."]}


def test_token_login_is_case_insensitive_and_issues_a_new_token(api_client, user):
    response = api_client.post(
        "/api/v1/auth/token", {"username": user.username.upper(), "password": PASSWORD}
    )
    assert response.status_code == 200
    token = response.json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/v1/me").json()["username"] == user.username


def test_wrong_credentials_are_401_with_a_code(api_client, user):
    response = api_client.post(
        "/api/v1/auth/token", {"username": user.username, "password": "nope"}
    )
    assert response.status_code == 401
    assert response.json()["code"] == "invalid_credentials"
    unknown = api_client.post("/api/v1/auth/token", {"username": "ghost", "password": "nope"})
    assert unknown.status_code == 401
    assert unknown.json()["code"] == "invalid_credentials"


def test_inactive_user_cannot_log_in(api_client, user):
    user.is_active = False
    user.save()
    response = api_client.post(
        "/api/v1/auth/token", {"username": user.username, "password": PASSWORD}
    )
    assert response.status_code == 401


def test_missing_token_is_401_not_authenticated(api_client):
    response = api_client.get("/api/v1/me")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


def test_garbage_token_is_401_authentication_failed(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.get("/api/v1/me")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_logout_revokes_only_that_token(api_client, user, client_for):
    phone, laptop = client_for(user), client_for(user)
    assert phone.post("/api/v1/auth/logout").status_code == 204
    revoked = phone.get("/api/v1/me")
    assert revoked.status_code == 401
    assert revoked.json()["code"] == "authentication_failed"
    assert laptop.get("/api/v1/me").status_code == 200


def test_deactivated_user_token_stops_working(auth_client, user):
    user.is_active = False
    user.save()
    response = auth_client.get("/api/v1/me")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_me_shows_preferences_with_defaults_and_zero_stats(auth_client, user):
    body = auth_client.get("/api/v1/me").json()
    assert body["preferences"]["card_sort"] == "suit"
    assert body["stats"]["games"] == 0 and body["stats"]["wins"] == 0
    assert body["stats"]["rating_provisional"] is True


def test_patch_me_merges_preferences_and_display_name(auth_client, user):
    response = auth_client.patch(
        "/api/v1/me", {"display_name": "  Annie  ", "preferences": {"card_sort": "rank"}}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["display_name"] == "Annie"
    assert body["preferences"]["card_sort"] == "rank"
    assert body["preferences"]["sound"] is True
    user.refresh_from_db()
    assert user.preferences["card_sort"] == "rank"
    again = auth_client.patch("/api/v1/me", {"preferences": {"sound": False}}).json()
    assert again["preferences"] == {**body["preferences"], "sound": False}


def test_two_saves_of_preferences_in_flight_keep_both(user):
    # Two PATCHes at once, each with the account as it was loaded before either wrote: the
    # second merges onto what the first stored, not onto its own stale copy.
    first, second = User.objects.get(pk=user.pk), User.objects.get(pk=user.pk)
    services.user_update(user=first, preferences={"theme": "dark"})
    services.user_update(user=second, preferences={"computer_speed": "slow"})
    stored = User.objects.get(pk=user.pk).effective_preferences
    assert (stored["theme"], stored["computer_speed"]) == ("dark", "slow")
    assert second.preferences == stored  # the caller's copy is the stored one


def test_the_table_options_are_preferences_a_guest_keeps_too(api_client):
    token = api_client.post("/api/v1/auth/guest", {}, format="json").json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    defaults = api_client.get("/api/v1/me").json()["preferences"]
    assert defaults["theme"] == "system" and defaults["computer_speed"] == "normal"
    assert defaults["warn_meld_discard"] is True and defaults["score_animation"] is True
    chosen = {
        "theme": "dark",
        "computer_speed": "fast",
        "warn_meld_discard": False,
        "score_animation": False,
    }
    response = api_client.patch("/api/v1/me", {"preferences": chosen}, format="json")
    assert response.status_code == 200
    assert api_client.get("/api/v1/me").json()["preferences"] == {**defaults, **chosen}


@pytest.mark.parametrize(
    "body, field",
    [
        ({"preferences": {"card_sort": "colour"}}, "preferences"),
        ({"preferences": {"unknown": 1}}, "preferences"),
        ({"preferences": {"sound": "loud"}}, "preferences"),
        ({"preferences": {"theme": "sepia"}}, "preferences"),
        ({"preferences": {"computer_speed": "instant"}}, "preferences"),
        ({"preferences": {"warn_meld_discard": "no"}}, "preferences"),
        ({"preferences": "rank"}, "preferences"),
        ({"display_name": "x" * 41}, "display_name"),
        ({"username": "renamed"}, "username"),
    ],
)
def test_patch_me_rejects_bad_values_and_changes_nothing(auth_client, user, body, field):
    before = auth_client.get("/api/v1/me").json()
    response = auth_client.patch("/api/v1/me", body)
    assert response.status_code == 400
    assert response.json()["code"] == "validation_error"
    assert field in response.json()["fields"]
    assert auth_client.get("/api/v1/me").json() == before


def test_public_profile_is_case_insensitive(auth_client, make_user):
    other = make_user(username="Zed", display_name="Zed Z.")
    response = auth_client.get("/api/v1/users/zed")
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == other.username
    assert body["display_name"] == "Zed Z."
    assert set(body["stats"]) >= {"games", "wins", "gins", "big_gins", "undercuts", "rating"}
    assert "preferences" not in body


def test_public_profile_of_unknown_user_is_404(auth_client):
    response = auth_client.get("/api/v1/users/nobody-here")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_public_profile_needs_a_token(api_client, user):
    assert api_client.get(f"/api/v1/users/{user.username}").status_code == 401
