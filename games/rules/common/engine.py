"""The pieces of a round's state machine every game shares: the checks every action goes
through first (the game is on, the round is on, it is this seat's turn, the action is
allowed in this phase), the check that a deal is due, seats and table sizes, cards named
by an action, concessions, ``is_legal``, and copying a frozen state or a hand.

A game that calls its rounds something else (Indian Rummy's deals) names them with
``called``, so that its messages speak its own words.

>>> check_seat(3, seats=4)
3
>>> check_seat(2, seats=2)
Traceback (most recent call last):
...
games.rules.common.errors.ValidationError: seat must be 0 or 1, not 2.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, NoReturn, Protocol, TypeVar

from games.rules.common.actions import Discard, DrawDiscard, DrawStock
from games.rules.common.cards import AnyCard, Card, Joker
from games.rules.common.errors import (
    GameNotActive,
    NotYourTurn,
    RulesError,
    ValidationError,
    WrongPhase,
)
from games.rules.common.game import MatchState

CONCEDE_REASONS = ("concede", "timeout")
"""How a seat gives a game up: it concedes, or runs out of time (three turn timeouts)."""

T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C", Card, AnyCard)
C_co = TypeVar("C_co", Card, AnyCard, covariant=True)

_INIT_FIELDS: dict[type, tuple[tuple[str, ...], dict[str, int]]] = {}


def _init_fields(kind: type) -> tuple[tuple[str, ...], dict[str, int]]:
    names = tuple(f.name for f in fields(kind) if f.init)
    _INIT_FIELDS[kind] = names, {name: i for i, name in enumerate(names)}
    return _INIT_FIELDS[kind]


def evolve(value: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed (``dataclasses.replace``,
    without its per-call field introspection); a field that is not an ``__init__``
    argument is left to the class to derive."""
    kind = type(value)
    names, index = _INIT_FIELDS.get(kind) or _init_fields(kind)
    values = list(map(value.__getattribute__, names))
    try:
        for name, new in changes.items():
            values[index[name]] = new
    except KeyError as error:
        raise TypeError(f"unknown field {error}") from None
    return kind(*values)


def check_seat(seat: object, seats: int, name: str = "seat") -> int:
    """``seat`` when it is a seat of a table of ``seats``; else a ``ValidationError``
    naming ``name``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        allowed = "0 or 1" if seats == 2 else f"0 to {seats - 1}"
        raise ValidationError(
            f"{name} must be {allowed}, not {seat!r}.", {name: [f"Must be {allowed}."]}
        )
    return seat


def check_seat_count(seats: object, low: int, high: int) -> int:
    """``seats`` when a table of that many seats may play (``low`` to ``high``); else a
    ``ValidationError``."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
        raise ValidationError(
            f"seats must be {low} to {high}, not {seats!r}.",
            {"seats": [f"Must be {low} to {high}."]},
        )
    return seats


def check_card(card: object, field: str = "card") -> AnyCard:
    """``card`` when it is a card or the joker (what an action names); else a
    ``ValidationError`` naming ``field``."""
    if not isinstance(card, Card | Joker):
        raise ValidationError(f"{card!r} is not a card.", {field: ["Must be a card."]})
    return card


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with ``value`` at ``index`` (a seat's hand, a table meld).

    >>> replace_at((1, 2, 3), 1, 5)
    (1, 5, 3)
    """
    return (*values[:index], value, *values[index + 1 :])


def without(hand: tuple[T, ...], card: T) -> tuple[T, ...]:
    """``hand`` less one copy of ``card`` (which it holds)."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def check_concede_reason(reason: object) -> str:
    """``reason`` when it is one of :data:`CONCEDE_REASONS`; else a ``ValidationError``."""
    if reason not in CONCEDE_REASONS:
        raise ValidationError(
            f"reason must be 'concede' or 'timeout', not {reason!r}.",
            {"reason": ["Must be 'concede' or 'timeout'."]},
        )
    assert isinstance(reason, str)
    return reason


def refuse_turn(
    *,
    game_over: bool,
    round_over: bool,
    number: int,
    turn: int | None,
    seat: int,
    called: str = "round",
) -> NoReturn:
    """The refusal of an action by ``seat`` when it may not act now, in the order every
    game checks: the game is over (``game_not_active``); the round is over and the next
    one not dealt (``wrong_phase``); another seat's turn (``not_your_turn``)."""
    if game_over:
        raise GameNotActive("The game is over.")
    if round_over:
        raise WrongPhase(
            f"{called.capitalize()} {number} is over; the next {called} has not been dealt."
        )
    raise NotYourTurn(f"It is seat {turn}'s turn, not seat {seat}'s.")


def check_turn(state: MatchState, seat: int, called: str = "round") -> None:
    """Refuse an action by ``seat`` unless it is that seat's turn, as :func:`refuse_turn`
    says why (nobody has the turn when the game or the round is over)."""
    if state.turn != seat:
        refuse_turn(
            game_over=state.is_over,
            round_over=state.awaiting_deal,
            number=state.round.number,
            turn=state.turn,
            seat=seat,
            called=called,
        )


class LeavingState(Protocol):
    """A game state, as far as a concession reads it."""

    @property
    def scores(self) -> tuple[int, ...]:
        """One score per seat."""
        ...

    @property
    def final(self) -> object | None: ...

    @property
    def left(self) -> tuple[int, ...]: ...


def check_leaving(state: LeavingState, seat: object, reason: object) -> tuple[int, str]:
    """``(seat, reason)`` when ``seat`` may give the game up for ``reason`` (``concede``
    or ``timeout``): a seat of the table (``validation_error``), in a game still going on
    (``game_not_active``) that it has not left yet (``game_not_active``)."""
    seat = check_seat(seat, len(state.scores))
    reason = check_concede_reason(reason)
    if state.final is not None:
        raise GameNotActive("The game is over.")
    if seat in state.left:
        raise GameNotActive(f"Seat {seat} has already left the game.")
    return seat, reason


class LegalEntry(Protocol[C_co]):
    """An entry of a view's legal actions, as far as :func:`shared_moves` reads it."""

    @property
    def type(self) -> str: ...

    @property
    def cards(self) -> tuple[C_co, ...] | None: ...


def shared_moves(
    entry: LegalEntry[C],
) -> list[DrawStock | DrawDiscard | Discard[C]] | None:
    """The concrete actions of a legal-action entry of a kind every game shares (a draw,
    or each card a discard may name); ``None`` for a kind that is the game's own."""
    if entry.type == DrawStock.type:
        return [DrawStock()]
    if entry.type == DrawDiscard.type:
        return [DrawDiscard()]
    if entry.type == Discard.type:
        return [Discard(card) for card in entry.cards or ()]
    return None


def check_deal_due(
    *, game_over: bool, round_over: bool, number: int, called: str = "round"
) -> None:
    """Refuse to deal the next round while the game is over (``game_not_active``) or
    round ``number`` is still being played (``wrong_phase``)."""
    if game_over:
        raise GameNotActive(f"The game is over; no {called} can be dealt.")
    if not round_over:
        raise WrongPhase(f"{called.capitalize()} {number} is still being played.")


def check_phase(
    action: object, phase: str, allowed: Mapping[Any, tuple[type, ...]], actions: tuple[type, ...]
) -> None:
    """Refuse anything that is not one of the game's ``actions`` (``validation_error``),
    and an action the ``phase`` does not allow (``wrong_phase``, naming those it does)."""
    if not isinstance(action, actions):
        raise ValidationError(f"{action!r} is not an action.", {"type": ["Unknown action."]})
    if not isinstance(action, allowed[phase]):
        names = ", ".join(kind.type for kind in allowed[phase])  # type: ignore[attr-defined]
        kind = action.type  # type: ignore[attr-defined]
        raise WrongPhase(f"{kind} is not allowed in the {phase} phase (allowed: {names}).")


def is_legal(apply_action: Callable[[S, A, int], S], state: S, action: A, seat: int) -> bool:
    """Whether ``apply_action`` would accept the action."""
    try:
        apply_action(state, action, seat)
    except RulesError:
        return False
    return True
