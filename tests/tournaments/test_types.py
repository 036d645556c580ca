"""Settings and records: what cannot describe a real tournament is refused with a code."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.tournaments.helpers import START, arena
from tournaments.formats import (
    ErrorCode,
    Format,
    Game,
    Outcome,
    Settings,
    TournamentError,
)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"format": Format.SWISS}, "rounds"),
        ({"format": Format.SWISS, "rounds": 0}, "rounds"),
        ({"format": Format.KNOCKOUT, "rounds": 3}, "rounds"),
        ({"format": Format.KNOCKOUT, "best_of": 2}, "best_of"),
        ({"format": Format.KNOCKOUT, "best_of": 11}, "best_of"),
        ({"format": Format.KNOCKOUT, "best_of": 3, "table_size": 4}, "best_of"),
        ({"format": Format.SWISS, "rounds": 5, "best_of": 3}, "best_of"),
        ({"format": Format.KNOCKOUT, "table_size": 7}, "table_size"),
        ({"format": Format.KNOCKOUT, "table_size": 1}, "table_size"),
        ({"format": Format.SIT_AND_GO}, "capacity"),
        ({"format": Format.SIT_AND_GO, "capacity": 65}, "capacity"),
        ({"format": Format.SIT_AND_GO, "capacity": 1}, "capacity"),
        ({"format": Format.ARENA}, "starts_at"),
        ({"format": Format.ARENA, "starts_at": START, "ends_at": START}, "ends_at"),
        (
            {"format": Format.ARENA, "starts_at": datetime(2025, 1, 1), "ends_at": START},
            "starts_at",
        ),
        ({"format": Format.KNOCKOUT, "ends_at": START}, "ends_at"),
        ({"format": Format.SIT_AND_GO, "capacity": 4, "duplicate": True}, "duplicate"),
    ],
)
def test_settings_that_describe_no_playable_tournament_are_refused(fields, field):
    with pytest.raises(TournamentError) as caught:
        Settings(**fields)
    assert (caught.value.code, caught.value.field) == (ErrorCode.INVALID_SETTINGS, field)


def test_every_format_has_settings_it_accepts():
    assert arena().duration == timedelta(hours=1)
    Settings(format=Format.SWISS, rounds=7, table_size=4, duplicate=True)
    Settings(format=Format.KNOCKOUT, best_of=5, duplicate=True)
    Settings(format=Format.SIT_AND_GO, capacity=64, table_size=6)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": (1,)}, "players"),
        ({"players": (1, 1)}, "players"),
        ({"players": tuple(range(7))}, "players"),
        ({"places": (1,)}, "places"),
        ({"places": (1, 3)}, "places"),
        ({"places": (2, 2)}, "places"),
        ({"own_moves": (1,)}, "own_moves"),
        ({"own_moves": (1, -1)}, "own_moves"),
        ({"conceded_by": 9, "places": (1, 2)}, "conceded_by"),
        ({"conceded_by": 1, "places": (1, 2)}, "conceded_by"),
        ({"ended_at": datetime(2025, 1, 1)}, "ended_at"),
    ],
)
def test_game_records_that_could_not_happen_are_refused(fields, field):
    values = {"round": 1, "players": (1, 2), **fields}
    with pytest.raises(TournamentError) as caught:
        Game(**values)
    assert caught.value.code in (ErrorCode.INVALID_RECORD, ErrorCode.INVALID_SETTINGS)
    assert caught.value.field == field


def test_places_give_outcomes_and_pairwise_points():
    game = Game(round=1, players=(5, 6, 7, 8), places=(2, 1, 2, 4), ended_at=datetime.now(UTC))
    assert [game.outcome_for(p) for p in (5, 6, 7, 8)] == [
        Outcome.LOSS,
        Outcome.WIN,
        Outcome.LOSS,
        Outcome.LOSS,
    ]
    assert [game.pairwise_points(p) for p in (5, 6, 7, 8)] == [1.5, 3, 1.5, 0]
    draw = Game.decided(round=1, players=(1, 2), winner=None)
    assert draw.places == (1, 1) and draw.outcome_for(2) is Outcome.DRAW
    with pytest.raises(TournamentError):
        Game.decided(round=1, players=(1, 2), winner=3)
