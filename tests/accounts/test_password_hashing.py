"""A password hash is slow by design, so none runs inside a database transaction: on the
embedded SQLite default a write transaction holds the database's one write lock from its
``BEGIN``, and every other player's write would wait behind the hash. Registration, a
guest's claim, a password change and a login hash before their transactions open (checked
here on PostgreSQL, through a hasher that notes where it runs). And a process runs at most
``PASSWORD_HASHES_AT_ONCE`` hashes at once, so a burst of them leaves cores to the game."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher, PBKDF2PasswordHasher
from django.db import connection
from rest_framework.test import APIClient

from accounts import services
from accounts.hashers import BoundedPBKDF2PasswordHasher, hash_slots
from accounts.models import User
from tests.conftest import WAIT_SECONDS
from tests.factories import PASSWORD, UserFactory

# Not inside a test's own transaction: the service's transactions are the only ones.
pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = "a-brand-new-passphrase-7"


class WatchedHasher(MD5PasswordHasher):
    """The test settings' hasher, noting for every hash (making one, or checking a password
    against one) whether the database connection of its thread was in a transaction."""

    in_transaction: list[bool] = []

    def encode(self, password: str, salt: str) -> str:
        WatchedHasher.in_transaction.append(connection.in_atomic_block)
        return super().encode(password, salt)


@pytest.fixture
def hashes(settings) -> list[bool]:
    settings.PASSWORD_HASHERS = [f"{__name__}.WatchedHasher"]
    WatchedHasher.in_transaction = []
    return WatchedHasher.in_transaction


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_registration_hashes_the_password_before_its_transaction(hashes):
    body = {"username": "ann", "password": PASSWORD}
    response = APIClient().post("/api/v1/auth/register", body, format="json")
    assert response.status_code == 201, response.content
    assert hashes == [False]
    assert User.objects.get(username="ann").check_password(PASSWORD)


def test_a_guest_claim_hashes_the_password_before_its_transaction(hashes):
    guest, key = services.guest_create()  # no password: nothing hashed
    assert hashes == []
    body = {"username": "annie", "password": NEW_PASSWORD}
    response = with_token(key).post("/api/v1/auth/claim", body, format="json")
    assert response.status_code == 200, response.content
    assert hashes == [False]
    guest.refresh_from_db()
    assert not guest.is_guest and guest.check_password(NEW_PASSWORD)


def test_a_password_change_hashes_both_passwords_before_its_transaction(hashes):
    user = UserFactory()
    key = services.token_obtain(username=user.username, password=PASSWORD)
    hashes.clear()
    body = {"current_password": PASSWORD, "new_password": NEW_PASSWORD}
    response = with_token(key).post("/api/v1/auth/password", body, format="json")
    assert response.status_code == 200, response.content
    assert hashes == [False, False]  # the current password checked, the new one hashed
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_a_login_checks_the_password_outside_any_transaction(hashes):
    user = UserFactory()
    hashes.clear()
    body = {"username": user.username, "password": PASSWORD}
    response = APIClient().post("/api/v1/auth/token", body, format="json")
    assert response.status_code == 200, response.content
    assert hashes == [False]


# --- at most PASSWORD_HASHES_AT_ONCE hashes at once ------------------------------------------


def test_the_default_hasher_is_django_pbkdf2_with_a_bound(settings):
    from config.settings import base

    assert base.PASSWORD_HASHERS[0] == "accounts.hashers.BoundedPBKDF2PasswordHasher"
    assert base.PASSWORD_HASHES_AT_ONCE >= 1
    # Its hashes are Django's own: stored ones stay valid, and the other way round.
    encoded = BoundedPBKDF2PasswordHasher().encode(PASSWORD, "somesalt", iterations=1000)
    assert PBKDF2PasswordHasher().verify(PASSWORD, encoded)
    stock = PBKDF2PasswordHasher().encode(PASSWORD, "somesalt", iterations=1000)
    assert BoundedPBKDF2PasswordHasher().verify(PASSWORD, stock)
    assert not BoundedPBKDF2PasswordHasher().verify("another-passphrase", stock)


def test_a_hash_waits_while_every_hashing_slot_is_taken(settings):
    settings.PASSWORD_HASHES_AT_ONCE = 2
    slots = hash_slots()
    done: list[str] = []

    def register() -> None:
        done.append(BoundedPBKDF2PasswordHasher().encode(PASSWORD, "somesalt", iterations=1))

    assert slots.acquire(timeout=WAIT_SECONDS) and slots.acquire(timeout=WAIT_SECONDS)
    waiting = threading.Thread(target=register)
    try:
        waiting.start()
        waiting.join(0.5)  # a one-round hash takes far less: it is waiting for a slot
        assert waiting.is_alive() and done == []
    finally:
        slots.release()
    waiting.join(WAIT_SECONDS)
    slots.release()
    assert not waiting.is_alive() and len(done) == 1
    assert PBKDF2PasswordHasher().verify(PASSWORD, done[0])
