"""Scripts: machine-regular timing, no sleep, our own Hard's choices."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from fairplay.signals.bots import engine_agreement, long_hours, regular_timing
from fairplay.signals.stats import coefficient_of_variation

BOT = 7


def regular(count: int) -> list[float]:
    rng = random.Random(count)
    return [2.0 + rng.uniform(-0.1, 0.1) for _ in range(count)]


def test_regular_timing_needs_200_actions_and_fires_at_them_not_one_below():
    assert regular_timing(BOT, regular(199), min_actions=200, max_cv=0.25) is None
    finding = regular_timing(BOT, regular(200), min_actions=200, max_cv=0.25)
    assert finding is not None and finding.kind == "regular_timing" and finding.score < 0.05


def test_regular_timing_fires_at_the_cv_and_not_above():
    times = regular(300)
    cv = coefficient_of_variation(times)
    assert cv is not None
    assert regular_timing(BOT, times, min_actions=200, max_cv=cv) is not None
    assert regular_timing(BOT, times, min_actions=200, max_cv=cv - 1e-9) is None


def test_a_person_s_think_times_vary_too_much():
    rng = random.Random(1)
    times = [rng.lognormvariate(1.0, 0.9) for _ in range(500)]
    assert regular_timing(BOT, times, min_actions=200, max_cv=0.25) is None


def test_long_hours_fire_at_the_hours_in_one_day_and_not_one_below():
    day = [(100, hour) for hour in range(19)]
    assert long_hours(BOT, day, min_hours=20) is None
    finding = long_hours(BOT, [*day, (100, 23)], min_hours=20)
    assert finding is not None and finding.evidence == {"day": 100, "hours": 20}


def test_hours_on_different_days_do_not_add_up():
    spread = [(day, hour) for day in range(3) for hour in range(day * 8, day * 8 + 8)]
    assert long_hours(BOT, spread, min_hours=20) is None


def test_engine_agreement_needs_300_decisions_and_fires_at_them_not_one_below():
    assert engine_agreement(BOT, [True] * 299, min_decisions=300, min_share=0.9) is None
    assert engine_agreement(BOT, [True] * 300, min_decisions=300, min_share=0.9) is not None


def test_engine_agreement_fires_at_the_share_and_not_below():
    assert engine_agreement(BOT, [True] * 270 + [False] * 30, min_decisions=300, min_share=0.9)
    assert not engine_agreement(BOT, [True] * 269 + [False] * 31, min_decisions=300, min_share=0.9)


@given(st.lists(st.floats(min_value=0.01, max_value=1e4), min_size=2, max_size=50))
def test_the_cv_is_never_negative_and_zero_only_for_equal_times(times):
    cv = coefficient_of_variation(times)
    assert cv is not None and cv >= 0
    if len(set(times)) == 1:
        assert cv < 1e-9
