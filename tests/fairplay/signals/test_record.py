"""Early forfeits and the recent record (SandbagWatch): each threshold fires at N and not
at N - 1."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fairplay.signals.record import (
    Outcome,
    early_forfeit,
    record_push,
    record_verdict,
)

GOOD, LOSS, WIN = Outcome.GOOD, Outcome.EARLY_LOSS, Outcome.EARLY_WIN


def test_a_forfeit_below_the_draws_is_early_and_at_them_is_not():
    assert early_forfeit(forfeited=True, own_draws={1: 2}, forfeiters={1}, min_draws=3)
    assert not early_forfeit(forfeited=True, own_draws={1: 3}, forfeiters={1}, min_draws=3)


def test_a_seat_that_never_drew_counts_as_none():
    assert early_forfeit(forfeited=True, own_draws={0: 9}, forfeiters={1}, min_draws=1)


def test_a_game_not_ended_by_a_forfeit_is_never_early():
    assert not early_forfeit(forfeited=False, own_draws={}, forfeiters={1}, min_draws=3)


def test_only_the_forfeiters_draws_count():
    assert early_forfeit(forfeited=True, own_draws={0: 2, 1: 9}, forfeiters={0}, min_draws=3)
    assert not early_forfeit(forfeited=True, own_draws={0: 9, 1: 0}, forfeiters={0}, min_draws=3)


def test_the_warning_fires_at_three_bad_outcomes_and_not_at_two():
    assert not record_verdict([LOSS, GOOD, WIN], warn_at=3, signal_at=4).warn
    verdict = record_verdict([LOSS, GOOD, WIN, LOSS], warn_at=3, signal_at=4)
    assert verdict.warn and not verdict.signal and verdict.bad == 3


def test_the_signal_fires_at_four_bad_outcomes_and_not_at_three():
    assert not record_verdict([LOSS] * 3, warn_at=3, signal_at=4).signal
    assert record_verdict([LOSS] * 4, warn_at=3, signal_at=4).signal


def test_the_record_keeps_the_last_seven():
    outcomes: tuple[Outcome, ...] = ()
    for outcome in [LOSS, LOSS, *[GOOD] * 5, WIN]:
        outcomes = record_push(outcomes, outcome, length=7)
    assert outcomes == (LOSS, *[GOOD] * 5, WIN)


def test_a_clean_seven_resets_the_record_and_six_do_not():
    outcomes: tuple[Outcome, ...] = (LOSS,)
    for _ in range(6):
        outcomes = record_push(outcomes, GOOD, length=7)
    assert outcomes == (LOSS, *[GOOD] * 6)
    assert record_push(outcomes, GOOD, length=7) == ()


@given(st.lists(st.sampled_from(list(Outcome)), max_size=40))
def test_the_record_never_holds_more_than_its_length_nor_a_clean_full_one(pushed):
    outcomes: tuple[Outcome, ...] = ()
    for outcome in pushed:
        outcomes = record_push(outcomes, outcome, length=7)
        assert len(outcomes) <= 7
        assert not (len(outcomes) == 7 and all(item is GOOD for item in outcomes))
    if pushed:
        assert outcomes == () or outcomes[-1] is pushed[-1]
