"""Rule options of a game (DESIGN §3) and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from games.rules.errors import ValidationError, brief_repr

_INT_RANGES: dict[str, tuple[int, int]] = {
    "knock_limit": (0, 10),
    "gin_bonus": (0, 100),
    "big_gin_bonus": (0, 100),
    "undercut_bonus": (0, 100),
    "target_score": (1, 1000),
    "game_bonus": (0, 1000),
    "line_bonus": (0, 100),
    "stock_floor": (0, 10),
}
_BOOLS = ("big_gin", "shutout_doubles", "oklahoma")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The options of one game. Every field is optional on creation; defaults are the
    cardgames.io-style rules of DESIGN §3.

    ======================  =======  ===========  =============================================
    key                     default  allowed      meaning
    ======================  =======  ===========  =============================================
    ``knock_limit``         10       0 - 10       most deadwood a knock may leave; 0 = gin only
    ``gin_bonus``           25       0 - 100      bonus for gin
    ``big_gin_bonus``       31       0 - 100      bonus for big gin
    ``big_gin``             true     bool         whether big gin may be declared
    ``undercut_bonus``      25       0 - 100      bonus to a defender who undercuts
    ``target_score``        100      1 - 1000     the game ends when a player reaches it
    ``game_bonus``          100      0 - 1000     end bonus to the player who reached target
    ``line_bonus``          25       0 - 100      end bonus per hand won, to each player
    ``shutout_doubles``     true     bool         a shutout doubles the winner's hand points
    ``stock_floor``         2        0 - 10       the round is a draw when a discard leaves
                                                  this many cards (or fewer) in the stock
    ``oklahoma``            false    bool         the round's knock limit is the first
                                                  upcard's value (an ace: gin only), capped
                                                  by ``knock_limit``
    ======================  =======  ===========  =============================================

    Integers must be ``int`` (not ``bool``, not ``float``); booleans must be ``bool``.

    >>> RuleSet.from_dict({"knock_limit": 0}).knock_limit
    0
    """

    knock_limit: int = 10
    """Most deadwood a knock may leave (0-10; 0 means straight gin)."""
    gin_bonus: int = 25
    """Bonus for gin (0-100)."""
    big_gin_bonus: int = 31
    """Bonus for big gin (0-100)."""
    big_gin: bool = True
    """Whether big gin may be declared."""
    undercut_bonus: int = 25
    """Bonus to a defender who undercuts (0-100)."""
    target_score: int = 100
    """Score that ends the game (1-1000)."""
    game_bonus: int = 100
    """End bonus to the player who reached the target (0-1000)."""
    line_bonus: int = 25
    """End bonus per hand won, to each player (0-100)."""
    shutout_doubles: bool = True
    """Whether a shutout doubles the winner's hand points."""
    stock_floor: int = 2
    """A discard that leaves this many stock cards or fewer ends the round drawn (0-10)."""
    oklahoma: bool = False
    """Knock limit from the first upcard (ace: gin only), capped by ``knock_limit``."""

    def __post_init__(self) -> None:
        check_options(self.to_dict(), _INT_RANGES, _BOOLS)

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        """Rules from a JSON object; missing keys take their defaults.

        Raises :class:`~games.rules.errors.ValidationError` (``validation_error``) whose
        ``fields`` maps each unknown, mistyped or out-of-range key to its messages.
        """
        return cls(**options_from_dict(cls().to_dict(), data, _INT_RANGES, _BOOLS))

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a JSON object."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


def _int_problem(value: object, low: int, high: int) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"Must be an integer from {low} to {high}, not {brief_repr(value)}."
    if not low <= value <= high:
        return f"Must be from {low} to {high}, not {brief_repr(value)}."
    return None


def option_problems(
    values: Mapping[str, object],
    int_ranges: Mapping[str, tuple[int, int]],
    bools: tuple[str, ...],
    optional_int_ranges: Mapping[str, tuple[int, int]] | None = None,
) -> dict[str, list[str]]:
    """Each option of ``values`` that is mistyped or out of range, with its message (the
    shared validation of every game's rule set)."""
    problems: dict[str, list[str]] = {}
    for key, (low, high) in int_ranges.items():
        problem = _int_problem(values[key], low, high)
        if problem:
            problems[key] = [problem]
    for key, (low, high) in (optional_int_ranges or {}).items():
        if values[key] is not None:
            problem = _int_problem(values[key], low, high)
            if problem:
                problems[key] = [problem.replace("Must be", "Must be null or", 1)]
    for key in bools:
        if not isinstance(values[key], bool):
            problems[key] = [f"Must be true or false, not {brief_repr(values[key])}."]
    return problems


def _summary(problems: dict[str, list[str]]) -> str:
    return "Invalid rules: " + "; ".join(
        f"{key}: {' '.join(messages)}" for key, messages in sorted(problems.items())
    )


def check_options(
    values: Mapping[str, object],
    int_ranges: Mapping[str, tuple[int, int]],
    bools: tuple[str, ...],
    optional_int_ranges: Mapping[str, tuple[int, int]] | None = None,
) -> None:
    """Raise :class:`ValidationError` naming every bad option of ``values``."""
    problems = option_problems(values, int_ranges, bools, optional_int_ranges)
    if problems:
        raise ValidationError(_summary(problems), problems)


def options_from_dict(
    defaults: Mapping[str, object],
    data: object,
    int_ranges: Mapping[str, tuple[int, int]],
    bools: tuple[str, ...],
    optional_int_ranges: Mapping[str, tuple[int, int]] | None = None,
) -> dict[str, Any]:
    """The options of a JSON object (``None``: the defaults), defaults filled in; unknown,
    mistyped and out-of-range keys raise one :class:`ValidationError` naming them all."""
    if data is None:
        return dict(defaults)
    if not isinstance(data, Mapping):
        raise ValidationError(
            "The rules must be a JSON object.", {"rules": ["Expected an object."]}
        )
    problems = {
        str(key): [f"Unknown rule option {brief_repr(key)}."] for key in data if key not in defaults
    }
    merged = {**defaults, **{k: v for k, v in data.items() if k in defaults}}
    problems.update(option_problems(merged, int_ranges, bools, optional_int_ranges))
    if problems:
        raise ValidationError(_summary(problems), problems)
    return merged


INT_OPTION_RANGES: Mapping[str, tuple[int, int]] = _INT_RANGES
"""Each integer option's allowed range, inclusive (for the API's schema)."""
BOOL_OPTIONS: tuple[str, ...] = _BOOLS
"""The boolean options."""
