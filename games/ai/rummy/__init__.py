"""Rummy computer players (docs/games/rummy.md): pure functions from what one seat may see to an
action, like the Gin Rummy players of :mod:`games.ai`.

Entry points
    :data:`RUMMY_PLAYERS` -- the players behind the interface every game's players
    implement (:class:`~games.ai.common.players.Players`); the absent player is
    ``forced`` (:mod:`.common`), the rules core's own timeout move.
    ``choose_action(view, level, rng)`` -- the computer's action at ``level`` (``"easy"``,
    ``"medium"`` or ``"hard"``). ``baseline_action(view, rng)`` -- the fixed baseline.
    ``play(name, view, rng)`` -- any player of :data:`PLAYERS` by name (the levels plus
    ``baseline`` and ``random``).

A Rummy turn is several actions (a draw, any melds, lay-offs and joker swaps, a discard):
call ``choose_action`` once per action until the turn passes. Every action returned is
legal for the view it was given.

Knowledge model
    A player reads only :class:`games.rules.rummy.PlayerView`: its own hand, every hand's
    size, the stock's size, the discard pile, the table, who came out, the scores and the
    finished rounds. The table and the discard pile carry all the public information the
    levels use, so they keep no memory across turns. Legality is asked of the rules core
    on a stand-in state rebuilt from the view (the other hands and the stock are jokers),
    so no hidden card can reach a decision. Randomness comes only from ``rng``: the same
    view and seed give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai.common.players import LEVELS, PlayersByName
from games.ai.rummy import hard, reference
from games.ai.rummy.baseline import baseline_action, random_action
from games.ai.rummy.common import forced
from games.ai.rummy.levels import easy, medium
from games.rules.rummy import Action, PlayerView

Player = Callable[[PlayerView, random.Random], Action]

PLAYERS: dict[str, Player] = {
    "baseline": baseline_action,
    "random": random_action,
    "easy": easy,
    "medium": medium,
    "hard": hard.choose,
    "reference": reference.choose,
}
"""Every player by name."""

__all__ = [
    "DESCRIPTIONS",
    "LEVELS",
    "PLAYERS",
    "RUMMY_PLAYERS",
    "baseline_action",
    "choose_action",
    "play",
    "random_action",
]


DESCRIPTIONS: dict[str, str] = {
    "easy": "Draws from the stock, lays off now and then.",
    "medium": "Takes useful discards and melds at once.",
    "hard": "Holds its melds for a hand rummy and thinks through close calls.",
}
"""What each level plays like, for people (the create forms show it)."""

RUMMY_PLAYERS = PlayersByName(PLAYERS, forced, DESCRIPTIONS)
"""Rummy's computer players (a :class:`~games.ai.common.players.Players`)."""


def choose_action(view: PlayerView, level: str, rng: random.Random) -> Action:
    """The computer's action at ``level`` for the seat of ``view``."""
    return RUMMY_PLAYERS.choose_action(view, level, rng)


def play(name: str, view: PlayerView, rng: random.Random) -> Action:
    """The action of player ``name`` (one of :data:`PLAYERS`)."""
    return RUMMY_PLAYERS.play(name, view, rng)
