"""Rummy 500's rule options (docs/games/rummy500.md#rule-options) and their validation."""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.rules.common.game import RuleOption
from games.rules.common.options import RuleSetBase, rule_options

_RANGES: dict[str, tuple[int, int]] = {
    "target": (100, 1000),
    "jokers": (0, 2),
    "hand_size": (7, 13),
    "rounds": (1, 50),
}
_HELP = {
    "target": "The game ends after a round in which a total reaches it.",
    "jokers": "Printed jokers in the deck (0 or 2).",
    "hand_size": "Cards dealt to each (null: 13 with 2 seats, 7 with 3-4).",
    "top_card_free": "Whether the top card alone may be taken without having to play it.",
    "rounds": "The game ends after this many rounds (null: no such limit).",
}


@dataclass(frozen=True, slots=True)
class RuleSet(RuleSetBase):
    """The options of one Rummy 500 game; every key is optional on creation.

    ==================  =======  =============  ==========================================
    key                 default  allowed        meaning
    ==================  =======  =============  ==========================================
    ``target``          500      100 - 1000     the game ends after a round in which a
                                                total reaches it
    ``jokers``          0        0 or 2         printed jokers in the deck
    ``hand_size``       null     null, 7 - 13   cards dealt to each (null: 13 with 2
                                                seats, 7 with 3-4)
    ``top_card_free``   true     bool           the top card alone may be taken without
                                                having to play it
    ``rounds``          null     null, 1 - 50   the game ends after this many rounds
    ==================  =======  =============  ==========================================

    >>> from games.rules.common.errors import ValidationError
    >>> RuleSet.from_dict({"jokers": 2}).deck_size
    54
    >>> try:
    ...     RuleSet.from_dict({"jokers": 1})
    ... except ValidationError as error:
    ...     print(error.detail)
    Invalid rules: jokers: Must be one of 0, 2, not 1.
    """

    target: int = 500
    """The game ends after a round in which a total reaches it (100-1000)."""
    jokers: int = 0
    """Printed jokers in the deck (0 or 2)."""
    hand_size: int | None = None
    """Cards dealt to each seat (7-13), or ``None``: 13 with two seats, 7 with more."""
    top_card_free: bool = True
    """Whether the top card of the pile, taken alone, may be kept without playing it."""
    rounds: int | None = None
    """The game ends after this many rounds (1-50), or ``None`` for no such limit."""

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 52 and the jokers."""
        return 52 + self.jokers

    def hand_size_for(self, seats: int) -> int:
        """Cards dealt to each of ``seats`` seats."""
        if self.hand_size is not None:
            return self.hand_size
        return 13 if seats == 2 else 7


def _options() -> tuple[RuleOption, ...]:
    """The options, ``jokers`` taking 0 or 2 only."""
    return tuple(
        replace(option, choices=(0, 2)) if option.name == "jokers" else option
        for option in rule_options(RuleSet, _RANGES, _HELP)
    )


RuleSet.OPTIONS = OPTIONS = _options()
"""Every option, in the order of :meth:`RuleSet.to_dict`."""
