"""``Authorization: Token <key>`` against hashed, per-login tokens, with the token and its
player cached in the shared Redis cache.

A request whose token is cached costs no query: the entry (keyed by the token's digest)
holds the token's row and the player's (all but the password hash), for at most
``AUTH_TOKEN_CACHE_SECONDS``, and never past the token's lifetime or the moment its
``last_used_at`` is due to be written again. A miss reads the database as before (one
query, and the ``last_used_at`` write at most every ten minutes) and adds the entry.

Nothing may keep a revoked token working: every change that could end a token or alter
what a request sees of its player replaces the entries of that player's tokens with a
*stale* mark, once its transaction has committed (:mod:`accounts.token_cache`, wired to
the token rows' deletion and the player's saves in :mod:`accounts.models`). A request that
finds the mark reads the database, and since entries are only ever *added* (never
overwritten), a request that read the database just before the commit cannot put its old
answer back while the mark lasts (as long as an entry). The cache is used only when it is the Redis
every process shares (:func:`core.cache.shared_cache`), so a mark is seen by every process
at once; while Redis is unreachable every request reads the database (the cache fails
open to a miss).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request

from .models import AuthToken, User, token_digest
from .token_cache import STALE, entry_key, token_cache

LAST_USED_RESOLUTION = timedelta(minutes=10)

TOKEN_FIELDS = tuple(field.attname for field in AuthToken._meta.concrete_fields)
USER_FIELDS = tuple(
    field.attname for field in User._meta.concrete_fields if field.attname != "password"
)
"""What an entry holds of the player: every column but the password hash (loaded, with a
query, only by the code that checks or changes a password)."""


def _entry(token: AuthToken) -> dict[str, Any]:
    user = token.user
    return {
        "token": (TOKEN_FIELDS, [getattr(token, name) for name in TOKEN_FIELDS]),
        "user": (USER_FIELDS, [getattr(user, name) for name in USER_FIELDS]),
    }


def _from_entry(entry: Any) -> AuthToken | None:
    """The token (with its player) an entry holds; None for a stale mark, or an entry
    written by code with other columns (a deploy in between)."""
    if not isinstance(entry, dict):
        return None
    token_names, token_values = entry.get("token", ((), ()))
    user_names, user_values = entry.get("user", ((), ()))
    if tuple(token_names) != TOKEN_FIELDS or tuple(user_names) != USER_FIELDS:
        return None
    token = AuthToken.from_db("default", TOKEN_FIELDS, token_values)
    token.user = User.from_db("default", USER_FIELDS, user_values)
    return token


def _seconds_to_keep(token: AuthToken, now: datetime) -> int:
    """How long an entry for ``token`` may live: the setting, but never past the token's
    lifetime or the moment its ``last_used_at`` is due to be written again."""
    assert token.last_used_at is not None
    until = min(token.expires_at, token.last_used_at + LAST_USED_RESOLUTION)
    return min(settings.AUTH_TOKEN_CACHE_SECONDS, math.floor((until - now).total_seconds()))


class BearerTokenAuthentication(TokenAuthentication):
    """DRF's token scheme (keyword ``Token``), looking keys up by their digest."""

    keyword = "Token"
    model = AuthToken

    def authenticate_credentials(self, key: str) -> tuple[Any, AuthToken]:
        digest = token_digest(key)
        store = token_cache()
        entry = store.get(entry_key(digest)) if store is not None else None
        now = timezone.now()
        cached = _from_entry(entry)
        if cached is not None and cached.last_used_at is not None:
            self._check(cached, now)
            if now - cached.last_used_at <= LAST_USED_RESOLUTION:
                return cached.user, cached
        token = AuthToken.objects.for_digest(digest)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        self._check(token, now)
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            AuthToken.objects.filter(pk=token.pk).update(last_used_at=now)
            User.objects.filter(pk=token.user_id).update(last_seen_at=now)
            token.last_used_at = token.user.last_seen_at = now
        if store is not None and entry != STALE:
            seconds = _seconds_to_keep(token, now)
            if seconds > 0:
                store.add(entry_key(digest), _entry(token), seconds)
        return token.user, token

    @staticmethod
    def _check(token: AuthToken, now: datetime) -> None:
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("This account is deactivated.")
        if now >= token.expires_at:
            raise exceptions.AuthenticationFailed("This token has expired; sign in again.")


def request_user(request: Request) -> User:
    """The authenticated caller of a view that requires a token (every view but the open
    ones: DRF has answered 401 before the view runs otherwise)."""
    user = request.user
    assert isinstance(user, User), "the view requires an authenticated user"
    return user
