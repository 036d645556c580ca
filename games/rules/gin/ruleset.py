"""Rule options of a game (docs/games/gin.md#rule-options) and their validation."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.common.options import RuleSetBase, rule_options

_RANGES: dict[str, tuple[int, int]] = {
    "knock_limit": (0, 10),
    "gin_bonus": (0, 100),
    "big_gin_bonus": (0, 100),
    "undercut_bonus": (0, 100),
    "target_score": (1, 1000),
    "game_bonus": (0, 1000),
    "line_bonus": (0, 100),
    "stock_floor": (0, 10),
}
_HELP = {
    "knock_limit": "Most deadwood a knock may leave; 0 = gin only.",
    "gin_bonus": "Bonus for gin.",
    "big_gin_bonus": "Bonus for big gin.",
    "big_gin": "Whether big gin may be declared.",
    "undercut_bonus": "Bonus to a defender who undercuts.",
    "target_score": "The game ends when a player reaches it.",
    "game_bonus": "End bonus to the player who reached the target.",
    "line_bonus": "End bonus per hand won, to each player.",
    "shutout_doubles": "A shutout doubles the winner's hand points.",
    "stock_floor": "The round is a draw when a discard leaves this many stock cards or fewer.",
    "oklahoma": "The round's knock limit is the first upcard's value (an ace: gin only), "
    "capped by knock_limit.",
}


@dataclass(frozen=True, slots=True)
class RuleSet(RuleSetBase):
    """The options of one game. Every field is optional on creation; defaults are the
    cardgames.io-style rules of docs/games/gin.md#rules.

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


RuleSet.OPTIONS = OPTIONS = rule_options(RuleSet, _RANGES, _HELP)
"""Every option, in the order of :meth:`RuleSet.to_dict`."""
