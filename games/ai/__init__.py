"""Computer players for each game of the family, one sibling package per game.

* :mod:`games.ai.common`: what every game's players share (the typed interface
  :class:`~games.ai.common.players.Players`, the simulator's runner and statistics);
* :mod:`games.ai.gin`: Gin Rummy's players;
* :mod:`games.ai.rummy`: Rummy's players.

A game's players import only their own game's rules, :mod:`games.rules.common` and
:mod:`games.ai.common`.
"""
