"""The rules of a family of card games, one sibling package per game.

* :mod:`games.rules.common`: what every game shares (cards and the joker, the error
  classes, option validation, the JSON readers, and the one typed interface a game's
  rules implement, :class:`~games.rules.common.game.GameRules`);
* :mod:`games.rules.gin`: Gin Rummy (DESIGN §3-§4), two seats;
* :mod:`games.rules.rummy`: Rummy (DESIGN §5), two to four seats, two decks and jokers.

Every package is pure Python, standard library only, deterministic given its decks: no
Django, no I/O, no clock. A game imports only the standard library and
:mod:`games.rules.common`, never another game.
"""

# The games app (games.errors) and the settings (ENUM_NAME_OVERRIDES) still name these
# here; they go once both reach a game through games.variants alone.
from games.rules.common.errors import ErrorCode, InvalidInput, RulesError
from games.rules.gin.actions import ACTION_TYPES

__all__ = ["ACTION_TYPES", "ErrorCode", "InvalidInput", "RulesError"]
