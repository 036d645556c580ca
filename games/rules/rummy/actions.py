"""The six rummy actions (docs/games/rummy.md action bodies): the draws and the discard of
:mod:`games.rules.common.actions`, and Rummy's own meld, lay-off and joker swap.

Actions are small frozen values; :func:`games.rules.rummy.codec.action_from_json` and
:func:`~games.rules.rummy.codec.action_to_json` convert them to and from JSON. A stock
draw does not name the card drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from games.rules.common.actions import Discard, DrawDiscard, DrawStock
from games.rules.rummy.cards import RummyCard
from games.rules.rummy.melds import End

__all__ = [
    "ACTION_CLASSES",
    "ACTION_TYPES",
    "Action",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Layoff",
    "Meld",
    "SwapJoker",
    "WrittenMelds",
]

WrittenMelds = tuple[tuple[RummyCard, ...], ...]
"""Melds as written: each a tuple of cards (a run low to high)."""


@dataclass(frozen=True, slots=True)
class Meld:
    """Put one or more new melds on the table, each written as a card list."""

    melds: WrittenMelds
    """The melds, each a tuple of cards (a run in sequence order, low to high)."""
    type: ClassVar[str] = "meld"

    def __init__(self, melds: Iterable[Iterable[RummyCard]]) -> None:
        object.__setattr__(self, "melds", tuple(tuple(meld) for meld in melds))


@dataclass(frozen=True, slots=True)
class Layoff:
    """Add ``card`` to the table meld ``meld`` (any player's); ``end`` says which end of a
    run, needed only when both ends would fit."""

    card: RummyCard
    """The card laid off."""
    meld: int
    """The table meld's ``id``."""
    end: End | None = None
    """``End.LOW`` or ``End.HIGH`` for a run, else ``None``."""
    type: ClassVar[str] = "layoff"


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """Put the natural ``card`` in a joker's place in table meld ``meld`` and take that
    joker into the hand (it must be melded or laid off before this turn's discard)."""

    card: RummyCard
    """The natural card the joker stands for (a joker is refused: ``invalid_layoff``)."""
    meld: int
    """The table meld's ``id``."""
    type: ClassVar[str] = "swap_joker"


Action = DrawStock | DrawDiscard | Meld | Layoff | SwapJoker | Discard[RummyCard]
"""Any rummy action."""

ACTION_TYPES: tuple[str, ...] = (
    DrawStock.type,
    DrawDiscard.type,
    Meld.type,
    Layoff.type,
    SwapJoker.type,
    Discard.type,
)
"""The action type names, as in the API."""

ACTION_CLASSES: tuple[type, ...] = (DrawStock, DrawDiscard, Meld, Layoff, SwapJoker, Discard)
"""The action classes, in :data:`ACTION_TYPES` order."""
