"""Computer players: a pure function from what one seat may see to an action.

Entry points
    :data:`GIN_PLAYERS` -- the players behind the interface every game's players
    implement (:class:`~games.ai.common.players.Players`).
    ``choose_action(view, level, rng, memory=None)`` -- the computer's move at ``level``
    (``"easy"``, ``"medium"`` or ``"hard"``). ``baseline_action(view, rng)`` -- the fixed
    baseline player. ``absent_action(view, rng)`` -- the baseline kept to drawing and
    discarding, for a person who ran out of time. ``play(name, view, rng)`` -- any
    player by name, :data:`PLAYERS` (the levels plus ``baseline`` and ``random``).

Knowledge model
    A player sees exactly one :class:`games.rules.PlayerView`: its own hand, the discard
    pile, the stock size, the opponent's hand size, the scores, the rules, the finished
    rounds' results, and ``round.history`` -- the round's public moves (passes,
    discard-pile draws with the card taken, discards, knocks; the opponent's stock draws
    without the card). It never sees the opponent's cards or the stock order; the type
    carries neither.

    On top of the view a player keeps a :class:`~games.ai.gin.memory.Memory` of public
    information: every card seen face up, which discards the opponent took (so are known
    to be in its hand until it discards them) or left (passed, or drew from the stock
    instead), what the opponent discarded, and in what order. The memory is a fold over
    the move log, so it is rebuilt from the view whenever none is passed in (a restarted
    worker loses nothing); passing the memory kept from the seat's previous decision only
    saves that replay and never changes the decision. Each round is a fresh deck, so
    nothing of an earlier round is remembered except the scores.

    Randomness comes only from ``rng``: the same view, memory and seed give the same
    action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.ai.common.players import LEVELS
from games.ai.gin import easy, hard, medium, reference
from games.ai.gin.baseline import absent_action, baseline_action, random_action
from games.ai.gin.memory import Memory
from games.rules.gin import Action, PlayerView

PLAYERS: tuple[str, ...] = ("baseline", "random", *LEVELS, "reference")
"""Every player :func:`play` knows."""

_LEVELS: dict[str, Callable[[PlayerView, random.Random, Memory], Action]] = {
    "easy": easy.choose,
    "medium": medium.choose,
    "hard": hard.choose,
}

__all__ = [
    "DESCRIPTIONS",
    "GIN_PLAYERS",
    "LEVELS",
    "PLAYERS",
    "Memory",
    "absent_action",
    "baseline_action",
    "choose_action",
    "play",
    "random_action",
]


def choose_action(
    view: PlayerView, level: str, rng: random.Random, memory: Memory | None = None
) -> Action:
    """The computer's action at ``level`` for the seat of ``view``.

    ``memory`` (optional) is the memory this seat kept from its previous decision; it is
    brought up to date from ``view`` and used. Without it the memory is rebuilt from the
    view's move log, with the same result.
    """
    choose = _LEVELS.get(level)
    if choose is None:
        raise ValueError(f"Unknown level {level!r}; choose from {', '.join(LEVELS)}.")
    memory = (memory or Memory()).sync(view)
    return choose(view, rng, memory)


def play(name: str, view: PlayerView, rng: random.Random, memory: Memory | None = None) -> Action:
    """The action of player ``name`` (one of :data:`PLAYERS`)."""
    if name == "baseline":
        return baseline_action(view, rng)
    if name == "random":
        return random_action(view, rng)
    if name == "reference":
        return reference.choose(view, rng, (memory or Memory()).sync(view))
    return choose_action(view, name, rng, memory=memory)


DESCRIPTIONS: dict[str, str] = {
    "easy": "Plays the obvious; knocks late.",
    "medium": "Keeps pairs, knocks as soon as it may.",
    "hard": "Reads your pickups and holds on for gin.",
}
"""What each level plays like, for people (the create forms show it)."""


class GinPlayers:
    """Gin Rummy's computer players (a :class:`~games.ai.common.players.Players`)."""

    @property
    def descriptions(self) -> dict[str, str]:
        return DESCRIPTIONS

    def choose(self, view: PlayerView, level: str, rng: random.Random) -> Action:
        return play(level, view, rng)

    def absent(self, view: PlayerView, rng: random.Random) -> Action:
        return absent_action(view, rng)


GIN_PLAYERS = GinPlayers()
"""Gin Rummy's computer players."""
