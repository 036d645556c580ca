"""The small interface through which the games app plays any game (STYLE.md, "Layout").

A variant is one game's rules core seen from the server: deal a round from a deck, list
and apply actions, show one seat its view, settle rounds and the game, and store the
state as JSON. Models, services, selectors and views hold a variant's states, actions
and views as opaque values and only ever pass them back to the same variant, so they
never name a game's phases or action types. Gin Rummy (:mod:`games.variants.gin`) is the
first implementation; DESIGN.md §5 Rummy (:mod:`games.variants.rummy`) the second.

Everything here is standard library only: a variant may import its rules core, never
Django or the project (the import contract test checks the rules cores themselves).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

VariantState: TypeAlias = Any
"""A variant's own state value: the games app stores and passes it, never looks inside."""
VariantAction: TypeAlias = Any
"""A variant's own action value (what its ``action_from_json`` returns)."""
VariantView: TypeAlias = Any
"""What one seat may see, in the variant's own terms (what its ``view_for`` returns)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """What one seat achieved in a finished game, for its result row and profile stats."""

    seat: int
    total: int
    """The seat's grand total (``final.totals``)."""
    hand_points: int
    """Sum of the round points the seat scored."""
    hands_won: int
    gins: int = 0
    big_gins: int = 0
    undercuts: int = 0


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How a finished game ended, seat by seat (what the games app writes as results)."""

    winner: int
    reason: str
    """``target`` (or the variant's own end), ``concede`` or ``timeout``."""
    hands: int
    """Rounds played."""
    seats: tuple[SeatRecord, ...]
    placement: tuple[int, ...] = ()
    """The seats from first place to last; empty means the winner first, then the others
    in seat order (two seats)."""

    def __post_init__(self) -> None:
        if not self.placement:
            others = tuple(r.seat for r in self.seats if r.seat != self.winner)
            object.__setattr__(self, "placement", (self.winner, *others))


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a game stands, in the terms the server stores on the game row."""

    turn: int | None
    """The seat that must act now; ``None`` when nobody may."""
    is_over: bool
    awaiting_deal: bool
    """The round is over and the game goes on: the next round must be dealt."""
    round_number: int
    dealer: int
    scores: tuple[int, ...]


class GameVariant(Protocol):
    """One game, as the games app plays it. States, actions and views are opaque."""

    name: str
    """The ``variant`` stored on the game (``"gin"``)."""
    min_seats: int
    max_seats: int
    action_types: tuple[str, ...]
    """The ``type`` of every action body (for the schema and the action serializer)."""
    action_error_codes: dict[int, list[str]]
    """HTTP status -> the machine codes an action may be refused with (for the schema)."""
    error_type: type[Exception]
    """The base of every error the rules raise (each carries its API ``code``); the games
    app maps it to HTTP in one place (``games.errors.rules_error_to_http``)."""

    # --- rules and dealing ----------------------------------------------------------------

    def rule_options(self) -> dict[str, tuple[int, int] | None]:
        """Every rule option in its default order: ``(low, high)`` for a number, ``None``
        for a flag (for the schema of ``rules``)."""

    def rules_from_dict(self, data: object) -> dict[str, Any]:
        """Every rule option, defaults filled, from the request's ``rules`` (any JSON);
        raises the core's ``RulesError`` (400) for anything else."""

    def new_deck(
        self, rng: random.Random, rules: Mapping[str, Any] | None = None
    ) -> list[str]:
        """A shuffled deck in dealing order (DESIGN "Fair shuffle"), as card strings, for a
        game of ``rules`` (a rummy deck holds 104 cards and the rules' jokers)."""

    def new_game(
        self, rules: Mapping[str, Any], dealer: int, deck: Sequence[str], seats: int = 2
    ) -> Any:
        """The state right after dealing round 1 from ``deck`` to ``seats`` seats."""

    def deal_next_round(self, state: Any, deck: Sequence[str]) -> Any:
        """The state after dealing the next round (when ``progress(state).awaiting_deal``)."""

    def progress(self, state: Any) -> Progress: ...

    # --- actions --------------------------------------------------------------------------

    def action_from_json(self, data: object) -> Any:
        """An action from its API body; raises the core's ``InvalidInput`` (400)."""

    def action_to_json(self, action: Any) -> dict[str, Any]:
        """The action as the move log stores it."""

    def apply_action(self, state: Any, action: Any, seat: int) -> Any:
        """The next state; raises the core's ``RulesError`` with its code (409/422)."""

    def drawn_card(self, state: Any, action: Any, before: Any = None) -> str:
        """The card ``action`` drew (``state`` is the state after it, ``before`` the state
        it was applied to), else ``""``."""

    def card_is_public(self, action_json: Mapping[str, Any]) -> bool:
        """Whether the card a logged action drew may be shown to every seat."""

    def concede(self, state: Any, seat: int, reason: str) -> Any:
        """The state after ``seat`` gave up (``concede``) or forfeited on time."""

    def replay(
        self, state: Any, moves: Iterable[tuple[int, Any]], decks: Iterable[Sequence[str]]
    ) -> Iterator[Any]:
        """The state after each logged ``(seat, action)`` from ``state`` on, dealing the
        next of ``decks`` whenever a round ends and the game goes on."""

    # --- views and results ----------------------------------------------------------------

    def view_for(self, state: Any, seat: int) -> Any:
        """What ``seat`` may see (never another hand, never the stock order)."""

    def view_for_person(self, state: Any, seat: int) -> Any:
        """What the person who sat at ``seat`` may see: ``view_for``, except that a person
        who left a game still going on sees no hand (the computer that took the seat
        plays it, and its cards are as hidden from the leaver as from anyone)."""

    def present_view(self, view: Any) -> dict[str, Any]:
        """The rules part of the API's game view: ``scores``, ``round``, ``rounds``,
        ``final`` (see :mod:`games.presenters` for the whole view)."""

    def outcome(self, state: Any) -> GameOutcome:
        """The settled game (only once ``progress(state).is_over``)."""

    # --- storage --------------------------------------------------------------------------

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def state_from_json(self, data: object) -> Any: ...

    # --- players the server moves ---------------------------------------------------------

    def computer_action(self, view: Any, level: str, rng: random.Random) -> Any:
        """The computer player's choice at ``level``, from its own view only."""

    def absent_action(self, view: Any, rng: random.Random) -> Any:
        """The move the turn timer plays for a player who ran out of time."""

    def has_left(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` left a game that goes on without it (a computer plays there)."""

    def standings(self, state: Any) -> tuple[int, ...]:
        """The seats from first place to last as the game stands now."""


class CoreVariant:
    """The plumbing every variant shares: each of these methods hands the value straight
    to the rules core's function of the same name (``core`` is the core's module: its
    ``RuleSet``, ``apply_action``, ``view_for``, codec and so on). A variant subclasses
    it and writes only what is its own; :class:`GameVariant` stays the interface."""

    core: Any
    """The rules core's package (``games.rules``, ``games.rules.rummy``)."""

    def rules_from_dict(self, data: object) -> dict[str, Any]:
        result: dict[str, Any] = self.core.RuleSet.from_dict(data).to_dict()
        return result

    def deal_next_round(self, state: Any, deck: Sequence[str]) -> Any:
        return self.core.deal_next_round(state, deck)

    def progress(self, state: Any) -> Progress:
        return Progress(
            turn=state.turn,
            is_over=state.is_over,
            awaiting_deal=state.awaiting_deal,
            round_number=state.round.number,
            dealer=state.round.dealer,
            scores=tuple(state.scores),
        )

    def action_from_json(self, data: object) -> Any:
        return self.core.action_from_json(data)

    def action_to_json(self, action: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.core.action_to_json(action)
        return result

    def apply_action(self, state: Any, action: Any, seat: int) -> Any:
        return self.core.apply_action(state, action, seat)

    def card_is_public(self, action_json: Mapping[str, Any]) -> bool:
        """Only a card taken from the discard pile: every seat saw it face up."""
        return bool(action_json.get("type") == self.core.DrawDiscard.type)

    def concede(self, state: Any, seat: int, reason: str) -> Any:
        return self.core.concede(state, seat, reason)

    def view_for(self, state: Any, seat: int) -> Any:
        return self.core.view_for(state, seat)

    def view_for_person(self, state: Any, seat: int) -> Any:
        return self.view_for(state, seat)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.core.state_to_json(state)
        return result

    def state_from_json(self, data: object) -> Any:
        return self.core.state_from_json(data)
