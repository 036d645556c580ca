"""Decks and games for the computer-player tests (rules core only, no database)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from games import ai
from games.ai.memory import Memory
from games.rules import (
    DECK,
    Action,
    Card,
    GameState,
    PlayerView,
    RuleSet,
    apply_action,
    cards,
    deal_next_round,
    new_deck,
    new_game,
    view_for,
)


def make_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deck in dealing order: the non-dealer's 10, the dealer's 10, the upcard, then the
    given stock cards first and every other card after them in deck order."""
    first, second, top = cards(non_dealer), cards(dealer), cards(stock)
    up = Card.parse(upcard)
    used = [*first, *second, up, *top]
    assert len(first) == 10 and len(second) == 10 and len(set(used)) == len(used)
    return [*used, *(card for card in DECK if card not in used)]


Chooser = Callable[[PlayerView, random.Random, Memory], Action]


def by_name(name: str) -> Chooser:
    """A player of :data:`games.ai.PLAYERS` as ``(view, rng, memory) -> action``."""
    return lambda view, rng, memory: ai.play(name, view, rng, memory=memory)


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
