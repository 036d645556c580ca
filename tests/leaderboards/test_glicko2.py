"""Glicko-2 against the worked example of Glickman's paper."""

from __future__ import annotations

import pytest

from leaderboards.glicko2 import Outcome, Rating, rate


def test_worked_example_of_the_paper():
    player = Rating(1500, 200, 0.06)
    outcomes = [
        Outcome(Rating(1400, 30), 1),
        Outcome(Rating(1550, 100), 0),
        Outcome(Rating(1700, 300), 0),
    ]
    new = rate(player, outcomes, tau=0.5)
    # The paper rounds intermediate values and prints 1464.06; unrounded it is 1464.0507.
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_over_an_equal_player_raises_the_rating_and_narrows_the_deviation():
    new = rate(Rating(), [Outcome(Rating(), 1)])
    assert new.rating > 1500
    assert new.deviation < 350
    loser = rate(Rating(), [Outcome(Rating(), 0)])
    assert loser.rating == pytest.approx(3000 - new.rating)


def test_no_games_only_widens_the_deviation():
    new = rate(Rating(1600, 100, 0.06), [])
    assert new.rating == 1600
    assert new.deviation > 100
    assert new.volatility == 0.06


def test_large_surprise_takes_the_other_branch_of_the_volatility_search():
    # delta^2 > phi^2 + v: a big upset by a certain player.
    new = rate(Rating(1200, 50, 0.06), [Outcome(Rating(2200, 50), 1)])
    assert new.rating > 1200
    assert new.volatility > 0.06
