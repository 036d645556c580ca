"""A guest removed for disuse who played with other people stays on those finished games
under the name it had: its seat keeps the account (seats never lose their players), kept
deactivated, and every result row -- what profiles and boards read -- stays."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import services as accounts
from games.models import GameResult, GameStatus
from leaderboards import services as leaderboards
from tests.factories import HumanGameFactory, UserFactory

pytestmark = pytest.mark.django_db

RESULT_FIELDS = ("user_id", "seat", "opponent_id", "won", "placement", "total", "reason")


def test_a_finished_game_shows_a_purged_guest_under_the_name_it_had(client_for):
    guest, _ = accounts.guest_create(display_name="Annie")
    friend = UserFactory()
    game = HumanGameFactory(creator=friend, opponent=guest, status=GameStatus.FINISHED, loser=1)
    results = GameResult.objects.filter(game=game).order_by("seat").values(*RESULT_FIELDS)
    before = list(results)
    assert len(before) == 2

    assert accounts.guests_purge_idle(now=timezone.now() + timedelta(days=31)) == (0, 1)

    reader = client_for(friend)
    view = reader.get(f"/api/v1/games/{game.pk}").json()
    assert [p["user"] for p in view["players"]] == [
        {"username": friend.username, "display_name": friend.public_name},
        {"username": guest.username, "display_name": "Annie"},
    ]
    assert list(results) == before  # both rows, the guest's too, as they were
    assert reader.get("/api/v1/me").json()["stats"]["games"] == 1
    # The boards read those rows: the friend keeps its place; the guest is on none.
    leaderboards.standings_refresh_open()
    board = reader.get("/api/v1/leaderboards/weekly?category=humans")
    assert board.status_code == 200
    assert [row["user"]["username"] for row in board.json()["results"]] == [friend.username]
