"""The five Indian Rummy actions (docs/games/indian-rummy.md action bodies): the draws and the
discard of
:mod:`games.rules.common.actions` (the discard pile's top card may be taken unless it is a
joker other than the deal's first upcard), and Indian Rummy's own declaration and drop.

Actions are small frozen values; :func:`games.rules.indian.codec.action_from_json` and
:func:`~games.rules.indian.codec.action_to_json` convert them to and from JSON. A stock
draw does not name the card drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from games.rules.common.actions import Discard, DrawDiscard, DrawStock
from games.rules.indian.cards import IndianCard

__all__ = [
    "ACTION_CLASSES",
    "ACTION_TYPES",
    "Action",
    "Declare",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "Groups",
]

Groups = tuple[tuple[IndianCard, ...], ...]
"""Groups as written: each a tuple of cards (the order inside a group is free)."""


@dataclass(frozen=True, slots=True)
class Declare:
    """Put ``card`` face down and show the other 13 cards as ``groups``: a valid show ends
    the deal, any other show is a wrong show. Without ``groups`` the server shows the 13
    cards in its least-points arrangement (a valid show whenever one exists)."""

    card: IndianCard
    """The card put face down."""
    groups: Groups | None
    """The 13 other cards in groups, or ``None`` for the server's arrangement."""
    type: ClassVar[str] = "declare"

    def __init__(
        self, card: IndianCard, groups: Iterable[Iterable[IndianCard]] | None = None
    ) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(
            self, "groups", None if groups is None else tuple(tuple(group) for group in groups)
        )


@dataclass(frozen=True, slots=True)
class Drop:
    """Leave the deal (a first drop before the player's first draw of the deal, else a
    middle drop)."""

    type: ClassVar[str] = "drop"


Action = DrawStock | DrawDiscard | Discard[IndianCard] | Declare | Drop
"""Any Indian Rummy action."""

ACTION_TYPES: tuple[str, ...] = (
    DrawStock.type,
    DrawDiscard.type,
    Discard.type,
    Declare.type,
    Drop.type,
)
"""The action type names, as in the API."""

ACTION_CLASSES: tuple[type, ...] = (DrawStock, DrawDiscard, Discard, Declare, Drop)
"""The action classes, in :data:`ACTION_TYPES` order."""
