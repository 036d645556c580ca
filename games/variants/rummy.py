"""Rummy (docs/games/rummy.md): two to four seats, two decks and jokers."""

from __future__ import annotations

from games.ai.rummy import RUMMY_PLAYERS
from games.ai.rummy.simulate import CONTEST
from games.rules.rummy import RUMMY_RULES, Action, GameState, PlayerView
from games.variants.base import Variant

RUMMY: Variant[GameState, Action, PlayerView] = Variant(
    name="rummy",
    label="Rummy",
    min_seats=2,
    max_seats=4,
    rules=RUMMY_RULES,
    players=RUMMY_PLAYERS,
    contest=CONTEST,
)
