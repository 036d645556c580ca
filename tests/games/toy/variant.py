"""High Card as the games app offers it: the description the registry takes."""

from __future__ import annotations

from games.variants import Variant
from tests.games.toy.players import HIGH_CARD_PLAYERS
from tests.games.toy.rules import HIGH_CARD_RULES

HIGH_CARD = Variant(
    name="highcard",
    label="High Card",
    min_seats=2,
    max_seats=2,
    rules=HIGH_CARD_RULES,
    players=HIGH_CARD_PLAYERS,
)
