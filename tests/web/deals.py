"""Deals for browser tests that act on the player's first turn at a table against the
computer: the live server deals them through the ``deal_from`` fixture
(``tests/web/conftest.py``). A random deal could let a computer that plays before the
player go out, or show, before the player's first turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.ai.indian.shape import distance
from games.dealing import SeededShuffler
from games.rules.indian import RuleSet
from games.rules.indian.engine import deal_round


class PlayerFirst(SeededShuffler):
    """Seeded deals whose first dealer is the last seat, so seat 0 (the player who made
    the table) plays first where the shuffler picks the dealer (Gin Rummy, Rummy)."""

    def first_dealer(self, seats: int) -> int:
        return seats - 1


class NoShowOnAFirstTurn(PlayerFirst):
    """As :class:`PlayerFirst`, and each Indian Rummy deck drawn again until every hand it
    deals to ``seats`` seats is two cards or more from a valid show
    (:func:`games.ai.indian.shape.distance`, exact): Indian Rummy's first deal is always
    seat 0's, so the computers after it play first, and none of them can then show on its
    first turn."""

    def __init__(self, seed: int, seats: int) -> None:
        super().__init__(seed)
        self.seats = seats

    def deck(self, variant: Any, rules: Mapping[str, Any]) -> list[str]:
        while True:
            deck = super().deck(variant, rules)
            if variant.name != "indian":
                return deck
            dealt = deal_round(RuleSet.from_dict(dict(rules)), self.seats, 1, 0, deck, "0" * 32)
            if all(distance(hand, dealt.wild_rank) >= 2 for hand in dealt.hands):
                return deck
