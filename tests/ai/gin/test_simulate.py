"""The Gin Rummy simulator plays whole games, in pairs with seats swapped, and is
deterministic for a seed."""

from __future__ import annotations

import pytest

from games.ai.gin.simulate import check_options, play_pair, report, simulate
from games.ai.simulate import main
from games.rules.gin import RuleSet


def _figures(summary):
    run = summary.run
    return (summary.a_stats, summary.b_stats, run.rounds, run.group_scores,
            {name: len(values) for name, values in run.times.items()})


def test_simulation_is_deterministic_for_a_seed_whatever_the_workers():
    one = simulate("easy", "baseline", 4, seed=3, workers=1)
    two = simulate("easy", "baseline", 4, seed=3, workers=2)
    assert _figures(one) == _figures(two)
    assert one.run.games == 4 and len(one.run.group_scores) == 2
    assert one.a_stats.wins + one.b_stats.wins == 4 - one.run.unfinished
    other = simulate("easy", "baseline", 4, seed=4, workers=1)
    assert _figures(other) != _figures(one)
    text = report(one)
    assert "95% CI" in text and "p95" in text and "undercuts" in text


def test_a_pair_swaps_the_seats_over_the_same_deals():
    first, second = play_pair(9, 0, "medium", "baseline", RuleSet(target_score=30))
    assert (first.a_seat, second.a_seat) == (0, 1)
    assert first.figures.a.wins + first.figures.b.wins == 1
    assert first.rounds >= 1 and first.finished and second.finished


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


def test_the_command_line_plays_gin(capsys):
    assert main(["--a", "medium", "--b", "random", "--games", "2", "--workers", "1",
                 "--rules", '{"target_score": 20}']) == 0
    out = capsys.readouterr().out
    assert out.startswith("medium vs random: 2 games (1 deals played twice, seats swapped)")
