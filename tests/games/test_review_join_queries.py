"""Taking a seat at a rummy table reads the table's seats once before the new seat and
once after it (for the change's events)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Seat
from tests.games.rummy_helpers import create

pytestmark = pytest.mark.django_db(transaction=True)


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
