"""Rummy (DESIGN.md §5) as the games app plays it: two to four seats, the rules of
:data:`games.rules.rummy.RUMMY_RULES` and the players of
:data:`games.ai.rummy.RUMMY_PLAYERS`."""

from __future__ import annotations

from games.ai.rummy import RUMMY_PLAYERS
from games.rules.rummy import RUMMY_RULES, Action, GameState, PlayerView
from games.variants.base import RulesVariant

RUMMY: RulesVariant[GameState, Action, PlayerView] = RulesVariant(
    "rummy", min_seats=2, max_seats=4, rules=RUMMY_RULES, players=RUMMY_PLAYERS
)
