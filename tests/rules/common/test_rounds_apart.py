"""Every game's finished rounds can be taken out of its state and put back without changing
a byte of what its codec writes, and the digest that names them chains."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.common.storage import (
    ROUNDS,
    RoundsApart,
    join_rounds,
    rounds_digest,
    rounds_reference,
    split_rounds,
)
from tests.rules.common.playouts import GAMES, play, playouts

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_every_game_keeps_its_rounds_apart(game):
    assert isinstance(game.rules, RoundsApart)


@pytest.mark.parametrize(("game", "seats", "seed"), list(playouts(2)), ids=str)
def test_taking_the_rounds_out_and_back_changes_nothing_the_codec_writes(game, seats, seed):
    rules = game.rules
    playout = play(game, seats, seed, forfeits=False)
    assert rules.state_rounds(playout.last), "the playout finished no round"
    for state in [playout.first, *playout.states]:
        whole = rules.state_to_json(state)
        rounds = rules.state_rounds(state)
        alone = rules.state_to_json(rules.state_with_rounds(state, ()))
        assert join_rounds(alone, whole[ROUNDS]) == whole
        assert len(whole[ROUNDS]) == len(rounds)
        back = rules.state_with_rounds(rules.state_from_json(alone), rounds)
        assert rules.state_to_json(back) == whole
        snapshot, results = split_rounds(whole)
        assert rounds_reference(snapshot) == (len(results), rounds_digest("", results))
        assert join_rounds(snapshot, results) == whole


@given(st.lists(json_values, max_size=5), st.lists(json_values, max_size=5))
def test_the_digest_of_more_results_chains_from_the_digest_of_the_first(first, more):
    assert rounds_digest(rounds_digest("", first), more) == rounds_digest("", first + more)


@given(st.lists(json_values, min_size=1, max_size=5), st.data())
def test_any_change_to_the_results_changes_the_digest(results, data):
    index = data.draw(st.integers(0, len(results) - 1))
    changed = data.draw(json_values.filter(lambda value: value != results[index]))
    other = [*results[:index], changed, *results[index + 1 :]]
    assert rounds_digest("", other) != rounds_digest("", results)
    assert rounds_digest("", results[:-1]) != rounds_digest("", results)
