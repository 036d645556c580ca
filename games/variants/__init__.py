"""The games a table can play, chosen by the game's ``variant`` (see :mod:`.base`).

    >>> variant_for("gin").max_seats, variant_for("rummy").max_seats
    (2, 4)
"""

from __future__ import annotations

from games.variants.base import (
    GameOutcome,
    GameVariant,
    Progress,
    SeatRecord,
    VariantAction,
    VariantState,
    VariantView,
)
from games.variants.gin import GIN
from games.variants.rummy import RUMMY

VARIANTS: dict[str, GameVariant] = {GIN.name: GIN, RUMMY.name: RUMMY}
"""Every variant by name: Gin Rummy (the default) and DESIGN §5's Rummy."""

DEFAULT_VARIANT = GIN.name
MAX_SEATS = max(variant.max_seats for variant in VARIANTS.values())


def variant_for(name: str) -> GameVariant:
    """The variant called ``name`` (a stored game's ``variant``; KeyError if unknown)."""
    return VARIANTS[name]


__all__ = [
    "DEFAULT_VARIANT",
    "MAX_SEATS",
    "VARIANTS",
    "GameOutcome",
    "GameVariant",
    "Progress",
    "SeatRecord",
    "VariantAction",
    "VariantState",
    "VariantView",
    "variant_for",
]
