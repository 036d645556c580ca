"""Scores and standings: the arena's streaks, the end of play, tables, byes, rebuilds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.helpers import (
    START,
    arena,
    at,
    entries,
    sequence,
    swiss,
    win,
)
from tournaments.formats import (
    Bye,
    ByeKind,
    Entry,
    Format,
    Game,
    Settings,
    Tally,
    score_after,
    standings,
)


def arena_score(results: str) -> tuple[float, int]:
    """Player 1's arena score and streak after ``results`` (see helpers.sequence)."""
    tally = Tally(player=1)
    for game in sequence(1, results):
        tally = score_after(arena(), tally, game)
    return tally.score, tally.streak


@pytest.mark.parametrize(
    ("results", "score", "streak"),
    [
        ("W", 2, 1),
        ("WW", 4, 2),
        ("WWW", 8, 3),  # 2 + 2 + 4: the third win is on fire
        ("WWD", 6, 0),  # 2 + 2 + 2: a draw on fire scores 2 and ends the streak
        ("WWWW", 12, 4),
        ("WWL", 4, 0),
        ("WWLW", 6, 1),  # the streak starts over after a loss
        ("WWDWW", 10, 2),
        ("WWDWWW", 14, 3),
        ("D", 1, 0),
        ("DD", 2, 0),
        ("L", 0, 0),
    ],
)
def test_arena_wins_score_two_and_double_after_two_wins_in_a_row(results, score, streak):
    assert arena_score(results) == (score, streak)


def test_a_win_over_an_opponent_who_conceded_before_moving_scores_a_flat_two():
    assert arena_score("C") == (2, 0)
    assert arena_score("CCC") == (6, 0)  # no streak is built on concessions
    assert arena_score("WWC") == (6, 2)  # flat 2 even on fire, and the streak stays
    assert arena_score("WWCW") == (10, 3)  # ... so the next win still scores 4
    assert arena_score("WCW") == (6, 2)


def test_conceding_before_ones_own_move_scores_nothing_and_ends_the_streak():
    games = [
        win(1, 9, minute=1),
        win(1, 9, minute=2),
        win(2, 1, minute=3, conceded_by=1, own_moves=(5, 0)),
    ]
    tally = Tally(player=1)
    for game in games:
        tally = score_after(arena(), tally, game)
    assert (tally.score, tally.streak, tally.losses) == (4, 0, 1)


def test_a_concession_after_moving_is_an_ordinary_loss_and_an_ordinary_win():
    games = [win(1, 2, minute=m) for m in (1, 2)] + [
        win(1, 2, minute=3, conceded_by=2, own_moves=(4, 3))
    ]
    rows = {r.player: r for r in standings(arena(), entries(1500, 1500), games)}
    assert (rows[1].score, rows[1].streak) == (8, 3)


def test_games_ending_after_the_arena_ends_do_not_count():
    settings_ = arena(minutes=60)
    games = [
        win(1, 2, minute=30),
        win(2, 1, minute=60),  # ends exactly at the end: counts
        win(2, 1, minute=60.01),  # ends after the end: does not count
        Game(round=0, players=(1, 2)),  # still being played: does not count
    ]
    rows = {r.player: r for r in standings(settings_, entries(1500, 1500), games)}
    assert (rows[1].score, rows[1].games) == (2, 2)
    assert (rows[2].score, rows[2].games) == (2, 2)
    late = win(2, 1, minute=61)
    assert score_after(settings_, Tally(player=2, score=2), late) == Tally(player=2, score=2)


def test_arena_ties_on_score_are_broken_by_performance():
    # 1 and 2 both beat one player; 2's victim is rated higher, so 2 performed better.
    field = entries(1500, 1500, 1200, 1900)
    games = [win(1, 3, minute=1), win(2, 4, minute=2)]
    rows = standings(arena(), field, games)
    assert [r.player for r in rows][:2] == [2, 1]
    assert (rows[0].performance, rows[1].performance) == (2300, 1600)


def test_arena_tables_score_places_without_doubling():
    settings_ = arena(table_size=4)
    field = entries(1500, 1500, 1500, 1500)
    games = [
        Game(round=0, players=(1, 2, 3, 4), places=(1, 3, 2, 4), ended_at=at(m)) for m in (1, 2, 3)
    ]
    rows = {r.player: r for r in standings(settings_, field, games)}
    assert {p: r.score for p, r in rows.items()} == {1: 9, 2: 3, 3: 6, 4: 0}
    assert rows[1].streak == 3 and rows[1].wins == 3


def test_tied_places_at_a_table_share_the_points():
    game = Game(round=0, players=(1, 2, 3), places=(1, 1, 3), ended_at=at(1))
    rows = {r.player: r for r in standings(arena(table_size=3), entries(1, 2, 3), [game])}
    assert (rows[1].score, rows[2].score, rows[3].score) == (1.5, 1.5, 0)
    assert (rows[1].draws, rows[3].losses) == (1, 1)


def test_swiss_byes_score_a_win_or_half_a_win_for_a_late_join():
    settings_ = swiss(rounds=5)
    records = [
        Bye(round=1, player=1, kind=ByeKind.PAIRING),
        Bye(round=2, player=2, kind=ByeKind.LATE_JOIN),
    ]
    rows = {r.player: r for r in standings(settings_, entries(1500, 1500), records)}
    assert (rows[1].score, rows[1].byes, rows[1].games) == (1, 1, 0)
    assert (rows[2].score, rows[2].byes) == (0.5, 1)
    tables = swiss(rounds=5, table_size=4)
    rows = {r.player: r for r in standings(tables, entries(1500, 1500), records)}
    assert (rows[1].score, rows[2].score) == (3, 1.5)


def test_byes_count_for_nothing_outside_swiss():
    bye = Bye(round=1, player=1, kind=ByeKind.PAIRING)
    assert score_after(arena(), Tally(player=1), bye) == Tally(player=1)


def test_removing_a_player_keeps_their_opponents_points_unless_their_games_go_too():
    field = entries(1500, 1500, 1500)
    games = [win(1, 3, minute=1), win(3, 2, minute=2), win(2, 1, minute=3)]
    without = [e for e in field if e.player != 3]
    rows = {r.player: r.score for r in standings(arena(), without, games)}
    assert rows == {1: 2, 2: 2}
    voided = [g for g in games if 3 not in g.players]
    rows = {r.player: r.score for r in standings(arena(), without, voided)}
    assert rows == {1: 0, 2: 2}


def test_standings_do_not_depend_on_the_order_records_are_given_in():
    games = sequence(1, "WWDWWWLW")
    field = [*entries(1500), *(Entry(player=1000 + i, rating=1500, joined=9) for i in range(8))]
    shuffled = list(games)
    random.Random(3).shuffle(shuffled)
    assert standings(arena(), field, games) == standings(arena(), field, shuffled)


def oracle_arena(events: list[str]) -> tuple[int, int]:
    """Lichess arena points written out plainly: W, D, L, CW (won, the other conceded at
    once), CL (conceded at once)."""
    score = 0
    run = 0
    for event in events:
        fire = run >= 2
        if event == "CW":
            score += 2
        elif event == "W":
            score += 4 if fire else 2
            run += 1
        elif event == "D":
            score += 2 if fire else 1
            run = 0
        else:
            run = 0
    return score, run


@st.composite
def arena_histories(draw_):
    """Random 1-v-1 arena games among 2 to 6 players, some ending after the end."""
    players = draw_(st.integers(min_value=2, max_value=6))
    count = draw_(st.integers(min_value=0, max_value=40))
    games = []
    for i in range(count):
        a, b = draw_(st.lists(st.integers(1, players), min_size=2, max_size=2, unique=True))
        kind = draw_(st.sampled_from(["a", "b", "draw", "a_conceded", "b_conceded", "open"]))
        minute = i + 1 + draw_(st.sampled_from([0, 0, 0, 40]))  # distinct; some after 60
        ended = at(minute)
        if kind == "a":
            game = Game.decided(round=0, players=(a, b), winner=a, ended_at=ended)
        elif kind == "b":
            game = Game.decided(round=0, players=(a, b), winner=b, ended_at=ended)
        elif kind == "draw":
            game = Game.decided(round=0, players=(a, b), winner=None, ended_at=ended)
        elif kind == "a_conceded":
            moves = draw_(st.sampled_from([(0, 4), (2, 4)]))
            game = Game.decided(
                round=0, players=(a, b), winner=b, ended_at=ended, conceded_by=a, own_moves=moves
            )
        elif kind == "b_conceded":
            moves = draw_(st.sampled_from([(4, 0), (4, 2)]))
            game = Game.decided(
                round=0, players=(a, b), winner=a, ended_at=ended, conceded_by=b, own_moves=moves
            )
        else:
            game = Game(round=0, players=(a, b))
        games.append(game)
    return players, games


def oracle_events(player, games, end):
    events = []
    for game in sorted(
        (g for g in games if g.finished and g.ended_at <= end and player in g.players),
        key=lambda g: g.ended_at,
    ):
        other = next(p for p in game.players if p != player)
        no_show = game.conceded_by if game.own_moves and 0 in game.own_moves else None
        if no_show == player:
            events.append("CL")
        elif game.places.count(1) == 2:
            events.append("D")
        elif game.place_of(player) == 1:
            events.append("CW" if no_show == other else "W")
        else:
            events.append("L")
    return events


@settings(max_examples=300, deadline=None)
@given(arena_histories(), st.randoms(use_true_random=False))
def test_the_incremental_arena_score_equals_the_rebuilt_one(history, rng):
    players, games = history
    settings_ = arena(minutes=60)
    field = entries(*([1500] * players))
    # Incremental: each game folded in as it ends, for its players only.
    tallies = {p: Tally(player=p) for p in range(1, players + 1)}
    for game in sorted(games, key=lambda g: (g.ended_at is None, g.ended_at or START)):
        for p in game.players:
            tallies[p] = score_after(settings_, tallies[p], game)
    shuffled = list(games)
    rng.shuffle(shuffled)
    rows = {r.player: r for r in standings(settings_, field, shuffled)}
    for p in range(1, players + 1):
        row, tally = rows[p], tallies[p]
        assert (row.score, row.streak, row.games, row.wins, row.draws, row.losses) == (
            tally.score,
            tally.streak,
            tally.games,
            tally.wins,
            tally.draws,
            tally.losses,
        )
        assert (row.score, row.streak) == oracle_arena(oracle_events(p, games, at(60)))


@st.composite
def swiss_histories(draw_):
    """Random Swiss rounds (any pairs, random results and byes) among 2 to 7 players."""
    players = draw_(st.integers(min_value=2, max_value=7))
    rounds = draw_(st.integers(min_value=1, max_value=6))
    records = []
    for round_no in range(1, rounds + 1):
        order = draw_(st.permutations(range(1, players + 1)))
        for a, b in zip(order[::2], order[1::2], strict=False):
            winner = draw_(st.sampled_from([a, b, None]))
            records.append(Game.decided(round=round_no, players=(a, b), winner=winner))
        if players % 2:
            kind = draw_(st.sampled_from(list(ByeKind)))
            records.append(Bye(round=round_no, player=order[-1], kind=kind))
    return players, records


def plain_swiss_points(player, record):
    """1 a win or a pairing bye, ½ a draw or a late-join bye, 0 otherwise."""
    if isinstance(record, Bye):
        if record.player != player:
            return 0.0
        return 1.0 if record.kind is ByeKind.PAIRING else 0.5
    if player not in record.players:
        return 0.0
    firsts = record.places.count(1)
    if record.places[record.seat_of(player)] != 1:
        return 0.0
    return 1.0 if firsts == 1 else 0.5


@settings(max_examples=200, deadline=None)
@given(swiss_histories())
def test_the_incremental_swiss_score_equals_the_rebuilt_one_and_the_plain_sum(history):
    players, records = history
    settings_ = swiss(rounds=6)
    tallies = {p: Tally(player=p) for p in range(1, players + 1)}
    for record in records:
        for p in (record.player,) if isinstance(record, Bye) else record.players:
            tallies[p] = score_after(settings_, tallies[p], record)
    rows = {r.player: r for r in standings(settings_, entries(*([1500] * players)), records)}
    for p in range(1, players + 1):
        plain = sum(plain_swiss_points(p, r) for r in records)
        assert rows[p].score == tallies[p].score == plain


def test_knockout_standings_rank_by_the_round_each_player_went_out_in():
    settings_ = Settings(format=Format.KNOCKOUT, best_of=1)
    field = entries(2000, 1900, 1800, 1700, 1600)
    # Bracket: 1 bye, 4 v 5, 2 bye, 3 bye; then 1 v 4, 2 v 3; final 1 v 2.
    games = [
        Game.decided(round=1, players=(4, 5), winner=5),
        Game.decided(round=2, players=(1, 5), winner=1),
        Game.decided(round=2, players=(2, 3), winner=3),
        Game.decided(round=3, players=(1, 3), winner=3),
    ]
    rows = standings(settings_, field, games)
    assert [(r.player, r.eliminated_in) for r in rows] == [
        (3, None),
        (1, 3),
        (2, 2),
        (5, 2),
        (4, 1),
    ]
    assert rows[0].score == 2 and rows[1].score == 1
