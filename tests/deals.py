"""Seeded deals for tests that act on the player's first turn at a table against the
computer, where a random deal could let a computer that plays before the player go out,
or show, first.

Every test deals from :class:`NobodyOutBeforeThePlayer`, seeded from its own name, unless
it chooses its deals (``tests/conftest.py``); browser tests hand theirs to the live server
through the ``deal_from`` fixture (``tests/web/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from games.ai.indian.shape import distance
from games.dealing import SeededShuffler
from games.rules.common.cards import AnyCard, Card
from games.rules.common.errors import ValidationError
from games.rules.rummy import JOKER


class PlayerFirst(SeededShuffler):
    """Seeded deals whose first dealer is the last seat, so that in Gin Rummy (where the
    shuffler picks the dealer) seat 0, the player who made the table, plays first."""

    def first_dealer(self, seats: int) -> int:
        return seats - 1


class NobodyOutBeforeThePlayer(PlayerFirst):
    """As :class:`PlayerFirst`, and each deck drawn again until no computer can end round
    1 before seat 0's first turn, at ``seats`` seats, or at each table the variant deals
    when ``seats`` is not given. Rummy and Indian Rummy deal round 1 from seat 0, so the
    seats after it (the computers) play first; in the round the rules core deals:

    * Rummy: each computer's hand holds no joker and two or more *lone* cards, which no
      meld can take after one draw (:func:`lone_cards`), so none can meld its whole hand;
    * Indian Rummy: each computer's hand is two cards or more from a valid show
      (:func:`games.ai.indian.shape.distance`, exact)."""

    def __init__(self, seed: int, seats: int | None = None) -> None:
        super().__init__(seed)
        self.seats = seats

    def deck(self, variant: Any, rules: Mapping[str, Any]) -> list[str]:
        while True:
            deck = super().deck(variant, rules)
            if variant.name not in ("rummy", "indian"):
                return deck
            if all(
                _quiet(variant.name, state.round) for state in self._deals(variant, rules, deck)
            ):
                return deck

    def _deals(self, variant: Any, rules: Mapping[str, Any], deck: list[str]) -> Iterator[Any]:
        """Round 1 of ``deck`` at each table size (one the rules refuse, as Indian Rummy's
        one deck at more than two seats, is no table)."""
        sizes = range(variant.min_seats, variant.max_seats + 1)
        for seats in sizes if self.seats is None else (self.seats,):
            try:
                yield variant.rules.new_game(rules, seats=seats, dealer=0, deck=deck, salt="0" * 32)
            except ValidationError:
                continue


def _quiet(game: str, round_: Any) -> bool:
    computers = round_.hands[1:]
    if game == "rummy":
        return all(JOKER not in hand and len(lone_cards(hand)) >= 2 for hand in computers)
    return all(distance(hand, round_.wild_rank) >= 2 for hand in computers)


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
