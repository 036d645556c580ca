"""High Card's computer players: there is one thing to do."""

from __future__ import annotations

import random

from tests.games.toy.rules import DrawStock, View


class HighCardPlayers:
    def choose(self, view: View, level: str, rng: random.Random) -> DrawStock:
        return DrawStock()

    def absent(self, view: View, rng: random.Random) -> DrawStock:
        return DrawStock()


HIGH_CARD_PLAYERS = HighCardPlayers()
