"""Swiss pairings: score groups, no rematches, one bye each, late joins, tie-breaks."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.helpers import entries, players_of, swiss
from tournaments.formats import (
    Bye,
    ByeKind,
    Entry,
    ErrorCode,
    Game,
    TournamentError,
    standings,
    swiss_join_open,
    swiss_late_join,
    swiss_pairings,
)

# The hand-made field: players 1..6 rated 1800, 1700, ..., 1300.
FIELD = entries(1800, 1700, 1600, 1500, 1400, 1300)


def play(round_no, results, records):
    """Pair ``round_no``, check the pairings against ``results`` and record the games.

    ``results`` maps each expected table (seat order) to its winner (None: a draw).
    """
    paired = swiss_pairings(swiss(3), round_no=round_no, entries=FIELD, records=records)
    assert paired.tables == tuple(results), f"round {round_no}"
    assert paired.byes == ()
    games = [
        Game.decided(round=round_no, players=table, winner=winner)
        for table, winner in results.items()
    ]
    return [*records, *games]


def test_a_hand_made_six_player_swiss_pairs_by_score_and_breaks_ties_by_sonneborn_berger():
    # Round 1, everyone on 0: the top half meets the bottom half (1 v 4, 2 v 5, 3 v 6).
    records = play(1, {(1, 4): 1, (2, 5): 5, (3, 6): None}, [])
    # Standings: 5 (1, perf 1700 + 400) above 1 (1, perf 1500 + 400); 6 (perf 1600) above
    # 3 (perf 1300), both on ½ with SB ¼; 4 (perf 1800 - 400) above 2 (1400 - 400).
    assert [r.player for r in standings(swiss(3), FIELD, records)] == [5, 1, 6, 3, 4, 2]
    # Round 2: 5 v 1; 6 and 3 have met, so both float down to the 0 group (6 v 4, 3 v 2)
    # rather than 5 and 1 floating down to them. The player who sat first less often sits
    # first: 5, 6 (neither has), 3 (both have).
    records = play(2, {(5, 1): 5, (6, 4): 6, (3, 2): 3}, records)
    rows = standings(swiss(3), FIELD, records)
    # 6 and 3 tie on 1.5 and on Sonneborn-Berger (half of the other's 1.5, plus 0 for
    # beating a player on 0): 6 performed 1550 + 200, 3 1500 + 200.
    assert [(r.player, r.score, r.sonneborn_berger, r.performance) for r in rows] == [
        (5, 2.0, 1.0, 2150),
        (6, 1.5, 0.75, 1750),
        (3, 1.5, 0.75, 1700),
        (1, 1.0, 0.0, 1450),
        (4, 0.0, 0.0, 1150),
        (2, 0.0, 0.0, 1100),
    ]
    # Round 3: 6 v 3 is a rematch. 5 v 6 and 3 v 1 keep neighbours together (5 v 3 and
    # 6 v 1 would too, at the same score gaps, but skip a place each); 4 v 2 on 0.
    records = play(3, {(5, 6): 6, (1, 3): None, (4, 2): 2}, records)
    rows = standings(swiss(3), FIELD, records)
    # 3 and 5 both end on 2: 3 drew 6 (2.5) and 1 (1.5) and beat 2 (1): SB 1.25 + 0.75 + 1;
    # 5 beat 2 (1) and 1 (1.5): SB 2.5.
    assert [(r.player, r.score, r.sonneborn_berger, r.performance) for r in rows] == [
        (6, 2.5, 3.0, 1767),
        (3, 2.0, 3.0, 1733),
        (5, 2.0, 2.5, 1733),
        (1, 1.5, 1.0, 1500),
        (2, 1.0, 0.0, 1367),
        (4, 0.0, 0.0, 1200),
    ]


def play_out(field, rounds, records=(), *, winner=min):
    """Pair and play ``rounds`` rounds; ``winner`` picks each game's winner."""
    records = list(records)
    settings_ = swiss(rounds)
    start = max((r.round for r in records), default=0) + 1
    for round_no in range(start, rounds + 1):
        paired = swiss_pairings(settings_, round_no=round_no, entries=field, records=records)
        if paired.empty:
            break
        records += paired.byes
        records += [
            Game.decided(round=round_no, players=t, winner=winner(t)) for t in paired.tables
        ]
    return records


def assert_no_rematch(records):
    pairs = [frozenset(r.players) for r in records if isinstance(r, Game)]
    assert len(pairs) == len(set(pairs))


def test_five_players_over_five_rounds_meet_once_each_and_sit_out_once_each():
    records = play_out(entries(1900, 1800, 1700, 1600, 1500), 5)
    assert_no_rematch(records)
    byes = sorted(r.player for r in records if isinstance(r, Bye))
    assert byes == [1, 2, 3, 4, 5]
    assert len([r for r in records if isinstance(r, Game)]) == 10  # a full round robin


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    field = entries(1900, 1800, 1700, 1600, 1500)
    records = play_out(field, 2)
    first, second = (r for r in records if isinstance(r, Bye))
    assert (first.round, first.player, first.kind) == (1, 5, ByeKind.PAIRING)
    rows = standings(swiss(2), field, [r for r in records if r.round == 1])
    lowest_without = [r.player for r in rows if r.player != 5][-1]
    assert second.player == lowest_without


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=13),
    st.integers(min_value=1, max_value=6),
    st.randoms(use_true_random=False),
)
def test_random_swiss_tournaments_never_repeat_a_pairing_or_a_bye(players, rounds, rng):
    field = entries(*(rng.randint(1000, 2500) for _ in range(players)))
    records = play_out(field, rounds, winner=lambda t: rng.choice([*t, None]))
    assert_no_rematch(records)
    byes = [r.player for r in records if isinstance(r, Bye)]
    if rounds <= players:
        assert len(byes) == len(set(byes))
    for round_no in {r.round for r in records}:
        seated = [
            p
            for r in records
            if r.round == round_no
            for p in ((r.player,) if isinstance(r, Bye) else r.players)
        ]
        assert sorted(seated) == list(range(1, players + 1))


def test_a_swiss_with_every_pairing_played_pairs_no_more_rounds():
    field = entries(1900, 1800, 1700, 1600)
    records = play_out(field, 5)
    assert len([r for r in records if isinstance(r, Game)]) == 6
    assert max(r.round for r in records) == 3
    assert swiss_pairings(swiss(5), round_no=4, entries=field, records=records).empty


def test_late_joins_close_once_more_than_half_the_rounds_have_started():
    assert swiss_join_open(swiss(11), 5) and not swiss_join_open(swiss(11), 6)
    assert swiss_join_open(swiss(12), 6) and not swiss_join_open(swiss(12), 7)
    with pytest.raises(TournamentError) as caught:
        swiss_late_join(swiss(5), player=9, rounds_started=3, records=[])
    assert caught.value.code is ErrorCode.LATE_JOIN_CLOSED


def test_a_late_joiner_gets_one_half_point_bye_whatever_they_missed():
    assert swiss_late_join(swiss(7), player=9, rounds_started=0, records=[]) is None
    bye = swiss_late_join(swiss(7), player=9, rounds_started=3, records=[])
    assert bye == Bye(round=3, player=9, kind=ByeKind.LATE_JOIN)
    back = [Game.decided(round=1, players=(9, 1), winner=1)]
    assert swiss_late_join(swiss(7), player=9, rounds_started=3, records=back) is None


def test_a_late_joiner_is_paired_from_the_next_round_and_not_given_the_pairing_bye_first():
    field = entries(1900, 1800, 1700, 1600)
    records = play_out(field, 2)  # rounds 1 and 2 of 6
    joiner = Entry(player=5, rating=1000, joined=9)
    records.append(swiss_late_join(swiss(6), player=5, rounds_started=2, records=records))
    paired = swiss_pairings(swiss(6), round_no=3, entries=[*field, joiner], records=records)
    # Five players: the bye goes to the lowest-ranked player without a bye, not the
    # joiner (who is ranked last on ½ but has had one).
    assert 5 in players_of(paired.tables)
    assert [b.player for b in paired.byes] != [5] and len(paired.byes) == 1


def test_withdrawn_and_paused_players_are_not_paired_and_get_no_bye():
    field = entries(1900, 1800, 1700, 1600, 1500, 1400)
    field[1] = Entry(player=2, rating=1800, joined=1, withdrawn=True)
    field[4] = Entry(player=5, rating=1500, joined=4, paused=True)
    paired = swiss_pairings(swiss(3), round_no=1, entries=field, records=[])
    assert sorted(players_of(paired.tables)) == [1, 3, 4, 6]
    assert paired.byes == ()


def test_a_no_show_loses_the_game():
    game = Game.decided(round=1, players=(1, 2), winner=2, conceded_by=1, own_moves=(0, 0))
    assert game.conceded_without_moving() == 1
    rows = {r.player: r for r in standings(swiss(3), entries(1500, 1500), [game])}
    assert (rows[1].score, rows[2].score) == (0, 1)


def test_pairing_a_round_out_of_order_is_refused():
    field = entries(1900, 1800)
    for round_no in (0, 2):
        with pytest.raises(TournamentError) as caught:
            swiss_pairings(swiss(3), round_no=round_no, entries=field, records=[])
        assert caught.value.code is ErrorCode.ROUND_OUT_OF_ORDER
    with pytest.raises(TournamentError):
        swiss_pairings(swiss(1), round_no=2, entries=field, records=play_out(field, 1))


def test_swiss_tables_group_by_score_and_avoid_meeting_again():
    settings_ = swiss(3, table_size=4)
    field = entries(*range(2000, 1000, -100))  # 10 players
    first = swiss_pairings(settings_, round_no=1, entries=field, records=[])
    assert first.tables == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10))
    places = {4: (1, 2, 3, 4), 3: (1, 2, 3)}
    records = [Game(round=1, players=t, places=places[len(t)][: len(t)]) for t in first.tables]
    second = swiss_pairings(settings_, round_no=2, entries=field, records=records)
    assert sorted(players_of(second.tables)) == list(range(1, 11))
    assert [len(t) for t in second.tables] == [4, 3, 3]
    met_again = [
        (a, b)
        for t in second.tables
        for a, b in itertools.combinations(t, 2)
        if any({a, b} <= set(t1) for t1 in first.tables)
    ]
    # 1 (3 points) leads; the table takes the players who have not met 1 first.
    assert second.tables[0][0] == 1
    assert len(met_again) < 6
