"""Rummy 500 (docs/games/rummy500.md): two to four seats, one deck, the discard pile open."""

from __future__ import annotations

from games.ai.rummy500 import RUMMY500_PLAYERS
from games.ai.rummy500.simulate import CONTEST
from games.rules.rummy500 import RUMMY500_RULES, Action, GameState, PlayerView
from games.variants.base import Variant

RUMMY500: Variant[GameState, Action, PlayerView] = Variant(
    name="rummy500",
    label="Rummy 500",
    min_seats=2,
    max_seats=4,
    rules=RUMMY500_RULES,
    players=RUMMY500_PLAYERS,
    contest=CONTEST,
)
