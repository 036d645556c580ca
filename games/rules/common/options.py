"""Rule options: how every game declares its options and validates them.

A game's rule set is a frozen dataclass whose fields are its options, with their defaults
(a :class:`RuleSetBase`, which validates it); :func:`rule_options` describes each as a
:class:`~games.rules.common.game.RuleOption` (a ``bool`` default is a flag, an ``int`` or
``None`` default an integer in a range, ``None`` meaning that ``null`` is allowed too).
:func:`options_from_dict` reads a request's JSON against those descriptions and
:func:`check_options` checks a rule set's values, both with one
:class:`~games.rules.common.errors.ValidationError` naming every bad key.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules:
...     target: int = 100
...     rounds: int | None = None
...     doubles: bool = True
>>> OPTIONS = rule_options(Rules, {"target": (1, 500), "rounds": (1, 50)})
>>> [(o.name, o.low, o.high, o.nullable) for o in OPTIONS]
[('target', 1, 500, False), ('rounds', 1, 50, True), ('doubles', None, None, False)]
>>> options_from_dict({"rounds": 3}, OPTIONS)
{'target': 100, 'rounds': 3, 'doubles': True}
>>> try:
...     options_from_dict({"target": 0, "rounds": 0, "doubles": 1, "x": 2}, OPTIONS)
... except ValidationError as error:
...     for key, messages in error.fields.items():
...         print(key, messages)
x ["Unknown rule option 'x'."]
target ['Must be from 1 to 500, not 0.']
rounds ['Must be null or from 1 to 50, not 0.']
doubles ['Must be true or false, not 1.']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, ClassVar, Self

from games.rules.common.errors import ValidationError, brief_repr
from games.rules.common.game import Json, JsonObject, RuleOption


def rule_options(
    ruleset: type,
    ranges: Mapping[str, tuple[int, int]],
    help: Mapping[str, str] | None = None,
) -> tuple[RuleOption, ...]:
    """One :class:`RuleOption` per field of the dataclass ``ruleset``, in field order: a
    ``bool`` default makes a flag; any other field is an integer option whose
    ``(low, high)`` is in ``ranges`` (``nullable`` when its default is ``None``).
    ``help`` gives an option's sentence, when there is one."""
    assert is_dataclass(ruleset)
    out = []
    for field in fields(ruleset):
        default = field.default
        assert default is not MISSING, f"{field.name} has no default"
        text = (help or {}).get(field.name, "")
        if isinstance(default, bool):
            out.append(RuleOption(field.name, default, help=text))
        else:
            low, high = ranges[field.name]
            out.append(
                RuleOption(field.name, default, low, high, nullable=default is None, help=text)
            )
    return tuple(out)


def _int_problem(value: object, low: int, high: int) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"Must be an integer from {low} to {high}, not {brief_repr(value)}."
    if not low <= value <= high:
        return f"Must be from {low} to {high}, not {brief_repr(value)}."
    return None


def option_problems(
    values: Mapping[str, object], options: tuple[RuleOption, ...]
) -> dict[str, list[str]]:
    """Each option of ``values`` that is mistyped or out of range, with its message: the
    integers first, then those that may be ``null``, the flags, the choices."""
    problems: dict[str, list[str]] = {}
    for option in options:
        if option.low is not None and option.high is not None and not option.nullable:
            problem = _int_problem(values[option.name], option.low, option.high)
            if problem:
                problems[option.name] = [problem]
    for option in options:
        value = values[option.name]
        if option.low is not None and option.high is not None and option.nullable:
            problem = None if value is None else _int_problem(value, option.low, option.high)
            if problem:
                problems[option.name] = [problem.replace("Must be", "Must be null or", 1)]
    for option in options:
        value = values[option.name]
        if isinstance(option.default, bool) and not isinstance(value, bool):
            problems[option.name] = [f"Must be true or false, not {brief_repr(value)}."]
    for option in options:
        value = values[option.name]
        if option.choices and value not in option.choices:
            choices = ", ".join(str(choice) for choice in option.choices)
            problems[option.name] = [f"Must be one of {choices}, not {brief_repr(value)}."]
    return problems


def _summary(problems: dict[str, list[str]]) -> str:
    return "Invalid rules: " + "; ".join(
        f"{key}: {' '.join(messages)}" for key, messages in sorted(problems.items())
    )


def check_options(values: Mapping[str, object], options: tuple[RuleOption, ...]) -> None:
    """Raise :class:`ValidationError` naming every bad option of ``values``."""
    problems = option_problems(values, options)
    if problems:
        raise ValidationError(_summary(problems), problems)


def defaults(options: tuple[RuleOption, ...]) -> JsonObject:
    """Every option at its default."""
    return {option.name: option.default for option in options}


def options_from_dict(data: object, options: tuple[RuleOption, ...]) -> JsonObject:
    """The options of a JSON object (``None``: the defaults), defaults filled in; unknown,
    mistyped and out-of-range keys raise one :class:`ValidationError` naming them all."""
    if data is None:
        return defaults(options)
    if not isinstance(data, Mapping):
        raise ValidationError(
            "The rules must be a JSON object.", {"rules": ["Expected an object."]}
        )
    known = defaults(options)
    problems = {
        str(key): [f"Unknown rule option {brief_repr(key)}."] for key in data if key not in known
    }
    given: dict[str, Json] = {k: v for k, v in data.items() if k in known}
    merged = {**known, **given}
    problems.update(option_problems(merged, options))
    if problems:
        raise ValidationError(_summary(problems), problems)
    return merged


class RuleSetBase:
    """What a game's rule set (a frozen dataclass of its options) does the same as every
    other: it checks its values on creation, reads a request's JSON and writes its own.
    A subclass sets :attr:`OPTIONS` to :func:`rule_options` of itself."""

    __slots__ = ()

    OPTIONS: ClassVar[tuple[RuleOption, ...]]
    """Every option, in field order."""

    def __post_init__(self) -> None:
        check_options(self.to_dict(), self.OPTIONS)

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Rules from a JSON object (``None``: the defaults); missing keys take their
        defaults.

        Raises :class:`~games.rules.common.errors.ValidationError` (``validation_error``)
        whose ``fields`` maps each unknown, mistyped or out-of-range key to its messages.
        """
        return cls(**options_from_dict(data, cls.OPTIONS))

    def to_dict(self) -> JsonObject:
        """Every option, as a JSON object."""
        values: dict[str, Any] = {field.name: getattr(self, field.name) for field in fields(self)}  # type: ignore[arg-type]
        return values
