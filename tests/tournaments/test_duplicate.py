"""Duplicate deals: the same decks at every table, compared seat for seat."""

from __future__ import annotations

import hashlib

import pytest

from games.dealing import deck_commitment as games_commitment
from tournaments.formats import (
    ErrorCode,
    TournamentError,
    commitments_match,
    deal_commitments,
    deck_commitment,
    duplicate_comparison,
    duplicate_decks,
)

DECKS = [["AS", "2S", "3S"], ["KD", "QD", "JD"], ["TC", "9C", "8C"]]
SALTS = ["a" * 32, "b" * 32, "c" * 32]


def test_every_table_of_a_round_deals_the_same_decks_in_the_same_order():
    tables = [(1, 2), (3, 4), (5, 6)]
    assigned = duplicate_decks(tables, DECKS)
    assert len(assigned) == 3
    assert all(decks == tuple(DECKS) for decks in assigned)
    with pytest.raises(TournamentError) as caught:
        duplicate_decks(tables, [])
    assert caught.value.code is ErrorCode.INVALID_RECORD


def test_the_round_commits_to_each_deck_as_the_games_do():
    commitments = deal_commitments(DECKS, SALTS)
    expected = hashlib.sha256(("a" * 32 + ":AS,2S,3S").encode()).hexdigest()
    assert commitments[0] == expected
    assert list(commitments) == [games_commitment(s, d) for d, s in zip(DECKS, SALTS, strict=True)]
    assert deck_commitment(SALTS[1], DECKS[1]) == commitments[1]
    assert commitments_match(commitments, DECKS, SALTS)
    swapped = [DECKS[1], DECKS[0], DECKS[2]]
    assert not commitments_match(commitments, swapped, SALTS)
    assert not commitments_match(commitments, DECKS, SALTS[:2])


def test_results_are_compared_seat_for_seat_across_tables():
    tables = [(1, 2), (3, 4), (5, 6)]
    # results[table][deck][seat]: the seat's net points on that deal.
    results = [
        [[10, -10], [-5, 5]],
        [[20, -20], [-5, 5]],
        [[10, -10]],  # this table's game ended after one deal
    ]
    scores = {s.player: s for s in duplicate_comparison(tables, results)}
    # Deck 0, seat 0: 10 at table 0 ties table 2 and loses to table 1's 20.
    # Deck 1, seat 0: -5 ties table 1 (table 2 never dealt it).
    assert (scores[1].matchpoints, scores[1].max_matchpoints) == (1.0, 3)
    assert scores[1].differential == (10 - 15) + 0
    assert (scores[3].matchpoints, scores[3].max_matchpoints) == (2.5, 3)
    assert scores[3].differential == (20 - 10) + 0
    assert (scores[5].matchpoints, scores[5].max_matchpoints) == (0.5, 2)
    assert (scores[4].matchpoints, scores[4].percent) == (0.5, 100 * 0.5 / 3)
    assert (scores[2].matchpoints, scores[6].matchpoints) == (2.0, 1.5)


def test_only_tables_of_the_same_size_are_compared():
    scores = duplicate_comparison([(1, 2, 3), (4, 5)], [[[1, 2, 3]], [[1, 2]]])
    assert all(s.max_matchpoints == 0 and s.percent is None for s in scores)


def test_a_result_list_that_does_not_fit_the_tables_is_refused():
    with pytest.raises(TournamentError):
        duplicate_comparison([(1, 2)], [])
    with pytest.raises(TournamentError):
        duplicate_comparison([(1, 2)], [[[1, 2, 3]]])
