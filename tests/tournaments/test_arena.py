"""Arena pairings: at once, never the last opponent, the newest sits out, closing time."""

from __future__ import annotations

import random
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.helpers import START, arena, at, players_of, win
from tournaments.formats import (
    Game,
    Waiting,
    arena_pairing_closes_at,
    arena_pairing_open,
    arena_pairings,
    last_opponents,
)
from tournaments.formats.arena import LARGE_ARENA


def waiting(*players, minute=10.0):
    """Players waiting since ``minute``, one second apart in the order given (oldest first)."""
    return [Waiting(p, at(minute) + timedelta(seconds=i)) for i, p in enumerate(players)]


def pair(players, *, active=None, last=None, ranks=None, ratings=None, now=None, **kw):
    queue = waiting(*players)
    return arena_pairings(
        kw.get("settings", arena()),
        waiting=queue,
        active_count=len(players) if active is None else active,
        last_opponents=last or {},
        ranks=ranks or {p: p for p in players},
        ratings=ratings or {},
        now=now or at(11),
    )


def test_waiting_players_are_paired_at_once_nearest_in_rank():
    assert pair([4, 1, 3, 2]) == ((1, 2), (3, 4))


def test_the_newest_arrival_sits_out_on_an_odd_count():
    assert pair([5, 1, 2]) == ((1, 5),)  # 2 arrived last
    assert pair([2, 1, 5]) == ((1, 2),)


def test_the_newest_arrival_plays_when_the_others_cannot_play_each_other():
    # 1 and 2 have just played each other; 3 arrived last but is the only way to a game.
    games = pair([1, 2, 3], last={1: {2}, 2: {1}})
    assert len(games) == 1 and 3 in games[0]


def test_never_the_last_opponent_with_three_or_more_active():
    assert pair([1, 2], active=3, last={1: {2}, 2: {1}}) == ()
    assert pair([1, 2, 3, 4], last={1: {2}, 2: {1}}) == ((1, 3), (2, 4))


def test_the_last_opponent_again_when_only_two_are_active():
    assert pair([1, 2], active=2, last={1: {2}, 2: {1}}) == ((1, 2),)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=3, max_value=LARGE_ARENA - 1),
    st.randoms(use_true_random=False),
)
def test_no_back_to_back_rematch_and_nobody_left_who_could_play(active, rng):
    players = list(range(1, active + 1))
    queue = rng.sample(players, rng.randint(0, active))
    shuffled = list(players)
    rng.shuffle(shuffled)
    last = {}
    for a, b in zip(shuffled[::2], shuffled[1::2], strict=False):
        last[a], last[b] = {b}, {a}
    ranks = {p: i for i, p in enumerate(rng.sample(players, active), start=1)}
    games = arena_pairings(
        arena(),
        waiting=waiting(*queue),
        active_count=active,
        last_opponents=last,
        ranks=ranks,
        ratings={},
        now=at(11),
    )
    seated = players_of(games)
    assert len(seated) == len(set(seated)) and set(seated) <= set(queue)
    for a, b in games:
        assert b not in last.get(a, ())
        assert ranks[a] < ranks[b]
    left = [p for p in queue if p not in seated]
    for i, a in enumerate(left):
        for b in left[i + 1 :]:
            assert b in last.get(a, ()), f"{a} and {b} could have played"


def test_pairing_closes_near_the_end():
    hour = arena(minutes=60)
    assert arena_pairing_closes_at(hour) == at(57)  # 5 % of an hour is 3 minutes
    short = arena(minutes=5)
    assert arena_pairing_closes_at(short) == at(5) - timedelta(seconds=30)  # at least 30 s
    assert arena_pairing_open(hour, at(56.99))
    assert not arena_pairing_open(hour, at(57))
    assert not arena_pairing_open(hour, START - timedelta(seconds=1))
    assert pair([1, 2], now=at(58)) == ()
    assert pair([1, 2], now=at(56)) == ((1, 2),)


def test_large_arenas_wait_for_a_tenth_of_the_players_or_ten_seconds():
    active = 40
    ranks = {p: p for p in range(1, active + 1)}
    queue = waiting(1, 2, 3, minute=10)
    common = dict(active_count=active, last_opponents={}, ranks=ranks, ratings={})
    assert arena_pairings(arena(), waiting=queue, now=at(10) + timedelta(seconds=5), **common) == ()
    assert arena_pairings(arena(), waiting=queue, now=at(10) + timedelta(seconds=10), **common) == (
        (1, 2),
    )
    four = waiting(1, 2, 3, 4, minute=10)
    assert arena_pairings(arena(), waiting=four, now=at(10), **common) == ((1, 2), (3, 4))


def test_large_arenas_weigh_rating_gaps_as_well_as_rank_gaps():
    # Four players at the bottom of a 40-player arena: by rank 37 v 38 and 39 v 40, but
    # 37 and 39 are rated 1000 and 38 and 40 are rated 3000.
    ratings = {37: 1000, 38: 3000, 39: 1000, 40: 3000}
    ranks = {p: p for p in range(1, 41)}
    small = pair([37, 38, 39, 40], active=29, ranks=ranks, ratings=ratings)
    assert small == ((37, 38), (39, 40))
    large = pair([37, 38, 39, 40], active=40, ranks=ranks, ratings=ratings)
    assert large == ((37, 39), (38, 40))


def test_a_thousand_waiting_players_are_all_paired_without_a_rematch():
    rng = random.Random(5)
    players = list(range(1, 1001))
    ranks = {p: i for i, p in enumerate(rng.sample(players, 1000), start=1)}
    ratings = {p: rng.gauss(1500, 300) for p in players}
    shuffled = rng.sample(players, 1000)
    last = {}
    for a, b in zip(shuffled[::2], shuffled[1::2], strict=True):
        last[a], last[b] = {b}, {a}
    games = arena_pairings(
        arena(),
        waiting=waiting(*players),
        active_count=1000,
        last_opponents=last,
        ranks=ranks,
        ratings=ratings,
        now=at(30),
    )
    assert sorted(players_of(games)) == players
    assert all(b not in last[a] for a, b in games)
    # Partners are near each other in the standings.
    assert max(abs(ranks[a] - ranks[b]) for a, b in games) <= 8


def test_tables_seat_full_tables_by_rank_and_the_newest_wait():
    four = arena(table_size=4)
    ranks = {p: p for p in range(1, 10)}
    games = pair([9, 8, 7, 6, 5, 4, 3, 2, 1], active=12, ranks=ranks, settings=four)
    # 9 waiting, 3 playing: two full tables; 1 arrived last and waits.
    assert games == ((2, 3, 4, 5), (6, 7, 8, 9))


def test_tables_seat_everyone_when_nobody_else_is_playing():
    four = arena(table_size=4)
    assert pair([1, 2, 3, 4, 5, 6], active=6, settings=four) == ((1, 2, 3), (4, 5, 6))
    assert pair([1, 2, 3], active=3, settings=four) == ((1, 2, 3),)
    assert pair([1, 2, 3], active=5, settings=four) == ()


def test_last_opponents_come_from_each_players_latest_game():
    games = [
        win(1, 2, minute=1),
        win(3, 1, minute=5),
        win(2, 4, minute=3),
        Game(round=0, players=(4, 5)),  # being played: the latest for 4 and 5
        Game(round=0, players=(6, 7, 8), places=(1, 2, 3), ended_at=at(2)),
    ]
    assert last_opponents(games) == {
        1: {3},
        2: {4},
        3: {1},
        4: {5},
        5: {4},
        6: {7, 8},
        7: {6, 8},
        8: {6, 7},
    }
