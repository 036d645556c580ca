"""Feeding and soft play at tables of three or more (Rummy, Indian Rummy).

**Feeding.** At a rummy table the seat after a player is the only one who can take that
player's discard. Every time a seat draws right after another seat's turn is a *chance* to
take the other's discard; :func:`feeding` compares, for each giver A and taker B, how
often B took A's discards with how often every other player took A's discards when they
sat after A (a two-proportion z-score), over at least ``min_chances`` chances of B's. A
friend who is fed takes far more of A's discards than A's other neighbours do.

**Soft play.** A player who could go out (or show) and did not, to spare one other player
at the table: :func:`soft_play` compares how often the player passed up going out with
that other player at the table and without them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .findings import Finding
from .stats import two_proportion_z


@dataclass(frozen=True, slots=True)
class Chance:
    """``taker`` drew right after ``giver``'s turn: ``took`` says whether it took the
    discard ``giver`` had just thrown."""

    giver: int
    taker: int
    took: bool


@dataclass(frozen=True, slots=True)
class FinishChance:
    """``player`` could have gone out (or shown) with ``others`` at the table, and
    ``declined`` says whether it did not."""

    player: int
    others: frozenset[int]
    declined: bool


def feeding(chances: Iterable[Chance], *, min_chances: int, min_z: float) -> list[Finding]:
    """A finding for each taker (``user``, the one fed) and giver (``other``) whose take
    rate is ``min_z`` standard errors or more above what the giver's other neighbours
    took, over at least ``min_chances`` chances."""
    tries: dict[tuple[int, int], int] = defaultdict(int)
    takes: dict[tuple[int, int], int] = defaultdict(int)
    given_tries: dict[int, int] = defaultdict(int)
    given_takes: dict[int, int] = defaultdict(int)
    for chance in chances:
        tries[(chance.giver, chance.taker)] += 1
        given_tries[chance.giver] += 1
        if chance.took:
            takes[(chance.giver, chance.taker)] += 1
            given_takes[chance.giver] += 1
    findings = []
    for (giver, taker), count in sorted(tries.items()):
        if count < max(min_chances, 1):
            continue
        took = takes[(giver, taker)]
        base_tries = given_tries[giver] - count
        base_takes = given_takes[giver] - took
        z = two_proportion_z(took, count, base_takes, base_tries)
        if z < min_z:
            continue
        findings.append(
            Finding(
                kind="feeding",
                user=taker,
                other=giver,
                score=round(z, 2),
                evidence={
                    "chances": count,
                    "taken": took,
                    "others_chances": base_tries,
                    "others_taken": base_takes,
                    "z": round(z, 2),
                },
            )
        )
    return findings


def soft_play(chances: Iterable[FinishChance], *, min_chances: int, min_z: float) -> list[Finding]:
    """A finding for each player (``user``) and table-mate (``other``) such that the
    player passed up going out with ``other`` at the table ``min_z`` standard errors more
    often than without them, over at least ``min_chances`` chances with them."""
    listed = list(chances)
    by_player: dict[int, list[FinishChance]] = defaultdict(list)
    for chance in listed:
        by_player[chance.player].append(chance)
    findings = []
    for player, own in sorted(by_player.items()):
        mates = sorted({mate for chance in own for mate in chance.others})
        for mate in mates:
            with_mate = [chance for chance in own if mate in chance.others]
            if len(with_mate) < max(min_chances, 1):
                continue
            without = [chance for chance in own if mate not in chance.others]
            declined = sum(chance.declined for chance in with_mate)
            base = sum(chance.declined for chance in without)
            z = two_proportion_z(declined, len(with_mate), base, len(without))
            if z < min_z:
                continue
            findings.append(
                Finding(
                    kind="soft_play",
                    user=player,
                    other=mate,
                    score=round(z, 2),
                    evidence={
                        "chances_with": len(with_mate),
                        "declined_with": declined,
                        "chances_without": len(without),
                        "declined_without": base,
                        "z": round(z, 2),
                    },
                )
            )
    return findings
