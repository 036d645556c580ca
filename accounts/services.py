"""Account write operations: registration, guests, login tokens, profile updates.

Every password hash (registration, a guest's claim, a password change) runs before its
write transaction opens, never inside it. A hash is slow by design (PBKDF2: hundreds of
milliseconds of CPU), and a transaction that waits on it holds its locks meanwhile: on
SQLite, the embedded default, a write transaction takes the database's one write lock at
``BEGIN`` (``transaction_mode`` ``IMMEDIATE``), so every other write, a player's action
included, would queue behind each registration's hash. Only the rows are written inside.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, Q, QuerySet, RestrictedError
from django.utils import timezone
from rest_framework import status

from core.exceptions import ApplicationError

from .models import AuthToken, User, default_preferences
from .names import reserved_name_problem
from .signals import guest_removing
from .throttles import FailedLoginLimiter, client_ip

logger = logging.getLogger(__name__)

GUEST_PREFIX = "guest-"
"""Every guest's username starts so; no one may register or claim such a name."""
GUEST_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""The characters after the prefix: digits and lower-case letters without look-alikes."""
GUEST_NAME_CHARACTERS = 6


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


class NotAGuest(ApplicationError):
    code = "not_a_guest"
    default_detail = "Only a guest account can be claimed; this account has a username already."
    status_code = status.HTTP_409_CONFLICT


USERNAME_TAKEN = "That username is taken."


def credential_problems(
    *,
    username: str | None,
    password: str | None,
    display_name: str = "",
    taken: bool = False,
    owner: User | None = None,
) -> dict[str, list[str]]:
    """What breaks the rules of a chosen username and password (registration, a guest's
    claim), by field; a field given as None is not looked at. With ``taken``, a username
    another account holds (``owner``'s own aside) is one of the problems."""
    fields: dict[str, list[str]] = {}
    if username is not None:
        reserved = reserved_name_problem(username, what="username")
        if username.lower().startswith(GUEST_PREFIX):
            reserved = f"Usernames beginning with {GUEST_PREFIX!r} are kept for guests."
        if reserved is not None:
            fields["username"] = [reserved]
        elif taken and _username_taken(username, owner=owner):
            fields["username"] = [USERNAME_TAKEN]
    if password is not None:
        candidate = User(username=username or "", display_name=display_name)
        try:
            validate_password(password, user=candidate)
        except DjangoValidationError as exc:
            fields["password"] = list(exc.messages)
    return fields


def _username_taken(username: str, *, owner: User | None) -> bool:
    others = User.objects.filter(username__iexact=username)
    return (others.exclude(pk=owner.pk) if owner is not None else others).exists()


def _check_new_credentials(
    *, username: str, password: str, candidate: User, owner: User | None = None
) -> None:
    """The rules of a chosen username and password (registration, a guest's claim): 400
    ``validation_error`` naming every field that breaks one (a taken username too, beside
    another problem; alone it is 409 ``username_taken``, from the caller)."""
    fields = credential_problems(
        username=username,
        password=password,
        display_name=candidate.display_name,
        taken=True,
        owner=owner,
    )
    if fields.get("username") == [USERNAME_TAKEN] and "password" not in fields:
        return
    if fields:
        field, messages = next(iter(fields.items()))
        raise ApplicationError(f"{field}: {messages[0]}", code="validation_error", fields=fields)


def user_register(*, username: str, password: str, display_name: str = "") -> tuple[User, str]:
    """Create a user and their first token; returns ``(user, token_key)``.

    The rules are checked and the password hashed before the transaction opens; the
    transaction only inserts the user and the token."""
    candidate = User(username=username, display_name=display_name)
    _check_new_credentials(username=username, password=password, candidate=candidate)
    if User.objects.filter(username__iexact=username).exists():
        raise UsernameTaken(fields={"username": [USERNAME_TAKEN]})
    candidate.set_password(password)
    with transaction.atomic():
        try:
            with transaction.atomic():
                candidate.save()
        except IntegrityError as exc:  # a concurrent registration won the race
            raise UsernameTaken(fields={"username": [USERNAME_TAKEN]}) from exc
        _, key = AuthToken.objects.issue(candidate)
    return candidate, key


def _guest_username() -> str:
    tail = "".join(secrets.choice(GUEST_ALPHABET) for _ in range(GUEST_NAME_CHARACTERS))
    return GUEST_PREFIX + tail


GUEST_NAME_TRIES = 8


@transaction.atomic
def guest_create(*, display_name: str = "") -> tuple[User, str]:
    """A guest account ("Play now") and its token; returns ``(user, token_key)``.

    The username is made up (``guest-`` and six characters), the password unusable: the
    token is the guest's only way in, until :func:`guest_claim` gives the account a
    username and password of the player's choosing."""
    for _ in range(GUEST_NAME_TRIES):
        guest = User(
            username=_guest_username(),
            display_name=display_name,
            is_guest=True,
            last_seen_at=timezone.now(),
        )
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError:
            continue  # the made-up name was taken (one in hundreds of millions)
        _, key = AuthToken.objects.issue(guest)
        return guest, key
    raise ApplicationError(
        "No guest name was free; try again.", code="guest_unavailable", status_code=503
    )


def guest_claim(
    *, user: User, username: str, password: str, display_name: str | None = None
) -> str:
    """Make a guest an ordinary player: the username and password they choose (the rules
    of registration), the display name if given; the same account, so its games, results
    and statistics stay. Every token of the guest ends (the one of the request too) and
    the answer is a new token for this device. 409 ``not_a_guest`` for any other account;
    409 ``username_taken``; 400 ``validation_error``. The password is hashed before the
    transaction opens; inside it the guest's row is locked and checked again."""
    if not user.is_guest:
        raise NotAGuest()
    name = user.display_name if display_name is None else display_name
    candidate = User(username=username, display_name=name)
    _check_new_credentials(
        username=username, password=password, candidate=candidate, owner=user
    )
    if User.objects.filter(username__iexact=username).exclude(pk=user.pk).exists():
        raise UsernameTaken(fields={"username": [USERNAME_TAKEN]})
    hashed = make_password(password)
    with transaction.atomic():
        claimed = User.objects.select_for_update(of=("self",)).get(pk=user.pk)
        if not claimed.is_guest:  # claimed meanwhile by another request
            raise NotAGuest()
        if display_name is None:
            name = claimed.display_name
        claimed.username, claimed.display_name, claimed.is_guest = username, name, False
        claimed.set_password_hashed(hashed, password)
        try:
            with transaction.atomic():
                claimed.save()  # a new password: every token of the guest ends
        except IntegrityError as exc:  # a concurrent registration won the race
            raise UsernameTaken(fields={"username": [USERNAME_TAKEN]}) from exc
        _, key = AuthToken.objects.issue(claimed)
    return key


def _idle_guests(now: datetime) -> QuerySet[User]:
    cutoff = now - timedelta(days=settings.GUEST_IDLE_DAYS)
    return User.objects.filter(is_guest=True, is_active=True).filter(
        Q(last_seen_at__lt=cutoff) | Q(last_seen_at__isnull=True, date_joined__lt=cutoff)
    )


def guests_purge_idle(*, now: datetime | None = None) -> tuple[int, int]:
    """Remove guests unused for ``GUEST_IDLE_DAYS``; returns ``(deleted, kept)``.

    Each guest in its own transaction, its row locked and its disuse checked again (a
    guest who came back, or was claimed, meanwhile is left alone). ``guest_removing``
    lets every app delete what only the guest had (the games app: its games against the
    computer and tables nobody joined, finished or not) and end what it takes part in (the
    tournaments app: it withdraws from those not over); then the account is deleted with
    what hangs on it (tokens, results of those games, events), and what others share keeps
    the guest under the name it had (a tournament's entry). A guest who played with other
    people is still seated at those games (and the seat keeps its player, so the others'
    games and histories stay whole): that account is kept as a tombstone, its tokens
    ended, deactivated (off every board, its profile gone), its preferences cleared, its
    name (the display name, else the made-up username) left on the others' games and
    tournaments. Idempotent."""
    now = now or timezone.now()
    deleted = kept = 0
    for pk in list(_idle_guests(now).values_list("pk", flat=True)):
        with transaction.atomic():
            guest = _idle_guests(now).select_for_update(of=("self",)).filter(pk=pk).first()
            if guest is None:
                continue
            guest_removing.send(sender=User, user_id=guest.pk)
            try:
                with transaction.atomic():
                    guest.delete()
                deleted += 1
                continue
            except (ProtectedError, RestrictedError):
                pass
            guest.is_active = False
            guest.preferences = default_preferences()
            guest.save(update_fields=["is_active", "preferences"])
            AuthToken.objects.revoke(AuthToken.objects.filter(user=guest))
            kept += 1
    if deleted or kept:
        logger.info("idle guests: %s deleted, %s kept for other players' games", deleted, kept)
    return deleted, kept


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
    the caller's too (:meth:`accounts.models.User.save`), and their open streams. Both
    hashes (checking the current password, making the new one's) run outside the
    transaction.
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
    hashed = make_password(new_password)  # before the transaction, as every hash here
    with transaction.atomic():
        locked = User.objects.select_for_update(of=("self",)).get(pk=user.pk)
        locked.set_password_hashed(hashed, new_password)
        locked.save(update_fields=["password"])  # ends every token of the player
        _, key = AuthToken.objects.issue(locked)
    return key


def user_update(
    *, user: User, display_name: str | None = None, preferences: dict[str, Any] | None = None
) -> User:
    """Change the display name; merge ``preferences`` (validated) into the stored ones.

    The merge reads the stored preferences under the account's row lock, not the copy
    loaded with the request: a client that saves two options at once (two PATCHes in
    flight) keeps both, whichever lands first.
    """
    if display_name is None and preferences is None:
        return user
    with transaction.atomic():
        locked = User.objects.select_for_update(of=("self",)).get(pk=user.pk)
        fields = []
        if display_name is not None:
            locked.display_name = display_name
            fields.append("display_name")
        if preferences is not None:
            locked.preferences = {**locked.effective_preferences, **preferences}
            fields.append("preferences")
        locked.save(update_fields=fields)
    user.display_name, user.preferences = locked.display_name, locked.preferences
    return user
