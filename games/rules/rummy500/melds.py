"""Rummy 500's melds: reading a written meld, table melds with who laid each card, their
points, lay-offs, and the search behind the picked-card rule (kept apart from the state
machine).

A meld is written as a card list. A set is 3 or 4 cards of one rank, no two of the same
suit; a joker in a set stands for the set's rank. A run is 3 or more cards of one suit in
sequence, written low to high; a joker stands for the card at its place. The ace is low
(``A 2 3``, place 1) or high (``Q K A``, place 14), never both in one run, and a run never
wraps. Jokers never outnumber the natural cards of a meld, and two jokers never stand next
to each other in a run.

Points on the table: a card's value (2-10 face, J Q K 10, the ace 15) with a joker valued
as what it stands for, except the ace at the low end of a run (place 1), which scores 1.

    >>> read_meld(cards("AH 2H 3H"))
    (<MeldKind.RUN: 'run'>, 1, <Suit.HEARTS: 1>)
    >>> table_meld(0, 1, cards("AH 2H XX", jokers=True)).points_by(2)
    (0, 6)
    >>> table_meld(0, 0, cards("QH KH AH")).points_by(1)
    (35,)
    >>> [str(c) for c in meld_with(cards("7S")[0], cards("7S 7H 8S 9S 2C"))]
    ['7S', '8S', '9S']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from games.rules.common.cards import Suit
from games.rules.common.melds import (
    End,
    MeldKind,
    MeldReading,
    extensions,
    natural_at,
    read_meld,
)
from games.rules.rummy500.cards import JOKER, AnyCard, Card, cards

__all__ = [
    "TEMPLATES",
    "End",
    "MeldKind",
    "TableMeld",
    "cards",
    "has_meld",
    "layoff_fits",
    "meld_with",
    "melds_in",
    "place_value",
    "read_meld",
    "table_meld",
]


def place_value(place: int) -> int:
    """Points of a run's place on the table: the ace low 1, the ace high 15, J Q K 10."""
    if place == 1:
        return 1
    if place == 14:
        return 15
    return min(place, 10)


def rank_value(rank: int) -> int:
    """Points of a set's card of ``rank`` on the table: the ace 15, J Q K 10."""
    return 15 if rank == 1 else min(rank, 10)


@dataclass(frozen=True, slots=True)
class TableMeld(MeldReading):
    """A meld on the table, with the seat that put each of its cards there.

    ``cards`` as placed: a run low to high, a set in the order its cards came. ``rank`` is
    a set's rank, or a run's first place (1-12; place 14 is the ace high). ``suit`` is a
    run's suit (``None`` for a set). ``laid_by[i]`` is the seat that put ``cards[i]`` down.
    """

    id: int
    """Index on the table (oldest first, from 0)."""
    owner: int
    """The seat that melded it."""
    kind: MeldKind
    """Set or run."""
    cards: tuple[AnyCard, ...]
    """The cards, as placed."""
    rank: int
    """A set's rank (1-13) or a run's first place (1-12)."""
    suit: Suit | None
    """A run's suit."""
    laid_by: tuple[int, ...]
    """The seat that put each card there, in the order of :attr:`cards`."""

    def card_points(self, index: int) -> int:
        """The table points of the card at ``index``."""
        if self.kind is MeldKind.SET:
            return rank_value(self.rank)
        return place_value(self.rank + index)

    def points_by(self, seats: int) -> tuple[int, ...]:
        """Its table points per seat, by who laid each card."""
        out = [0] * seats
        for index, seat in enumerate(self.laid_by):
            out[seat] += self.card_points(index)
        return tuple(out)



def table_meld(
    id: int, owner: int, written: tuple[AnyCard, ...], laid_by: tuple[int, ...] | None = None
) -> TableMeld:
    """A table meld from written cards, every card laid by ``owner`` unless ``laid_by``
    says otherwise (``ValueError`` when they are not a meld)."""
    kind, rank, suit = read_meld(written)
    by = (owner,) * len(written) if laid_by is None else laid_by
    if len(by) != len(written):
        raise ValueError("laid_by must name one seat per card")
    return TableMeld(id, owner, kind, written, rank, suit, by)


def layoff_fits(meld: TableMeld, card: AnyCard, seat: int) -> dict[End | None, TableMeld]:
    """Where ``card`` may be laid off on ``meld`` by ``seat``: ``{None: new}`` for a set,
    else ``{End.LOW: new, End.HIGH: new}`` restricted to the ends that fit."""
    return {
        end: TableMeld(
            meld.id, meld.owner, meld.kind, written, rank, meld.suit,
            (seat, *meld.laid_by) if end is End.LOW else (*meld.laid_by, seat),
        )
        for end, (written, rank) in extensions(
            meld.kind, meld.rank, meld.suit, meld.cards, card
        ).items()
    }


# --------------------------------------------------------------------------------------
# The search: three-card melds
# --------------------------------------------------------------------------------------


def _templates() -> tuple[tuple[Card, Card, Card], ...]:
    out: list[tuple[Card, Card, Card]] = []
    for rank in range(1, 14):
        suits = range(4)
        for left in suits:
            for right in suits:
                if right <= left:
                    continue
                for third in suits:
                    if third <= right:
                        continue
                    out.append((natural_at(left, rank), natural_at(right, rank),
                                natural_at(third, rank)))
    for suit in range(4):
        for start in range(1, 13):
            out.append((natural_at(suit, start), natural_at(suit, start + 1),
                        natural_at(suit, start + 2)))
    return tuple(out)


TEMPLATES: tuple[tuple[Card, Card, Card], ...] = _templates()
"""Every three-card meld of natural cards, written: 52 sets and 48 runs. Every meld holds
one of three cards that holds any given card of it (a longer run has a three-card stretch
around each card with at most one joker), so a search for *some* meld with a card looks
at these only, with a joker in at most one place."""


def _with_joker(template: tuple[Card, Card, Card], place: int) -> tuple[AnyCard, ...]:
    return tuple(JOKER if i == place else card for i, card in enumerate(template))


def three_card_melds(held: Iterable[AnyCard]) -> Iterator[tuple[AnyCard, ...]]:
    """Every three-card meld the cards ``held`` make, as written (a joker in place of at
    most one card)."""
    cards_held = set(held)
    joker = JOKER in cards_held
    for template in TEMPLATES:
        missing = [i for i, card in enumerate(template) if card not in cards_held]
        if not missing:
            yield template
        elif joker and len(missing) == 1:
            yield _with_joker(template, missing[0])


def has_meld(held: Iterable[AnyCard]) -> bool:
    """Whether the cards ``held`` make at least one meld."""
    return next(three_card_melds(held), None) is not None


def meld_with(card: AnyCard, held: Iterable[AnyCard]) -> tuple[AnyCard, ...] | None:
    """A three-card meld of the cards ``held`` that uses ``card`` (one of them), as
    written, else ``None``."""
    for meld in three_card_melds(held):
        if card in meld:
            return meld
    return None


def melds_in(held: Iterable[AnyCard]) -> list[tuple[AnyCard, ...]]:
    """Every three-card meld the cards ``held`` make (see :func:`three_card_melds`)."""
    return list(three_card_melds(held))
