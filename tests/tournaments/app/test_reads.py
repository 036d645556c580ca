"""Reads change nothing: every GET of the tournament API leaves a tournament that is due as
it was (no row written or locked), and beat's safety net runs it instead."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config import embedded_beat
from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, advance, playing, soon, win
from tournaments import services, tasks
from tournaments.models import Pairing, PairingStatus, Tournament, TournamentStatus

API = "/api/v1/tournaments"
WRITES = ("INSERT", "UPDATE", "DELETE")


def writes_of(queries: list[dict]) -> list[str]:
    """The statements that write a row or lock one."""
    return [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().upper().startswith(WRITES) or "FOR UPDATE" in q["sql"].upper()
    ]


def read_paths(tournament: Tournament, username: str) -> list[str]:
    base = f"{API}/{tournament.pk}"
    return [
        API,
        f"{API}?format={tournament.format}&status={tournament.status}",
        base,
        f"{base}/standings",
        f"{base}/players/{username}",
        f"{base}/pairings",
        f"{base}/pairings?round=1",
        f"{base}/bracket",
        f"{base}/rounds/1/deals",
    ]


def expected_status(tournament: Tournament, path: str) -> int:
    if path.endswith("/bracket") and tournament.format != "knockout":
        return 409  # no_bracket
    if path.endswith("/deals") and not tournament.duplicate:
        return 409  # not_duplicate
    return 200


def test_no_read_writes_even_when_the_tournament_is_due_and_beat_runs_it(
    make_tournament, players, client_for, clock
):
    ann, bob, cat, dan = players(4)
    arena = make_tournament("arena", duration_minutes=30)
    swiss = make_tournament("swiss", rounds=3, round_minutes=1, duplicate=True)
    knockout = make_tournament("knockout")
    for tournament in (arena, swiss, knockout):
        for user in (ann, bob, cat, dan):
            services.tournament_join(user=user, tournament_id=tournament.pk)
    clock.shift(timedelta(minutes=2))
    advance(swiss)
    advance(knockout)
    # A knockout game ends: its result waits for the pairing run (queued on the commit).
    first = playing(knockout)[0]
    win(first.game_id, first.seats.get(seat=0).entry.user)
    clock.shift(timedelta(minutes=2))
    # Due now: the arena's start has passed, the Swiss round's deadline too, and the
    # knockout has a result to record and a match to pair.
    assert arena.status == TournamentStatus.CREATED and arena.starts_at < soon(0)
    assert swiss.round_deadline < soon(0)

    client = client_for(ann)
    assert client.get(API).status_code == 200  # the token's first use is noted
    for tournament in (arena, swiss, knockout):
        for path in read_paths(tournament, bob.username):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(path)
            assert response.status_code == expected_status(tournament, path), path
            assert writes_of(queries.captured_queries) == [], path

    arena.refresh_from_db()
    swiss.refresh_from_db()
    assert arena.status == TournamentStatus.CREATED and swiss.current_round == 1
    assert Pairing.objects.get(pk=first.pk).status == PairingStatus.PLAYING

    assert tasks.advance_due() == 3  # beat's safety net, every TOURNAMENTS_SWEEP_SECONDS
    arena.refresh_from_db()
    swiss.refresh_from_db()
    assert arena.status == TournamentStatus.STARTED and len(playing(arena)) == 2
    assert swiss.current_round == 2
    assert Pairing.objects.get(pk=first.pk).status == PairingStatus.FINISHED


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_web_process_runs_beats_safety_net_itself(settings, clock):
    staff = UserFactory(is_staff=True)
    arena = services.tournament_create(
        data={
            "format": "arena",
            "rules": GIN_RULES,
            "starts_at": soon(1),
            "duration_minutes": 30,
        },
        by=staff,
    )
    for user in (UserFactory(), UserFactory()):
        services.tournament_join(user=user, tournament_id=arena.pk)
    clock.shift(timedelta(minutes=2))  # its start has come
    assert embedded_beat.start() is None  # the tests run beat's tasks themselves

    settings.EMBEDDED_BEAT = True
    entry = settings.CELERY_BEAT_SCHEDULE["tournaments-advance-due"]
    settings.CELERY_BEAT_SCHEDULE = {
        **settings.CELERY_BEAT_SCHEDULE,
        "tournaments-advance-due": {**entry, "schedule": 0.05},
    }
    stop = threading.Event()
    thread = embedded_beat.start(stop)
    assert thread is not None
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            arena.refresh_from_db()
            if arena.status == TournamentStatus.STARTED:
                break
            time.sleep(0.05)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert arena.status == TournamentStatus.STARTED and not thread.is_alive()
    assert len(playing(arena)) == 1
