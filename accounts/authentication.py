"""``Authorization: Token <key>`` against hashed, per-login tokens."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request

from .models import AuthToken, User

LAST_USED_RESOLUTION = timedelta(minutes=10)


class BearerTokenAuthentication(TokenAuthentication):
    """DRF's token scheme (keyword ``Token``), looking keys up by their digest."""

    keyword = "Token"
    model = AuthToken

    def authenticate_credentials(self, key: str) -> tuple[Any, AuthToken]:
        token = AuthToken.objects.for_key(key)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("This account is deactivated.")
        now = timezone.now()
        if now >= token.expires_at:
            raise exceptions.AuthenticationFailed("This token has expired; sign in again.")
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            AuthToken.objects.filter(pk=token.pk).update(last_used_at=now)
            User.objects.filter(pk=token.user_id).update(last_seen_at=now)
        return token.user, token


def request_user(request: Request) -> User:
    """The authenticated caller of a view that requires a token (every view but the open
    ones: DRF has answered 401 before the view runs otherwise)."""
    user = request.user
    assert isinstance(user, User), "the view requires an authenticated user"
    return user
