"""The JSON every game's codec shares: the action envelope and its card and meld fields,
the game view's outline, the bound on stored numbers, and the strict readers of a stored
state."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from games.rules.common.errors import InvalidCard, RulesError, ValidationError, brief_repr
from games.rules.common.game import JsonObject
from games.rules.common.view import SeatView

C = TypeVar("C")
T = TypeVar("T")
RoundT = TypeVar("RoundT")
ResultT = TypeVar("ResultT")
FinalT = TypeVar("FinalT")

MAX_INT = 2**31 - 1
"""The largest number a stored state (or a meld id) may hold: every stored number is a count."""


class JsonReader:
    """Strict readers of a stored state's values: any malformed value raises
    ``ValueError`` (each codec turns it into a ``validation_error``)."""

    @staticmethod
    def obj(value: object, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise ValueError(f"{where} must be an object")
        return value

    @staticmethod
    def list_(value: object, where: str) -> Sequence[Any]:
        if not isinstance(value, list | tuple):
            raise ValueError(f"{where} must be a list")
        return value

    @staticmethod
    def int_(value: object, where: str, low: int = 0) -> int:
        # every stored number is a count, or (with low) a signed score
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_INT:
            raise ValueError(f"{where} must be an integer from {low} to {MAX_INT}")
        return value

    @staticmethod
    def bool_(value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{where} must be a boolean")
        return value


def read_action_type(
    data: object, action_keys: Mapping[str, frozenset[str]], action_types: Sequence[str]
) -> tuple[str, Mapping[Any, Any]]:
    """The ``type`` of an action body and the body, once it is an object with a known
    type and no key its type does not take; else a
    :class:`~games.rules.common.errors.ValidationError` with ``fields``.

    ``action_keys`` gives each type's own keys; a key of another type is accepted when
    ``null``, any other key never is. ``action_types`` is the order the message lists.

    >>> keys = {"pass": frozenset(), "discard": frozenset({"card"})}
    >>> read_action_type({"type": "pass", "card": None}, keys, ["pass", "discard"])
    ('pass', {'type': 'pass', 'card': None})
    >>> read_action_type({"type": "pass", 10**5000: 1}, keys, ["pass", "discard"])
    Traceback (most recent call last):
    ...
    games.rules.common.errors.ValidationError: A pass action does not take an int.
    """
    if not isinstance(data, Mapping):
        raise ValidationError(
            "An action must be a JSON object.", {"non_field_errors": ["Expected an object."]}
        )
    kind = data.get("type")
    if kind is None:
        raise ValidationError("The action has no type.", {"type": ["This field is required."]})
    if not isinstance(kind, str) or kind not in action_keys:
        expected = ", ".join(action_types)
        raise ValidationError(
            f"Unknown action type {brief_repr(kind)}; expected one of {expected}.",
            {"type": [f"Must be one of {expected}."]},
        )
    allowed = action_keys[kind]
    any_key = frozenset().union(*action_keys.values())
    extra = {
        key if isinstance(key, str) else brief_repr(key): [f"Not a field of a {kind} action."]
        for key, value in data.items()
        if key != "type" and key not in allowed and (value is not None or key not in any_key)
    }
    if extra:
        raise ValidationError(f"A {kind} action does not take {', '.join(sorted(extra))}.", extra)
    return kind, data


def card_field(value: object, field: str, parse: Callable[[object], C]) -> C:
    """The card ``parse`` reads from a body's ``field``; an ``InvalidCard`` naming the
    field when it is not one."""
    try:
        return parse(value)
    except InvalidCard as error:
        raise InvalidCard(error.detail, {field: [error.detail]}) from error


def melds_field(
    value: object, parse: Callable[[object], C], *, non_empty: bool = False
) -> tuple[tuple[C, ...], ...]:
    """A body's ``melds``: a list of card lists (at least one with ``non_empty``), only
    checked for shape; the engine checks that they are melds."""
    message = f"Must be a {'non-empty ' if non_empty else ''}list of melds, each a list of cards."
    if not isinstance(value, list | tuple) or (non_empty and not value):
        raise ValidationError(f"melds: {message}", {"melds": [message]})
    out = []
    for meld in value:
        if not isinstance(meld, list | tuple):
            raise ValidationError(f"melds: {message}", {"melds": [message]})
        out.append(tuple(card_field(card, "melds", parse) for card in meld))
    return tuple(out)


def game_view_to_json(
    view: SeatView[Any, RoundT, ResultT, FinalT],
    round_to_json: Callable[[RoundT], JsonObject],
    result_to_json: Callable[[ResultT], JsonObject],
    final_to_json: Callable[[FinalT | None], JsonObject | None],
) -> JsonObject:
    """The rules' part of the API's game view, every game's: ``scores``, ``round`` (the
    round as the seat sees it; ``None`` once the game is over), ``rounds`` (the finished
    rounds' results) and ``final`` (``None`` while the game goes on), each part written
    by the game's own writer."""
    return {
        "scores": list(view.scores),
        "round": None if view.final is not None else round_to_json(view.round),
        "rounds": [result_to_json(result) for result in view.rounds],
        "final": final_to_json(view.final),
    }


def check_format(obj: Mapping[str, Any], version: int) -> None:
    """Refuse a stored state of another ``format_version`` than ``version`` (a future
    format bumps the number and adds a migration)."""
    found = obj.get("format_version")
    if found != version or isinstance(found, bool):
        raise ValueError(f"unsupported format_version {brief_repr(found)} (expected {version})")


def read_stored(read: Callable[[], T]) -> T:
    """``read()``, a stored state's reader, with anything malformed in the stored JSON
    turned into one ``ValidationError`` naming ``state``."""
    try:
        return read()
    except RulesError as error:
        raise ValidationError(
            f"Stored game state is invalid: {error.detail}", {"state": [error.detail]}
        ) from error
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        RecursionError,
        OverflowError,
    ) as error:
        detail = f"missing key {error}" if isinstance(error, KeyError) else str(error)
        raise ValidationError(
            f"Stored game state is invalid: {detail}.", {"state": [detail]}
        ) from error
