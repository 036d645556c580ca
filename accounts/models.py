"""The user model (custom from the first migration) and API tokens."""

from __future__ import annotations

import functools
import hashlib
import secrets
import threading
import unicodedata
from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.core.validators import RegexValidator
from django.db import models, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.db.models.signals import post_delete
from django.utils import timezone

from .names import display_name_problem
from .signals import tokens_revoked
from .token_cache import mark_stale, mark_stale_on_commit, token_cache

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
    return clean_public_name(value, what="display name", max_length=DISPLAY_NAME_MAX_LENGTH)


def clean_public_name(value: str, *, what: str, max_length: int, reserved: bool = True) -> str:
    """A name others see (a display name, a tournament's name) as stored, by the display
    names' rules: NFKC-normalised and stripped; ``ValueError`` (a sentence naming ``what``)
    for control or format characters, a blank, more than ``max_length`` characters, and
    what :func:`accounts.names.display_name_problem` refuses (``reserved=False``: all but
    the reserved names and words)."""
    names = f"{what[:1].upper()}{what[1:]}s"
    normalised = unicodedata.normalize("NFKC", value)
    for char in normalised:
        if unicodedata.category(char) in DISPLAY_NAME_FORBIDDEN_CATEGORIES:
            raise ValueError(
                f"{names} may not contain control or formatting characters "
                f"(found U+{ord(char):04X})."
            )
    stripped = normalised.strip()
    if not stripped:
        raise ValueError(f"{names} may not be blank.")
    if len(stripped) > max_length:
        raise ValueError(f"{names} are at most {max_length} characters.")
    problem = display_name_problem(stripped, what=what, reserved=reserved)
    if problem is not None:
        raise ValueError(problem)
    return stripped


CARD_SORTS = ("rank", "suit")
THEMES = ("system", "light", "dark")
COMPUTER_SPEEDS = ("slow", "normal", "fast")
DEFAULT_PREFERENCES: dict[str, Any] = {
    "card_sort": "suit",  # how clients order the hand: "rank" or "suit"
    "auto_sort": True,  # sort the hand after every draw
    "confirm_knock": True,  # ask before knocking
    "sound": True,
    "four_color_deck": False,
    "theme": "system",  # light or dark colours, or as the device is set
    "computer_speed": "normal",  # how long the computers' moves stay on the screen
    "warn_meld_discard": True,  # ask before discarding a card that fits one of your melds
    "score_animation": True,  # animate the scores when they change
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
    is_guest = models.BooleanField(
        default=False,
        db_default=False,  # rows written by code that predates the column are no guests
        help_text="Made by 'Play now' without a username or password: unrated, on no board, "
        "removed after GUEST_IDLE_DAYS unused unless claimed.",
    )
    last_seen_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the player last used a token (to the ten minutes).",
    )

    objects: ClassVar[CaseInsensitiveUserManager] = CaseInsensitiveUserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]
        indexes = [
            models.Index(
                fields=["last_seen_at"],
                condition=Q(is_guest=True),
                name="accounts_guest_seen_idx",
            ),
        ]

    def __str__(self) -> str:
        return self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save; a new password (``set_password``, the admin's form, ``changepassword``, or
        a hash written directly) or a deactivation ends every API token of the player and,
        through ``tokens_revoked``, their open streams. Any other change reaches requests
        at once too: the cached sign-ins of the player's tokens are marked stale on commit
        (:mod:`accounts.token_cache`)."""
        update_fields = kwargs.get("update_fields")
        password_changed = self._password_changed(update_fields)
        deactivated = self._deactivated(update_fields)
        adding = self._state.adding
        super().save(*args, **kwargs)
        if password_changed or deactivated:
            AuthToken.objects.revoke(AuthToken.objects.filter(user=self))
        elif not adding and token_cache() is not None:
            tokens = AuthToken.objects.filter(user=self)
            mark_stale_on_commit(tokens.values_list("digest", flat=True))

    def _deactivated(self, update_fields: Any) -> bool:
        if self._state.adding or self.pk is None or self.is_active:
            return False
        if update_fields is not None and "is_active" not in update_fields:
            return False
        stored = type(self)._base_manager.filter(pk=self.pk).values_list("is_active", flat=True)
        return bool(stored.first())

    def _password_changed(self, update_fields: Any) -> bool:
        if self._state.adding or self.pk is None:
            return False
        if update_fields is not None and "password" not in update_fields:
            return False
        if getattr(self, "_rehashing", False):
            return False  # a hash upgrade at login: the same password
        if getattr(self, "_password", None) is not None:  # Django's mark of set_password()
            return True
        stored = type(self)._base_manager.filter(pk=self.pk).values_list("password", flat=True)
        return stored.first() not in (None, self.password)

    def set_password_hashed(self, encoded: str, raw_password: str) -> None:
        """``set_password`` with the hash made beforehand (``make_password``), so that the
        slow hash runs before a transaction opens rather than inside it. The raw password
        is kept until the save, as ``set_password`` keeps it: the validators'
        ``password_changed`` then runs, and the save ends every token of the player."""
        self.password = encoded
        self._password = raw_password

    def check_password(self, raw_password: str | None) -> bool:
        # Django rehashes a password stored with an older hasher here, and saves it: that
        # is no password change, and must not sign the player out.
        self._rehashing = True
        try:
            return super().check_password(raw_password)
        finally:
            self._rehashing = False

    async def acheck_password(self, raw_password: str | None) -> bool:
        self._rehashing = True
        try:
            return await super().acheck_password(raw_password)
        finally:
            self._rehashing = False

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def effective_preferences(self) -> dict[str, Any]:
        """Stored preferences over the defaults (new keys get their defaults)."""
        return {**DEFAULT_PREFERENCES, **(self.preferences or {})}


def token_digest(key: str) -> str:
    """What is stored of a token: its SHA-256."""
    return hashlib.sha256(key.encode()).hexdigest()


class AuthTokenManager(models.Manager["AuthToken"]):
    def issue(self, user: User) -> tuple[AuthToken, str]:
        """A new token for ``user``; returns the row and the secret (shown once)."""
        key = secrets.token_hex(20)
        token = self.create(user=user, digest=token_digest(key), prefix=key[:6])
        return token, key

    def for_key(self, key: str) -> AuthToken | None:
        return self.for_digest(token_digest(key))

    def for_digest(self, digest: str) -> AuthToken | None:
        return self.select_related("user").filter(digest=digest).first()

    def unexpired(self) -> models.QuerySet[AuthToken]:
        """Tokens within their absolute lifetime (``AUTH_TOKEN_MAX_AGE_DAYS``)."""
        return self.filter(created_at__gt=timezone.now() - token_max_age())

    def revoke(self, tokens: models.QuerySet[AuthToken]) -> int:
        """Delete ``tokens``; once the transaction commits, ``tokens_revoked`` tells each
        of their players' open streams to check its token now. Returns how many."""
        user_ids = set(tokens.values_list("user_id", flat=True))
        if not user_ids:
            return 0
        deleted, _ = tokens.delete()
        for user_id in sorted(user_ids):
            transaction.on_commit(
                functools.partial(tokens_revoked.send, sender=AuthToken, user_id=user_id)
            )
        return deleted


def token_max_age() -> timedelta:
    """How long a token lives after it was issued, however much it is used."""
    return timedelta(days=settings.AUTH_TOKEN_MAX_AGE_DAYS)


class AuthToken(models.Model):
    """An API token. Only its SHA-256 is stored; one per login, so logout ends one device.
    It lapses ``AUTH_TOKEN_MAX_AGE_DAYS`` after it was issued."""

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

    @property
    def expires_at(self) -> datetime:
        return self.created_at + token_max_age()


_deleted = threading.local()


def _flush_deleted_digests() -> None:
    digests, _deleted.digests = getattr(_deleted, "digests", []), []
    mark_stale(digests)


def on_token_deleted(sender: Any, instance: AuthToken, **kwargs: Any) -> None:
    """Whatever deletes a token (a revocation, the nightly purge, the admin, the player's
    deletion) marks its cached sign-in stale once the deletion commits; the digests of one
    transaction are marked together."""
    if token_cache() is None:
        return
    if not getattr(_deleted, "digests", None):
        _deleted.digests = []
    _deleted.digests.append(instance.digest)
    transaction.on_commit(_flush_deleted_digests, robust=True)


post_delete.connect(on_token_deleted, sender=AuthToken, dispatch_uid="accounts.token_deleted")
