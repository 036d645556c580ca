"""The operator's admin: filters, the read-only move log, abandoning a stuck game."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import AuthToken, User
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def admin_client() -> Client:
    admin = User.objects.create_superuser("boss", password="a-long-admin-password")
    client = Client()
    client.force_login(admin)
    return client


def test_game_admin_lists_filters_and_shows_the_move_log(admin_client, auth_client):
    game_id = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()[
        "id"
    ]
    listing = admin_client.get(
        "/admin/games/game/?status__exact=active&opponent_type__exact=computer"
    )
    assert listing.status_code == 200
    assert game_id in listing.content.decode()
    empty = admin_client.get("/admin/games/game/?status__exact=finished")
    assert game_id not in empty.content.decode()
    page = admin_client.get(f"/admin/games/game/{game_id}/change/")
    assert page.status_code == 200
    assert "Moves" in page.content.decode()


def test_abandon_action_ends_a_stuck_game_without_results(admin_client, auth_client):
    game_id = auth_client.post("/api/v1/games", {"opponent": "computer"}, format="json").json()[
        "id"
    ]
    response = admin_client.post(
        "/admin/games/game/", {"action": "abandon", "_selected_action": [game_id]}
    )
    assert response.status_code == 302
    game = Game.objects.get(pk=game_id)
    assert game.status == "abandoned" and game.results.count() == 0
    view = auth_client.get(f"/api/v1/games/{game_id}").json()
    assert view["status"] == "abandoned"
    assert view["round"]["legal_actions"] == [] and view["round"]["turn"] is None
    refused = auth_client.post(f"/api/v1/games/{game_id}/actions", {"type": "draw_stock"})
    assert refused.status_code == 409 and refused.json()["code"] == "game_not_active"


def test_user_admin_deactivates_and_revokes_tokens(admin_client, user, auth_client):
    response = admin_client.post(
        "/admin/accounts/user/", {"action": "deactivate", "_selected_action": [user.pk]}
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert not user.is_active
    assert not AuthToken.objects.filter(user=user).exists()
    assert auth_client.get("/api/v1/me").status_code == 401
    search = admin_client.get(f"/admin/accounts/user/?q={user.username}&is_active__exact=0")
    assert user.username in search.content.decode()
