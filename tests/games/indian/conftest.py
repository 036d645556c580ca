"""Indian Rummy tables made through the API: against the computer, between people, or both.

A chosen deck (``decks``, one per deal, dealing order) is dealt through the deck seam
(:func:`games.dealing.dealt`) around the request that deals, so positions are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tests.games.indian.helpers import deals as _deals


@pytest.fixture
def computer_table(make_user, client_for) -> Callable[..., dict[str, Any]]:
    """``POST /games`` against ``computers`` computers; the caller is seat 0."""

    def make(
        *,
        computers: int,
        difficulty: str = "easy",
        rules: dict[str, Any] | None = None,
        decks: Sequence[Sequence[str]] | None = None,
    ) -> dict[str, Any]:
        user = make_user()
        client = client_for(user)
        body: dict[str, Any] = {
            "variant": "indian",
            "opponent": "computer",
            "difficulty": difficulty,
            "computers": computers,
        }
        if rules is not None:
            body["rules"] = rules
        with _deals(decks):
            response = client.post("/api/v1/games", body, format="json")
        assert response.status_code == 201, response.json()
        view = response.json()
        return {"id": view["id"], "clients": {0: client}, "users": {0: user}, "view": view}

    return make


@pytest.fixture
def people_table(make_user, client_for) -> Callable[..., dict[str, Any]]:
    """A table for ``seats`` with ``computers`` computers in the last seats: the creator
    takes seat 0 and the others join by the invite code, in seat order."""

    def make(
        *,
        seats: int,
        computers: int = 0,
        difficulty: str | None = None,
        rules: dict[str, Any] | None = None,
        decks: Sequence[Sequence[str]] | None = None,
        **extra: Any,
    ) -> dict[str, Any]:
        people = seats - computers
        users = {seat: make_user() for seat in range(people)}
        clients = {seat: client_for(user) for seat, user in users.items()}
        body: dict[str, Any] = {
            "variant": "indian",
            "opponent": "human",
            "visibility": "private",
            "seats": seats,
            "computers": computers,
            **extra,
        }
        if difficulty is not None:
            body["difficulty"] = difficulty
        if rules is not None:
            body["rules"] = rules
        created = clients[0].post("/api/v1/games", body, format="json")
        assert created.status_code == 201, created.json()
        waiting = created.json()
        assert waiting["status"] == "waiting" and waiting["round"] is None
        code = waiting["invite_code"]
        view = waiting
        with _deals(decks):
            for seat in range(1, people):
                joined = clients[seat].post("/api/v1/games/join", {"code": code}, format="json")
                assert joined.status_code == 200, joined.json()
                view = joined.json()
                assert view["you"] == seat
        return {
            "id": waiting["id"],
            "clients": clients,
            "users": users,
            "view": view,
            "code": code,
            "created": waiting,
        }

    return make
