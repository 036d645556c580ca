"""Indian Rummy computer players (docs/games/indian-rummy.md): pure functions from what one seat
may see to
an action, like the other games' players.

Entry points
    :data:`INDIAN_PLAYERS` -- the players behind the interface every game's players
    implement (:class:`~games.ai.common.players.Players`); the absent player is the rules
    core's own timeout move (``timeout_action``: a stock draw, then the highest card
    outside the arrangement's groups; it never declares or drops).
    ``choose_action(view, level, rng)`` -- the computer's action at ``level``
    (``"easy"``, ``"medium"`` or ``"hard"``). ``baseline_action(view, rng)`` -- the fixed
    baseline. ``play(name, view, rng)`` -- any player of :data:`PLAYERS` by name (the
    levels plus ``baseline`` and ``random``).

A turn is two actions (a draw, then a discard or a declaration; a drop instead of
either): call ``choose_action`` once per action until the turn passes. Every action
returned is legal for the view it was given.

Knowledge model
    A player reads only :class:`games.rules.indian.PlayerView`: its own hand and its
    least-points arrangement, every seat's hand size and status, the stock's size, the
    discard pile, the wild joker card, its legal actions (with the cards that may be
    declared with), the scores, the finished deals and the deal's public history (each
    seat's draws, every card taken from or left on the pile; a stock draw names no card).
    Hard folds the history into the public record (:mod:`.knowledge`); nothing is kept
    between decisions. Randomness comes only from ``rng``: the same view and seed give the
    same action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai.common.players import LEVELS, PlayersByName
from games.ai.indian.baseline import baseline_action, random_action
from games.ai.indian.common import absent
from games.ai.indian.levels import easy, hard, medium
from games.rules.indian import Action, PlayerView

Player = Callable[[PlayerView, random.Random], Action]

PLAYERS: dict[str, Player] = {
    "baseline": baseline_action,
    "random": random_action,
    "easy": easy,
    "medium": medium,
    "hard": hard,
}
"""Every player by name."""

__all__ = [
    "DESCRIPTIONS",
    "INDIAN_PLAYERS",
    "LEVELS",
    "PLAYERS",
    "baseline_action",
    "choose_action",
    "play",
    "random_action",
]


DESCRIPTIONS: dict[str, str] = {
    "easy": "Draws from the stock, throws a random loose card.",
    "medium": "Takes discards that bring its show nearer.",
    "hard": "Reads the pile, keeps the cards with the most outs, drops a hopeless hand.",
}
"""What each level plays like, for people (the create forms show it)."""

INDIAN_PLAYERS = PlayersByName(PLAYERS, absent, DESCRIPTIONS)
"""Indian Rummy's computer players (a :class:`~games.ai.common.players.Players`)."""


def choose_action(view: PlayerView, level: str, rng: random.Random) -> Action:
    """The computer's action at ``level`` for the seat of ``view``."""
    return INDIAN_PLAYERS.choose_action(view, level, rng)


def play(name: str, view: PlayerView, rng: random.Random) -> Action:
    """The action of player ``name`` (one of :data:`PLAYERS`)."""
    return INDIAN_PLAYERS.play(name, view, rng)
