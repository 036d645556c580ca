"""Account endpoints (docs/api.md#accounts): thin views over services and selectors."""

from __future__ import annotations

import unicodedata
from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import StrictSerializer, require_object, validated
from core.replica import replica_reads
from core.schema import error_responses

from . import selectors, services
from .authentication import request_user
from .models import (
    CARD_SORTS,
    COMPUTER_SPEEDS,
    DISPLAY_NAME_FORBIDDEN_CATEGORIES,
    DISPLAY_NAME_MAX_LENGTH,
    THEMES,
    USERNAME_PATTERN,
    AuthToken,
    clean_display_name,
)
from .names import INVISIBLE_CHARACTERS, MAX_MARKS_PER_CHARACTER
from .throttles import RegisterThrottle, ScopedIPThrottle, ScopedUserThrottle, TokenThrottle


class GuestThrottle(ScopedIPThrottle):
    """``POST /auth/guest``, per client IP (each request makes an account)."""

    scope = "guest"


class ProfileUpdateThrottle(ScopedUserThrottle):
    """``PATCH /me``, per user."""

    scope = "profile_update"


class PasswordChangeThrottle(ScopedUserThrottle):
    """``POST /auth/password``, per user."""

    scope = "password_change"


class VariantStatsSerializer(serializers.Serializer):
    """One variant's lifetime figures on a profile."""

    games = serializers.IntegerField(help_text="Finished games of this variant.")
    wins = serializers.IntegerField(help_text="Games won (in Rummy: first place).")
    losses = serializers.IntegerField(help_text="Games not won.")
    rating = serializers.FloatField(
        help_text="Glicko-2 rating in this variant, from games between people."
    )
    rating_deviation = serializers.FloatField()
    rating_provisional = serializers.BooleanField(
        help_text="True until the rating deviation is at most 110."
    )


class VariantsStatsSerializer(serializers.Serializer):
    gin = VariantStatsSerializer(help_text="Gin Rummy (the same figures as the top level).")
    rummy = VariantStatsSerializer(help_text="Rummy (2 to 4 players).")
    indian = VariantStatsSerializer(help_text="Indian Rummy (2 to 6 players).")
    rummy500 = VariantStatsSerializer(help_text="Rummy 500 (2 to 4 players).")


class StatsSerializer(serializers.Serializer):
    """Lifetime statistics. The top-level keys are Gin Rummy's; ``variants`` breaks games,
    wins and the rating down per variant."""

    games = serializers.IntegerField(help_text="Finished Gin Rummy games.")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    gins = serializers.IntegerField()
    big_gins = serializers.IntegerField()
    undercuts = serializers.IntegerField(help_text="Undercuts scored by this player.")
    hands = serializers.IntegerField(help_text="Rounds played in finished games.")
    average_points_per_hand = serializers.FloatField()
    rating = serializers.FloatField(
        help_text="Glicko-2 rating from Gin Rummy games between humans."
    )
    rating_deviation = serializers.FloatField()
    rating_provisional = serializers.BooleanField(
        help_text="True until the rating deviation is at most 110."
    )
    variants = VariantsStatsSerializer(
        help_text="Per variant: games, wins, losses and the rating (every variant is listed, "
        "played or not)."
    )


def _ranges(chars: list[int]) -> str:
    """A regex class body (``\\uXXXX-\\uYYYY...``) for sorted BMP code points."""
    out, start = [], None
    for index, code in enumerate(chars):
        if start is None:
            start = code
        if index + 1 == len(chars) or chars[index + 1] != code + 1:
            out.append(f"\\u{start:04X}" + (f"-\\u{code:04X}" if code != start else ""))
            start = None
    return "".join(out)


def _display_name_pattern() -> str:
    """What ``clean_display_name`` takes, as a JSON Schema pattern: no character whose NFKC
    form is control, format, a line separator or draws nothing (the Hangul fillers, the
    blank Braille pattern), and not only blanks and marks. Basic Multilingual Plane only:
    the few such characters beyond it (tags, some Cf) cannot be written in a pattern that
    every regex dialect reads; the server still refuses them, and what a pattern cannot
    say (marks per character, reserved names)."""
    forbidden, blank = [], []
    for code in range(0x10000):
        if 0xD800 <= code <= 0xDFFF:
            continue  # surrogates are no characters in a pattern
        form = unicodedata.normalize("NFKC", chr(code))
        if any(
            unicodedata.category(c) in DISPLAY_NAME_FORBIDDEN_CATEGORIES
            or c in INVISIBLE_CHARACTERS
            for c in form
        ):
            forbidden.append(code)
        elif form.isspace() or all(unicodedata.category(c).startswith("M") for c in form):
            blank.append(code)
    allowed = f"[^{_ranges(forbidden)}]"
    visible = f"[^{_ranges(sorted(forbidden + blank))}]"
    return f"^{allowed}*{visible}{allowed}*$"  # "" (allow_blank) is the schema's other case


@extend_schema_field({"type": "string", "pattern": _display_name_pattern()})
class DisplayNameField(serializers.CharField):
    """A display name: NFKC-normalised and stripped; control and format characters (bidi
    overrides, terminal escapes, zero-width characters), names that are blank once
    stripped or show nothing, stacks of combining marks and reserved names are refused
    (:mod:`accounts.names`). ``""`` means "show the username"."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "help_text",
            f"Up to {DISPLAY_NAME_MAX_LENGTH} characters, NFKC-normalised and stripped. "
            "Refused (400 `validation_error`): control and format characters (Unicode Cc, "
            "Cf: bidi overrides, terminal escapes, zero-width characters); characters that "
            "draw nothing (Hangul fillers, the blank Braille pattern); a name with no "
            "visible character; more than "
            f"{MAX_MARKS_PER_CHARACTER} combining marks on one character, or marks on "
            "nothing or a blank; a reserved name (staff titles, the system, the computer "
            "players), or one of the reserved words (admin, moderator, official, staff, "
            "system, support, computer) as a word of the name, compared after NFKC, case "
            "folding, Unicode's confusables (so `admin` with a Cyrillic `a`, U+0430, counts) "
            "and Latin look-alikes (`l`, `I`, `i`, `1`; `0`, `O`; `rn`, `m`; `vv`, `w`; "
            "`cl`, `d`: `ADMlN` counts). "
            '`""` shows the username instead.',
        )
        super().__init__(
            max_length=DISPLAY_NAME_MAX_LENGTH, allow_blank=True, trim_whitespace=False, **kwargs
        )

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data)
        try:
            return clean_display_name(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from exc


class PreferencesSerializer(StrictSerializer):
    """Client preferences; every key optional on PATCH, unknown keys rejected."""

    unknown_message = "Unknown preference."

    card_sort = serializers.ChoiceField(choices=CARD_SORTS, required=False)
    auto_sort = serializers.BooleanField(required=False)
    confirm_knock = serializers.BooleanField(required=False)
    sound = serializers.BooleanField(required=False)
    four_color_deck = serializers.BooleanField(required=False)
    theme = serializers.ChoiceField(
        choices=THEMES, required=False, help_text="Light or dark colours, or the device's."
    )
    computer_speed = serializers.ChoiceField(
        choices=COMPUTER_SPEEDS,
        required=False,
        help_text="How long each of the computers' moves stays on the screen.",
    )
    warn_meld_discard = serializers.BooleanField(
        required=False, help_text="Ask before discarding a card that fits one of your melds."
    )
    score_animation = serializers.BooleanField(
        required=False, help_text="Animate the scores when they change."
    )


class ProfileSerializer(serializers.Serializer):
    """A player's public face (``selectors.user_profile``)."""

    username = serializers.CharField()
    display_name = serializers.CharField()
    date_joined = serializers.DateTimeField()
    stats = StatsSerializer()
    guest = serializers.BooleanField(
        help_text='A guest account ("Play now", `POST /auth/guest`): unrated, on no '
        "leaderboard, removed after `GUEST_IDLE_DAYS` (30) unused unless claimed with "
        "`POST /auth/claim`."
    )


@extend_schema_field(
    {
        "type": "string",
        "description": "At least 8 characters, not entirely digits, not a common password, "
        "not too similar to the username, not only blanks and neither beginning nor ending "
        "with a blank (else 400 `validation_error`).",
    }
)
class _NewPasswordField(serializers.CharField):
    """Checked by Django's password validators (``AUTH_PASSWORD_VALIDATORS``)."""


PASSWORD_MIN_LENGTH = 8

USERNAME_HELP = (
    "3 to 30 letters, digits, `_`, `.` or `-`, unique whatever the case. Reserved names "
    "(admin, root, system, api, staff, ...), names with a reserved word (admin, moderator, "
    "official, staff, system, support, computer), compared after Unicode's confusables "
    "and Latin look-alikes (`ADMlN`, `Adm1n`, `adrnin` count as `admin`), and names "
    "beginning with `guest-` are refused (400 `validation_error`)."
)


def validated_credentials(
    serializer_class: type[serializers.Serializer], request: Request, *, owner: Any = None
) -> dict[str, Any]:
    """A registration's or claim's body, validated; refused, every problem at once: the
    fields' own checks, and for a username or password that passed them, the rules of a
    chosen username (reserved, taken) and password (Django's validators), so a form is
    never corrected one field at a time."""
    body = require_object(request.data)
    serializer = serializer_class(data=body)
    if serializer.is_valid():
        return dict(serializer.validated_data)
    errors = dict(serializer.errors)
    passed = {
        name: body.get(name)
        for name in ("username", "password")
        if name not in errors and isinstance(body.get(name), str)
    }
    name = body.get("display_name")
    more = services.credential_problems(
        username=passed.get("username"),
        password=passed.get("password"),
        display_name=name if isinstance(name, str) and "display_name" not in errors else "",
        taken=True,
        owner=owner,
    )
    for field, messages in more.items():
        errors.setdefault(field, messages)
    raise serializers.ValidationError(errors)


class RegisterApi(APIView):
    """Create an account and get its first token."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [RegisterThrottle]

    class InputSerializer(StrictSerializer):
        username = serializers.RegexField(
            USERNAME_PATTERN,
            max_length=30,
            trim_whitespace=False,  # " ann" does not match the pattern the schema shows
            help_text=USERNAME_HELP,
            error_messages={
                "invalid": "Usernames are 3 to 30 characters: letters, digits, '_', '.' or '-'."
            },
        )
        password = _NewPasswordField(
            min_length=PASSWORD_MIN_LENGTH,  # Django's MinimumLengthValidator, in the schema
            max_length=128,
            trim_whitespace=False,
            error_messages={
                "min_length": "This password is too short. It must contain at least "
                f"{PASSWORD_MIN_LENGTH} characters."
            },
        )
        display_name = DisplayNameField(required=False)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        display_name = serializers.CharField()
        token = serializers.CharField()

    @extend_schema(
        operation_id="auth_register",
        tags=["accounts"],
        auth=[],
        request=InputSerializer,
        responses={
            201: OutputSerializer,
            **error_responses(400, 409, 415, 429, codes={409: ["username_taken"]}),
        },
        examples=[
            OpenApiExample(
                "register",
                value={
                    "username": "ann",
                    "password": "correct horse battery",
                    "display_name": "Ann",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated_credentials(self.InputSerializer, request)
        user, key = services.user_register(
            username=data["username"],
            password=data["password"],
            display_name=data.get("display_name", ""),
        )
        body = {
            "id": user.pk,
            "username": user.username,
            "display_name": user.public_name,
            "token": key,
        }
        return Response(self.OutputSerializer(body).data, status=status.HTTP_201_CREATED)


class GuestApi(APIView):
    """Play now: a guest account and its token, without a username or password."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [GuestThrottle]

    class InputSerializer(StrictSerializer):
        display_name = DisplayNameField(required=False)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField(
            help_text="Made up: `guest-` and six letters and digits (no look-alikes)."
        )
        display_name = serializers.CharField()
        token = serializers.CharField(help_text="The guest's only sign-in: keep it.")
        guest = serializers.BooleanField()

    @extend_schema(
        operation_id="auth_guest",
        tags=["accounts"],
        auth=[],
        description=(
            "Play now, without an account: a guest account and its token, in one request "
            '(no body, or `{"display_name": ...}`). A guest plays like any player '
            "(games against the computer, friends' tables by their invite code, public "
            "tables, rematches) but is never rated and never on a leaderboard, and its "
            "profile says `guest: true`. It has no password: the token is its only "
            "sign-in, and lapses like any token (`AUTH_TOKEN_MAX_AGE_DAYS`). "
            "`POST /auth/claim` turns it into an ordinary account, games kept. A guest "
            "unused for `GUEST_IDLE_DAYS` (30) is removed with its games against the "
            "computer; one that played with other people stays on their games, "
            "deactivated. Throttled per client IP (`THROTTLE_GUEST`, default 10 per hour)."
        ),
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(400, 415, 429)},
        examples=[
            OpenApiExample("play now", value={}, request_only=True),
            OpenApiExample("with a name", value={"display_name": "Ann"}, request_only=True),
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        user, key = services.guest_create(display_name=data.get("display_name", ""))
        body = {
            "id": user.pk,
            "username": user.username,
            "display_name": user.public_name,
            "token": key,
            "guest": True,
        }
        return Response(self.OutputSerializer(body).data, status=status.HTTP_201_CREATED)


class ClaimApi(APIView):
    """A guest chooses a username and password: the same account, an ordinary one now."""

    throttle_classes = [RegisterThrottle]

    class InputSerializer(StrictSerializer):
        username = serializers.RegexField(
            USERNAME_PATTERN,
            max_length=30,
            trim_whitespace=False,
            help_text=USERNAME_HELP,
            error_messages={
                "invalid": "Usernames are 3 to 30 characters: letters, digits, '_', '.' or '-'."
            },
        )
        password = _NewPasswordField(
            min_length=PASSWORD_MIN_LENGTH,
            max_length=128,
            trim_whitespace=False,
            error_messages={
                "min_length": "This password is too short. It must contain at least "
                f"{PASSWORD_MIN_LENGTH} characters."
            },
        )
        display_name = DisplayNameField(
            required=False, help_text="As on registration; omitted, the guest's is kept."
        )

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField(
            help_text="A new token for this device: every token of the guest has ended, the "
            "one this request was made with too."
        )

    @extend_schema(
        operation_id="auth_claim",
        tags=["accounts"],
        description=(
            "Claim a guest account: the caller (a guest, `POST /auth/guest`) chooses a "
            "username and password, with the rules of registration (400 "
            "`validation_error`; 409 `username_taken`). It is the same account, so its "
            "games, results and statistics stay; from now on it is rated and on the "
            "leaderboards like anyone (its earlier games count on the boards of periods "
            "still open, never on ratings). Every token of the guest ends, the one of this "
            "request too, and so do its open event streams; the answer carries a new token "
            "for this device. Any other account gets 409 `not_a_guest`. Counts against "
            "the registration limit of the client IP (`THROTTLE_REGISTER`)."
        ),
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **error_responses(
                400, 401, 409, 415, 429, codes={409: ["not_a_guest", "username_taken"]}
            ),
        },
        examples=[
            OpenApiExample(
                "claim",
                value={
                    "username": "ann",
                    "password": "correct horse battery",
                    "display_name": "Ann",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        user = request_user(request)
        data = validated_credentials(self.InputSerializer, request, owner=user)
        key = services.guest_claim(
            user=user,
            username=data["username"],
            password=data["password"],
            display_name=data.get("display_name"),
        )
        return Response(self.OutputSerializer({"token": key}).data)


class TokenApi(APIView):
    """Log in: a new token for a username and password (each login has its own token)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [TokenThrottle]

    class InputSerializer(StrictSerializer):
        username = serializers.CharField(max_length=150, trim_whitespace=False)
        password = serializers.CharField(max_length=128, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(
        operation_id="auth_token",
        tags=["accounts"],
        auth=[],
        description=(
            "Log in: a new token for a username and password (each login has its own "
            "token). Failed logins are limited (429 `throttled` with `Retry-After`, even "
            "for the right password): per username and client IP (`THROTTLE_FAILED_LOGIN`, "
            "default 10 per 15 minutes), and per username from any IP with a short backoff "
            "(`THROTTLE_FAILED_LOGIN_USERNAME`, default 50 per 15 minutes; waits of 1 s, "
            "2 s, 4 s, ... up to 60 s) that an address which logged in to the account "
            "before skips. A successful login clears its address's count."
        ),
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **error_responses(400, 401, 415, 429, codes={401: ["invalid_credentials"]}),
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        key = services.token_obtain(
            username=data["username"], password=data["password"], request=request
        )
        return Response({"token": key})


class LogoutApi(APIView):
    """Revoke the token this request was made with."""

    @extend_schema(
        operation_id="auth_logout",
        tags=["accounts"],
        request=None,
        responses={204: None, **error_responses(401)},
    )
    def post(self, request: Request) -> Response:
        assert isinstance(request.auth, AuthToken)
        services.token_revoke(token=request.auth)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutAllApi(APIView):
    """Sign out everywhere: revoke every token of the caller (this one too)."""

    @extend_schema(
        operation_id="auth_logout_all",
        tags=["accounts"],
        description=(
            "Sign out everywhere: every token of the caller ends, the one this request was "
            "made with too, and so do the caller's open event streams (each sends "
            "`event: closed` and ends). Sign in again with `POST /auth/token`."
        ),
        request=None,
        responses={204: None, **error_responses(401)},
    )
    def post(self, request: Request) -> Response:
        services.token_revoke_all(user=request_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordChangeApi(APIView):
    """Change the caller's password; every other sign-in ends."""

    throttle_classes = [PasswordChangeThrottle]

    class InputSerializer(StrictSerializer):
        current_password = serializers.CharField(max_length=128, trim_whitespace=False)
        new_password = _NewPasswordField(max_length=128, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField(
            help_text="A new token for this device: the one this request was made with has "
            "ended, as have all the others."
        )

    @extend_schema(
        operation_id="auth_password_change",
        tags=["accounts"],
        description=(
            "Change the password. Every token of the caller ends, the one this request was "
            "made with too, and so do the caller's open event streams; the answer carries a "
            "new token for this device. A wrong `current_password` is 400 "
            "`invalid_password` and counts as a failed login for the username and the "
            "client's IP (`THROTTLE_FAILED_LOGIN`: past it, 429 `throttled` with "
            "`Retry-After`, the right password included, as at `POST /auth/token`). The new "
            "password follows the rules of registration (400 `validation_error` naming "
            "`new_password`). Throttled per player (`THROTTLE_PASSWORD_CHANGE`, default 10 "
            "per hour)."
        ),
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **error_responses(
                400, 401, 415, 429, codes={400: ["validation_error", "invalid_password"]}
            ),
        },
        examples=[
            OpenApiExample(
                "change",
                value={
                    "current_password": "correct horse battery",
                    "new_password": "a longer, newer phrase",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        key = services.user_change_password(
            user=request_user(request),
            current_password=data["current_password"],
            new_password=data["new_password"],
            request=request,
        )
        return Response(self.OutputSerializer({"token": key}).data)


class MeApi(APIView):
    """The caller's own account, preferences and stats."""

    class OutputSerializer(ProfileSerializer):
        id = serializers.IntegerField()
        preferences = serializers.DictField()

    class InputSerializer(StrictSerializer):
        display_name = DisplayNameField(required=False)
        preferences = PreferencesSerializer(required=False)

    def get_throttles(self) -> list:
        return [ProfileUpdateThrottle()] if self.request.method == "PATCH" else []

    @extend_schema(
        operation_id="me_retrieve",
        tags=["accounts"],
        responses={200: OutputSerializer, **error_responses(401)},
    )
    def get(self, request: Request) -> Response:
        return Response(self.OutputSerializer(selectors.user_me(user=request_user(request))).data)

    @extend_schema(
        operation_id="me_update",
        tags=["accounts"],
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 401, 415, 429)},
        examples=[
            OpenApiExample(
                "change sort",
                value={"display_name": "Annie", "preferences": {"card_sort": "rank"}},
                request_only=True,
            )
        ],
    )
    def patch(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        user = services.user_update(
            user=request_user(request),
            display_name=data.get("display_name"),
            preferences=data.get("preferences"),
        )
        return Response(self.OutputSerializer(selectors.user_me(user=user)).data)


class ProfileApi(APIView):
    """A player's public profile and lifetime statistics."""

    OutputSerializer = ProfileSerializer

    @extend_schema(
        operation_id="users_retrieve",
        tags=["accounts"],
        responses={200: OutputSerializer, **error_responses(401, 404)},
    )
    @replica_reads()
    def get(self, request: Request, username: str) -> Response:
        user = selectors.user_get_by_username(username=username)
        return Response(self.OutputSerializer(selectors.user_profile(user=user)).data)
