"""Positions of whole games between computer players, through a game's
:class:`~games.rules.common.game.GameRules` alone, for the players' tests of every game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from games.rules.common.game import GameRules, JsonObject


def positions(
    rules: GameRules[Any, Any, Any],
    play: Callable[[str, Any, random.Random], Any],
    names: tuple[str, ...],
    seed: int,
    settings: JsonObject,
    limit: int,
    salt: str = "",
) -> Iterator[tuple[Any, int, Any, Any]]:
    """``(state, seat, view, action)`` for the first ``limit`` decisions of a game of
    ``settings`` between the players ``names`` (one per seat; ``play(name, view, rng)``
    decides), going on over rounds, every deck drawn from ``seed``."""
    rng = random.Random(f"positions:{seed}")
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(names))]
    deck = rules.new_deck(rng, settings)
    state = rules.new_game(settings, seats=len(names), dealer=0, deck=deck, salt=salt)
    for _ in range(limit):
        progress = rules.progress(state)
        if progress.is_over:
            return
        if progress.awaiting_deal:
            state = rules.deal_next_round(state, rules.new_deck(rng, settings), salt)
            continue
        seat = progress.turn
        assert seat is not None
        view = rules.view_for(state, seat)
        action = play(names[seat], view, rngs[seat])
        yield state, seat, view, action
        state = rules.apply_action(state, action, seat)
