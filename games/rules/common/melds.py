"""Melds of sets and runs with printed jokers, as the games that lay them on the table read
them (Rummy, Rummy 500): what a written meld is, and where one more card fits on it.
Each game keeps its own table meld (what it records beside the cards) and its points.

A meld is written as a card list. A set is 3 or 4 cards of one rank, no two of the same
suit; a joker in a set stands for the set's rank. A run is 3 or more cards of one suit in
sequence, written low to high; a joker stands for the card at its place. The ace is low
(``A 2 3``, place 1) or high (``Q K A``, place 14), never both in one run, so a run spans
places 1-13 or 2-14 and never wraps. Jokers never outnumber the natural cards of a meld,
and two jokers never stand next to each other in a run.

    >>> read_meld(cards("5H 6H XX", jokers=True))
    (<MeldKind.RUN: 'run'>, 5, <Suit.HEARTS: 1>)
    >>> read_meld(cards("KH AH 2H"))
    Traceback (most recent call last):
    ...
    ValueError: the cards are not in sequence, low to high (a run never wraps)
    >>> [(end, " ".join(map(str, written)), low)
    ...  for end, (written, low) in extensions(MeldKind.RUN, 5, Suit.HEARTS,
    ...                                        cards("5H 6H 7H"), cards("4H")[0]).items()]
    [(<End.LOW: 'low'>, '4H 5H 6H 7H', 4)]
"""

from __future__ import annotations

from enum import StrEnum

from games.rules.common.cards import DECK, RANK_CHARS, AnyCard, Card, Joker, Suit, cards

__all__ = [
    "End",
    "MeldKind",
    "MeldReading",
    "cards",
    "extensions",
    "natural_at",
    "read_meld",
    "run_cards",
]


class MeldKind(StrEnum):
    """A set or a run."""

    SET = "set"
    RUN = "run"


class End(StrEnum):
    """The end of a run a card is laid off at."""

    LOW = "low"
    HIGH = "high"


_PLACES: tuple[tuple[Card, ...], ...] = tuple(
    (DECK[suit * 13], *DECK[suit * 13 : suit * 13 + 13], DECK[suit * 13]) for suit in range(4)
)
"""Per suit, the natural card at each run place 0-14 (0 unused, 1 and 14 the ace): the
deck's own instances, so that lookups hit on identity."""


def natural_at(suit: Suit | int, place: int) -> Card:
    """The natural card at a run place (1-14; 1 and 14 are the ace)."""
    return _PLACES[suit][place]


def run_cards(suit: Suit | int, low: int, length: int) -> tuple[Card, ...]:
    """The natural cards of a run of ``suit`` from place ``low``, ``length`` places long."""
    return _PLACES[suit][low : low + length]


class MeldReading:
    """What a table meld reads off its cards, rank and suit: each game's table meld (a
    frozen dataclass with those fields) takes it as its base."""

    __slots__ = ()
    cards: tuple[AnyCard, ...]
    rank: int
    suit: Suit | None

    @property
    def jokers(self) -> int:
        """How many jokers it holds."""
        return sum(1 for card in self.cards if isinstance(card, Joker))

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """A run's natural card at each place (empty for a set)."""
        if self.suit is None:
            return ()
        return run_cards(self.suit, self.rank, len(self.cards))

    @property
    def rank_text(self) -> str:
        """A set's rank character (``"7"``, ``"T"``, ``"A"``)."""
        return RANK_CHARS[self.rank - 1]

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


def read_meld(written: tuple[AnyCard, ...]) -> tuple[MeldKind, int, Suit | None]:
    """``(kind, rank, suit)`` of a written meld: a set's rank (``suit`` ``None``), or a
    run's first place (1-12) and suit. Raises ``ValueError`` with the reason otherwise."""
    length = len(written)
    if length < 3:
        raise ValueError("a meld has at least 3 cards")
    naturals = [(place, card) for place, card in enumerate(written) if isinstance(card, Card)]
    if length - len(naturals) > len(naturals):
        raise ValueError("jokers may not outnumber the natural cards")
    first = naturals[0][1]
    if all(card.rank == first.rank for _, card in naturals):
        if length > 4:
            raise ValueError("a set has at most 4 cards")
        suits = [card.suit for _, card in naturals]
        if len(set(suits)) != len(suits):
            raise ValueError("a set may not hold two cards of the same suit")
        return MeldKind.SET, first.rank, None
    if any(card.suit != first.suit for _, card in naturals):
        raise ValueError("a meld is one rank (a set) or one suit in sequence (a run)")
    if length > 13:
        raise ValueError("a run has at most 13 cards (the ace is low or high, never both)")
    if len({card for _, card in naturals}) != len(naturals):
        raise ValueError("a meld may not hold a card twice")
    for place in range(length - 1):
        if isinstance(written[place], Joker) and isinstance(written[place + 1], Joker):
            raise ValueError("two jokers may not stand next to each other in a run")
    place0 = naturals[0][0]
    for rank0 in (first.rank, 14) if first.rank == 1 else (first.rank,):
        low = rank0 - place0
        if low < 1 or low + length - 1 > 14:
            continue
        if all(
            card.rank == low + place or (card.rank == 1 and low + place == 14)
            for place, card in naturals
        ):
            return MeldKind.RUN, low, first.suit
    raise ValueError("the cards are not in sequence, low to high (a run never wraps)")


def extensions(
    kind: MeldKind, rank: int, suit: Suit | None, written: tuple[AnyCard, ...], card: AnyCard
) -> dict[End | None, tuple[tuple[AnyCard, ...], int]]:
    """Where ``card`` fits on the meld ``written`` (of ``kind``, ``rank`` and ``suit`` as
    :func:`read_meld` gives them): ``{None: (cards, rank)}`` for a set, else ``{End.LOW:
    (cards, first place), End.HIGH: (cards, first place)}`` restricted to the ends that
    fit, each with the meld's cards and first place once the card is on it."""
    length = len(written)
    jokers = sum(1 for held in written if isinstance(held, Joker))
    if isinstance(card, Joker) and jokers + 1 > length - jokers:
        return {}
    if kind is MeldKind.SET:
        if length >= 4:
            return {}
        if isinstance(card, Card):
            suits = {held.suit for held in written if isinstance(held, Card)}
            if card.rank != rank or card.suit in suits:
                return {}
        return {None: ((*written, card), rank)}
    assert suit is not None
    out: dict[End | None, tuple[tuple[AnyCard, ...], int]] = {}
    low, high = rank, rank + length - 1
    if (
        low >= 2
        and not (low - 1 == 1 and high == 14)
        and (
            card == natural_at(suit, low - 1)
            if isinstance(card, Card)
            else not isinstance(written[0], Joker)
        )
    ):
        out[End.LOW] = ((card, *written), low - 1)
    if (
        high <= 13
        and not (low == 1 and high + 1 == 14)
        and (
            card == natural_at(suit, high + 1)
            if isinstance(card, Card)
            else not isinstance(written[-1], Joker)
        )
    ):
        out[End.HIGH] = ((*written, card), low)
    return out
