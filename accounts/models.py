"""The user model (custom from the first migration) and API tokens."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from typing import Any, ClassVar

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower

from .names import display_name_problem

USERNAME_PATTERN = r"^[A-Za-z0-9_.-]{3,30}\Z"
username_validator = RegexValidator(
    USERNAME_PATTERN,
    "Usernames are 3 to 30 characters: letters, digits, '_', '.' or '-'.",
    code="invalid_username",
)

DISPLAY_NAME_MAX_LENGTH = 40
# Unicode categories a display name may not contain: control characters (terminal escapes,
# NUL), format characters (bidi overrides such as U+202E, zero-width spaces and joiners),
# lone surrogates, and line or paragraph separators.
DISPLAY_NAME_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def clean_display_name(value: str) -> str:
    """A display name as stored: NFKC-normalised and stripped.

    Raises ``ValueError`` (with a sentence for the player) for control or format characters,
    a name that is blank once stripped, and what :func:`accounts.names.display_name_problem`
    refuses (nothing visible, stacks of combining marks, reserved names). The empty string
    is not a name: it means "show the username" and is returned as it is.
    """
    if value == "":
        return value
    normalised = unicodedata.normalize("NFKC", value)
    for char in normalised:
        if unicodedata.category(char) in DISPLAY_NAME_FORBIDDEN_CATEGORIES:
            raise ValueError(
                "Display names may not contain control or formatting characters "
                f"(found U+{ord(char):04X})."
            )
    stripped = normalised.strip()
    if not stripped:
        raise ValueError("Display names may not be blank.")
    if len(stripped) > DISPLAY_NAME_MAX_LENGTH:
        raise ValueError(f"Display names are at most {DISPLAY_NAME_MAX_LENGTH} characters.")
    problem = display_name_problem(stripped)
    if problem is not None:
        raise ValueError(problem)
    return stripped


CARD_SORTS = ("rank", "suit")
DEFAULT_PREFERENCES: dict[str, Any] = {
    "card_sort": "suit",  # how clients order the hand: "rank" or "suit"
    "auto_sort": True,  # sort the hand after every draw
    "confirm_knock": True,  # ask before knocking
    "sound": True,
    "four_color_deck": False,
}


def default_preferences() -> dict[str, Any]:
    return dict(DEFAULT_PREFERENCES)


class CaseInsensitiveUserManager(UserManager["User"]):
    """``get_by_natural_key`` ignores case, so ``Ann`` and ``ann`` are one login."""

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(username__iexact=username)


class User(AbstractUser):
    """A player. Usernames are unique whatever their case; the display name is free text."""

    username = models.CharField(
        max_length=30,
        unique=True,
        validators=[username_validator],
        help_text="3-30 characters of letters, digits and _ . - (unique, any case).",
        error_messages={"unique": "That username is taken."},
    )
    display_name = models.CharField(max_length=40, blank=True)
    preferences = models.JSONField(default=default_preferences, blank=True)

    objects: ClassVar[CaseInsensitiveUserManager] = CaseInsensitiveUserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def effective_preferences(self) -> dict[str, Any]:
        """Stored preferences over the defaults (new keys get their defaults)."""
        return {**DEFAULT_PREFERENCES, **(self.preferences or {})}


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class AuthTokenManager(models.Manager["AuthToken"]):
    def issue(self, user: User) -> tuple[AuthToken, str]:
        """A new token for ``user``; returns the row and the secret (shown once)."""
        key = secrets.token_hex(20)
        token = self.create(user=user, digest=_digest(key), prefix=key[:6])
        return token, key

    def for_key(self, key: str) -> AuthToken | None:
        return self.select_related("user").filter(digest=_digest(key)).first()


class AuthToken(models.Model):
    """An API token. Only its SHA-256 is stored; one per login, so logout ends one device."""

    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=6, editable=False, help_text="First characters.")
    user = models.ForeignKey(User, related_name="auth_tokens", on_delete=models.CASCADE)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    objects = AuthTokenManager()

    class Meta:
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"
