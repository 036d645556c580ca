"""Sit & go: it starts when the last seat fills, and is a knockout from then on."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import entries
from tournaments.formats import (
    ErrorCode,
    Format,
    Game,
    Knockout,
    Settings,
    TableKnockout,
    TournamentError,
    sit_and_go_join,
    sit_and_go_started,
    sit_and_go_state,
    sit_and_go_withdraw,
)

GIN = Settings(format=Format.SIT_AND_GO, capacity=4, best_of=3)
RUMMY = Settings(format=Format.SIT_AND_GO, capacity=6, table_size=3)


def test_the_sit_and_go_starts_when_the_last_seat_is_taken():
    field = entries(1500, 1600, 1700)
    assert [sit_and_go_join(GIN, field[:i], 9) for i in range(4)] == [False, False, False, True]
    assert not sit_and_go_started(GIN, field)
    assert sit_and_go_started(GIN, entries(1500, 1600, 1700, 1800))


def test_nobody_joins_a_full_sit_and_go_or_joins_twice():
    with pytest.raises(TournamentError) as caught:
        sit_and_go_join(GIN, entries(1500, 1600, 1700, 1800), 9)
    assert caught.value.code is ErrorCode.TOURNAMENT_FULL
    with pytest.raises(TournamentError) as caught:
        sit_and_go_join(GIN, entries(1500), 1)
    assert caught.value.code is ErrorCode.ALREADY_JOINED


def test_a_registration_can_be_withdrawn_only_before_the_start():
    sit_and_go_withdraw(GIN, entries(1500, 1600, 1700))
    with pytest.raises(TournamentError) as caught:
        sit_and_go_withdraw(GIN, entries(1500, 1600, 1700, 1800))
    assert caught.value.code is ErrorCode.ALREADY_STARTED


def test_a_gin_sit_and_go_is_a_best_of_three_bracket_seeded_by_rating():
    field = entries(1500, 1600, 1700, 1800)  # seeds: 4, 3, 2, 1
    assert sit_and_go_state(GIN, field[:3], []) is None
    state = sit_and_go_state(GIN, field, [])
    assert isinstance(state, Knockout)
    assert [m.players for m in state.to_play] == [(4, 1), (3, 2)]
    assert all(m.state.best_of == 3 for m in state.to_play)


def test_a_rummy_sit_and_go_sends_the_top_half_of_each_table_on():
    field = entries(1000, 1100, 1200, 1300, 1400, 1500)  # seeds: 6, 5, 4, 3, 2, 1
    state = sit_and_go_state(RUMMY, field, [])
    assert isinstance(state, TableKnockout)
    assert [t.players for t in state.to_play] == [(6, 3, 2), (5, 4, 1)]
    games = [
        Game(round=1, players=(6, 3, 2), places=(2, 1, 3)),
        Game(round=1, players=(5, 4, 1), places=(3, 2, 1)),
    ]
    state = sit_and_go_state(RUMMY, field, games)
    assert not state.over
    assert [t.advancing for t in state.rounds[0]] == [(3,), (1,)]
    final = state.to_play[0]
    assert final.final and final.players == (3, 1)
