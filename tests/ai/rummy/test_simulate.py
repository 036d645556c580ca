"""A small smoke test of the Rummy simulator and its command line."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.ai.rummy.simulate import RuleSet, play_group, report, simulate
from games.ai.simulate import main


def test_a_group_rotates_the_player_over_every_seat():
    _, records = play_group(("hard", "baseline", 3, 7, 0, RuleSet(rounds=1).to_dict()))
    assert [record.a_seat for record in records] == [0, 1, 2]
    assert all(record.finished and record.rounds == 1 for record in records)


def test_simulate_reports_win_rates_and_times():
    summary = simulate("medium", "easy", 2, 4, seed=3, workers=1, rules=RuleSet(rounds=1))
    assert summary.run.games == 4
    again = simulate("medium", "easy", 2, 4, seed=3, workers=2, rules=RuleSet(rounds=1))
    assert again.run.wins == summary.run.wins
    assert again.run.group_scores == summary.run.group_scores
    text = report(summary)
    assert "95% CI" in text and "p95" in text and '"rounds": 1' in text


def test_the_command_line_plays_rummy(capsys):
    assert main(["--variant", "rummy", "--seats", "4", "--a", "hard", "--b", "baseline",
                 "--games", "4", "--workers", "1", "--rules", '{"rounds": 1}']) == 0
    out = capsys.readouterr().out
    assert "rummy, 4 seats: hard vs 3 x baseline: 4 games" in out


def test_the_management_command_plays_both_variants():
    out = StringIO()
    call_command("simulate", "--variant", "rummy", "--games", "2", "--workers", "1",
                 "--rules", '{"rounds": 1}', stdout=out)
    assert "rummy, 2 seats: hard vs 1 x baseline: 2 games" in out.getvalue()
    with pytest.raises(CommandError, match="--games must be at least 1"):
        call_command("simulate", "--games", "0", stdout=StringIO())
