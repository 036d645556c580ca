"""High Card's rules, over :class:`games.rules.common.game.GameRules`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from games.rules.common.codec import read_action_type
from games.rules.common.errors import (
    SHARED_ERRORS,
    GameNotActive,
    NotYourTurn,
    ValidationError,
)
from games.rules.common.game import GameOutcome, GameSchemas, Progress, RuleOption, SeatRecord

DRAWS_EACH = 2
VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def value(card: str) -> int:
    return VALUES.get(card[0]) or int(card[0])


@dataclass(frozen=True)
class DrawStock:
    type = "draw_stock"


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    turn: int | None
    dealer: int
    winner: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class View:
    seat: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    turn: int | None
    winner: int | None
    reason: str


class HighCardErrorCode(StrEnum):
    """No codes of its own: the shared ones say everything."""


def _totals(state: State) -> tuple[int, ...]:
    return tuple(sum(value(card) for card in hand) for hand in state.hands)


class HighCardRules:
    action_types = ("draw_stock",)
    error_codes = HighCardErrorCode
    errors = SHARED_ERRORS
    options = (RuleOption("draws", DRAWS_EACH, low=1, high=3),)
    schemas = GameSchemas(
        components={
            "HighCardRound": {"type": "object", "properties": {"hand": {"type": "array"}}},
            "HighCardResult": {"type": "object"},
            "HighCardFinal": {"type": "object"},
            "HighCardRules": {
                "type": "object",
                "properties": {"draws": {"type": "integer", "minimum": 1, "maximum": 3}},
            },
            "HighCardDrawStockRequest": {
                "type": "object",
                "properties": {"type": {"type": "string", "enum": ["draw_stock"]}},
                "required": ["type"],
            },
        },
        round="HighCardRound",
        round_result="HighCardResult",
        final="HighCardFinal",
        rules="HighCardRules",
        actions={"draw_stock": "HighCardDrawStockRequest"},
    )

    def rules_from_json(self, data: object) -> dict[str, Any]:
        data = data or {}
        if not isinstance(data, dict) or set(data) - {"draws"}:
            raise ValidationError("Unknown rule option.", {"rules": ["Only draws."]})
        return {"draws": data.get("draws", DRAWS_EACH)}

    def new_deck(self, rng: random.Random, rules: Mapping[str, Any]) -> list[str]:
        deck = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
        rng.shuffle(deck)
        return deck

    def new_game(
        self, rules: Mapping[str, Any], *, seats: int, dealer: int, deck: Sequence[str],
        salt: str,
    ) -> State:
        return State(
            hands=((deck[0],), (deck[1],)), stock=tuple(deck[2:]), turn=1 - dealer, dealer=dealer
        )

    def deal_next_round(self, state: State, deck: Sequence[str], salt: str) -> State:
        raise GameNotActive("High Card is one round.")

    def progress(self, state: State) -> Progress:
        return Progress(
            turn=state.turn,
            is_over=state.winner is not None,
            awaiting_deal=False,
            round_number=1,
            dealer=state.dealer,
            scores=_totals(state),
        )

    def action_from_json(self, data: object) -> DrawStock:
        read_action_type(data, {"draw_stock": frozenset()}, self.action_types)
        return DrawStock()

    def action_to_json(self, action: DrawStock) -> dict[str, Any]:
        return {"type": action.type}

    def apply_action(self, state: State, action: DrawStock, seat: int) -> State:
        if state.winner is not None:
            raise GameNotActive("The game is over.")
        if seat != state.turn:
            raise NotYourTurn(f"It is seat {state.turn}'s turn.")
        hands = list(state.hands)
        hands[seat] = (*hands[seat], state.stock[0])
        after = replace(state, hands=tuple(hands), stock=state.stock[1:], turn=1 - seat)
        if all(len(hand) > DRAWS_EACH for hand in after.hands):
            totals = _totals(after)
            winner = 0 if totals[0] >= totals[1] else 1
            after = replace(after, turn=None, winner=winner, reason="target")
        return after

    def drawn_card(self, before: State, action: DrawStock, after: State) -> str:
        return before.stock[0]

    def card_is_public(self, action_json: Mapping[str, Any]) -> bool:
        return False

    def concede(self, state: State, seat: int, reason: str) -> State:
        if state.winner is not None:
            raise GameNotActive("The game is over.")
        return replace(state, turn=None, winner=1 - seat, reason=reason)

    def view_for(self, state: State, seat: int) -> View:
        return View(
            seat=seat,
            hand=state.hands[seat],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            turn=state.turn,
            winner=state.winner,
            reason=state.reason,
        )

    def view_for_person(self, state: State, seat: int) -> View:
        return self.view_for(state, seat)

    def view_to_json(self, view: View) -> dict[str, Any]:
        over = view.winner is not None
        legal = [] if view.turn != view.seat else [{"type": "draw_stock"}]
        return {
            "scores": [0, 0],
            "round": None
            if over
            else {
                "number": 1,
                "turn": view.turn,
                "hand": list(view.hand),
                "hand_sizes": list(view.hand_sizes),
                "legal_actions": legal,
            },
            "rounds": [],
            "final": {"winner": view.winner, "reason": view.reason} if over else None,
        }

    def outcome(self, state: State) -> GameOutcome:
        assert state.winner is not None
        totals = _totals(state)
        return GameOutcome(
            winner=state.winner,
            reason=state.reason,
            hands=1,
            seats=tuple(
                SeatRecord(seat=seat, total=totals[seat], hand_points=0, hands_won=0)
                for seat in (0, 1)
            ),
        )

    def has_left(self, state: State, seat: int) -> bool:
        return False

    def standings(self, state: State) -> tuple[int, ...]:
        totals = _totals(state)
        return (0, 1) if totals[0] >= totals[1] else (1, 0)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return {
            "hands": [list(hand) for hand in state.hands],
            "stock": list(state.stock),
            "turn": state.turn,
            "dealer": state.dealer,
            "winner": state.winner,
            "reason": state.reason,
        }

    def state_from_json(self, data: object) -> State:
        if not isinstance(data, dict):
            raise ValidationError("A stored state is an object.", {"state": ["Not an object."]})
        return State(
            hands=tuple(tuple(hand) for hand in data["hands"]),
            stock=tuple(data["stock"]),
            turn=data["turn"],
            dealer=data["dealer"],
            winner=data["winner"],
            reason=data["reason"],
        )


HIGH_CARD_RULES = HighCardRules()
