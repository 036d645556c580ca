"""Building Indian Rummy decks and positions from text for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.rules.indian import (
    GameState,
    IndianCard,
    Phase,
    RoundState,
    RuleSet,
    SeatStatus,
    full_deck,
    indian_cards,
    sort_hand,
)
from games.rules.indian.state import HistoryEntry

SALT = "5a1f" * 8


def c(text: str) -> IndianCard:
    """One card from its text."""
    return indian_cards(text)[0]


def rest_of_deck(used: Sequence[IndianCard], decks: int = 2) -> list[IndianCard]:
    """The deck's cards other than ``used`` (a multiset), in deck order."""
    left = Counter(full_deck(decks))
    left.subtract(Counter(used))
    assert all(count >= 0 for count in left.values()), "a card is named too often"
    out = []
    for card in full_deck(decks):
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return out


def make_deck(
    hands: Sequence[str], wild: str, upcard: str, stock: str = "", decks: int = 2
) -> list[IndianCard]:
    """A deck in dealing order: the hands in dealing order (the seat after the dealer
    first), the wild joker card, the upcard, the given stock cards, then every other card
    in deck order."""
    dealt = [card for hand in hands for card in indian_cards(hand)]
    assert all(len(indian_cards(hand)) == 13 for hand in hands)
    top = [*indian_cards(wild), *indian_cards(upcard), *indian_cards(stock)]
    return [*dealt, *top, *rest_of_deck([*dealt, *top], decks)]


def position(
    hands: Sequence[str],
    *,
    wild: str = "9C",
    discard: str = "KD",
    stock: str = "",
    stock_size: int | None = None,
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    drawn: str | None = None,
    status: Sequence[SeatStatus] | None = None,
    rules: RuleSet | None = None,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    went_out: Sequence[int | None] | None = None,
    left: Sequence[int] = (),
    history: Sequence[HistoryEntry] | None = None,
    upcard_on_top: bool = False,
    number: int = 1,
) -> GameState:
    """A deal in progress, written as text: each seat's hand ("" for a seat not dealt
    in), the wild joker card, the discard pile (top last); the stock is ``stock`` then the
    rest of the deck (cut to ``stock_size`` cards, the rest moved under the pile's
    bottom). Unless ``upcard_on_top``, the history says the seat before ``turn``
    discarded the pile's top card (so it is not the deal's first upcard)."""
    rules = rules or RuleSet()
    seats = len(hands)
    held = [sort_hand(indian_cards(hand)) for hand in hands]
    pile = list(indian_cards(discard))
    top = list(indian_cards(stock))
    wild_card = c(wild)
    used = [*(card for hand in held for card in hand), *pile, *top, wild_card]
    full_stock = [*top, *rest_of_deck(used, rules.decks)]
    if stock_size is not None:
        pile = [*full_stock[stock_size:], *pile]
        full_stock = full_stock[:stock_size]
    if status is None:
        status = [SeatStatus.IN if hand else SeatStatus.OUT for hand in held]
    rnd = RoundState(
        number=number,
        dealer=(turn - 1) % seats if dealer is None else dealer,
        wild_card=wild_card,
        salt=SALT,
        hands=tuple(held),
        status=tuple(status),
        stock=tuple(full_stock),
        discard_pile=tuple(pile),
        face_down=(),
        phase=phase,
        turn=turn,
        penalties=(0,) * seats,
        shows=(None,) * seats,
        drawn_from_discard=None if drawn is None else c(drawn),
        history=tuple(history) if history is not None else (
            () if upcard_on_top or not pile
            else (HistoryEntry((turn - 1) % seats, "discard", pile[-1]),)
        ),
    )
    return GameState(
        rules=rules,
        seats=seats,
        scores=tuple(scores or (0,) * seats),
        went_out=tuple(went_out or (None,) * seats),
        round=rnd,
        left=tuple(left),
    )


def texts(items: object) -> list[str]:
    """Cards as strings, for readable assertions."""
    return [str(item) for item in items]  # type: ignore[attr-defined]


def groups_text(groups: object) -> list[str]:
    """Groups as space-separated card strings."""
    return [" ".join(map(str, group)) for group in groups]  # type: ignore[attr-defined]
