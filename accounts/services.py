"""Account write operations: registration, login tokens, profile updates."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from rest_framework import status

from core.exceptions import ApplicationError

from .models import AuthToken, User
from .names import reserved_name_problem
from .throttles import FailedLoginLimiter, client_ip


class UsernameTaken(ApplicationError):
    code = "username_taken"
    default_detail = "That username is taken."
    status_code = status.HTTP_409_CONFLICT


class InvalidCredentials(ApplicationError):
    code = "invalid_credentials"
    default_detail = "Unable to log in with that username and password."
    status_code = status.HTTP_401_UNAUTHORIZED


class InvalidPassword(ApplicationError):
    code = "invalid_password"
    default_detail = "The current password is not right."
    status_code = status.HTTP_400_BAD_REQUEST


class LoginThrottled(ApplicationError):
    code = "throttled"
    status_code = status.HTTP_429_TOO_MANY_REQUESTS


@transaction.atomic
def user_register(*, username: str, password: str, display_name: str = "") -> tuple[User, str]:
    """Create a user and their first token; returns ``(user, token_key)``."""
    fields: dict[str, list[str]] = {}
    reserved = reserved_name_problem(username, what="username")
    if reserved is not None:
        fields["username"] = [reserved]
    candidate = User(username=username, display_name=display_name)
    try:
        validate_password(password, user=candidate)
    except DjangoValidationError as exc:
        fields["password"] = list(exc.messages)
    if fields:
        field, messages = next(iter(fields.items()))
        raise ApplicationError(
            f"{field}: {messages[0]}", code="validation_error", fields=fields
        )
    if User.objects.filter(username__iexact=username).exists():
        raise UsernameTaken(fields={"username": ["That username is taken."]})
    candidate.set_password(password)
    try:
        with transaction.atomic():
            candidate.save()
    except IntegrityError as exc:  # a concurrent registration won the race
        raise UsernameTaken(fields={"username": ["That username is taken."]}) from exc
    _, key = AuthToken.objects.issue(candidate)
    return candidate, key


def login_wait(*, username: str, request: Any) -> float | None:
    """Seconds this client must wait before trying ``username`` again (None: go ahead)."""
    return FailedLoginLimiter(username, client_ip(request) if request else None).wait()


def login_record(*, username: str, request: Any, succeeded: bool) -> None:
    """Count a failed login against ``username`` (and the client's address), or clear the
    address's count and remember it after a success."""
    limiter = FailedLoginLimiter(username, client_ip(request) if request else None)
    if succeeded:
        limiter.record_success()
    else:
        limiter.record_failure()


def login_throttled(wait: float) -> LoginThrottled:
    seconds = int(wait + 0.999)
    return LoginThrottled(
        f"Too many failed logins for this username; try again in {seconds} seconds.",
        headers={"Retry-After": str(seconds)},
    )


def token_obtain(*, username: str, password: str, request: Any = None) -> str:
    """A new token for valid credentials; failed attempts are limited per username and
    client address (:class:`accounts.throttles.FailedLoginLimiter`)."""
    wait = login_wait(username=username, request=request)
    if wait is not None:
        raise login_throttled(wait)
    user = authenticate(request, username=username, password=password)
    login_record(username=username, request=request, succeeded=user is not None)
    if user is None:
        raise InvalidCredentials(headers={"WWW-Authenticate": "Token"})
    _, key = AuthToken.objects.issue(user)
    return key


def token_revoke(*, token: AuthToken) -> None:
    """Log out one device (its open streams end)."""
    AuthToken.objects.revoke(AuthToken.objects.filter(pk=token.pk))


def token_revoke_all(*, user: User) -> int:
    """Sign the player out everywhere: every token ends, and every open stream."""
    return AuthToken.objects.revoke(AuthToken.objects.filter(user=user))


def user_change_password(
    *, user: User, current_password: str, new_password: str, request: Any = None
) -> str:
    """Change the player's password; returns a new token for the calling device.

    A wrong ``current_password`` is 400 ``invalid_password`` and counts as a failed login
    for the player's username and the client's address (:func:`login_record`), so guessing
    it here is limited as at the login door (429 with ``Retry-After``). The new password
    goes through ``AUTH_PASSWORD_VALIDATORS``. Saving it ends every token of the player,
    the caller's too (:meth:`accounts.models.User.save`), and their open streams.
    """
    wait = login_wait(username=user.username, request=request)
    if wait is not None:
        raise login_throttled(wait)
    right = user.check_password(current_password)
    login_record(username=user.username, request=request, succeeded=right)
    if not right:
        raise InvalidPassword(fields={"current_password": ["The current password is not right."]})
    try:
        validate_password(new_password, user=user)
    except DjangoValidationError as exc:
        raise ApplicationError(
            "new_password: " + exc.messages[0],
            code="validation_error",
            fields={"new_password": list(exc.messages)},
        ) from exc
    with transaction.atomic():
        locked = User.objects.select_for_update(of=("self",)).get(pk=user.pk)
        locked.set_password(new_password)
        locked.save(update_fields=["password"])  # ends every token of the player
        _, key = AuthToken.objects.issue(locked)
    return key


def user_update(
    *, user: User, display_name: str | None = None, preferences: dict[str, Any] | None = None
) -> User:
    """Change the display name; merge ``preferences`` (validated) into the stored ones."""
    fields = []
    if display_name is not None:
        user.display_name = display_name
        fields.append("display_name")
    if preferences is not None:
        user.preferences = {**user.effective_preferences, **preferences}
        fields.append("preferences")
    if fields:
        user.save(update_fields=fields)
    return user
