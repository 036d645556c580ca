"""The small interface through which the games app plays any game (STYLE.md, "Layout").

A variant is one game's rules core seen from the server: deal a round from a deck, list
and apply actions, show one seat its view, settle rounds and the game, and store the
state as JSON. Models, services, selectors and views hold a variant's states, actions
and views as opaque values and only ever pass them back to the same variant, so they
never name a game's phases or action types. Gin Rummy (:mod:`games.variants.gin`) is the
first implementation; DESIGN.md §5 Rummy (:mod:`games.variants.rummy`) the second.

Everything here is standard library only: a variant is a game's
:class:`~games.rules.common.game.GameRules` and
:class:`~games.ai.common.players.Players` (:class:`RulesVariant` hands every call to
them), never Django or the project.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

from games.ai.common.players import Players
from games.rules.common.errors import NotYourTurn, RulesError, http_status
from games.rules.common.game import GameOutcome, GameRules, Progress, SeatRecord, replay

State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View")

__all__ = [
    "GameOutcome",
    "GameVariant",
    "Progress",
    "RulesVariant",
    "SeatRecord",
    "VariantAction",
    "VariantState",
    "VariantView",
    "action_error_codes",
]

VariantState: TypeAlias = Any
"""A variant's own state value: the games app stores and passes it, never looks inside."""
VariantAction: TypeAlias = Any
"""A variant's own action value (what its ``action_from_json`` returns)."""
VariantView: TypeAlias = Any
"""What one seat may see, in the variant's own terms (what its ``view_for`` returns)."""


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


class RulesVariant(Generic[State, Action, View]):
    """A game as the games app plays it today, handed straight to the game's
    :class:`~games.rules.common.game.GameRules` and
    :class:`~games.ai.common.players.Players`: no rule is written here."""

    def __init__(
        self,
        name: str,
        *,
        min_seats: int,
        max_seats: int,
        rules: GameRules[State, Action, View],
        players: Players[View, Action],
    ) -> None:
        self.name = name
        self.min_seats = min_seats
        self.max_seats = max_seats
        self.rules = rules
        self.players = players
        self.action_types = rules.action_types
        self.action_error_codes = action_error_codes(rules.errors)
        self.error_type: type[Exception] = RulesError

    def rule_options(self) -> dict[str, tuple[int, int] | None]:
        return {
            option.name: (
                None if option.low is None or option.high is None else (option.low, option.high)
            )
            for option in self.rules.options
        }

    def rules_from_dict(self, data: object) -> dict[str, Any]:
        return self.rules.rules_from_json(data)

    def new_deck(self, rng: random.Random, rules: Mapping[str, Any] | None = None) -> list[str]:
        return self.rules.new_deck(rng, rules or {})

    def new_game(
        self, rules: Mapping[str, Any], dealer: int, deck: Sequence[str], seats: int = 2
    ) -> State:
        return self.rules.new_game(rules, seats=seats, dealer=dealer, deck=deck, salt="")

    def deal_next_round(self, state: State, deck: Sequence[str]) -> State:
        return self.rules.deal_next_round(state, deck, "")

    def progress(self, state: State) -> Progress:
        return self.rules.progress(state)

    def action_from_json(self, data: object) -> Action:
        return self.rules.action_from_json(data)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return self.rules.action_to_json(action)

    def apply_action(self, state: State, action: Action, seat: int) -> State:
        return self.rules.apply_action(state, action, seat)

    def drawn_card(self, state: State, action: Action, before: State | None = None) -> str:
        return "" if before is None else self.rules.drawn_card(before, action, state)

    def card_is_public(self, action_json: Mapping[str, Any]) -> bool:
        return self.rules.card_is_public(action_json)

    def concede(self, state: State, seat: int, reason: str) -> State:
        return self.rules.concede(state, seat, reason)

    def replay(
        self, state: State, moves: Iterable[tuple[int, Action]], decks: Iterable[Sequence[str]]
    ) -> Iterator[State]:
        return replay(self.rules, state, moves, ((deck, "") for deck in decks))

    def view_for(self, state: State, seat: int) -> View:
        return self.rules.view_for(state, seat)

    def view_for_person(self, state: State, seat: int) -> View:
        return self.rules.view_for_person(state, seat)

    def present_view(self, view: View) -> dict[str, Any]:
        return self.rules.view_to_json(view)

    def outcome(self, state: State) -> GameOutcome:
        return self.rules.outcome(state)

    def state_to_json(self, state: State) -> dict[str, Any]:
        return self.rules.state_to_json(state)

    def state_from_json(self, data: object) -> State:
        return self.rules.state_from_json(data)

    def computer_action(self, view: View, level: str, rng: random.Random) -> Action:
        return self.players.choose(view, level, rng)

    def absent_action(self, view: View, rng: random.Random) -> Action:
        return self.players.absent(view, rng)

    def has_left(self, state: State, seat: int) -> bool:
        return self.rules.has_left(state, seat)

    def standings(self, state: State) -> tuple[int, ...]:
        return self.rules.standings(state)


_SERVER_CODES_AFTER: dict[type[RulesError], str] = {NotYourTurn: "version_conflict"}
"""The games app's own codes of an action request, listed after the rules error named."""
_SERVER_CODES_LAST = {422: "idempotency_key_reused"}


def action_error_codes(errors: tuple[type[RulesError], ...]) -> dict[int, list[str]]:
    """HTTP status -> the machine codes an action may be refused with, in the order the
    API lists them: the game's errors by :func:`http_status`, with the server's own
    (``version_conflict``, ``idempotency_key_reused``) where the schema has them."""
    out: dict[int, list[str]] = {}
    for cls in errors:
        codes = out.setdefault(http_status(cls), [])
        codes.append(str(cls.code))
        if cls in _SERVER_CODES_AFTER:
            codes.append(_SERVER_CODES_AFTER[cls])
    for status, code in _SERVER_CODES_LAST.items():
        out[status].append(code)
    return dict(sorted(out.items()))
