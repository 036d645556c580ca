"""Sitting, and play bans that grow on repeats, capped."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fairplay.signals.sitting import playban_minutes, sat, sitting


def test_only_a_timeout_while_behind_is_sitting():
    assert sat(timed_out=True, place_before=2)
    assert not sat(timed_out=True, place_before=1)
    assert not sat(timed_out=False, place_before=3)


def test_sitting_fires_at_the_count_and_not_one_below():
    assert sitting(5, ["g1"], min_sittings=2) is None
    finding = sitting(5, ["g1", "g2"], min_sittings=2)
    assert finding is not None and finding.evidence == {"sittings": 2, "games": ["g1", "g2"]}


def test_bans_start_short_grow_on_repeats_and_stop_at_the_cap():
    lengths = [playban_minutes(n, base=15, factor=3, cap=4320) for n in range(7)]
    assert lengths == [15, 45, 135, 405, 1215, 3645, 4320]


@given(st.integers(min_value=0, max_value=500), st.integers(min_value=1, max_value=100))
def test_a_ban_never_passes_the_cap_and_never_shrinks(previous, base):
    now = playban_minutes(previous, base=base, factor=3, cap=10_000)
    assert now <= 10_000
    assert playban_minutes(previous + 1, base=base, factor=3, cap=10_000) >= now
