"""The rules of a family of card games, one sibling package per game.

* :mod:`games.rules.common`: what every game shares (cards and the joker, the error
  classes, option validation, the JSON readers and writers, the round machinery, the
  settlement, a seat's view, and the one typed interface a game's rules implement,
  :class:`~games.rules.common.game.GameRules`, with the one fold of a move log);
* :mod:`games.rules.gin`: Gin Rummy (docs/games/gin.md), two seats;
* :mod:`games.rules.rummy`: Rummy (docs/games/rummy.md), two to four seats, two decks and jokers;
* :mod:`games.rules.indian`: Indian Rummy (docs/games/indian-rummy.md), two to six seats, 13 cards,
a wild
  joker.

Every package is pure Python, standard library only, deterministic given its decks: no
Django, no I/O, no clock. A game imports only the standard library and
:mod:`games.rules.common`, never another game, and no game is the family's default: the
games app reaches each one through the registry (:mod:`games.variants`).
"""
