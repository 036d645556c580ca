"""Gin Rummy behind the one interface every game implements
(:class:`~games.rules.common.game.GameRules`): :data:`GIN_RULES`.

Two seats; round 1's dealer is the one the shuffler drew, and the dealer alternates. A
concession or a timeout ends the game (nobody leaves a game that goes on).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum

from games.rules.common.actions import draw_is_public
from games.rules.common.cards import card_texts
from games.rules.common.errors import ValidationError
from games.rules.common.game import (
    GameOutcome,
    Json,
    JsonObject,
    Progress,
    SeatRecord,
    progress_of,
)
from games.rules.gin import codec, engine
from games.rules.gin.actions import ACTION_TYPES, Action, DrawDiscard, DrawStock
from games.rules.gin.deck import new_deck
from games.rules.gin.errors import ERRORS, GinErrorCode
from games.rules.gin.ruleset import OPTIONS, RuleSet
from games.rules.gin.schema import SCHEMAS
from games.rules.gin.state import GameState, Outcome, PlayerView


class GinRules:
    """Gin Rummy's rules as the server plays them (see the module docstring)."""

    action_types = ACTION_TYPES
    error_codes: type[StrEnum] = GinErrorCode
    errors = ERRORS
    options = OPTIONS
    schemas = SCHEMAS

    # --- rules and dealing ----------------------------------------------------------------

    def rules_from_json(self, data: object) -> JsonObject:
        return RuleSet.from_dict(data).to_dict()

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

    def deal_next_round(self, state: GameState, deck: Sequence[str], salt: str) -> GameState:
        return engine.deal_next_round(state, deck)

    def progress(self, state: GameState) -> Progress:
        return progress_of(state)

    # --- actions --------------------------------------------------------------------------

    def action_from_json(self, data: object) -> Action:
        return codec.action_from_json(data)

    def action_to_json(self, action: Action) -> JsonObject:
        return codec.action_to_json(action)

    def apply_action(self, state: GameState, action: Action, seat: int) -> GameState:
        return engine.apply_action(state, action, seat)

    def drawn_card(self, before: GameState, action: Action, after: GameState) -> str:
        """The card a draw took, as the round's history recorded it."""
        if isinstance(action, DrawStock | DrawDiscard):
            drawn = after.round.history[-1].card
            return str(drawn) if drawn is not None else ""
        return ""

    def card_is_public(self, action_json: Mapping[str, Json]) -> bool:
        return draw_is_public(action_json)

    def concede(self, state: GameState, seat: int, reason: str) -> GameState:
        return engine.concede(state, seat, reason)

    # --- views and results ----------------------------------------------------------------

    def view_for(self, state: GameState, seat: int) -> PlayerView:
        return engine.view_for(state, seat)

    def view_for_person(self, state: GameState, seat: int) -> PlayerView:
        return engine.view_for(state, seat)  # nobody leaves a game of two that goes on

    def view_to_json(self, view: PlayerView) -> JsonObject:
        return codec.view_to_json(view)

    def outcome(self, state: GameState) -> GameOutcome:
        final = state.final
        assert final is not None, "the game is not over"
        records = []
        for seat in range(2):
            won = [r for r in state.rounds if r.winner == seat]
            records.append(
                SeatRecord(
                    seat=seat,
                    total=final.totals[seat],
                    hand_points=sum(r.points for r in won),
                    hands_won=len(won),
                    gins=sum(1 for r in won if r.outcome == Outcome.GIN),
                    big_gins=sum(1 for r in won if r.outcome == Outcome.BIG_GIN),
                    undercuts=sum(1 for r in won if r.outcome == Outcome.UNDERCUT),
                )
            )
        return GameOutcome(
            winner=final.winner, reason=final.reason, hands=len(state.rounds), seats=tuple(records)
        )

    def has_left(self, state: GameState, seat: int) -> bool:
        return False  # two seats: a concession ends the game

    def standings(self, state: GameState) -> tuple[int, ...]:
        return tuple(sorted(range(2), key=lambda seat: (-state.scores[seat], seat)))

    # --- storage --------------------------------------------------------------------------

    def state_to_json(self, state: GameState) -> JsonObject:
        return codec.state_to_json(state)

    def state_from_json(self, data: object) -> GameState:
        return codec.state_from_json(data)


GIN_RULES = GinRules()
"""Gin Rummy's rules (a :class:`~games.rules.common.game.GameRules`)."""
