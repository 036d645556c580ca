"""Rule options: the validation every game's rule set shares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.common.errors import ValidationError, brief_repr


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
