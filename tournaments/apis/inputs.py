"""What ``POST /tournaments`` takes: one body per format, built from the format's spec.

Every body has the settings every format shares (name, game, rules, table, timer, entry
conditions, privacy) and the format's own (``FormatSpec.settings``, in its order, with
their bounds), so a format added to the registry is taken at once, and the published
schema has one body shape per format (``TournamentCreate``).
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api import StrictSerializer, validated
from games.variants import VARIANTS
from tournaments.errors import InvalidSettings
from tournaments.formats import FormatSpec, Setting, SettingKind, format_names, format_spec
from tournaments.formats.types import MAX_TABLE

STARTS_AT_PATTERN = (
    r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?"
    r"(Z|[+-][0-9]{2}:[0-9]{2})$"
)
STARTS_AT_HORIZON = timedelta(days=366)
TURN_SECONDS_MIN, TURN_SECONDS_MAX = 10, 3600
RATING_MAX = 4000


def _common_fields() -> dict[str, serializers.Field]:
    return {
        "name": serializers.CharField(
            required=False,
            min_length=1,
            max_length=80,
            trim_whitespace=False,
            help_text="Blank: named after the game and the format. Checked as a display "
            "name is (NFKC-normalised and stripped; control, format and invisible characters, "
            "nothing visible, stacked marks, and in a player's tournament reserved names "
            "and words are 422 `invalid_settings`).",
        ),
        "variant": serializers.ChoiceField(list(VARIANTS), required=False),
        "rules": serializers.DictField(
            required=False,
            help_text="The games' rule options (as `POST /games` takes them for this game); "
            "an option the game refuses is 422 `invalid_settings`.",
        ),
        "table_size": serializers.IntegerField(
            required=False,
            min_value=2,
            max_value=MAX_TABLE,
            help_text="Seats per game: 2 (1-v-1, Gin Rummy) or a table within the game's "
            "seat range (else 422 `invalid_settings`). Default: 2 for Gin Rummy, else 4 (or "
            "the game's largest table).",
        ),
        "turn_seconds": serializers.IntegerField(
            required=False,
            min_value=TURN_SECONDS_MIN,
            max_value=TURN_SECONDS_MAX,
            help_text="Each game's turn timer (default 60).",
        ),
        "min_rated_games": serializers.IntegerField(required=False, min_value=0, max_value=10000),
        "min_rating": serializers.IntegerField(required=False, min_value=0, max_value=RATING_MAX),
        "max_rating": serializers.IntegerField(required=False, min_value=0, max_value=RATING_MAX),
        "private": serializers.BooleanField(
            required=False, help_text="Joined by invite code only (`POST /tournaments/join`)."
        ),
    }


def _odd_field(setting: Setting) -> serializers.Field:
    """An odd whole number within the setting's bounds (games per match: 1, 3, ... 9)."""
    choices = list(range(setting.minimum or 1, (setting.maximum or 1) + 1, 2))

    @extend_schema_field({"type": "integer", "enum": choices})
    class OddField(serializers.IntegerField):
        def to_internal_value(self, data: Any) -> int:
            value = super().to_internal_value(data)
            if value not in choices:
                raise serializers.ValidationError(f"Must be one of {choices}.")
            return int(value)

    return OddField(required=setting.required)


def _field(setting: Setting) -> serializers.Field:
    """The body's field for one of a format's own settings."""
    help_text = setting.help or None
    if setting.kind is SettingKind.MOMENT:
        return serializers.RegexField(
            STARTS_AT_PATTERN, required=setting.required, max_length=40, help_text=help_text
        )
    if setting.kind is SettingKind.ODD:
        return _odd_field(setting)
    if setting.kind is SettingKind.BOOLEAN:
        return serializers.BooleanField(required=setting.required, help_text=help_text)
    return serializers.IntegerField(
        required=setting.required,
        min_value=setting.minimum,
        max_value=setting.maximum,
        help_text=help_text,
    )


@functools.cache
def create_input(spec: FormatSpec) -> type[StrictSerializer]:
    """The body that creates a tournament of ``spec``'s format (``SitAndGoInput``, ...)."""
    own = {setting.name: _field(setting) for setting in spec.settings}
    name = "".join(part.title() for part in spec.name.split("_")) + "Input"
    fields = {"format": serializers.ChoiceField([spec.name]), **_common_fields(), **own}
    return type(name, (StrictSerializer,), fields)


def create_inputs() -> list[type[StrictSerializer]]:
    """Every registered format's body, in the registry's order (the published schema)."""
    return [create_input(format_spec(name)) for name in format_names()]


class _FormatOnly(StrictSerializer):
    format = serializers.ChoiceField([])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = list(format_names())  # type: ignore[attr-defined]

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            data = {"format": data.get("format")} if "format" in data else {}
        return super().to_internal_value(data)


def creation(body: Any) -> dict[str, Any]:
    """The settings of a creation request, typed: 400 naming the field for a body its
    format does not take (an unknown format: 400 naming ``format``), 422 for a start that
    names no moment or is more than a year away."""
    fmt = body.get("format") if isinstance(body, dict) else None
    if not isinstance(fmt, str) or fmt not in format_names():
        validated(_FormatOnly, body)  # 400 naming `format`
    data = validated(create_input(format_spec(str(fmt))), body)
    if isinstance(data.get("name"), str):
        data["name"] = data["name"].strip()
    data["starts_at"] = _parse_starts_at(data.get("starts_at"))
    if data["starts_at"] is None:
        del data["starts_at"]
    return data


def _parse_starts_at(value: str | None) -> datetime | None:
    """A start time from the body (the pattern was checked): 422 for a time that names no
    moment (the 30th of February) or is more than a year away."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)
    except (ValueError, OverflowError) as exc:
        raise InvalidSettings("starts_at names no moment.", field="starts_at") from exc
    now = timezone.now()
    if not now - STARTS_AT_HORIZON < moment < now + STARTS_AT_HORIZON:
        raise InvalidSettings("starts_at must be within a year from now.", field="starts_at")
    return moment
