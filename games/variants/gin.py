"""Gin Rummy (docs/games/gin.md): two seats."""

from __future__ import annotations

from games.ai.gin import GIN_PLAYERS
from games.ai.gin.simulate import CONTEST
from games.rules.gin import GIN_RULES, Action, GameState, PlayerView
from games.variants.base import Variant

GIN: Variant[GameState, Action, PlayerView] = Variant(
    name="gin",
    label="Gin Rummy",
    min_seats=2,
    max_seats=2,
    rules=GIN_RULES,
    players=GIN_PLAYERS,
    contest=CONTEST,
    names_itself=False,
)
