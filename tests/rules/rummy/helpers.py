"""Building rummy decks and positions from text for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.rules.rummy import (
    GameState,
    Phase,
    RoundState,
    RuleSet,
    RummyCard,
    full_deck,
    rummy_cards,
    sort_hand,
)
from games.rules.rummy.melds import table_meld


def rest_of_deck(used: Sequence[RummyCard], jokers: int) -> list[RummyCard]:
    """The deck's cards other than ``used`` (a multiset), in deck order."""
    left = Counter(full_deck(jokers))
    left.subtract(Counter(used))
    assert all(count >= 0 for count in left.values()), "a card is named too often"
    return [card for card in full_deck(jokers) if left[card] > 0 and not left.subtract([card])]


def make_deck(hands: Sequence[str], upcard: str, stock: str = "", jokers: int = 6) -> list:
    """A deck in dealing order: the hands in dealing order (the seat after the dealer
    first), the upcard, the given stock cards, then every other card in deck order."""
    dealt = [card for hand in hands for card in rummy_cards(hand)]
    top = [*rummy_cards(upcard), *rummy_cards(stock)]
    return [*dealt, *top, *rest_of_deck([*dealt, *top], jokers)]


def position(
    hands: Sequence[str],
    *,
    table: Sequence[tuple[int, str]] = (),
    came_out: Sequence[bool] | None = None,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    discard: str = "9C",
    stock: str = "",
    stock_size: int | None = None,
    drawn: str | None = None,
    owed: int = 0,
    out_at_turn_start: bool | None = None,
    rules: RuleSet | None = None,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    number: int = 1,
) -> GameState:
    """A round in progress, written as text: each seat's hand, the table melds as
    ``(owner, "cards")``, the discard pile (top last); the stock is ``stock`` and then
    the rest of the deck (cut to ``stock_size`` cards, the rest moved under the discard
    pile's bottom)."""
    rules = rules or RuleSet()
    seats = len(hands)
    held = [sort_hand(rummy_cards(hand)) for hand in hands]
    melds = tuple(table_meld(i, owner, rummy_cards(text)) for i, (owner, text) in enumerate(table))
    pile = list(rummy_cards(discard))
    top = list(rummy_cards(stock))
    used = [*(card for hand in held for card in hand), *pile, *top,
            *(card for meld in melds for card in meld.cards)]
    rest = rest_of_deck(used, rules.jokers)
    full_stock = [*top, *rest]
    if stock_size is not None:
        pile = [*full_stock[stock_size:], *pile]
        full_stock = full_stock[:stock_size]
    if came_out is None:
        came_out = [any(meld.owner == seat for meld in melds) for seat in range(seats)]
    rnd = RoundState(
        number=number,
        dealer=(turn - 1) % seats if dealer is None else dealer,
        hands=tuple(held),
        stock=tuple(full_stock),
        discard_pile=tuple(pile),
        table=melds,
        came_out=tuple(came_out),
        phase=phase,
        turn=turn,
        drawn_from_discard=None if drawn is None else rummy_cards(drawn)[0],
        out_at_turn_start=came_out[turn] if out_at_turn_start is None else out_at_turn_start,
        jokers_owed=owed,
    )
    return GameState(rules=rules, seats=seats, scores=tuple(scores or (0,) * seats), round=rnd)


def texts(items: object) -> list[str]:
    """Cards (or melds) as strings, for readable assertions."""
    return [str(item) for item in items]  # type: ignore[attr-defined]
