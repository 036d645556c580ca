"""The one typed interface every game's computer players implement.

A game's players are a pure function of what their seat may see (the game's view: never
another hand, never the stock order) to an action of that game. The games app reaches
them only through this interface (by way of the registry in :mod:`games.variants`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar

View = TypeVar("View", contravariant=True)
Action = TypeVar("Action", covariant=True)
ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")

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

    @property
    def descriptions(self) -> Mapping[str, str]:
        """What each of :data:`LEVELS` plays like, in a line for people (the create
        forms show it beside the level): the players say it of themselves, so a level
        that changes says so where it changes."""
        ...


class PlayersByName(Generic[ViewT, ActionT]):
    """A game's players from its table of named players (the levels and the simulator's
    own, such as ``baseline``) and the rules core's timeout move: the one place a name
    is checked and looked up, for every game whose players keep no memory."""

    def __init__(
        self,
        players: Mapping[str, Callable[[ViewT, random.Random], ActionT]],
        absent: Callable[[ViewT], ActionT],
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        self.players = players
        self._absent = absent
        self._descriptions: Mapping[str, str] = dict(descriptions or {})

    @property
    def descriptions(self) -> Mapping[str, str]:
        """What each level plays like (:meth:`Players.descriptions`)."""
        return self._descriptions

    def play(self, name: str, view: ViewT, rng: random.Random) -> ActionT:
        """The action of player ``name`` (one of :attr:`players`)."""
        player = self.players.get(name)
        if player is None:
            raise ValueError(f"Unknown player {name!r}; choose from {', '.join(self.players)}.")
        return player(view, rng)

    def choose_action(self, view: ViewT, level: str, rng: random.Random) -> ActionT:
        """The computer's action at ``level`` (one of :data:`LEVELS`)."""
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose from {', '.join(LEVELS)}.")
        return self.players[level](view, rng)

    def choose(self, view: ViewT, level: str, rng: random.Random) -> ActionT:
        return self.play(level, view, rng)

    def absent(self, view: ViewT, rng: random.Random) -> ActionT:
        return self._absent(view)
