"""Sign-ins served from the shared Redis cache: no query for the token on a warm cache, and
every way a token ends, or its player changes, reaches the very next request."""

from __future__ import annotations

import pickle
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.management.commands.changepassword import Command as ChangePassword
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from accounts.authentication import BearerTokenAuthentication
from accounts.models import AuthToken, token_digest
from accounts.tasks import purge_stale_tokens
from accounts.token_cache import STALE, entry_key, mark_stale
from tests.factories import PASSWORD, UserFactory, token_for

# Marks are written once a change commits: every test commits for real.
pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "a-brand-new-passphrase-7"


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def works(client: APIClient) -> bool:
    return client.get("/api/v1/phrases").status_code == 200


@pytest.fixture
def player(shared_cache):
    """A player whose token is cached: one request has read it from the database."""
    user = UserFactory()
    key = token_for(user)
    client = with_token(key)
    assert works(client)
    assert isinstance(shared_cache.get(entry_key(token_digest(key))), dict)
    return user, key, client


@pytest.fixture
def admin_client():
    boss = UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(boss)
    return client


def test_a_cached_token_authenticates_without_a_query(player):
    _, _, client = player
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/v1/phrases")
    assert response.status_code == 200
    assert queries.captured_queries == []


def test_without_the_shared_cache_every_request_reads_the_token(user, auth_client):
    auth_client.get("/api/v1/phrases")  # the in-process cache of the test settings
    with CaptureQueriesContext(connection) as queries:
        assert works(auth_client)
    assert len(queries.captured_queries) == 1
    assert "accounts_authtoken" in queries.captured_queries[0]["sql"]


def test_the_cache_can_be_turned_off(shared_cache, user, settings):
    settings.AUTH_TOKEN_CACHE_SECONDS = 0
    client = with_token(token_for(user))
    assert works(client)
    with CaptureQueriesContext(connection) as queries:
        assert works(client)
    assert len(queries.captured_queries) == 1


def test_the_cached_entry_holds_no_password_hash(player, shared_cache):
    user, key, _ = player
    raw = shared_cache._cache.get_client().get(shared_cache.redis_key(entry_key(token_digest(key))))
    entry = pickle.loads(raw)
    assert "password" not in entry["user"][0]
    assert user.password.encode() not in raw


def test_logout_ends_a_cached_token_on_the_next_request(player):
    _, _, client = player
    assert client.post("/api/v1/auth/logout").status_code == 204
    assert not works(client)


def test_signing_out_everywhere_ends_every_cached_token(player):
    user, _, client = player
    laptop = with_token(token_for(user))
    assert works(laptop)
    assert client.post("/api/v1/auth/logout-all").status_code == 204
    assert not works(client) and not works(laptop)


def test_a_password_change_through_the_api_ends_the_cached_tokens(player):
    user, _, client = player
    laptop = with_token(token_for(user))
    assert works(laptop)
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
    answer = client.post("/api/v1/auth/password", body, format="json")
    assert answer.status_code == 200
    assert not works(client) and not works(laptop)
    assert works(with_token(answer.json()["token"]))


def test_set_password_and_save_end_the_cached_tokens(player):
    user, _, client = player
    user.set_password(NEW_PASSWORD)
    user.save()
    assert not works(client)


def test_changepassword_ends_the_cached_tokens(player, monkeypatch):
    user, _, client = player
    monkeypatch.setattr(ChangePassword, "_get_pass", lambda self, prompt=None: NEW_PASSWORD)
    call_command("changepassword", user.username, stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert not works(client)


def test_the_admins_password_form_ends_the_cached_tokens(player, admin_client):
    user, _, client = player
    response = admin_client.post(
        f"/admin/accounts/user/{user.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )
    assert response.status_code == 302
    assert not works(client)


def test_the_admins_deactivate_action_ends_the_cached_tokens(player, admin_client):
    user, _, client = player
    response = admin_client.post(
        "/admin/accounts/user/", {"action": "deactivate", "_selected_action": [user.pk]}
    )
    assert response.status_code == 302
    assert not works(client)


def test_deactivating_in_the_admins_change_form_ends_the_cached_tokens(player, admin_client):
    user, _, client = player
    form = admin_client.get(f"/admin/accounts/user/{user.pk}/change/")
    assert form.status_code == 200
    data = {
        "username": user.username,
        "first_name": "",
        "last_name": "",
        "email": "",
        "is_staff": "",
        "is_superuser": "",
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "display_name": user.display_name,
        "preferences": "{}",
    }  # is_active left out: unticked
    response = admin_client.post(f"/admin/accounts/user/{user.pk}/change/", data)
    assert response.status_code == 302, response.content
    user.refresh_from_db()
    assert not user.is_active
    assert not works(client)
    assert not AuthToken.objects.filter(user=user).exists()


def test_deactivating_by_saving_the_player_ends_the_cached_tokens(player):
    user, _, client = player
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert not works(client)
    assert not AuthToken.objects.filter(user=user).exists()


def test_the_admin_deleting_a_token_ends_it_at_once(player, admin_client):
    _, key, client = player
    token = AuthToken.objects.get(digest=token_digest(key))
    response = admin_client.post(
        "/admin/accounts/authtoken/",
        {"action": "delete_selected", "_selected_action": [token.pk], "post": "yes"},
    )
    assert response.status_code == 302
    assert not works(client)


def test_the_nightly_purge_ends_a_cached_token_it_deletes(player, settings):
    _, key, client = player
    AuthToken.objects.filter(digest=token_digest(key)).update(
        created_at=timezone.now() - timedelta(days=settings.AUTH_TOKEN_MAX_AGE_DAYS + 1)
    )
    assert purge_stale_tokens() == 1
    assert not works(client)


def test_deleting_the_player_ends_the_cached_tokens(player):
    user, _, client = player
    user.delete()
    assert not works(client)


def test_a_profile_change_shows_on_the_next_request(player):
    _, _, client = player
    assert client.get("/api/v1/me").status_code == 200
    assert client.patch("/api/v1/me", {"display_name": "Annabel"}).status_code == 200
    assert client.get("/api/v1/me").json()["display_name"] == "Annabel"


def test_a_request_that_read_the_token_before_a_revocation_cannot_cache_it_again(
    shared_cache, user
):
    # A request reads the token from the database, the revocation commits and marks the
    # entry stale, then the request goes on to cache what it read: it must not.
    key = token_for(user)
    digest = token_digest(key)
    mark_stale([digest])
    assert works(with_token(key))  # the database says yes: the token exists
    assert shared_cache.get(entry_key(digest)) == STALE
    # Once the mark lapses, the next request caches the token again.
    shared_cache.delete(entry_key(digest))
    assert works(with_token(key))
    assert isinstance(shared_cache.get(entry_key(digest)), dict)


def test_a_cached_token_still_lapses_at_the_end_of_its_lifetime(player, settings):
    _, key, client = player
    token = AuthToken.objects.get(digest=token_digest(key))
    with time_machine.travel(token.expires_at + timedelta(seconds=1), tick=False):
        response = client.get("/api/v1/phrases")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_last_use_is_still_written_every_ten_minutes(player):
    user, key, client = player
    token = AuthToken.objects.get(digest=token_digest(key))
    first = token.last_used_at
    assert first is not None
    later = first + timedelta(minutes=11)
    with time_machine.travel(later, tick=False):
        assert works(client)
    token.refresh_from_db()
    user.refresh_from_db()
    assert token.last_used_at == later
    assert user.last_seen_at == later


def test_an_entry_never_outlives_the_next_write_of_last_use(player, shared_cache):
    _, key, _ = player
    ttl = shared_cache._cache.get_client().ttl(shared_cache.redis_key(entry_key(token_digest(key))))
    assert 0 < ttl <= 60


def test_sign_ins_work_while_redis_is_unreachable(user, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    client = with_token(token_for(user))
    assert works(client)
    assert client.post("/api/v1/auth/logout").status_code == 204
    assert not works(client)


def test_an_entry_from_code_with_other_columns_is_read_again(player, shared_cache):
    user, key, _ = player
    shared_cache.set(entry_key(token_digest(key)), {"token": (("id",), [1]), "user": ((), ())})
    wrapped = Request(APIRequestFactory().get("/", HTTP_AUTHORIZATION=f"Token {key}"))
    with CaptureQueriesContext(connection) as queries:
        authenticated, token = BearerTokenAuthentication().authenticate(wrapped)
    assert authenticated.pk == user.pk and token.digest == token_digest(key)
    assert len(queries.captured_queries) == 1
