"""The Rummy baseline player and the random player.

Baseline: draw from the stock; come out as soon as the hand's best melds reach the first
meld's points, and after that put down every meld it holds; lay off whatever fits; discard
the highest-valued card that is in none of the hand's best melds (the highest allowed card
when every card is in one). Deterministic: ``rng`` is never used.

Random: uniform over the concrete legal moves of the moment.
"""

from __future__ import annotations

import random

from games.ai.rummy.common import discards, forced, loose_cards, moves, next_meld
from games.rules.rummy import (
    Action,
    Discard,
    DrawStock,
    Layoff,
    PlayerView,
    card_value,
)


def baseline_action(view: PlayerView, rng: random.Random) -> Action:
    """The baseline's action for the seat of ``view``."""
    rnd = view.round
    types = {entry.type: entry for entry in rnd.legal_actions}
    if "draw_stock" in types:
        return DrawStock()
    meld = next_meld(view)
    if meld is not None:
        return meld
    if "layoff" in types:
        option = (types["layoff"].options or ())[0]
        return Layoff(option.card, option.meld, option.end)
    allowed = discards(view)
    if not allowed:
        return forced(view)
    loose = set(loose_cards(rnd.hand))
    pool = [card for card in allowed if card in loose] or list(allowed)
    return Discard(max(reversed(pool), key=card_value))


def random_action(view: PlayerView, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(moves(view))
