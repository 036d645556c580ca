"""Adding a format is one folder: a round robin (``tests/tournaments/toy/``: its spec and
its pairing step), registered with the two registries and nothing else, is created,
joined, started by beat, played to its end and read through the API like the built-in
formats."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from datetime import timedelta

import pytest

from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, play_out, soon
from tests.tournaments.toy import ROUND_ROBIN, round_robin_step
from tournaments import formats, tasks
from tournaments.services import steps

API = "/api/v1/tournaments"


def body(**more) -> dict:
    starts_at = soon(1).isoformat().replace("+00:00", "Z")
    return {"format": "roundrobin", "starts_at": starts_at, "rules": GIN_RULES, **more}


@pytest.fixture
def round_robin() -> Iterator[None]:
    formats.register(ROUND_ROBIN)
    steps.step_register(ROUND_ROBIN.name, round_robin_step)
    try:
        yield
    finally:
        steps.step_unregister(ROUND_ROBIN.name)
        formats.unregister(ROUND_ROBIN.name)


def test_an_unregistered_format_is_refused(staff, client_for):
    response = client_for(staff).post(API, body(), format="json")
    assert response.status_code == 400 and response.json()["fields"]["format"]


def test_a_registered_format_is_played_through_the_api_to_its_end(
    round_robin, staff, client_for, clock
):
    staff_client = client_for(staff)
    # Its own body: its settings and bounds (a capacity of at most 8), nothing else.
    for refused in (body(rounds=3), body(capacity=9), body(starts_at=None)):
        response = staff_client.post(API, refused, format="json")
        assert response.status_code == 400, response.json()
    created = staff_client.post(API, body(name="Club round robin"), format="json")
    assert created.status_code == 201, created.json()
    tournament = created.json()
    assert (tournament["format"], tournament["capacity"]) == ("roundrobin", 8)
    tournament_id = tournament["id"]

    field = [UserFactory() for _ in range(4)]
    clients = {user.pk: client_for(user) for user in field}
    for user in field:
        assert clients[user.pk].post(f"{API}/{tournament_id}/join").status_code == 200
    watcher = clients[field[0].pk]
    clock.shift(timedelta(minutes=2))
    assert watcher.get(f"{API}/{tournament_id}").json()["status"] == "created"
    assert tasks.advance_due() == 1  # beat starts it, and its step pairs round 1
    refused = client_for(UserFactory()).post(f"{API}/{tournament_id}/join")
    assert (refused.status_code, refused.json()["code"]) == (409, "already_started")

    rng = random.Random(3)
    for round_no in (1, 2, 3):
        detail = watcher.get(f"{API}/{tournament_id}").json()
        assert (detail["status"], detail["current_round"]) == ("started", round_no)
        games = {
            clients[u.pk].get(f"{API}/{tournament_id}").json()["you"]["game_id"] for u in field
        }
        assert len(games) == 2 and None not in games
        for game_id in games:
            play_out(game_id, clients=clients, rng=rng)
        tasks.advance_due()  # the games' ends queue the run; beat's would do it too

    detail = watcher.get(f"{API}/{tournament_id}").json()
    assert detail["status"] == "finished" and detail["winner"] is not None
    pairings = watcher.get(f"{API}/{tournament_id}/pairings").json()
    assert pairings["count"] == 6 and {p["status"] for p in pairings["results"]} == {"finished"}
    met = sorted(
        tuple(sorted(s["user"]["username"] for s in p["players"])) for p in pairings["results"]
    )
    assert met == sorted(itertools.combinations(sorted(u.username for u in field), 2))
    standings = watcher.get(f"{API}/{tournament_id}/standings").json()["results"]
    assert [row["rank"] for row in standings] == [1, 2, 3, 4]
    assert [row["games"] for row in standings] == [3, 3, 3, 3]
    assert sum(row["score"] for row in standings) == 6  # a point a game, shared on a draw
    assert standings[0]["user"] == detail["winner"]
    assert [row["score"] for row in standings] == sorted(
        (row["score"] for row in standings), reverse=True
    )
    sheet = watcher.get(f"{API}/{tournament_id}/players/{field[1].username}").json()
    assert len(sheet["games_played"]) == 3
    listed = watcher.get(f"{API}?format=roundrobin").json()["results"]
    assert [t["id"] for t in listed] == [tournament_id]
    assert watcher.get(f"{API}/{tournament_id}/bracket").json()["code"] == "no_bracket"
