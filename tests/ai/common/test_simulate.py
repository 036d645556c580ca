"""The simulator's runner, for every game: groups of games dealt the same cards with the
first player at every seat in turn, deterministic for a seed whatever the workers."""

from __future__ import annotations

import pytest

from games.ai.common.simulate import (
    GroupDecks,
    group_decks,
    parse_rules_option,
    percentile,
    play_group,
    progress_printer,
    simulate,
)
from games.ai.gin.simulate import CONTEST as GIN
from games.ai.indian.simulate import CONTEST as INDIAN
from games.ai.rummy.simulate import CONTEST as RUMMY

CONTESTS = [
    (GIN, {"target_score": 30}, 2),
    (RUMMY, {"rounds": 1, "hand_size": 7}, 3),
    (INDIAN, {"format": "points"}, 5),
]


@pytest.mark.parametrize(
    ("contest", "settings", "seats"), CONTESTS, ids=["gin", "rummy", "indian"]
)
def test_every_game_of_a_group_gets_the_same_deals_with_a_at_each_seat(
    contest, settings, seats
):
    rules_json = contest.rules.rules_from_json(settings)
    first, second = group_decks(contest, 9, 0, rules_json), group_decks(contest, 9, 0, rules_json)
    other = group_decks(contest, 9, 1, rules_json)
    assert isinstance(first, GroupDecks)
    assert [first[i] for i in (2, 0, 1)] == [second[i] for i in (2, 0, 1)]
    assert first[0] != other[0] and first[0] != first[1]
    group, records = play_group(contest, ("medium", "baseline", seats, 7, 0, rules_json))
    assert group == 0 and [record.a_seat for record in records] == list(range(seats))
    assert all(record.finished and record.rounds >= 1 for record in records)


@pytest.mark.parametrize(
    ("contest", "settings", "seats"), CONTESTS, ids=["gin", "rummy", "indian"]
)
def test_a_run_is_the_same_whatever_the_workers(contest, settings, seats):
    one = simulate(contest, "easy", "baseline", seats, 2 * seats, 3, 1, settings)
    two = simulate(contest, "easy", "baseline", seats, 2 * seats, 3, 2, settings)
    assert one.games == two.games == 2 * seats and len(one.groups) == 2
    assert [r.figures for r in one.records] == [r.figures for r in two.records]
    assert one.group_scores == two.group_scores and one.wins == two.wins
    counts = {name: len(values) for name, values in one.times.items()}
    assert counts == {name: len(values) for name, values in two.times.items()}
    low, high = one.confidence_interval()
    assert 0.0 <= low <= one.win_rate <= high <= 1.0


def test_games_are_rounded_up_to_whole_groups_and_bad_runs_are_refused():
    assert simulate(RUMMY, "baseline", "random", 3, 4, 1, 1, {"rounds": 1}).games == 6
    with pytest.raises(ValueError, match="Unknown player"):
        simulate(GIN, "expert", "baseline", 2, 2, 1, 1)
    with pytest.raises(ValueError, match="--seats"):
        simulate(RUMMY, "easy", "baseline", 5, 5, 1, 1)


def test_the_rules_option_is_json_read_by_the_game():
    read = GIN.rules.rules_from_json
    assert parse_rules_option(2, None, read) == read(None)
    assert parse_rules_option(2, '{"oklahoma": true}', read)["oklahoma"] is True
    for games, text in [(0, None), (2, "{"), (2, '{"oklahoma": 1}')]:
        with pytest.raises(ValueError, match=r"--games|--rules"):
            parse_rules_option(games, text, read)


def test_progress_is_written_every_twentieth_and_at_the_end():
    lines: list[str] = []
    show = progress_printer(lines.append)
    for done in range(1, 41):
        show(done, 40)
    assert lines[0] == "  2/40 pairs played" and lines[-1] == "  40/40 pairs played"
    assert len(lines) == 20


def test_percentile_is_nearest_rank():
    assert percentile([5, 1, 3, 2, 4], 0.95) == 5
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert percentile([], 0.5) == 0.0
