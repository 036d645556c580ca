"""Rummy behind the one interface every game implements
(:class:`~games.rules.common.game.GameRules`): :data:`RUMMY_RULES`.

Decisions of the server's part:

* Round 1's dealer is seat 0 (docs/games/rummy.md), whatever the shuffler would draw; the dealer
  moves one seat on every round.
* A seat that concedes or forfeits on time with three or more seats *leaves*: the core
  marks it (placed last) and the server seats a computer there; the person who left sees
  no hand any more while the game goes on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum

from games.rules.common.core import RulesCore
from games.rules.common.game import GameOutcome, Json
from games.rules.common.results import game_outcome
from games.rules.rummy import codec, engine
from games.rules.rummy.actions import ACTION_TYPES, Action
from games.rules.rummy.cards import card_texts, new_deck
from games.rules.rummy.errors import ERRORS, RummyErrorCode
from games.rules.rummy.ruleset import OPTIONS, RuleSet
from games.rules.rummy.schema import SCHEMAS
from games.rules.rummy.state import GameState, PlayerView


class RummyRules(RulesCore[GameState, Action, PlayerView]):
    """Rummy's rules as the server plays them (see the module docstring)."""

    action_types = ACTION_TYPES
    error_codes: type[StrEnum] = RummyErrorCode
    errors = ERRORS
    options = OPTIONS
    schemas = SCHEMAS

    def new_deck(self, rng: random.Random, rules: Mapping[str, Json]) -> list[str]:
        return card_texts(new_deck(rng, RuleSet.from_dict(dict(rules)).jokers))

    def new_game(
        self, rules: Mapping[str, Json], *, seats: int, dealer: int, deck: Sequence[str],
        salt: str,
    ) -> GameState:
        # docs/games/rummy.md: round 1's dealer is seat 0 (the shuffler's draw is for Gin Rummy).
        return engine.new_game(RuleSet.from_dict(dict(rules)), seats, deck, dealer=0)

    def view_for_person(self, state: GameState, seat: int) -> PlayerView:
        """A person who left a game still going on sees no hand: the computer that took
        the seat plays it, and its cards are as hidden from the leaver as from anyone."""
        view = engine.view_for(state, seat)
        if seat not in state.left or state.final is not None:
            return view
        hidden = replace(view.round, hand=(), drawn_from_discard=None, legal_actions=())
        return replace(view, round=hidden)

    def outcome(self, state: GameState) -> GameOutcome:
        """A round a seat won brings it the points it scored in it."""
        return game_outcome(state, lambda result, seat: result.points[seat])


RUMMY_RULES = RummyRules(engine, codec)
"""Rummy's rules (a :class:`~games.rules.common.game.GameRules`)."""
