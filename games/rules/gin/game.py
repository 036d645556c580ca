"""Gin Rummy behind the one interface every game implements
(:class:`~games.rules.common.game.GameRules`): :data:`GIN_RULES`.

Two seats; round 1's dealer is the one the shuffler drew, and the dealer alternates. A
concession or a timeout ends the game (nobody leaves a game that goes on).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum

from games.rules.common.cards import card_texts
from games.rules.common.core import RulesCore
from games.rules.common.errors import ValidationError
from games.rules.common.game import GameOutcome, Json
from games.rules.common.results import game_outcome
from games.rules.gin import codec, engine
from games.rules.gin.actions import ACTION_TYPES, Action
from games.rules.gin.deck import new_deck
from games.rules.gin.errors import ERRORS, GinErrorCode
from games.rules.gin.ruleset import OPTIONS, RuleSet
from games.rules.gin.schema import SCHEMAS
from games.rules.gin.state import GameState, Outcome, PlayerView


class GinRules(RulesCore[GameState, Action, PlayerView]):
    """Gin Rummy's rules as the server plays them (see the module docstring)."""

    action_types = ACTION_TYPES
    error_codes: type[StrEnum] = GinErrorCode
    errors = ERRORS
    options = OPTIONS
    schemas = SCHEMAS

    def new_deck(self, rng: random.Random, rules: Mapping[str, Json]) -> list[str]:
        return card_texts(new_deck(rng))

    def new_game(
        self, rules: Mapping[str, Json], *, seats: int, dealer: int, deck: Sequence[str],
        salt: str,
    ) -> GameState:
        if seats != 2:
            raise ValidationError(
                f"Gin Rummy is played by two seats, not {seats!r}.", {"seats": ["Must be 2."]}
            )
        return engine.new_game(RuleSet.from_dict(rules), dealer, deck)

    def outcome(self, state: GameState) -> GameOutcome:
        """Each seat's rounds won bring it their points; gins, big gins and undercuts are
        counted too."""
        return game_outcome(
            state,
            lambda result, seat: result.points,
            gins=lambda result: result.outcome == Outcome.GIN,
            big_gins=lambda result: result.outcome == Outcome.BIG_GIN,
            undercuts=lambda result: result.outcome == Outcome.UNDERCUT,
        )


GIN_RULES = GinRules(engine, codec)
"""Gin Rummy's rules (a :class:`~games.rules.common.game.GameRules`)."""
