"""Seeded deals for tests that act on the player's first turn at a table against the
computer, where a random deal could let a computer that plays before the player go out,
or show, first.

Every test deals from :class:`NobodyOutBeforeThePlayer`, seeded from its own name, unless
it chooses its deals (``tests/conftest.py``); browser tests hand theirs to the live server
through the ``deal_from`` fixture (``tests/web/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.ai.indian.shape import distance
from games.dealing import SeededShuffler
from games.rules.common.cards import AnyCard, Card
from games.rules.indian import RuleSet as IndianRules
from games.rules.indian.engine import HAND_SIZE
from games.rules.indian.engine import deal_round as deal_indian
from games.rules.rummy import JOKER, rummy_cards
from games.rules.rummy import RuleSet as RummyRules

INDIAN_SEATS = range(2, 7)
RUMMY_COMPUTERS_FIRST = 3
"""Rummy deals round 1 from seat 0 in blocks of ``hand_size`` (the seat after the dealer
first), so the first three blocks are the hands of the computers that play before seat 0
at any table of two to four."""


class PlayerFirst(SeededShuffler):
    """Seeded deals whose first dealer is the last seat, so that in Gin Rummy (where the
    shuffler picks the dealer) seat 0, the player who made the table, plays first."""

    def first_dealer(self, seats: int) -> int:
        return seats - 1


class NobodyOutBeforeThePlayer(PlayerFirst):
    """As :class:`PlayerFirst`, and each deck drawn again until no computer can end round
    1 before seat 0's first turn. Rummy and Indian Rummy deal round 1 from seat 0, so the
    seats after it (the computers) play first:

    * Rummy: each computer's hand holds no joker and two or more *lone* cards, which no
      meld can take after one draw (:func:`lone_cards`), so none can meld its whole hand;
    * Indian Rummy: every hand is two cards or more from a valid show
      (:func:`games.ai.indian.shape.distance`, exact), at ``seats`` seats, or at each
      table size the deck can deal when ``seats`` is not given."""

    def __init__(self, seed: int, seats: int | None = None) -> None:
        super().__init__(seed)
        self.seats = seats

    def deck(self, variant: Any, rules: Mapping[str, Any]) -> list[str]:
        while True:
            deck = super().deck(variant, rules)
            if variant.name == "rummy" and not self._rummy_quiet(deck, rules):
                continue
            if variant.name == "indian" and not self._indian_quiet(deck, rules):
                continue
            return deck

    def _rummy_quiet(self, deck: Sequence[str], rules: Mapping[str, Any]) -> bool:
        size = RummyRules.from_dict(dict(rules)).hand_size
        computers = RUMMY_COMPUTERS_FIRST if self.seats is None else self.seats - 1
        cards = rummy_cards(deck[: computers * size])
        hands = [cards[i * size : (i + 1) * size] for i in range(computers)]
        return all(JOKER not in hand and len(lone_cards(hand)) >= 2 for hand in hands)

    def _indian_quiet(self, deck: Sequence[str], rules: Mapping[str, Any]) -> bool:
        ruleset = IndianRules.from_dict(dict(rules))
        # a table of ``seats`` takes 13 cards a hand, the wild card and the first discard
        tables = [n for n in INDIAN_SEATS if n * HAND_SIZE + 2 <= len(deck)]
        for seats in tables if self.seats is None else (self.seats,):
            dealt = deal_indian(ruleset, seats, 1, 0, deck, "0" * 32)
            if any(distance(hand, dealt.wild_rank) < 2 for hand in dealt.hands):
                return False
        return True


def lone_cards(hand: Iterable[AnyCard]) -> list[Card]:
    """The cards of a joker-free hand with no other card of their rank, nor of their suit
    within two places (the ace next to both the two and the king). A meld holding a lone
    card holds one of those, or two jokers: so after one draw it is in no meld."""
    cards = [card for card in hand if isinstance(card, Card)]

    def near(a: Card, b: Card) -> bool:
        apart = abs(a.rank - b.rank)
        return a.rank == b.rank or (a.suit == b.suit and min(apart, 13 - apart) <= 2)

    return [
        card
        for i, card in enumerate(cards)
        if not any(near(card, other) for j, other in enumerate(cards) if j != i)
    ]
