"""A tournament's settings, checked once when it is created.

Settings are checked here for every way a tournament is made (the API, the admin, a
schedule's template), so one set of rules applies: the format's own rules (the formats
library's :class:`~tournaments.formats.Settings`), the game's (its rule options, and a
table size within the game's seat range) and the app's (a rating band low to high, a
minimum field within the capacity, a name others can read). A breach is 422
``invalid_settings`` naming the field.

The name follows the display names' rules (:func:`accounts.models.clean_public_name`):
NFKC-normalised and stripped; no control, format (bidi, zero-width) or invisible
characters, something visible, few marks on one character; and, for a name a player
writes, no reserved name or word (staff, the admin and schedules may write "Official").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from accounts.models import clean_public_name
from games import services as games
from games.variants import DEFAULT_VARIANT, VARIANTS
from tournaments import formats
from tournaments.errors import InvalidSettings
from tournaments.formats import Format, TournamentError
from tournaments.formats.types import MAX_CAPACITY, MIN_CAPACITY

DEFAULT_TURN_SECONDS = 60
DEFAULT_ROUND_MINUTES = 60
DEFAULT_TABLE_SIZE = 4
"""Tables of this many (or the game's largest table, if smaller) unless told."""
NAME_MAX_LENGTH = 80
DEFAULT_CAPACITY = MAX_CAPACITY
"""An arena's, a Swiss tournament's or a knockout's field unless told (a sit & go's
capacity is what starts it: always told). No format takes more than ``MAX_CAPACITY``."""

NAMES = {
    Format.SIT_AND_GO: "sit & go",
    Format.ARENA: "arena",
    Format.SWISS: "Swiss",
    Format.KNOCKOUT: "knockout",
}


def default_table_size(variant: str) -> int:
    game = VARIANTS[variant]
    return (
        game.min_seats
        if game.max_seats == game.min_seats
        else min(game.max_seats, max(game.min_seats, DEFAULT_TABLE_SIZE))
    )


def tournament_settings_check(data: Mapping[str, Any], *, by_staff: bool = False) -> dict[str, Any]:
    """The fields of a new :class:`Tournament` from a creation request (typed values, as
    the API's input serializer leaves them); 422 ``invalid_settings`` for settings that
    describe no playable tournament. ``starts_at`` must be given for every format but
    sit & go (where it is the latest start). ``by_staff``: the name may use the reserved
    names and words."""
    fmt = Format(data["format"])
    name = _name(data.get("name"), reserved=not by_staff)
    variant = data.get("variant", DEFAULT_VARIANT)
    if variant not in VARIANTS:
        raise InvalidSettings(f"Unknown game {variant!r}.", field="variant")
    game = VARIANTS[variant]
    table_size = data.get("table_size", default_table_size(variant))
    if not game.min_seats <= table_size <= game.max_seats:
        raise InvalidSettings(
            f"A {game.name} game seats {game.min_seats} to {game.max_seats}.",
            field="table_size",
        )
    try:
        rules = games.game_rules_for(
            variant=variant, rules_data=data.get("rules"), seats=table_size
        )
    except games.InvalidGameRules as exc:
        error = InvalidSettings(exc.detail)
        error.fields = exc.fields
        raise error from exc
    fields: dict[str, Any] = {
        "name": name or f"{game.name.title()} {NAMES[fmt]}",
        "format": fmt.value,
        "variant": variant,
        "rules": rules,
        "table_size": table_size,
        "starts_at": data.get("starts_at"),
        "duration_minutes": data.get("duration_minutes"),
        "rounds": data.get("rounds"),
        "round_minutes": data.get("round_minutes"),
        "best_of": data.get("best_of", 1),
        "capacity": data.get("capacity"),
        "min_players": data.get("min_players", 2),
        "duplicate": data.get("duplicate", False),
        "turn_seconds": data.get("turn_seconds", DEFAULT_TURN_SECONDS),
        "min_rated_games": data.get("min_rated_games", 0),
        "min_rating": data.get("min_rating"),
        "max_rating": data.get("max_rating"),
        "private": data.get("private", False),
    }
    if fmt is Format.SWISS and fields["round_minutes"] is None:
        fields["round_minutes"] = DEFAULT_ROUND_MINUTES
    if fmt is not Format.SIT_AND_GO and fields["starts_at"] is None:
        raise InvalidSettings("starts_at is required.", field="starts_at")
    if fmt is Format.ARENA and fields["duration_minutes"] is None:
        raise InvalidSettings("An arena needs duration_minutes.", field="duration_minutes")
    if fmt is not Format.SIT_AND_GO and fields["capacity"] is None:
        fields["capacity"] = DEFAULT_CAPACITY
    try:
        settings = _settings(fields)
    except TournamentError as exc:
        raise InvalidSettings(exc.detail, field=exc.field) from exc
    capacity = fields["capacity"]
    if not MIN_CAPACITY <= capacity <= MAX_CAPACITY:
        raise InvalidSettings(
            f"capacity must be {MIN_CAPACITY} to {MAX_CAPACITY}.", field="capacity"
        )
    if fmt is Format.SIT_AND_GO:
        fields["min_players"] = capacity
    elif fields["min_players"] > capacity:
        raise InvalidSettings("min_players must not exceed the capacity.", field="min_players")
    low, high = fields["min_rating"], fields["max_rating"]
    if low is not None and high is not None and low > high:
        raise InvalidSettings("min_rating must not exceed max_rating.", field="min_rating")
    if settings.duplicate and settings.best_of != 1:
        raise InvalidSettings(
            "Duplicate deals need matches of one game (a second game would replay the "
            "decks its players have seen).",
            field="duplicate",
        )
    return fields


def _name(value: str | None, *, reserved: bool) -> str | None:
    """The name as stored (None for none, or a blank one: the default name)."""
    if value is None or not value.strip():
        return None
    try:
        return clean_public_name(
            value, what="tournament name", max_length=NAME_MAX_LENGTH, reserved=reserved
        )
    except ValueError as exc:
        raise InvalidSettings(str(exc), field="name") from exc


def _settings(fields: Mapping[str, Any]) -> formats.Settings:
    fmt = Format(fields["format"])
    starts_at = ends_at = None
    if fmt is Format.ARENA:
        starts_at = fields["starts_at"]
        if starts_at is not None and fields["duration_minutes"] is not None:
            ends_at = starts_at + timedelta(minutes=fields["duration_minutes"])
    return formats.Settings(
        format=fmt,
        table_size=fields["table_size"],
        rounds=fields["rounds"] if fmt is Format.SWISS else None,
        best_of=fields["best_of"],
        starts_at=starts_at,
        ends_at=ends_at,
        capacity=fields["capacity"] if fmt is Format.SIT_AND_GO else None,
        duplicate=fields["duplicate"],
    )
