"""Duplicate deals: every table of a round plays the same decks, compared seat for seat.

With duplicate deals on (a Swiss or knockout option), the server draws the round's decks
once, in dealing order, and every table deals deck 1 for its first deal, deck 2 for its
second, and so on (:func:`duplicate_decks`). When the round starts it publishes one
commitment per deck (:func:`deal_commitments`): ``sha256(salt + ":" + ",".join(deck))``,
the very commitment a game shows for its deal, since every table deals the same deck with
the same salt; when the round ends (every table finished) it reveals decks and salts, and
anyone can check them (:func:`commitments_match`).

Game results still decide the tournament (points, who goes through). The comparison is a
second table that takes the luck of the cards out: a player is compared with the players
who held the same seat, so the same cards, at the other tables of the same size.

Comparison (:func:`duplicate_comparison`), per deck and seat, between tables of the same
number of seats that both played that deck (a game may end before its last deck):

* matchpoints, as in duplicate bridge: 1 for every such table whose same-seat result this
  one beats, ½ for every tie, 0 otherwise; ``max_matchpoints`` counts the comparisons;
* differential: this result minus the mean of the other tables' same-seat results.

A seat's *result* on a deal is a number where more is better, chosen by the game: for Gin,
the points the seat scored on the deal minus the points its opponent scored; for a table,
minus the penalty points the seat took. A player's figures are the sums over the decks.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.types import PlayerId

DeckT = TypeVar("DeckT")


def duplicate_decks(
    tables: Sequence[Sequence[PlayerId]], decks: Sequence[DeckT]
) -> tuple[tuple[DeckT, ...], ...]:
    """The decks each table deals, in order: the same list, ``decks``, for every table."""
    if not decks:
        raise TournamentError(
            ErrorCode.INVALID_RECORD, "a duplicate round needs decks", field="decks"
        )
    shared = tuple(decks)
    return tuple(shared for _ in tables)


def deck_commitment(salt: str, deck: Sequence[str]) -> str:
    """``sha256(salt + ":" + ",".join(deck))`` as lowercase hex, as every game commits."""
    return hashlib.sha256(f"{salt}:{','.join(deck)}".encode()).hexdigest()


def deal_commitments(decks: Sequence[Sequence[str]], salts: Sequence[str]) -> tuple[str, ...]:
    """The commitments published when the round starts: one per deck, in dealing order."""
    if len(decks) != len(salts):
        raise TournamentError(ErrorCode.INVALID_RECORD, "one salt per deck", field="salts")
    return tuple(deck_commitment(salt, deck) for deck, salt in zip(decks, salts, strict=True))


def commitments_match(
    commitments: Sequence[str], decks: Sequence[Sequence[str]], salts: Sequence[str]
) -> bool:
    """Whether revealed decks and salts are the ones committed to."""
    return len(decks) == len(salts) and tuple(commitments) == deal_commitments(decks, salts)


@dataclass(frozen=True, slots=True, kw_only=True)
class DuplicateScore:
    """One player's duplicate comparison over a round."""

    player: PlayerId
    table: int
    seat: int
    matchpoints: float
    max_matchpoints: int
    differential: float

    @property
    def percent(self) -> float | None:
        """Matchpoints as a share of the most possible (None with nobody to compare with)."""
        if self.max_matchpoints == 0:
            return None
        return 100.0 * self.matchpoints / self.max_matchpoints


def duplicate_comparison(
    tables: Sequence[Sequence[PlayerId]], results: Sequence[Sequence[Sequence[float]]]
) -> tuple[DuplicateScore, ...]:
    """Every seated player's comparison, in table and seat order.

    ``results[t][d][s]`` is seat ``s``'s result on deck ``d`` at table ``t``; a table lists
    the decks it played (a prefix of the round's decks).
    """
    if len(results) != len(tables):
        raise TournamentError(ErrorCode.INVALID_RECORD, "one result list per table")
    for t, (players, deals) in enumerate(zip(tables, results, strict=True)):
        if any(len(deal) != len(players) for deal in deals):
            raise TournamentError(
                ErrorCode.INVALID_RECORD, f"table {t}: one result per seat on every deal"
            )
    out: list[DuplicateScore] = []
    for t, players in enumerate(tables):
        peers = [u for u, other in enumerate(tables) if u != t and len(other) == len(players)]
        for seat, player in enumerate(players):
            points = 0.0
            comparisons = 0
            differential = 0.0
            for d, deal in enumerate(results[t]):
                mine = deal[seat]
                theirs = [results[u][d][seat] for u in peers if d < len(results[u])]
                for other in theirs:
                    points += 1.0 if mine > other else 0.5 if mine == other else 0.0
                comparisons += len(theirs)
                if theirs:
                    differential += mine - sum(theirs) / len(theirs)
            out.append(
                DuplicateScore(
                    player=player,
                    table=t,
                    seat=seat,
                    matchpoints=points,
                    max_matchpoints=comparisons,
                    differential=differential,
                )
            )
    return tuple(out)
