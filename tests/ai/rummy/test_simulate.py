"""A small smoke test of the Rummy simulator and its command line."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.ai.common.simulate import play_group, simulate
from games.ai.rummy.simulate import CONTEST, report
from games.variants.simulate import main


def test_a_group_rotates_the_player_over_every_seat():
    _, records = play_group(CONTEST, ("hard", "baseline", 3, 7, 0, {"rounds": 1}))
    assert [record.a_seat for record in records] == [0, 1, 2]
    assert all(record.finished and record.rounds == 1 for record in records)


def test_simulate_reports_win_rates_and_times():
    run = simulate(CONTEST, "medium", "easy", 2, 4, 3, 1, {"rounds": 1})
    assert run.games == 4
    again = simulate(CONTEST, "medium", "easy", 2, 4, 3, 2, {"rounds": 1})
    assert again.wins == run.wins and again.group_scores == run.group_scores
    text = report(run)
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
