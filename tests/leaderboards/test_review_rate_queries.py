"""Rating a four-person Rummy game writes the four ratings in one statement."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leaderboards import services
from leaderboards.models import PlayerRating
from tests.factories import UserFactory
from tests.leaderboards.rummy_factories import rummy_game

pytestmark = pytest.mark.django_db

WHEN = datetime(2025, 3, 5, 12, tzinfo=UTC)


def test_a_four_seat_game_updates_the_ratings_in_one_statement():
    players = [UserFactory() for _ in range(4)]
    for user in players:
        PlayerRating.objects.create(user=user, variant="rummy")
    before = {r.user_id: r.updated_at for r in PlayerRating.objects.all()}
    game = rummy_game(places=players, totals=[500, 20, -120, -400], finished_at=WHEN)
    table = PlayerRating._meta.db_table
    with CaptureQueriesContext(connection) as ctx:
        record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied
    updates = [q for q in ctx.captured_queries if q["sql"].startswith(f'UPDATE "{table}"')]
    assert len(updates) == 1, [q["sql"][:120] for q in updates]
    rows = list(PlayerRating.objects.all())
    assert {r.games for r in rows} == {1}
    assert all(r.updated_at > before[r.user_id] for r in rows)
    assert len({r.rating for r in rows}) == 4
