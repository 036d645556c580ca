"""Rummy 500 behind the one interface every game implements
(:class:`~games.rules.common.game.GameRules`): :data:`RUMMY500_RULES`.

Decisions of the server's part:

* Round 1's dealer is seat 0 (docs/games/rummy500.md), whatever the shuffler would draw.
* The card a ``draw_discard`` took, for the move log, is the card it named (the deepest
  card taken); every card above it was in the open pile too, and the whole take is public.
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
from games.rules.rummy500 import codec, engine
from games.rules.rummy500.actions import ACTION_TYPES, Action, DrawDiscard
from games.rules.rummy500.cards import card_texts, new_deck
from games.rules.rummy500.errors import ERRORS, Rummy500ErrorCode
from games.rules.rummy500.ruleset import OPTIONS, RuleSet
from games.rules.rummy500.schema import SCHEMAS
from games.rules.rummy500.state import GameState, PlayerView


class Rummy500Rules(RulesCore[GameState, Action, PlayerView]):
    """Rummy 500's rules as the server plays them (see the module docstring)."""

    action_types = ACTION_TYPES
    error_codes: type[StrEnum] = Rummy500ErrorCode
    errors = ERRORS
    options = OPTIONS
    schemas = SCHEMAS

    def new_deck(self, rng: random.Random, rules: Mapping[str, Json]) -> list[str]:
        return card_texts(new_deck(rng, RuleSet.from_dict(dict(rules)).jokers))

    def new_game(
        self, rules: Mapping[str, Json], *, seats: int, dealer: int, deck: Sequence[str],
        salt: str,
    ) -> GameState:
        # docs/games/rummy500.md: round 1's dealer is seat 0.
        return engine.new_game(RuleSet.from_dict(dict(rules)), seats, deck, dealer=0)

    def drawn_card(self, before: GameState, action: Action, after: GameState) -> str:
        """A stock draw's card, or the card a ``draw_discard`` named (the top card when it
        named none)."""
        pile = before.round.discard_pile
        if isinstance(action, DrawDiscard) and pile:
            return str(pile[-1] if action.card is None else action.card)
        return super().drawn_card(before, action, after)

    def view_for_person(self, state: GameState, seat: int) -> PlayerView:
        """A person who left a game still going on sees no hand and no actions."""
        view = engine.view_for(state, seat)
        if seat not in state.left or state.final is not None:
            return view
        return replace(view, round=replace(view.round, hand=(), legal_actions=()))

    def outcome(self, state: GameState) -> GameOutcome:
        """A round a seat went out in brings it the points it scored in it."""
        return game_outcome(state, lambda result, seat: result.points[seat])


RUMMY500_RULES = Rummy500Rules(engine, codec)
"""Rummy 500's rules (a :class:`~games.rules.common.game.GameRules`)."""
