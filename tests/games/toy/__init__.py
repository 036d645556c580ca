"""High Card: the smallest game the registry can take, written in one folder as a new game
would be (docs/architecture.md, "Adding a game"), to prove that the registry alone drives
the games app: ``tests/games/test_adding_a_game.py`` registers it and plays it through the
API, with no change anywhere else.

Two seats. Each is dealt one card; then, from the seat after the dealer, each in turn
draws one card from the stock (``draw_stock``), twice each. The higher total wins (aces
low, court cards 10; a tie goes to seat 0).
"""

from tests.games.toy.players import HIGH_CARD_PLAYERS
from tests.games.toy.rules import HIGH_CARD_RULES
from tests.games.toy.variant import HIGH_CARD

__all__ = ["HIGH_CARD", "HIGH_CARD_PLAYERS", "HIGH_CARD_RULES"]
