"""Players kept apart (fair play saw them on one device) in every format's pairings: never
paired 1-v-1 when another opponent exists, never at one table when a swap parts them, and a
bracket that parts them the same way every time it is rebuilt."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.helpers import arena, at, entries, swiss
from tournaments.formats import (
    Format,
    Game,
    Settings,
    Waiting,
    arena_pairings,
    knockout_for,
    seed_order,
    swiss_pairings,
)
from tournaments.formats.apart import clashes, keep_apart


def together(groups, a: int, b: int) -> bool:
    return any({a, b} <= set(group) for group in groups)


def waiting(*players: int) -> list[Waiting]:
    return [Waiting(player=p, since=at(1)) for p in players]


def test_keep_apart_swaps_with_the_nearest_table_and_keeps_each_seat():
    assert keep_apart([(1, 2), (3, 4), (5, 6)], [(1, 2)]) == ((3, 2), (1, 4), (5, 6))


def test_keep_apart_leaves_a_single_table_as_it_is_and_never_moves_an_empty_seat():
    assert keep_apart([(1, 2, 3)], [(1, 2)]) == ((1, 2, 3),)
    assert keep_apart([(1, None), (2, 3)], [(2, 3)]) == ((2, None), (1, 3))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(4, 18).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(2, 6),
            st.lists(st.tuples(st.integers(1, n), st.integers(1, n)), max_size=n // 2),
        )
    )
)
def test_keep_apart_never_adds_a_clash_and_keeps_every_player(case):
    n, size, raw = case
    apart = {frozenset(p) for p in raw if p[0] != p[1]}
    players = list(range(1, n + 1))
    tables = [tuple(players[i : i + size]) for i in range(0, n, size)]
    kept = keep_apart(tables, apart)
    assert sorted(p for t in kept for p in t) == players
    assert [len(t) for t in kept] == [len(t) for t in tables]
    assert sum(clashes(t, apart) for t in kept) <= sum(clashes(t, apart) for t in tables)


def test_an_arena_never_pairs_players_kept_apart_and_pairs_them_with_others():
    pairs = arena_pairings(
        arena(),
        waiting=waiting(1, 2, 3, 4),
        active_count=4,
        last_opponents={},
        ranks={1: 1, 2: 2, 3: 3, 4: 4},  # by rank alone, 1 meets 2
        ratings={},
        now=at(5),
        apart=[(1, 2)],
    )
    assert len(pairs) == 2 and not together(pairs, 1, 2)


def test_two_arena_players_kept_apart_wait_for_someone_else():
    pairs = arena_pairings(
        arena(),
        waiting=waiting(1, 2),
        active_count=2,
        last_opponents={},
        ranks={},
        ratings={},
        now=at(5),
        apart=[(2, 1)],
    )
    assert pairs == ()


def test_an_arena_at_tables_seats_players_kept_apart_at_different_tables():
    pairs = arena_pairings(
        arena(table_size=3),
        waiting=waiting(*range(1, 7)),
        active_count=6,
        last_opponents={},
        ranks={p: p for p in range(1, 7)},  # by rank alone: (1, 2, 3) and (4, 5, 6)
        ratings={},
        now=at(5),
        apart=[(1, 3)],
    )
    assert sorted(len(t) for t in pairs) == [3, 3] and not together(pairs, 1, 3)


@pytest.mark.parametrize("table_size", [2, 3])
def test_swiss_never_pairs_players_kept_apart_when_others_are_free(table_size):
    field = entries(*[1500.0] * 6)
    paired = swiss_pairings(
        swiss(3, table_size), round_no=1, entries=field, records=[], apart=[(1, 2), (3, 4)]
    )
    assert not together(paired.tables, 1, 2) and not together(paired.tables, 3, 4)
    assert sorted(p for t in paired.tables for p in t) == list(range(1, 7))


def test_a_knockout_bracket_parts_players_kept_apart_in_its_first_round_and_stays_so():
    knockout = Settings(format=Format.KNOCKOUT)
    seeds = seed_order(entries(1900, 1800, 1700, 1600))  # 1 v 4, 2 v 3
    plain = knockout_for(knockout, seeds, [])
    assert together([m.players for m in plain.rounds[0]], 1, 4)
    kept = replace(knockout, apart=((1, 4),))
    state = knockout_for(kept, seeds, [])
    first = [m.players for m in state.rounds[0]]
    assert not together(first, 1, 4)
    assert all(seeds.index(a) < seeds.index(b) for a, b in first)  # better seed first
    played = [Game.decided(round=1, players=p, winner=p[0], ended_at=at(1)) for p in first]
    after = knockout_for(kept, seeds, played)
    assert [m.players for m in after.rounds[0]] == first
    assert all(m.winner is not None for m in after.rounds[0])


def test_a_knockout_at_tables_parts_players_kept_apart_until_the_final_table():
    tables = Settings(format=Format.KNOCKOUT, table_size=3)
    seeds = seed_order(entries(*[1500.0] * 9))  # snake: (1, 6, 7), (2, 5, 8), (3, 4, 9)
    apart = ((1, 6), (2, 8), (4, 9))
    state = knockout_for(replace(tables, apart=apart), seeds, [])
    first = [t.players for t in state.rounds[0]]
    assert sorted(p for t in first for p in t) == list(range(1, 10))
    for a, b in apart:
        assert not together(first, a, b)
    assert all(list(t) == sorted(t, key=seeds.index) for t in first)  # seed order


def test_players_kept_apart_who_cannot_be_parted_still_play():
    pairs = list(combinations(range(1, 5), 2))  # everyone shares one device
    paired = swiss_pairings(
        swiss(3, 4), round_no=1, entries=entries(*[1500.0] * 4), records=[], apart=pairs
    )
    assert [sorted(t) for t in paired.tables] == [[1, 2, 3, 4]]
