"""Positions for Rummy 500's rules tests, written as text."""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.common.cards import cards
from games.rules.rummy500 import GameState, RoundState, RuleSet
from games.rules.rummy500.cards import AnyCard, full_deck, sort_hand
from games.rules.rummy500.melds import TableMeld, table_meld
from games.rules.rummy500.state import Phase


def hand(text: str) -> tuple[AnyCard, ...]:
    return cards(text, jokers=True)


def meld(id: int, owner: int, text: str, laid_by: Sequence[int] | None = None) -> TableMeld:
    return table_meld(id, owner, hand(text), None if laid_by is None else tuple(laid_by))


def position(
    hands: Sequence[str],
    pile: str = "",
    table: Sequence[TableMeld] = (),
    *,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    rules: RuleSet | None = None,
    stock: str | None = None,
    picked: str | None = None,
    drawn: str | None = None,
    scores: Sequence[int] | None = None,
) -> GameState:
    """A game in round 1 with these hands, pile (oldest first) and table; the stock is
    every other card (or ``stock``), so the deck is whole."""
    rules = rules or RuleSet()
    held = [hand(text) for text in hands]
    on_pile = hand(pile)
    used = [*(c for h in held for c in h), *on_pile, *(c for m in table for c in m.cards)]
    rest = list(full_deck(rules.jokers))
    for card in used:
        rest.remove(card)
    seats = len(hands)
    return GameState(
        rules=rules,
        seats=seats,
        scores=tuple(scores) if scores is not None else (0,) * seats,
        round=RoundState(
            number=1,
            dealer=(turn - 1) % seats,
            hands=tuple(sort_hand(h) for h in held),
            stock=tuple(rest) if stock is None else hand(stock),
            discard_pile=on_pile,
            table=tuple(table),
            phase=phase,
            turn=turn,
            picked_card=None if picked is None else hand(picked)[0],
            drawn_from_discard=None if drawn is None else hand(drawn)[0],
        ),
    )


def held(text: str) -> tuple[AnyCard, ...]:
    """A hand as the rules keep it: sorted."""
    return sort_hand(hand(text))
