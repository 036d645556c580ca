"""Account read operations."""

from __future__ import annotations

from typing import Any

from core.exceptions import NotFound

from .models import User
from .stats import user_stats


def user_get_by_username(*, username: str) -> User:
    user = User.objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise NotFound(f"No player named {username!r}.")
    return user


def user_profile(*, user: User) -> dict[str, Any]:
    """What anyone may see of a player: names, when they joined, their statistics."""
    return {
        "username": user.username,
        "display_name": user.public_name,
        "date_joined": user.date_joined,
        "stats": user_stats(user=user),
        "guest": user.is_guest,
    }


def user_me(*, user: User) -> dict[str, Any]:
    """The player's own account: the profile plus id and preferences (defaults filled)."""
    return {**user_profile(user=user), "id": user.pk, "preferences": user.effective_preferences}
