"""The one typed interface every game's computer players implement.

A game's players are a pure function of what their seat may see (the game's view: never
another hand, never the stock order) to an action of that game. The games app reaches
them only through this interface (by way of the registry in :mod:`games.variants`).
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

View = TypeVar("View", contravariant=True)
Action = TypeVar("Action", covariant=True)

LEVELS = ("easy", "medium", "hard")
"""The levels a player may choose to play against."""


class Players(Protocol[View, Action]):
    """A game's computer players."""

    def choose(self, view: View, level: str, rng: random.Random) -> Action:
        """The choice of the player of ``level`` (one of :data:`LEVELS`, or a level the
        simulator knows, such as ``baseline``), from its seat's view only."""
        ...

    def absent(self, view: View, rng: random.Random) -> Action:
        """The move the turn timer plays for a person who ran out of time (never one that
        ends the round for them: no knock, no show)."""
        ...
