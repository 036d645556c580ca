"""Live: the tournament's event stream on real Redis pub/sub, and the pairing run queued on
a real Celery worker when a game ends (no beat running: the event itself pairs)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.conftest import wait_until
from tests.factories import UserFactory
from tests.live.conftest import Stream
from tests.tournaments.app.helpers import advance, playing, win
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db(transaction=True)

API = "/api/v1/tournaments"


@pytest.fixture(autouse=True)
def fast_streams(settings) -> None:
    settings.EVENTS_POLL_SECONDS = 0.2
    settings.EVENTS_HEARTBEAT_SECONDS = 0.6


def test_the_stream_tells_joins_the_start_pairings_and_results_in_order(
    make_tournament, client_for
):
    field = [UserFactory() for _ in range(2)]
    tournament = make_tournament("sit_and_go", capacity=2)
    watcher = client_for(UserFactory())
    stream = Stream(watcher.get(f"{API}/{tournament.pk}/events"))
    try:
        for user in field:
            services.tournament_join(user=user, tournament_id=tournament.pk)
        seen = []
        while "pairing_made" not in seen:
            seen.append(stream.next()["event"])
        assert seen[:3] == ["player_joined", "standings_changed", "player_joined"]
        assert "started" in seen and "round_started" in seen
        (pairing,) = playing(tournament)
        win(pairing.game_id, field[0])
        advance(tournament)
        ended = stream.next(event="game_ended")
        assert ended["data"]["game_id"] == str(pairing.game_id)
        assert [p["place"] for p in ended["data"]["places"]] in ([1, 2], [2, 1])
        finished = stream.next(event="finished")
        assert finished["data"]["winner"]["username"] == field[0].username
        last = finished["id"]
    finally:
        stream.close()
    # Resuming after an event sends every later one exactly once, in order.
    resumed = Stream(watcher.get(f"{API}/{tournament.pk}/events?after={ended['id']}"))
    try:
        frames = []
        while not frames or frames[-1]["id"] < last:
            frames.append(resumed.next())
        ids = [f["id"] for f in frames]
        assert ids == sorted(set(ids)) and ids[0] > ended["id"] and ids[-1] == last
    finally:
        resumed.close()


def test_a_stream_refuses_bad_input_and_unknown_tournaments_before_it_starts(
    client_for, api_client
):
    ann = UserFactory()
    tournament = services.tournament_create(
        data={"format": "sit_and_go", "capacity": 4, "private": True}, by=ann
    )
    bad = client_for(ann).get(f"{API}/{tournament.pk}/events?after=x")
    assert bad.status_code == 400 and bad.json()["code"] == "validation_error"
    for path in ("not-an-id", "0178711d-bdfe-4c29-9e6d-c48f00bfe6bc"):
        missing = client_for(ann).get(f"{API}/{path}/events")
        assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert api_client.get(f"{API}/{tournament.pk}/events").status_code == 401


def test_a_game_ending_pairs_the_idle_players_on_the_worker_without_a_tick(
    real_worker, make_tournament
):
    """Four players, two games: the first two to finish may not meet again (three or more
    are active) so they wait; the second game's end pairs all four at once, on the worker
    that the game's end queued the run on (beat is not running)."""
    field = [UserFactory() for _ in range(4)]
    tournament = make_tournament("arena", duration_minutes=60, starts_at=timezone.now())
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    advance(tournament)  # the start, on the clock (the worker's clock is the real one)
    first, second = playing(tournament)
    win(first.game_id, first.seats.get(seat=0).entry.user)
    wait_until(lambda: Pairing.objects.get(pk=first.pk).status == "finished", timeout=20)
    assert Pairing.objects.filter(tournament=tournament).count() == 2
    win(second.game_id, second.seats.get(seat=0).entry.user)
    wait_until(lambda: Pairing.objects.filter(tournament=tournament).count() == 4, timeout=20)
    earlier = [{s.entry.user_id for s in p.seats.all()} for p in (first, second)]
    for pairing in Pairing.objects.filter(tournament=tournament, status="playing"):
        assert {s.entry.user_id for s in pairing.seats.all()} not in earlier
