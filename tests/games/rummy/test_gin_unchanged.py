"""Gin Rummy keeps its exact shapes (docs/api.md#versions) now that Rummy shares the server, with
one key added to its round as to every game's: ``pile_history``, the discard pile's public
record; and one to each of its players as to every game's: ``name``, what the seat is
called at the table."""

from __future__ import annotations

import pytest

from games.models import Game
from games.presenters import computer_name

pytestmark = pytest.mark.django_db

GIN_VIEW_KEYS = {
    "id",
    "status",
    "version",
    "rules",
    "you",
    "opponent",
    "difficulty",
    "visibility",
    "invite_code",
    "turn_seconds",
    "players",
    "scores",
    "round",
    "rounds",
    "final",
    "created_at",
    "updated_at",
    "started_at",
    "finished_at",
}
GIN_ROUND_KEYS = {
    "number",
    "dealer",
    "phase",
    "turn",
    "hand",
    "opponent_hand_size",
    "stock_size",
    "discard_pile",
    "drawn_from_discard",
    "deadwood",
    "legal_actions",
    "knock_limit",
    "pile_history",
    "deck_commitment",
    "turn_deadline",
}
GIN_RULES = {
    "knock_limit",
    "gin_bonus",
    "big_gin_bonus",
    "big_gin",
    "undercut_bonus",
    "target_score",
    "game_bonus",
    "line_bonus",
    "shutout_doubles",
    "stock_floor",
    "oklahoma",
}


@pytest.mark.parametrize("variant", [{}, {"variant": "gin"}], ids=["default", "named"])
def test_a_gin_game_view_has_exactly_its_section_4_keys_and_the_pile_record(auth_client, variant):
    created = auth_client.post(
        "/api/v1/games",
        {"opponent": "computer", "difficulty": "easy", **variant},
        format="json",
    )
    assert created.status_code == 201, created.json()
    view = created.json()
    assert set(view) == GIN_VIEW_KEYS
    assert set(view["round"]) == GIN_ROUND_KEYS
    assert set(view["rules"]) == GIN_RULES
    assert len(view["players"]) == 2 and len(view["scores"]) == 2
    assert view["players"][1] == {
        "seat": 1,
        "user": None,
        "computer": "easy",
        "name": computer_name(Game.objects.get(pk=view["id"]), 1, "easy"),
    }
    assert len(view["round"]["hand"]) in (10, 11)
    assert {a["type"] for a in view["round"]["legal_actions"]} <= {
        "pass",
        "draw_stock",
        "draw_discard",
        "discard",
        "knock",
        "big_gin",
    }
    conceded = auth_client.post(f"/api/v1/games/{view['id']}/concede").json()
    assert set(conceded) == GIN_VIEW_KEYS
    assert {"winner", "reason", "aborted", "totals", "breakdown"} <= set(conceded["final"])
    assert set(conceded["final"]) <= {
        "winner",
        "reason",
        "aborted",
        "rated",
        "unrated_reason",
        "totals",
        "breakdown",
        "unfinished_round",
    }
    assert "placement" not in conceded["final"]


def test_a_gin_table_for_two_people_has_exactly_its_keys(auth_client):
    waiting = auth_client.post("/api/v1/games", {"opponent": "human"}, format="json").json()
    assert set(waiting) == GIN_VIEW_KEYS
    assert waiting["status"] == "waiting" and waiting["round"] is None
    assert len(waiting["players"]) == 2 and waiting["scores"] == [0, 0]
