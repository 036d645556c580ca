"""The simulator plays whole games and is deterministic for a seed."""

from __future__ import annotations

import pytest

from games.ai.common.simulate import percentile
from games.ai.gin.simulate import PairDecks, check_options, report, simulate
from games.ai.simulate import main
from games.rules.gin import RuleSet


def _figures(summary):
    return (summary.a_stats, summary.b_stats, summary.rounds, summary.pair_scores,
            {name: len(values) for name, values in summary.times.items()})


def test_simulation_is_deterministic_for_a_seed_whatever_the_workers():
    one = simulate("easy", "baseline", 4, seed=3, workers=1)
    two = simulate("easy", "baseline", 4, seed=3, workers=2)
    assert _figures(one) == _figures(two)
    assert one.games == 4 and len(one.pair_scores) == 2
    assert one.a_stats.wins + one.b_stats.wins == 4 - one.unfinished
    other = simulate("easy", "baseline", 4, seed=4, workers=1)
    assert _figures(other) != _figures(one)
    text = report(one)
    assert "95% CI" in text and "p95" in text and "undercuts" in text


def test_both_games_of_a_pair_get_the_same_deals():
    first, second, other = PairDecks(9, 0), PairDecks(9, 0), PairDecks(9, 1)
    assert [first[i] for i in (2, 0, 1)] == [second[i] for i in (2, 0, 1)]
    assert first[0] != other[0] and first[0] != first[1]


def test_unknown_player_is_refused():
    with pytest.raises(ValueError, match="Unknown player"):
        simulate("expert", "baseline", 2, seed=1, workers=1)


@pytest.mark.parametrize(
    ("games", "rules", "option"),
    [(0, None, "--games"), (2, "{", "--rules"), (2, "[]", "--rules"),
     (2, '{"knock_limit": 99}', "--rules")],
)
def test_bad_command_line_options_are_refused(games, rules, option):
    with pytest.raises(ValueError, match=option):
        check_options(games, rules)
    with pytest.raises(SystemExit):
        main(["--games", str(games), *(["--rules", rules] if rules else [])])


def test_command_line_rules():
    assert check_options(2, None) == RuleSet()
    assert check_options(2, '{"knock_limit": 0}') == RuleSet(knock_limit=0)


def test_percentile_is_nearest_rank():
    assert percentile([5, 1, 3, 2, 4], 0.95) == 5
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert percentile([], 0.5) == 0.0
