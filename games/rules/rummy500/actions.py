"""The five Rummy 500 actions (docs/games/rummy500.md#actions): the stock draw and the
discard of :mod:`games.rules.common.actions`, a ``draw_discard`` that may name any card of
the open pile, and the meld and lay-off.

Actions are small frozen values; :func:`games.rules.rummy500.codec.action_from_json` and
:func:`~games.rules.rummy500.codec.action_to_json` convert them to and from JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from games.rules.common.actions import Discard, DrawStock
from games.rules.rummy500.cards import AnyCard
from games.rules.rummy500.melds import End

__all__ = [
    "ACTION_CLASSES",
    "ACTION_TYPES",
    "Action",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Layoff",
    "Meld",
]


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take ``card`` from the discard pile with every card above it (``None``: the top
    card). A card under the top one (or the top one when it is not free) must then be put
    on the table by the next action."""

    card: AnyCard | None = None
    """The card named, or ``None`` for the top card."""
    type: ClassVar[str] = "draw_discard"


@dataclass(frozen=True, slots=True)
class Meld:
    """Put one or more new melds on the table, each written as a card list."""

    melds: tuple[tuple[AnyCard, ...], ...]
    """The melds, each a tuple of cards (a run in sequence order, low to high)."""
    type: ClassVar[str] = "meld"

    def __init__(self, melds: Iterable[Iterable[AnyCard]]) -> None:
        object.__setattr__(self, "melds", tuple(tuple(meld) for meld in melds))


@dataclass(frozen=True, slots=True)
class Layoff:
    """Add ``card`` to the table meld ``meld`` (any player's, one's own included); ``end``
    says which end of a run, needed only when both ends would fit."""

    card: AnyCard
    """The card laid off."""
    meld: int
    """The table meld's ``id``."""
    end: End | None = None
    """``End.LOW`` or ``End.HIGH`` for a run, else ``None``."""
    type: ClassVar[str] = "layoff"


Action = DrawStock | DrawDiscard | Meld | Layoff | Discard[AnyCard]
"""Any Rummy 500 action."""

ACTION_TYPES: tuple[str, ...] = (
    DrawStock.type,
    DrawDiscard.type,
    Meld.type,
    Layoff.type,
    Discard.type,
)
"""The action type names, as in the API."""

ACTION_CLASSES: tuple[type, ...] = (DrawStock, DrawDiscard, Meld, Layoff, Discard)
"""The action classes, in :data:`ACTION_TYPES` order."""
