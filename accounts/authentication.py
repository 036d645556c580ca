"""``Authorization: Token <key>`` against hashed, per-login tokens."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from .models import AuthToken

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
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            AuthToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token
