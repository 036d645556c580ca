"""Lists cost the same number of queries however many games they show; taking a seat
reads the table's seats once before the new seat and once after it (for its events)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Seat
from tests.games.rummy.helpers import create

pytestmark = pytest.mark.django_db(transaction=True)


def _queries(client, path: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200, response.json()
    assert response.json()["results"]
    return len(ctx.captured_queries)


def _table(client, seats: int) -> dict[str, Any]:
    body = {"variant": "rummy", "opponent": "human", "seats": seats, "visibility": "public"}
    response = create(client, **body)
    assert response.status_code == 201, response.json()
    return response.json()


@pytest.mark.parametrize("path", ["/api/v1/lobby", "/api/v1/games"])
def test_lists_do_not_query_per_game(make_user, client_for, path):
    viewer = client_for(make_user())
    first = _table(client_for(make_user()), 4)
    viewer.post("/api/v1/games/join", {"code": first["invite_code"]}, format="json")
    one = _queries(viewer, path)
    for seats in (3, 4, 4, 4):
        table = _table(client_for(make_user()), seats)
        joined = viewer.post("/api/v1/games/join", {"code": table["invite_code"]}, format="json")
        assert joined.status_code == 200, joined.json()
    assert _queries(viewer, path) == one



def test_a_join_reads_the_seats_once_before_the_new_seat(make_user, client_for):
    host = client_for(make_user())
    table = create(host, variant="rummy", opponent="human", seats=4).json()
    guest = client_for(make_user())
    with CaptureQueriesContext(connection) as ctx:
        response = guest.post("/api/v1/games/join", {"code": table["invite_code"]}, format="json")
    assert response.status_code == 200, response.json()
    seat_reads = [
        q["sql"] for q in ctx.captured_queries
        if q["sql"].startswith("SELECT") and f'FROM "{Seat._meta.db_table}"' in q["sql"]
        and "INNER JOIN" not in q["sql"]
    ]
    assert len(seat_reads) == 2, seat_reads
    assert Seat.objects.filter(game_id=table["id"]).count() == 2
