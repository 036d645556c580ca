"""Indian Rummy cards: the 52 cards of docs/api.md#cards and the printed joker ``XX``.

A game uses one or two decks, each of 52 cards and one printed joker (53 or 106 cards), so
a hand may hold the same card twice: hands are sorted tuples with repeats, never sets.
The printed joker is the common's :data:`~games.rules.common.cards.JOKER`, so every card
has an ``index``: ``suit * 13 + rank - 1`` for a natural card, 52 for the printed joker;
hands are kept sorted by it (suits S H D C, ranks A..K, the printed joker last).

Every deal also has a *wild rank* (docs/games/indian-rummy.md): every card of that rank is a joker
for the
deal, as is the printed joker. A joker is worth 0 at the end of a deal; a natural card
its face value, with A K Q J 10.

    >>> indian_cards("7h xx AS")
    (Card.parse('7H'), JOKER, Card.parse('AS'))
    >>> [card_value(card, wild_rank=7) for card in indian_cards("7H XX AS 9C KD")]
    [0, 0, 10, 9, 10]
    >>> wild_rank_of(parse_card("XX")), wild_rank_of(parse_card("9D"))   # XX: the aces
    (1, 9)
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.rules.common.cards import DECK as NATURALS
from games.rules.common.cards import (
    JOKER,
    JOKER_INDEX,
    RANK_CHARS,
    Card,
    Joker,
    card_at,
    card_texts,
    check_deck_copies,
    sort_cards,
)
from games.rules.common.errors import InvalidCard, brief_repr

__all__ = [
    "JOKER",
    "JOKER_INDEX",
    "NATURALS",
    "Card",
    "IndianCard",
    "Joker",
    "card_at",
    "card_texts",
    "card_value",
    "check_deck",
    "full_deck",
    "hand_value",
    "indian_cards",
    "is_joker",
    "new_deck",
    "parse_card",
    "rank_text",
    "sort_hand",
    "wild_rank_of",
]

IndianCard = Card | Joker
"""A natural card or the printed joker."""

NATURAL_VALUES: tuple[int, ...] = tuple(
    10 if card.rank == 1 or card.rank >= 10 else card.rank for card in NATURALS
)
"""The end-of-deal value of each natural card index while it is not a joker: 2-10 face,
A K Q J 10."""


def parse_card(text: object) -> IndianCard:
    """The card named by ``text``: rank then suit in any case (``"7h"``), or ``"XX"``.

    Raises :class:`~games.rules.common.errors.InvalidCard` (``invalid_card``) for anything else.

    >>> parse_card("th"), parse_card("xX")
    (Card.parse('TH'), JOKER)
    """
    if isinstance(text, str) and text.isascii() and text.upper() == "XX":
        return JOKER
    try:
        return Card.parse(text)
    except InvalidCard:
        raise InvalidCard(
            f"{brief_repr(text)} is not a card: expected rank (A 2-9 T J Q K) then suit "
            "(S H D C), or XX for the printed joker."
        ) from None


def indian_cards(text: str | Iterable[str | IndianCard]) -> tuple[IndianCard, ...]:
    """Cards from text (``"AS 2s XX"``, spaces or commas) or an iterable of strings/cards,
    in the order given (repeats kept)."""
    items: Iterable[str | IndianCard] = (
        text.replace(",", " ").split() if isinstance(text, str) else text
    )
    return tuple(item if isinstance(item, Card | Joker) else parse_card(item) for item in items)


def rank_text(rank: int) -> str:
    """A rank's character (``1`` -> ``"A"``, ``10`` -> ``"T"``)."""
    return RANK_CHARS[rank - 1]


def wild_rank_of(wild_card: IndianCard) -> int:
    """The deal's wild rank shown by its wild joker card: the card's rank, or the ace (1)
    when it is a printed joker."""
    return 1 if isinstance(wild_card, Joker) else wild_card.rank


def is_joker(card: IndianCard, wild_rank: int) -> bool:
    """Whether ``card`` is a joker in a deal whose wild rank is ``wild_rank``: the printed
    joker, or any card of that rank."""
    return isinstance(card, Joker) or card.rank == wild_rank


def card_value(card: IndianCard, wild_rank: int) -> int:
    """A card's value at the end of a deal: every joker 0; else 2-10 face, A K Q J 10."""
    if isinstance(card, Joker) or card.rank == wild_rank:
        return 0
    return NATURAL_VALUES[card.index]


def hand_value(hand: Iterable[IndianCard], wild_rank: int) -> int:
    """The value of the cards (:func:`card_value` summed), as when none of them is grouped.

    >>> hand_value(indian_cards("AS KH 7D XX 5C"), wild_rank=5)
    27
    """
    return sum(card_value(card, wild_rank) for card in hand)


def sort_hand(hand: Iterable[IndianCard]) -> tuple[IndianCard, ...]:
    """Cards in index order (suits S H D C, ranks A..K, printed jokers last), repeats kept."""
    return sort_cards(hand)


def full_deck(decks: int) -> tuple[IndianCard, ...]:
    """``decks`` copies of the 52 cards, then ``decks`` printed jokers (unshuffled)."""
    return (*(NATURALS * decks), *([JOKER] * decks))


def new_deck(rng: random.Random, decks: int = 2) -> list[IndianCard]:
    """A shuffled deck of ``decks`` decks (53 cards each); the only randomness is ``rng``.

    >>> len(new_deck(random.Random(1))), len(new_deck(random.Random(1), decks=1))
    (106, 53)
    """
    deck = list(full_deck(decks))
    rng.shuffle(deck)
    return deck


def check_deck(deck: Iterable[IndianCard | str], decks: int) -> tuple[IndianCard, ...]:
    """The deck in dealing order (strings are parsed); a
    :class:`~games.rules.common.errors.ValidationError` unless it holds every natural card and the
    printed joker exactly ``decks`` times."""
    copies = "once" if decks == 1 else "twice"
    return check_deck_copies(
        deck,
        indian_cards,
        naturals=decks,
        jokers=decks,
        message=f"Must hold every card and the printed joker {copies} ({53 * decks} cards).",
    )
