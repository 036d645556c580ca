"""Rummy's rule options (docs/games/rummy.md#rule-options) and their validation, in the style of
Gin's
:class:`games.rules.gin.ruleset.RuleSet`."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.common.options import RuleSetBase, rule_options

_RANGES: dict[str, tuple[int, int]] = {
    "jokers": (0, 6),
    "hand_size": (7, 13),
    "first_meld_points": (0, 60),
    "loss_limit": (100, 5000),
    "rounds": (1, 50),
}
_HELP = {
    "jokers": "Jokers in the deck (with the 104 cards).",
    "hand_size": "Cards dealt to each player.",
    "first_meld_points": "Least points of a player's first meld.",
    "loss_limit": "The game ends after a round in which a total reaches -loss_limit or less.",
    "rounds": "The game ends after this many rounds (null: no such limit).",
    "hand_rummy_doubles": "Going out in one turn doubles the round.",
}


@dataclass(frozen=True, slots=True)
class RuleSet(RuleSetBase):
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
    >>> try:
    ...     RuleSet.from_dict({"hand_size": 14})
    ... except ValidationError as error:
    ...     print(error.detail)
    Invalid rules: hand_size: Must be from 7 to 13, not 14.
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

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 104 and the jokers."""
        return 104 + self.jokers


RuleSet.OPTIONS = OPTIONS = rule_options(RuleSet, _RANGES, _HELP)
"""Every option, in the order of :meth:`RuleSet.to_dict`."""
