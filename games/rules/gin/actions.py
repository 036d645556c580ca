"""The six actions a player can take (docs/games/gin.md#actions): the draws and the discard
of :mod:`games.rules.common.actions`, and Gin Rummy's own pass, knock and big gin.

Actions are small frozen values; :func:`games.rules.gin.codec.action_from_json` and
:func:`games.rules.gin.codec.action_to_json` convert them to and from the API's JSON bodies.
An action never carries hidden information: a stock draw does not name the card drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from games.rules.common.actions import Discard, DrawDiscard, DrawStock
from games.rules.common.cards import Card

__all__ = [
    "ACTION_TYPES",
    "Action",
    "BigGin",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Knock",
    "Melds",
    "Pass",
]

Melds = tuple[tuple[Card, ...], ...]
"""Declared melds: each a tuple of cards."""


def _freeze_melds(melds: Iterable[Iterable[Card]] | None) -> Melds | None:
    if melds is None:
        return None
    return tuple(tuple(meld) for meld in melds)


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the first upcard (first-upcard phase only)."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard ``card`` face down and end the round (deadwood 0: gin).

    ``melds`` (optional) declares the knocker's melds; when ``None`` the least-deadwood
    arrangement is used (ties: the one that leaves the defender the most deadwood).
    """

    card: Card
    """The card discarded face down."""
    melds: Melds | None = None
    """Declared melds, or ``None`` to let the rules choose."""
    type: ClassVar[str] = "knock"

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", _freeze_melds(self.melds))


@dataclass(frozen=True, slots=True)
class BigGin:
    """Declare big gin: all 11 cards melded after drawing, without discarding.

    ``melds`` (optional) must cover all 11 cards; when ``None`` the rules find them.
    """

    melds: Melds | None = None
    """Declared melds, or ``None`` to let the rules choose."""
    type: ClassVar[str] = "big_gin"

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", _freeze_melds(self.melds))


Action = Pass | DrawStock | DrawDiscard | Discard[Card] | Knock | BigGin
"""Any action."""

ACTION_TYPES: tuple[str, ...] = (
    Pass.type,
    DrawStock.type,
    DrawDiscard.type,
    Discard.type,
    Knock.type,
    BigGin.type,
)
"""The action type names, as in the API."""
