"""Changing a password ends every other sign-in: through the API (``POST /auth/password``),
the admin's password form, ``manage.py changepassword`` or ``set_password`` anywhere; and
``POST /auth/logout-all`` signs a player out everywhere."""

from __future__ import annotations

import pytest
from django.contrib.auth.management.commands.changepassword import Command as ChangePassword
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import AuthToken, User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-brand-new-passphrase-7"


def change(client, current: str = PASSWORD, new: str = NEW_PASSWORD, **extra):
    body = {"current_password": current, "new_password": new}
    return client.post("/api/v1/auth/password", body, format="json", **extra)


def works(client) -> bool:
    return client.get("/api/v1/me").status_code == 200


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_password_change_ends_every_other_device_and_gives_this_one_a_new_token(
    user, client_for, api_client
):
    phone, laptop = client_for(user), client_for(user)
    response = change(phone)
    assert response.status_code == 200, response.content
    assert set(response.json()) == {"token"}
    assert not works(phone) and not works(laptop)
    assert works(with_token(response.json()["token"]))
    assert AuthToken.objects.filter(user=user).count() == 1
    # The new password logs in; the old one does not.
    login = {"username": user.username, "password": NEW_PASSWORD}
    assert api_client.post("/api/v1/auth/token", login).status_code == 200
    login["password"] = PASSWORD
    assert api_client.post("/api/v1/auth/token", login).status_code == 401


def test_a_wrong_current_password_is_400_and_changes_nothing(user, client_for):
    phone, laptop = client_for(user), client_for(user)
    response = change(phone, current="not-my-password")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_password"
    assert list(body["fields"]) == ["current_password"]
    assert works(phone) and works(laptop)
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_wrong_current_passwords_are_throttled_like_failed_logins(user, client_for, settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], failed_login="2/15m")
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    phone = client_for(user)
    for _ in range(2):
        assert change(phone, current="guess", REMOTE_ADDR="10.4.0.1").status_code == 400
    refused = change(phone, REMOTE_ADDR="10.4.0.1")  # the right one, too late
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 900
    assert works(phone)
    # The same counters as logins: the address may not log in to that account either.
    login = {"username": user.username, "password": PASSWORD}
    assert APIClient().post("/api/v1/auth/token", login, REMOTE_ADDR="10.4.0.1").status_code == 429


@pytest.mark.parametrize(
    ("new", "why"),
    [("short", "too short"), (" " * 12, "blank"), ("password123", "too common")],
)
def test_a_weak_new_password_is_400_and_changes_nothing(user, client_for, new, why):
    phone = client_for(user)
    response = change(phone, new=new)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "validation_error"
    assert list(response.json()["fields"]) == ["new_password"]
    assert why in response.json()["fields"]["new_password"][0]
    assert works(phone)


def test_the_password_endpoints_need_a_token(api_client):
    assert change(api_client).status_code == 401
    assert api_client.post("/api/v1/auth/logout-all").status_code == 401


def test_logout_all_ends_every_token_of_the_player_and_no_one_elses(user, client_for):
    phone, laptop = client_for(user), client_for(user)
    other = client_for(UserFactory())
    assert phone.post("/api/v1/auth/logout-all").status_code == 204
    assert not works(phone) and not works(laptop)
    assert works(other)
    assert not AuthToken.objects.filter(user=user).exists()


def test_the_admins_password_form_ends_every_token(user, client_for):
    phone = client_for(user)
    boss = UserFactory(username="boss", is_staff=True, is_superuser=True)
    admin = Client()
    admin.force_login(boss)
    response = admin.post(
        f"/admin/accounts/user/{user.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )
    assert response.status_code == 302, response.content
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert not works(phone)


def test_changepassword_ends_every_token(user, client_for, monkeypatch):
    phone = client_for(user)
    monkeypatch.setattr(ChangePassword, "_get_pass", lambda self, prompt=None: NEW_PASSWORD)
    call_command("changepassword", user.username, stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert not works(phone)


def test_set_password_anywhere_ends_every_token(user, client_for):
    phone = client_for(user)
    user.set_password(NEW_PASSWORD)
    user.save()
    assert not works(phone)


def test_a_password_hash_written_directly_ends_every_token_too(user, client_for):
    from django.contrib.auth.hashers import make_password

    phone = client_for(user)
    user.password = make_password(NEW_PASSWORD)
    user.save(update_fields=["password"])
    assert not works(phone)


def test_saving_a_player_without_a_new_password_keeps_their_tokens(user, client_for):
    phone = client_for(user)
    user.first_name = "Ann"
    user.save()
    User.objects.get(pk=user.pk).save(update_fields=["last_login"])
    assert works(phone)


def test_a_password_hash_upgrade_at_login_keeps_the_tokens(user, client_for, settings):
    # Logging in with a hash from an older hasher rehashes it: no password change.
    phone = client_for(user)
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        "django.contrib.auth.hashers.MD5PasswordHasher",
    ]
    before = User.objects.get(pk=user.pk).password
    login = {"username": user.username, "password": PASSWORD}
    assert APIClient().post("/api/v1/auth/token", login).status_code == 200
    assert User.objects.get(pk=user.pk).password != before  # it was upgraded
    assert works(phone)
