"""Gin Rummy (DESIGN.md §3-§4) as the games app plays it: two seats, the rules of
:data:`games.rules.gin.GIN_RULES` and the players of :data:`games.ai.gin.GIN_PLAYERS`."""

from __future__ import annotations

from games.ai.gin import GIN_PLAYERS
from games.rules.gin import GIN_RULES, Action, GameState, PlayerView
from games.variants.base import RulesVariant

GIN: RulesVariant[GameState, Action, PlayerView] = RulesVariant(
    "gin",
    min_seats=2,
    max_seats=2,
    rules=GIN_RULES,
    players=GIN_PLAYERS,
)
