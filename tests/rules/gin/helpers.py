"""Building Gin Rummy decks and positions from text for the rules tests."""

from __future__ import annotations

from games.rules.gin import (
    DECK,
    Card,
    DrawStock,
    GameState,
    Pass,
    RuleSet,
    apply_action,
    cards,
    new_game,
)


def make_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deck in dealing order: the non-dealer's 10, the dealer's 10, the upcard, then the
    given stock cards first and every other card after them in deck order."""
    first = cards(non_dealer)
    second = cards(dealer)
    assert len(first) == 10 and len(second) == 10
    up = Card.parse(upcard)
    top = cards(stock)
    used = [*first, *second, up, *top]
    assert len(set(used)) == len(used), "a card is named twice"
    rest = [card for card in DECK if card not in used]
    return [*first, *second, up, *top, *rest]


def drawn_position(
    mover: str,
    other: str,
    draw: str,
    upcard: str = "QH",
    rules: RuleSet | None = None,
    dealer: int = 0,
) -> GameState:
    """Round 1 after both players pass the upcard and the non-dealer draws ``draw`` from the
    stock: the non-dealer (seat ``1 - dealer``) holds ``mover`` + ``draw``, phase discard."""
    deck = make_deck(mover, other, upcard, draw)
    state = new_game(rules or RuleSet(), dealer, deck)
    return play_to_stock_draw(state)


def play_to_stock_draw(state: GameState) -> GameState:
    """From a fresh deal: pass, pass, the non-dealer draws from the stock."""
    first = 1 - state.round.dealer
    state = apply_action(state, Pass(), first)
    state = apply_action(state, Pass(), 1 - first)
    return apply_action(state, DrawStock(), first)


def texts(items: object) -> list[str]:
    """Cards (or melds) as strings, for readable assertions."""
    return [str(item) for item in items]  # type: ignore[attr-defined]
