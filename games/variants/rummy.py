"""Rummy (DESIGN.md §5) behind the variant interface: 2-4 seats, two decks and jokers.

The rules core is :mod:`games.rules.rummy` (its codec writes the view, round results and
the final settlement in §5's shapes); the computer players are :mod:`games.ai.rummy`.

Decisions of the server's part:

* Round 1's dealer is seat 0 (DESIGN §5), whatever the shuffler would draw; the dealer
  moves one seat on every round.
* A seat that concedes or forfeits on time with three or more seats *leaves*: the core
  marks it (placed last) and the games app seats an ``easy`` computer there.
* The turn timer plays the core's :func:`~games.rules.rummy.timeout_action`, asked of a
  stand-in state rebuilt from the seat's own view (so it sees nothing hidden).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.ai import rummy as rummy_ai
from games.ai.rummy.common import forced
from games.rules import rummy
from games.rules.rummy.ruleset import OPTIONS
from games.variants.base import CoreVariant, GameOutcome, SeatRecord

_ACTION_ERROR_CODES = {
    400: ["invalid_card", "validation_error"],
    409: ["not_your_turn", "version_conflict", "game_not_active"],
    422: [
        "wrong_phase",
        "card_not_in_hand",
        "cannot_discard_drawn_card",
        "invalid_melds",
        "first_meld_too_small",
        "not_out_yet",
        "must_keep_discard",
        "invalid_layoff",
        "joker_must_be_played",
        "idempotency_key_reused",
    ],
}


class Rummy(CoreVariant):
    """Two to four seats, the rules core :mod:`games.rules.rummy`."""

    core = rummy
    name = "rummy"
    min_seats = 2
    max_seats = 4
    action_types: tuple[str, ...] = rummy.ACTION_TYPES
    action_error_codes = _ACTION_ERROR_CODES
    error_type: type[Exception] = rummy.RulesError

    # --- rules and dealing ----------------------------------------------------------------

    def rule_options(self) -> dict[str, tuple[int, int] | None]:
        return {o.name: None if o.low is None else (o.low, o.high or 0) for o in OPTIONS}

    def new_deck(
        self, rng: random.Random, rules: Mapping[str, Any] | None = None
    ) -> list[str]:
        jokers = rummy.RuleSet.from_dict(dict(rules or {})).jokers
        return rummy.deck_to_json(rummy.new_deck(rng, jokers))

    def new_game(
        self, rules: Mapping[str, Any], dealer: int, deck: Sequence[str], seats: int = 2
    ) -> rummy.GameState:
        # DESIGN §5: round 1's dealer is seat 0 (the shuffler's draw is for Gin Rummy).
        return rummy.new_game(rummy.RuleSet.from_dict(dict(rules)), seats, deck, dealer=0)

    # --- actions --------------------------------------------------------------------------

    def drawn_card(
        self,
        state: rummy.GameState,
        action: rummy.Action,
        before: rummy.GameState | None = None,
    ) -> str:
        if before is None:
            return ""
        if isinstance(action, rummy.DrawStock) and before.round.stock:
            return str(before.round.stock[0])
        if isinstance(action, rummy.DrawDiscard) and before.round.discard_pile:
            return str(before.round.discard_pile[-1])
        return ""

    def replay(
        self,
        state: rummy.GameState,
        moves: Iterable[tuple[int, rummy.Action]],
        decks: Iterable[Sequence[str]],
    ) -> Iterator[rummy.GameState]:
        """The state after each move; the next deck is dealt as soon as a round ends and
        the game goes on (as the server does). Forfeits are not moves here: the server's
        fold (:func:`games.replay.states`) applies them with :meth:`concede`."""
        remaining = iter(decks)
        for seat, action in moves:
            state = rummy.apply_action(state, action, seat)
            if state.awaiting_deal:
                deck = next(remaining, None)
                if deck is not None:
                    state = rummy.deal_next_round(state, deck)
            yield state

    # --- views and results ----------------------------------------------------------------

    def present_view(self, view: rummy.PlayerView) -> dict[str, Any]:
        return rummy.view_to_json(view)

    def outcome(self, state: rummy.GameState) -> GameOutcome:
        final = state.final
        assert final is not None, "the game is not over"
        records = []
        for seat in range(state.seats):
            won = [r for r in state.rounds if r.winner == seat]
            records.append(
                SeatRecord(
                    seat=seat,
                    total=final.totals[seat],
                    hand_points=sum(r.points[seat] for r in won),
                    hands_won=len(won),
                )
            )
        return GameOutcome(
            winner=final.winner,
            reason=final.reason,
            hands=len(state.rounds),
            seats=tuple(records),
            placement=tuple(final.placement),
        )

    def view_for_person(self, state: rummy.GameState, seat: int) -> rummy.PlayerView:
        view = rummy.view_for(state, seat)
        if seat not in state.left or state.final is not None:
            return view
        hidden = replace(view.round, hand=(), drawn_from_discard=None, legal_actions=())
        return replace(view, round=hidden)

    def has_left(self, state: rummy.GameState, seat: int) -> bool:
        """Whether ``seat`` left the game (conceded or forfeited with 3-4 seats)."""
        return seat in state.left

    def standings(self, state: rummy.GameState) -> tuple[int, ...]:
        return rummy.placement(state)

    # --- players the server moves ---------------------------------------------------------

    def computer_action(
        self, view: rummy.PlayerView, level: str, rng: random.Random
    ) -> rummy.Action:
        return rummy_ai.choose_action(view, level, rng)

    def absent_action(self, view: rummy.PlayerView, rng: random.Random) -> rummy.Action:
        return forced(view)


RUMMY = Rummy()
