"""Gin Rummy (DESIGN.md §3-§4) behind the variant interface, and its part of the game view.

The rules core (:mod:`games.rules`) knows nothing of HTTP; the JSON the API shows for a
round is written here, in the games app, next to the other presenters
(:mod:`games.presenters`). Round results and the final settlement are shown exactly as
the rules codec stores them, so its functions write them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from games.ai import gin as ai
from games.rules import gin as rules
from games.rules.gin.codec import final_to_json, round_result_to_json
from games.rules.gin.ruleset import OPTIONS
from games.variants.base import CoreVariant, GameOutcome, SeatRecord

_ACTION_ERROR_CODES = {
    400: ["invalid_card", "validation_error"],
    409: ["not_your_turn", "version_conflict", "game_not_active"],
    422: [
        "wrong_phase",
        "card_not_in_hand",
        "cannot_discard_drawn_card",
        "stock_only",
        "knock_limit_exceeded",
        "invalid_melds",
        "not_big_gin",
        "idempotency_key_reused",
    ],
}


# --- the view (DESIGN §4 "Game view") ---------------------------------------------------------


def _cards(cards: Sequence[rules.Card]) -> list[str]:
    return [str(card) for card in cards]


def legal_action_json(entry: rules.LegalAction) -> dict[str, Any]:
    """``{"type": ...}``, plus ``"cards"`` for discard and knock."""
    if entry.cards is None:
        return {"type": entry.type}
    return {"type": entry.type, "cards": _cards(entry.cards)}


def round_view_json(view: rules.RoundView) -> dict[str, Any]:
    """The ``round`` object (DESIGN §4 keys, plus ``knock_limit``)."""
    return {
        "number": view.number,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.turn,
        "hand": _cards(view.hand),
        "opponent_hand_size": view.opponent_hand_size,
        "stock_size": view.stock_size,
        "discard_pile": _cards(view.discard_pile),
        "drawn_from_discard": (
            None if view.drawn_from_discard is None else str(view.drawn_from_discard)
        ),
        "deadwood": view.deadwood,
        "legal_actions": [legal_action_json(entry) for entry in view.legal_actions],
        "knock_limit": view.knock_limit,
    }


def view_json(view: rules.PlayerView) -> dict[str, Any]:
    """``scores``, ``round`` (``None`` once the game is over), ``rounds``, ``final``.

    Between rounds, before the next deal, ``round.phase`` is ``round_over`` with ``turn``
    ``None`` and no legal actions. Round results and the final settlement show the keys
    the stored state keeps, so they are written by the rules codec's own functions.
    """
    return {
        "scores": list(view.scores),
        "round": None if view.final is not None else round_view_json(view.round),
        "rounds": [round_result_to_json(result) for result in view.rounds],
        "final": final_to_json(view.final),
    }


# --- the player the turn timer stands in for ---------------------------------------------------


def absent_action(view: rules.PlayerView, rng: random.Random) -> rules.Action:
    """The baseline player's choice for an absent player, kept to draw-and-discard: the
    server passes the first upcard, draws and discards, but never knocks for anyone."""
    if view.round.phase == rules.Phase.FIRST_UPCARD:
        return rules.Pass()
    action = ai.baseline_action(view, rng)
    if isinstance(action, rules.Knock):
        return rules.Discard(action.card)
    if isinstance(action, rules.BigGin):
        cards = next(a.cards for a in view.round.legal_actions if a.type == "discard")
        assert cards
        hand = list(view.round.hand)
        return rules.Discard(
            min(cards, key=lambda c: (rules.deadwood_value([h for h in hand if h != c]), str(c)))
        )
    return action


# --- the variant --------------------------------------------------------------------------------


class GinRummy(CoreVariant):
    """Two seats, the rules core :mod:`games.rules`, the computer players :mod:`games.ai`."""

    core = rules
    name = "gin"
    min_seats = 2
    max_seats = 2
    action_types: tuple[str, ...] = rules.ACTION_TYPES
    action_error_codes = _ACTION_ERROR_CODES
    error_type: type[Exception] = rules.RulesError

    def rule_options(self) -> dict[str, tuple[int, int] | None]:
        return {o.name: None if o.low is None else (o.low, o.high or 0) for o in OPTIONS}

    def new_deck(
        self, rng: random.Random, rules_data: Mapping[str, Any] | None = None
    ) -> list[str]:
        return [str(card) for card in rules.new_deck(rng)]

    def new_game(
        self, rules_data: Mapping[str, Any], dealer: int, deck: Sequence[str], seats: int = 2
    ) -> rules.GameState:
        return rules.new_game(rules.RuleSet.from_dict(rules_data), dealer, deck)

    def drawn_card(
        self, state: rules.GameState, action: rules.Action, before: Any = None
    ) -> str:
        if isinstance(action, rules.DrawStock | rules.DrawDiscard):
            drawn = state.round.history[-1].card
            return str(drawn) if drawn is not None else ""
        return ""

    def replay(
        self,
        state: rules.GameState,
        moves: Iterable[tuple[int, rules.Action]],
        decks: Iterable[Sequence[str]],
    ) -> Iterator[rules.GameState]:
        return rules.replay_steps(state, moves, decks)

    def present_view(self, view: rules.PlayerView) -> dict[str, Any]:
        return view_json(view)

    def outcome(self, state: rules.GameState) -> GameOutcome:
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
                    gins=sum(1 for r in won if r.outcome == rules.Outcome.GIN),
                    big_gins=sum(1 for r in won if r.outcome == rules.Outcome.BIG_GIN),
                    undercuts=sum(1 for r in won if r.outcome == rules.Outcome.UNDERCUT),
                )
            )
        return GameOutcome(
            winner=final.winner, reason=final.reason, hands=len(state.rounds), seats=tuple(records)
        )

    def computer_action(
        self, view: rules.PlayerView, level: str, rng: random.Random
    ) -> rules.Action:
        return ai.choose_action(view, level, rng)

    def absent_action(self, view: rules.PlayerView, rng: random.Random) -> rules.Action:
        return absent_action(view, rng)

    def has_left(self, state: rules.GameState, seat: int) -> bool:
        return False  # two seats: a concession ends the game

    def standings(self, state: rules.GameState) -> tuple[int, ...]:
        return tuple(sorted(range(2), key=lambda seat: (-state.scores[seat], seat)))


GIN = GinRummy()
