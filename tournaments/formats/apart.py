"""Players kept apart: pairs never to share a table when another seating exists.

Fair play gives the server the pairs of players seen on one device (one person with two
accounts, or two people who could see each other's cards); the pairings take them as
``apart``. The 1-v-1 matchings (arena, Swiss) never join such a pair; tables are seated
as the format says and then repaired here by swapping players between tables.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from tournaments.formats.types import PlayerId

Apart = Collection[tuple[PlayerId, PlayerId]]
"""Pairs of players (either order) never to be seated together."""


def apart_pairs(apart: Iterable[Iterable[PlayerId]]) -> frozenset[frozenset[PlayerId]]:
    return frozenset(frozenset(pair) for pair in apart)


def clashes(table: Sequence[PlayerId | None], pairs: Collection[frozenset[PlayerId]]) -> int:
    """How many pairs of ``pairs`` the table seats together."""
    seated = [p for p in table if p is not None]
    return sum(
        frozenset((a, b)) in pairs for i, a in enumerate(seated) for b in seated[i + 1 :]
    )


def keep_apart(
    tables: Sequence[tuple[PlayerId | None, ...]], apart: Iterable[Iterable[PlayerId]]
) -> tuple[tuple[PlayerId | None, ...], ...]:
    """``tables`` with players swapped between them (each keeping the seat it takes) until
    no table seats a pair of ``apart``, or no swap removes one: a swap is tried with the
    nearest table first, and only a swap that lowers the pairs seated together is made, so a seating
    that cannot be repaired (a single table, too many pairs) is left as good as it gets.
    An empty seat (``None``: a bracket's bye) is never moved.

    >>> keep_apart([(1, 2), (3, 4)], [(1, 2)])
    ((3, 2), (1, 4))
    >>> keep_apart([(1, 2, 3)], [(1, 2)])
    ((1, 2, 3),)
    """
    pairs = apart_pairs(apart)
    seats = [list(t) for t in tables]
    if not pairs or len(seats) < 2:
        return tuple(tuple(t) for t in seats)
    changed = True
    while changed:
        changed = False
        for i, table in enumerate(seats):
            for pos, player in enumerate(table):
                if player is None or clashes(table, pairs) == 0:
                    continue
                if not any(frozenset((player, o)) in pairs for o in table if o is not None):
                    continue
                if _swap(seats, i, pos, pairs):
                    changed = True
                    table = seats[i]
    return tuple(tuple(t) for t in seats)


def _swap(
    seats: list[list[PlayerId | None]], i: int, pos: int, pairs: Collection[frozenset[PlayerId]]
) -> bool:
    """Swap the player at ``seats[i][pos]`` with one of another table when that lowers the
    pairs seated together; True if it did."""
    before_i = clashes(seats[i], pairs)
    for j in sorted(range(len(seats)), key=lambda k: (abs(k - i), k)):
        if j == i:
            continue
        before_j = clashes(seats[j], pairs)
        for q, other in enumerate(seats[j]):
            if other is None:
                continue
            new_i = [*seats[i][:pos], other, *seats[i][pos + 1 :]]
            new_j = [*seats[j][:q], seats[i][pos], *seats[j][q + 1 :]]
            if clashes(new_i, pairs) + clashes(new_j, pairs) < before_i + before_j:
                seats[i], seats[j] = new_i, new_j
                return True
    return False
