"""Games between computer players for their tests (rules core only, no database).

Decks for scripted positions: :func:`tests.rules.gin.helpers.make_deck`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.ai import gin as ai
from games.ai.gin.memory import Memory
from games.rules.gin import (
    Action,
    GameState,
    PlayerView,
    RuleSet,
    apply_action,
    deal_next_round,
    new_deck,
    new_game,
    view_for,
)


def positions(
    players: tuple[str, str], seed: int, rules: RuleSet | None = None, max_actions: int = 400
) -> Iterator[tuple[GameState, int, PlayerView, Action, Memory]]:
    """Play a game between two named players, yielding every decision as
    ``(state, seat, view, action, memory kept by that seat)`` before it is applied."""
    rng = random.Random(seed)
    rules = rules or RuleSet()
    state = new_game(rules, rng.randrange(2), new_deck(rng))
    rngs = [random.Random(rng.random()), random.Random(rng.random())]
    memories = [Memory(), Memory()]
    for _ in range(max_actions):
        if state.is_over:
            return
        if state.awaiting_deal:
            state = deal_next_round(state, new_deck(rng))
            continue
        seat = state.round.turn
        assert seat is not None
        view = view_for(state, seat)
        memories[seat].sync(view)  # kept up to date at every decision of the seat
        action = ai.play(players[seat], view, rngs[seat], memory=memories[seat])
        yield state, seat, view, action, memories[seat]
        state = apply_action(state, action, seat)
