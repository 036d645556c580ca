"""Knockout: seeded brackets with byes, best-of-K matches, tables whose top half goes on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.helpers import entries
from tournaments.formats import (
    ErrorCode,
    Game,
    TournamentError,
    bracket,
    bracket_order,
    knockout_state,
    match_state,
    seed_order,
    split_tables,
    table_knockout_state,
)

SEEDS = list(range(101, 165))  # seed k is player 100 + k


def seeds(n):
    return SEEDS[:n]


def seed_numbers(pairs):
    return [(a - 100, None if b is None else b - 100) for a, b in pairs]


def test_a_bracket_of_eight_puts_one_against_eight_and_one_and_two_in_opposite_halves():
    assert seed_numbers(bracket(seeds(8))) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_a_bracket_of_five_gives_byes_to_the_top_three_seeds():
    assert seed_numbers(bracket(seeds(5))) == [(1, None), (4, 5), (2, None), (3, None)]


def test_a_bracket_of_thirteen_gives_byes_to_the_top_three_seeds():
    assert seed_numbers(bracket(seeds(13))) == [
        (1, None),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, None),
        (7, 10),
        (3, None),
        (6, 11),
    ]


@given(st.integers(min_value=2, max_value=64))
def test_every_bracket_seats_each_seed_once_with_byes_to_the_top_seeds(n):
    pairs = seed_numbers(bracket(seeds(n)))
    size = 2 * len(pairs)
    assert size >= n > size // 2
    seated = sorted(s for pair in pairs for s in pair if s is not None)
    assert seated == list(range(1, n + 1))
    assert sorted(a for a, b in pairs if b is None) == list(range(1, size - n + 1))
    assert all(b is None or a + b == size + 1 for a, b in pairs)  # 1 v N, 2 v N-1, ...
    half = len(pairs) // 2
    top = {s for pair in pairs[:half] for s in pair} if half else {1}
    assert 1 in top and (n < 2 or half == 0 or 2 not in top)


@given(st.integers(min_value=2, max_value=64))
def test_when_the_better_seed_always_wins_the_last_four_are_the_top_four(n):
    players = seeds(n)
    games = []
    state = knockout_state(players, games, 1)
    while not state.over:
        for match in state.to_play:
            a, b = match.players
            games.append(Game.decided(round=match.round, players=(a, b), winner=min(a, b)))
        state = knockout_state(players, games, 1)
    assert state.champion == 101
    final = state.rounds[-1][0]
    assert final.players == (101, 102)
    if n >= 4:
        semis = {p for m in state.rounds[-2] for p in m.players}
        assert semis == {101, 102, 103, 104}
    assert [p for p, _ in state.ranking()][:2] == [101, 102]


def test_bracket_order_is_the_standard_seeding():
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(16)[:4] == (1, 16, 8, 9)
    with pytest.raises(ValueError):
        bracket_order(6)


def test_a_knockout_needs_two_players():
    with pytest.raises(TournamentError) as caught:
        bracket([7])
    assert caught.value.code is ErrorCode.INVALID_SETTINGS


def g(winner, loser, round=1, draw=False):
    return Game.decided(round=round, players=(winner, loser), winner=None if draw else winner)


def test_a_best_of_three_goes_to_the_first_to_two_wins():
    state = match_state((1, 2), [g(1, 2)], 3)
    assert (state.winner, state.decider, state.next_seats) == (None, False, (2, 1))
    state = match_state((1, 2), [g(1, 2), g(2, 1)], 3)
    assert (state.winner, state.decider, state.next_seats) == (None, True, (1, 2))
    state = match_state((1, 2), [g(1, 2), g(2, 1), g(2, 1)], 3)
    assert (state.winner, state.wins, state.next_seats) == (2, (1, 2), None)
    assert match_state((1, 2), [g(1, 2), g(1, 2)], 3).winner == 1


def test_a_drawn_game_counts_for_nobody_and_another_is_played():
    state = match_state((1, 2), [g(1, 2), g(2, 1), g(1, 2, draw=True)], 3)
    assert (state.winner, state.draws, state.decider) == (None, 1, True)
    assert state.next_seats == (2, 1)


def test_a_match_always_ends_after_twice_best_of_games():
    draws = [g(1, 2, draw=True)] * 5
    assert match_state((1, 2), draws, 3).winner is None
    assert match_state((1, 2), [*draws, g(2, 1)], 3).winner == 2  # more wins after six
    assert match_state((1, 2), [*draws, g(2, 1, draw=True)], 3).winner == 1  # better seed


def test_a_game_being_played_holds_the_next_one_back():
    state = match_state((1, 2), [g(1, 2), Game(round=1, players=(2, 1))], 3)
    assert state.in_progress and state.next_seats is None and state.winner is None


def test_a_withdrawn_player_loses_the_match():
    assert match_state((1, 2), [], 3, withdrawn={1}).winner == 2
    assert match_state((1, 2), [g(1, 2), g(1, 2)], 3, withdrawn={1}).winner == 1


def test_a_bracket_moves_on_as_matches_are_won_and_byes_go_straight_through():
    players = seeds(5)  # 101 bye, 104 v 105, 102 bye, 103 bye
    state = knockout_state(players, [], 3)
    assert state.rounds[1][0].players == (101, None)  # 101's opponent not known yet
    # A match starts as soon as both its players are known: 102 v 103 need not wait.
    assert [m.players for m in state.to_play] == [(104, 105), (102, 103)]
    assert state.to_play[0].state.next_seats == (104, 105)
    games = [g(105, 104), g(105, 104)]
    state = knockout_state(players, games, 3)
    assert state.rounds[1][0].players == (101, 105)
    assert {m.players for m in state.to_play} == {(101, 105), (102, 103)}
    assert state.champion is None and not state.over


def test_seeds_go_by_rating_then_join_order():
    field = entries(1500, 1700, 1500, 1900)
    assert seed_order(field) == (4, 2, 1, 3)


def test_knockout_tables_send_the_top_half_of_each_table_through():
    players = list(range(1, 9))  # eight players, tables of four
    state = table_knockout_state(players, [], 4)
    assert [t.players for t in state.rounds[0]] == [(1, 4, 5, 8), (2, 3, 6, 7)]
    games = [
        Game(round=1, players=(1, 4, 5, 8), places=(3, 1, 2, 4)),
        Game(round=1, players=(2, 3, 6, 7), places=(1, 2, 2, 4)),  # 3 and 6 tie second
    ]
    state = table_knockout_state(players, games, 4)
    assert [t.advancing for t in state.rounds[0]] == [(4, 5), (2, 3)]  # the tie to seed 3
    final = state.rounds[1][0]
    assert final.final and final.players == (2, 3, 4, 5)
    games.append(Game(round=2, players=(2, 3, 4, 5), places=(2, 3, 1, 4)))
    state = table_knockout_state(players, games, 4)
    assert state.over and state.champion == 4
    assert state.ranking() == (
        (4, None),
        (2, 2),
        (3, 2),
        (5, 2),
        (1, 1),
        (6, 1),
        (7, 1),  # fourth at their tables: 7 is the better seed
        (8, 1),
    )


def test_a_player_who_conceded_before_moving_never_goes_through():
    players = [1, 2, 3, 4, 5, 6]
    no_show = Game(round=1, players=(1, 4, 5), places=(1, 2, 3), conceded_by=1, own_moves=(0, 5, 5))
    state = table_knockout_state(players, [no_show], 3)
    assert state.rounds[0][0].advancing == (4,)


def test_table_sizes_differ_by_at_most_one():
    for n in range(1, 65):
        for size in range(2, 7):
            sizes = split_tables(n, size)
            assert sum(sizes) == n and max(sizes) <= size and max(sizes) - min(sizes) <= 1
