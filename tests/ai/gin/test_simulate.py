"""The Gin Rummy simulator plays whole games, in pairs with seats swapped, and counts what
Gin Rummy's report quotes."""

from __future__ import annotations

import pytest

from games.ai.common.simulate import play_group, simulate
from games.ai.gin.simulate import CONTEST, report, totals
from games.variants.simulate import main

QUICK = {"target_score": 30}


def test_a_run_counts_each_sides_wins_points_and_undercuts():
    run = simulate(CONTEST, "easy", "baseline", 2, 4, 3, 1, QUICK)
    again = simulate(CONTEST, "easy", "baseline", 2, 4, 3, 2, QUICK)
    total = totals(run)
    assert total == totals(again)
    assert run.games == 4 and len(run.group_scores) == 2
    assert total.a.wins == run.wins
    assert total.a.wins + total.b.wins == 4 - run.unfinished
    assert total.a.hands_won + total.b.hands_won + total.drawn_rounds == run.rounds
    text = report(run)
    assert text.startswith("easy vs baseline: 4 games (2 deals played twice, seats swapped)")
    assert "95% CI" in text and "p95" in text and "undercuts" in text


def test_a_pair_swaps_the_seats_over_the_same_deals():
    _, (first, second) = play_group(CONTEST, ("medium", "baseline", 2, 9, 0, QUICK))
    assert (first.a_seat, second.a_seat) == (0, 1)
    assert first.figures.a.wins + first.figures.b.wins == 1
    assert first.rounds >= 1 and first.finished and second.finished


@pytest.mark.parametrize(
    ("games", "rules", "option"),
    [(0, None, "--games"), (2, "{", "--rules"), (2, "[]", "--rules"),
     (2, '{"knock_limit": 99}', "--rules")],
)
def test_bad_command_line_options_are_refused(games, rules, option, capsys):
    with pytest.raises(SystemExit):
        main(["--games", str(games), *(["--rules", rules] if rules else [])])
    assert option in capsys.readouterr().err


def test_the_command_line_plays_gin_at_two_seats_whatever_seats_says(capsys):
    assert main(["--a", "medium", "--b", "random", "--games", "2", "--workers", "1",
                 "--seats", "3", "--rules", '{"target_score": 20}']) == 0
    out = capsys.readouterr().out
    assert out.startswith("medium vs random: 2 games (1 deals played twice, seats swapped)")
