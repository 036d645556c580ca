"""Races proven with real threads on PostgreSQL (each thread has its own connection)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal

import pytest
import time_machine
from django.db import OperationalError, connection, transaction

from leaderboards import glicko2, services
from leaderboards.models import Period, PlayerRating, RatedGame, Standing
from tests.conftest import WAIT_SECONDS, wait_until, waiting_on_a_lock
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db(transaction=True)

NOW = datetime(2025, 3, 12, 12, tzinfo=UTC)


def in_thread(name: str, target: Callable[[], object], errors: list) -> threading.Thread:
    def run() -> None:
        try:
            target()
        except BaseException as exc:  # surfaced by the test below
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread


def test_a_game_finishing_during_a_refresh_is_counted_exactly_once(monkeypatch):
    ann, bob, cy = (UserFactory(username=n) for n in ("ann", "bob", "cy"))
    errors: list = []
    paused, resume, committed = threading.Event(), threading.Event(), threading.Event()
    original = services._refresh_category

    def refresh_category(period, category):
        original(period, category)
        if threading.current_thread().name == "beat" and not paused.is_set():
            paused.set()  # the week's lock is held and its humans board written
            assert resume.wait(WAIT_SECONDS)

    monkeypatch.setattr(services, "_refresh_category", refresh_category)

    with time_machine.travel(NOW, tick=True):
        finished_game(player=ann, opponent=bob, total=150, finished_at=NOW)
        services.periods_ensure_current(now=NOW)
        beat = in_thread("beat", services.standings_refresh_open, errors)
        assert paused.wait(WAIT_SECONDS)
        week = Period.objects.get(kind="weekly", closed_at__isnull=True)
        with pytest.raises(OperationalError), transaction.atomic():  # the refresh holds it
            Period.objects.select_for_update(nowait=True).get(pk=week.pk)

        def finish_game() -> None:
            with transaction.atomic():
                transaction.on_commit(committed.set)  # runs before the receiver's callbacks
                finished_game(player=cy, opponent=ann, total=210, finished_at=NOW, signal=True)

        game = in_thread("game", finish_game, errors)
        assert committed.wait(WAIT_SECONDS)
        # Its refresh (run at the commit) waits for the period lock the beat refresh holds.
        wait_until(lambda: waiting_on_a_lock(Period._meta.db_table))
        assert game.is_alive()
        assert not Standing.objects.filter(user=cy).exists()
        resume.set()
        beat.join(WAIT_SECONDS)
        game.join(WAIT_SECONDS)

    assert not errors and not beat.is_alive() and not game.is_alive()
    rows = {
        (s.period.kind, s.user.username): (s.rank, s.score, s.wins, s.games)
        for s in Standing.objects.select_related("period", "user").filter(category="humans")
    }
    for kind in ("weekly", "monthly", "all-time"):
        assert rows[(kind, "cy")] == (1, Decimal(210), 1, 1)
        assert rows[(kind, "ann")] == (2, Decimal(150), 1, 2)
        assert rows[(kind, "bob")] == (3, Decimal(0), 0, 1)


def test_two_deliveries_of_a_rating_task_at_once_apply_it_once(monkeypatch):
    ann, bob = UserFactory(), UserFactory()
    game = finished_game(player=ann, opponent=bob, finished_at=NOW)
    calls: list = []
    original = glicko2.rate
    start = threading.Barrier(2)

    def rate_once_the_other_waits(*args, **kwargs):
        calls.append(args)
        # Hold the rating locks until the other delivery is blocked on them (or on the
        # rows this one inserted): both are then inside game_rate at once.
        wait_until(lambda: waiting_on_a_lock(PlayerRating._meta.db_table))
        return original(*args, **kwargs)

    monkeypatch.setattr(glicko2, "rate", rate_once_the_other_waits)
    outcomes: list = []
    errors: list = []

    def deliver() -> None:
        start.wait(WAIT_SECONDS)
        outcomes.append(services.game_rate(game_id=game.pk))

    threads = [in_thread(f"worker-{i}", deliver, errors) for i in range(2)]
    for thread in threads:
        thread.join(WAIT_SECONDS)

    assert not errors and not any(thread.is_alive() for thread in threads)
    assert sorted(outcome is None for outcome in outcomes) == [False, True]
    assert len(calls) == 2  # one update per player, by one delivery only
    assert RatedGame.objects.count() == 1
    assert set(PlayerRating.objects.values_list("games", flat=True)) == {1}


def test_two_games_of_the_same_pair_rated_at_once_both_apply_without_deadlock(monkeypatch):
    ann, bob = UserFactory(), UserFactory()
    # Opposite seatings: the rows are still locked in user-id order.
    first = finished_game(player=ann, opponent=bob, finished_at=NOW)
    second = finished_game(player=bob, opponent=ann, finished_at=NOW)
    start = threading.Barrier(2)
    errors: list = []

    def deliver(game_id) -> Callable[[], None]:
        def run() -> None:
            start.wait(WAIT_SECONDS)
            services.game_rate(game_id=game_id)

        return run

    threads = [in_thread(f"w{i}", deliver(g.pk), errors) for i, g in enumerate((first, second))]
    for thread in threads:
        thread.join(WAIT_SECONDS)
    assert not errors and not any(thread.is_alive() for thread in threads)
    assert RatedGame.objects.count() == 2
    assert set(PlayerRating.objects.values_list("games", flat=True)) == {2}
