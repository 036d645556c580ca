"""Every game's computer players, through the interface they implement: each level and the
absent player choose a legal action from the seat's view alone."""

from __future__ import annotations

import random

import pytest

from games.ai.common.players import LEVELS
from games.rules.common.engine import is_legal
from games.rules.common.game import Forfeit
from tests.rules.common.playouts import GAMES, play

ENDING = {"knock", "big_gin", "declare", "drop"}
"""Moves that end a round for the player (a Rummy player goes out with a discard, which
the absent player may make when it is the last card; an Indian Rummy player leaves a
deal by a declaration or a drop)."""


@pytest.mark.parametrize(
    ("game", "seats"),
    [(game, seats) for game in GAMES for seats in game.seats],
    ids=lambda value: str(value),
)
def test_every_level_and_the_absent_player_choose_legal_actions(game, seats):
    rules, players = game.rules, game.players
    rng = random.Random(3)
    playout = play(game, seats, 1, forfeits=False)
    for state in [playout.first, *playout.states[:-1:4]]:
        seat = rules.progress(state).turn
        if seat is None:
            continue
        view = rules.view_for(state, seat)
        for level in (*LEVELS, "baseline"):
            action = players.choose(view, level, rng)
            assert is_legal(rules.apply_action, state, action, seat), (level, action)
        absent = players.absent(view, rng)
        assert is_legal(rules.apply_action, state, absent, seat), absent
        assert rules.action_to_json(absent)["type"] not in ENDING


def test_a_playout_has_no_forfeit_when_none_is_asked_for():
    playout = play(GAMES[0], 2, 0, forfeits=False)
    assert not any(isinstance(step, Forfeit) for _, step in playout.steps)
