"""Indian Rummy's rule options (docs/games/indian-rummy.md#rule-options) and their validation, in
the style of the other
cores' ``RuleSet``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from games.rules.common.errors import ValidationError, brief_repr
from games.rules.common.game import RuleOption
from games.rules.common.options import _summary, option_problems

FORMATS: tuple[str, ...] = ("points", "pool", "deals")
"""The three formats: one deal, a pool to 101 or 201 points, a fixed number of deals."""

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "format",
        "points",
        choices=FORMATS,
        help="points: one deal; pool: deals until one player is left under `pool`; "
        "deals: `deals` deals.",
    ),
    RuleOption("pool", 101, choices=(101, 201), help="Pool: a total this high puts a player out."),
    RuleOption("deals", 2, choices=(2, 3, 6), help="Deals: how many deals are played."),
    RuleOption(
        "decks",
        2,
        choices=(1, 2),
        help="Decks of 52 cards and a printed joker (one deck only at a table of two).",
    ),
    RuleOption("max_points", 80, 40, 160, help="Most points a counted hand can cost."),
    RuleOption(
        "first_drop",
        20,
        0,
        160,
        help="Cost of a drop before the player's first draw of the deal (pool 201: 25 "
        "when not given).",
    ),
    RuleOption(
        "middle_drop",
        40,
        0,
        160,
        help="Cost of a drop after it (pool 201: 50 when not given).",
    ),
    RuleOption("wrong_show", 80, 0, 160, help="Cost of a declaration that is not a valid show."),
)
"""Every option, in the order of :meth:`RuleSet.to_dict`, as the API's schema describes
them; the defaults are those of the points format (pool 201 has its own drop costs,
which :class:`RuleSet` fills in)."""

CHOICES: dict[str, tuple[int, ...]] = {
    option.name: option.choices for option in OPTIONS if option.choices and option.name != "format"
}
"""The options that take one of a few numbers."""
INT_RANGES: dict[str, tuple[int, int]] = {
    option.name: (option.low, option.high)
    for option in OPTIONS
    if option.low is not None and option.high is not None
}
"""The options that take a number in a range (inclusive)."""

_RANGE_OPTIONS = tuple(option for option in OPTIONS if option.name in INT_RANGES)
"""The range options as the shared validation reads them."""

_DROP_DEFAULTS = {101: (20, 40), 201: (25, 50)}
"""(first_drop, middle_drop) when not given: pool 201 has its own, every other game 20/40."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The options of one Indian Rummy game; every key is optional on creation.

    ===============  ========  =============  ===========================================
    key              default   allowed        meaning
    ===============  ========  =============  ===========================================
    ``format``       points    points, pool,  one deal; deals until one player is left
                               deals          under ``pool``; ``deals`` deals
    ``pool``         101       101, 201       pool: a total this high puts a player out
    ``deals``        2         2, 3, 6        deals: how many deals are played
    ``decks``        2         1, 2           decks of 52 cards and a printed joker (one
                                              deck only at a table of two)
    ``max_points``   80        40 - 160       most points a counted hand can cost
    ``first_drop``   20 (25)   0 - 160        cost of a drop before the player's first
                                              draw of the deal (pool 201: 25)
    ``middle_drop``  40 (50)   0 - 160        cost of a drop after it (pool 201: 50)
    ``wrong_show``   80        0 - 160        cost of a declaration that is not a valid
                                              show
    ===============  ========  =============  ===========================================

    ``pool`` and ``deals`` are kept (and validated) in every format but used only by their
    own. Numbers must be ``int`` (not ``bool``, not ``float``).

    >>> rules = RuleSet.from_dict({"format": "pool", "pool": 201})
    >>> rules.first_drop, rules.middle_drop, rules.wrong_show
    (25, 50, 80)
    >>> RuleSet.from_dict({"format": "pool", "pool": 201, "first_drop": 30}).first_drop
    30
    >>> RuleSet.from_dict({"deals": 4})
    Traceback (most recent call last):
    ...
    games.rules.common.errors.ValidationError: Invalid rules: deals: Must be 2, 3 or 6, not 4.
    """

    format: str = "points"
    """``points``, ``pool`` or ``deals``."""
    pool: int = 101
    """Pool format: the total (101 or 201) at which a player is out."""
    deals: int = 2
    """Deals format: how many deals (2, 3 or 6)."""
    decks: int = 2
    """Decks in play (1 or 2); one deck only at a table of two."""
    max_points: int = 80
    """Most points a counted hand can cost (40-160)."""
    first_drop: int = None  # type: ignore[assignment]  # resolved in __post_init__
    """Cost of a first drop (0-160); when not given 20, or 25 in pool 201."""
    middle_drop: int = None  # type: ignore[assignment]  # resolved in __post_init__
    """Cost of a middle drop (0-160); when not given 40, or 50 in pool 201."""
    wrong_show: int = 80
    """Cost of a wrong show (0-160)."""

    def __post_init__(self) -> None:
        first, middle = _DROP_DEFAULTS[201 if self._is_pool_201() else 101]
        if self.first_drop is None:
            object.__setattr__(self, "first_drop", first)
        if self.middle_drop is None:
            object.__setattr__(self, "middle_drop", middle)
        problems = _problems(self.to_dict())
        if problems:
            raise ValidationError(_summary(problems), problems)

    def _is_pool_201(self) -> bool:
        return self.format == "pool" and self.pool == 201 and type(self.pool) is int

    @classmethod
    def from_dict(cls, data: object) -> RuleSet:
        """Rules from a JSON object (``None``: every default); missing keys take their
        defaults (the drop costs: the format's).

        Raises :class:`~games.rules.common.errors.ValidationError` (``validation_error``) whose
        ``fields`` maps each unknown, mistyped or out-of-range key to its messages.
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ValidationError(
                "The rules must be a JSON object.", {"rules": ["Expected an object."]}
            )
        names = [field.name for field in fields(cls)]
        problems = {
            str(key) if isinstance(key, str) else brief_repr(key): [
                f"Unknown rule option {brief_repr(key)}."
            ]
            for key in data
            if key not in names
        }
        given = {key: data[key] for key in names if key in data}
        defaults = {**cls().to_dict(), "first_drop": 0, "middle_drop": 0}
        problems.update(_problems({**defaults, **given}))
        if problems:
            raise ValidationError(_summary(problems), problems)
        return cls(**given)

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a JSON object (the drop costs resolved)."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 53 a deck."""
        return 53 * self.decks

    @property
    def highest_drop(self) -> int:
        """The highest drop cost (what a concession costs: docs/games/indian-rummy.md)."""
        return max(self.first_drop, self.middle_drop)


def _problems(values: Mapping[str, object]) -> dict[str, list[str]]:
    problems = option_problems(values, _RANGE_OPTIONS)
    if not isinstance(values["format"], str) or values["format"] not in FORMATS:
        problems["format"] = [
            f"Must be points, pool or deals, not {brief_repr(values['format'])}."
        ]
    for key, allowed in CHOICES.items():
        value = values[key]
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            words = ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}"
            problems[key] = [f"Must be {words}, not {brief_repr(value)}."]
    return problems

