"""The registry: every game a table can play, by the ``variant`` stored on the game.

Adding a game is a sibling package under :mod:`games.rules` and :mod:`games.ai`, a
description module here, and one line below (docs/architecture.md, "Adding a game").

>>> [variant_for(name).max_seats for name in ("gin", "rummy", "indian", "rummy500")]
[2, 4, 6, 4]
"""

from __future__ import annotations

from typing import Any, TypeAlias

from games.rules.common.errors import RulesError, http_status
from games.rules.common.game import Forfeit, GameOutcome, Progress, SeatRecord, replay
from games.rules.common.storage import (
    ROUNDS,
    RoundsApart,
    join_rounds,
    reference,
    rounds_digest,
    rounds_reference,
)
from games.variants.base import Variant, action_error_codes
from games.variants.gin import GIN
from games.variants.indian import INDIAN
from games.variants.rummy import RUMMY
from games.variants.rummy500 import RUMMY500

AnyVariant: TypeAlias = Variant[Any, Any, Any]
"""A variant whose types the caller does not know: what the registry holds (a game's
state, action and view stay opaque to the games app)."""

VARIANTS: dict[str, AnyVariant] = {
    variant.name: variant for variant in (GIN, RUMMY, INDIAN, RUMMY500)
}
"""Every variant by name, the default first."""

DEFAULT_VARIANT = GIN.name
"""The variant that a request, a stored row or a command naming none means (docs/api.md:
``variant`` defaults to ``"gin"``). Code that needs one asks the registry for it here;
none assumes a game."""
VARIANT_NAMES: tuple[str, ...] = tuple(VARIANTS)
ALL_ACTION_TYPES: tuple[str, ...] = tuple(
    dict.fromkeys(t for v in VARIANTS.values() for t in v.rules.action_types)
)
"""Every game's action types, in registry order (the schema takes each of them)."""
MAX_SEATS = max(variant.max_seats for variant in VARIANTS.values())


def variant_for(name: str) -> AnyVariant:
    """The variant called ``name`` (a stored game's ``variant``; KeyError if unknown)."""
    return VARIANTS[name]


def register(variant: AnyVariant) -> None:
    """Offer ``variant`` too (a game added at run time, as a test of the seam does)."""
    VARIANTS[variant.name] = variant


def unregister(name: str) -> None:
    """Withdraw a variant added with :func:`register`."""
    VARIANTS.pop(name)


__all__ = [
    "ALL_ACTION_TYPES",
    "DEFAULT_VARIANT",
    "MAX_SEATS",
    "ROUNDS",
    "VARIANTS",
    "VARIANT_NAMES",
    "AnyVariant",
    "Forfeit",
    "GameOutcome",
    "Progress",
    "RoundsApart",
    "RulesError",
    "SeatRecord",
    "Variant",
    "action_error_codes",
    "http_status",
    "join_rounds",
    "reference",
    "register",
    "replay",
    "rounds_digest",
    "rounds_reference",
    "unregister",
    "variant_for",
]
