"""Rummy 500 computer players (docs/games/rummy500.md, docs/ai.md): pure functions from what
one seat may see to an action.

Entry points
    :data:`RUMMY500_PLAYERS` -- the players behind the interface every game's players
    implement (:class:`~games.ai.common.players.Players`); the absent player is
    :func:`~.levels.forced`, the move the turn timer plays.

A turn is several actions (a draw, any melds and lay-offs, a discard): the server asks for
one action at a time until the turn passes. Every action returned is legal for the view it
was given: the players choose among the view's ``legal_actions`` and the melds of their own
hand. They read only :class:`games.rules.rummy500.PlayerView` (their hand, the open pile,
the table, the sizes), keep no memory, and take randomness only from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai.common.players import PlayersByName
from games.ai.rummy500.levels import (
    baseline,
    easy,
    forced,
    hard,
    hard_heuristic,
    medium,
    random_player,
)
from games.rules.rummy500 import Action, PlayerView

Player = Callable[[PlayerView, random.Random], Action]

PLAYERS: dict[str, Player] = {
    "baseline": baseline,
    "random": random_player,
    "easy": easy,
    "medium": medium,
    "hard": hard,
    "hard-heuristic": hard_heuristic,
}
"""Every player by name."""

DESCRIPTIONS: dict[str, str] = {
    "easy": "Draws from the stock, melds what it can and throws a random card.",
    "medium": "Takes the top discard when it can play it at once.",
    "hard": "Weighs every draw, deep picks included, by playing the round on in likely deals.",
}
"""What each level plays like, for people."""

RUMMY500_PLAYERS: PlayersByName[PlayerView, Action] = PlayersByName(PLAYERS, forced, DESCRIPTIONS)
"""Rummy 500's players (a :class:`~games.ai.common.players.Players`)."""

__all__ = ["DESCRIPTIONS", "PLAYERS", "RUMMY500_PLAYERS"]
