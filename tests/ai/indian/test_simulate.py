"""The Indian Rummy simulator plays each deal with the first player at every seat in turn,
gives the same results whatever the number of workers, and runs from the command line."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from games.ai.common.simulate import play_group, simulate
from games.ai.indian.simulate import CONTEST, report
from games.variants.simulate import main


def test_a_group_deals_the_same_cards_with_the_player_at_every_seat():
    _, records = play_group(CONTEST, ("hard", "baseline", 3, 7, 0, {"format": "points"}))
    assert [record.a_seat for record in records] == [0, 1, 2]
    assert all(record.finished and record.rounds == 1 for record in records)
    assert all(record.times["hard"] and record.times["baseline"] for record in records)


def test_a_run_gives_the_same_results_with_one_worker_or_two():
    run = simulate(CONTEST, "medium", "easy", 3, 6, 3, 1, {"format": "points"})
    again = simulate(CONTEST, "medium", "easy", 3, 6, 3, 2, {"format": "points"})
    assert run.games == 6
    assert again.wins == run.wins and again.group_scores == run.group_scores
    assert [r.figures for r in again.records] == [r.figures for r in run.records]
    text = report(run)
    assert text.startswith("indian, 3 seats: medium vs 2 x easy: 6 games")
    assert "95% CI" in text and "p95" in text and '"format": "points"' in text


def test_pool_games_play_to_their_end():
    run = simulate(CONTEST, "hard", "medium", 2, 2, 5, 1, {"format": "pool", "pool": 101})
    assert run.unfinished == 0
    assert run.rounds >= 2 * 2  # nobody reaches 101 in a single deal at 80 points a hand


def test_the_command_line_plays_indian_rummy_at_six_seats(capsys):
    assert main(["--variant", "indian", "--seats", "6", "--a", "hard", "--b", "baseline",
                 "--games", "6", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "indian, 6 seats: hard vs 5 x baseline: 6 games" in out


def test_the_management_command_plays_indian_rummy():
    out = StringIO()
    call_command("simulate", "--variant", "indian", "--seats", "4", "--a", "easy", "--b",
                 "random", "--games", "4", "--workers", "1", stdout=out)
    assert "indian, 4 seats: easy vs 3 x random: 4 games" in out.getvalue()
