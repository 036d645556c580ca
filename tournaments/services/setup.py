"""A tournament's settings, checked once when it is created.

Settings are checked here for every way a tournament is made (the API, the admin, a
schedule's template), so one set of rules applies: the format's own rules (its spec's
settings, their defaults, and the formats library's :class:`~tournaments.formats.Settings`),
the game's (its rule options, and a
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
from typing import Any

from accounts.models import clean_public_name
from games import services as games
from games.variants import DEFAULT_VARIANT, VARIANTS
from tournaments import formats
from tournaments.errors import InvalidSettings
from tournaments.formats import TournamentError
from tournaments.formats.types import MIN_CAPACITY

DEFAULT_TURN_SECONDS = 60
DEFAULT_TABLE_SIZE = 4
"""Tables of this many (or the game's largest table, if smaller) unless told."""
NAME_MAX_LENGTH = 80

FORMAT_COLUMNS: dict[str, Any] = {
    "starts_at": None,
    "duration_minutes": None,
    "rounds": None,
    "round_minutes": None,
    "best_of": 1,
    "capacity": None,
    "min_players": 2,
    "duplicate": False,
}
"""The columns of the formats' own settings, and what a tournament holds in one its
format has no setting for (unless told: the admin sends them all)."""


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
    describe no playable tournament. The format's spec says which settings it takes,
    their defaults (a capacity among them) and which are required (``starts_at`` for
    every format but sit & go, where it is the latest start). ``by_staff``: the name may
    use the reserved names and words."""
    try:
        spec = formats.format_spec(data["format"])
    except TournamentError as exc:
        raise InvalidSettings(exc.detail, field=exc.field) from exc
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
        "name": name or f"{game.name.title()} {spec.label}",
        "format": spec.name,
        "variant": variant,
        "rules": rules,
        "table_size": table_size,
        **{column: data.get(column, neutral) for column, neutral in FORMAT_COLUMNS.items()},
        "turn_seconds": data.get("turn_seconds", DEFAULT_TURN_SECONDS),
        "min_rated_games": data.get("min_rated_games", 0),
        "min_rating": data.get("min_rating"),
        "max_rating": data.get("max_rating"),
        "private": data.get("private", False),
    }
    for setting in spec.settings:
        if fields[setting.name] is None and setting.default is not None:
            fields[setting.name] = setting.default
        if fields[setting.name] is None and setting.required:
            raise InvalidSettings(f"{setting.name} is required.", field=setting.name)
    if fields["capacity"] is None:  # a format that names no capacity takes the most
        fields["capacity"] = spec.capacity_max
    try:
        settings = spec.library_settings({**fields, "started_at": None, "ends_at": None})
    except TournamentError as exc:
        raise InvalidSettings(exc.detail, field=exc.field) from exc
    capacity = fields["capacity"]
    if not MIN_CAPACITY <= capacity <= spec.capacity_max:
        raise InvalidSettings(
            f"capacity must be {MIN_CAPACITY} to {spec.capacity_max}.", field="capacity"
        )
    if spec.starts_when_full:
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
