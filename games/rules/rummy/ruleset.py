"""Rummy's rule options (DESIGN §5) and their validation, in the style of Gin's
:class:`games.rules.ruleset.RuleSet`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from games.rules.errors import ValidationError, brief_repr

_INT_RANGES: dict[str, tuple[int, int]] = {
    "jokers": (0, 6),
    "hand_size": (7, 13),
    "first_meld_points": (0, 60),
    "loss_limit": (100, 5000),
}
_OPTIONAL_INT_RANGES: dict[str, tuple[int, int]] = {"rounds": (1, 50)}
_BOOLS = ("hand_rummy_doubles",)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The options of one rummy game; every key is optional on creation.

    ======================  =======  ============  ==========================================
    key                     default  allowed       meaning
    ======================  =======  ============  ==========================================
    ``jokers``              6        0 - 6         jokers in the deck (with the 104 cards)
    ``hand_size``           13       7 - 13        cards dealt to each player
    ``first_meld_points``   40       0 - 60        least points of a player's first meld
    ``loss_limit``          500      100 - 5000    the game ends after a round in which a
                                                   total reaches ``-loss_limit`` or less
    ``rounds``              null     null, 1 - 50  the game ends after this many rounds
    ``hand_rummy_doubles``  true     bool          going out in one turn doubles the round
    ======================  =======  ============  ==========================================

    Integers must be ``int`` (not ``bool``, not ``float``); booleans must be ``bool``.

    >>> RuleSet.from_dict({"jokers": 2, "rounds": 5}).rounds
    5
    >>> RuleSet.from_dict({"hand_size": 14})
    Traceback (most recent call last):
    ...
    games.rules.errors.ValidationError: Invalid rules: hand_size: Must be from 7 to 13, not 14.
    """

    jokers: int = 6
    """Jokers in the deck (0-6)."""
    hand_size: int = 13
    """Cards dealt to each player (7-13)."""
    first_meld_points: int = 40
    """Least points a player's first meld must be worth (0-60)."""
    loss_limit: int = 500
    """The game ends after a round in which a total reaches minus this (100-5000)."""
    rounds: int | None = None
    """The game ends after this many rounds (1-50), or ``None`` for no such limit."""
    hand_rummy_doubles: bool = True
    """Whether going out in one turn, with nothing put down before, doubles the round."""

    def __post_init__(self) -> None:
        problems = _problems(self.to_dict())
        if problems:
            raise ValidationError(_summary(problems), problems)

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        """Rules from a JSON object; missing keys take their defaults.

        Raises :class:`~games.rules.errors.ValidationError` (``validation_error``) whose
        ``fields`` maps each unknown, mistyped or out-of-range key to its messages.
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ValidationError(
                "The rules must be a JSON object.", {"rules": ["Expected an object."]}
            )
        known = {field.name for field in fields(cls)}
        problems: dict[str, list[str]] = {}
        for key in data:
            if key not in known:
                problems[str(key)] = [f"Unknown rule option {brief_repr(key)}."]
        merged = {**cls().to_dict(), **{k: v for k, v in data.items() if k in known}}
        problems.update(_problems(merged))
        if problems:
            raise ValidationError(_summary(problems), problems)
        return cls(**merged)

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a JSON object."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 104 and the jokers."""
        return 104 + self.jokers


def _int_problem(value: object, low: int, high: int) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"Must be an integer from {low} to {high}, not {brief_repr(value)}."
    if not low <= value <= high:
        return f"Must be from {low} to {high}, not {brief_repr(value)}."
    return None


def _problems(values: Mapping[str, object]) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    for key, (low, high) in _INT_RANGES.items():
        problem = _int_problem(values[key], low, high)
        if problem:
            problems[key] = [problem]
    for key, (low, high) in _OPTIONAL_INT_RANGES.items():
        if values[key] is not None:
            problem = _int_problem(values[key], low, high)
            if problem:
                problems[key] = [problem.replace("Must be", "Must be null or", 1)]
    for key in _BOOLS:
        if not isinstance(values[key], bool):
            problems[key] = [f"Must be true or false, not {brief_repr(values[key])}."]
    return problems


def _summary(problems: dict[str, list[str]]) -> str:
    return "Invalid rules: " + "; ".join(
        f"{key}: {' '.join(messages)}" for key, messages in sorted(problems.items())
    )
