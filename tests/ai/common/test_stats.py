"""The confidence intervals the simulators report."""

from games.ai.common.stats import grouped_interval, wilson_interval


def test_the_wilson_interval_holds_the_rate_and_stays_in_zero_to_one():
    low, high = wilson_interval(60, 100)
    assert 0.5 < low < 0.6 < high < 0.7
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_grouped_interval_narrows_as_groups_agree():
    wide = grouped_interval([0.0, 1.0, 0.0, 1.0])
    narrow = grouped_interval([0.5, 0.5, 0.5, 0.5])
    assert narrow == (0.5, 0.5) and wide[0] < 0.5 < wide[1]
    assert grouped_interval([0.7]) == (0.0, 1.0)
