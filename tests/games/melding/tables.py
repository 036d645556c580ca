"""Tables of a melding game made through the API: against the computer, between people,
or both.

A chosen deck (``decks``, one per round, dealing order) is dealt through the deck seam
(:func:`games.dealing.dealt`) around the request that deals, so positions are exact. A
game's ``conftest`` names the fixtures for its variant::

    computer_table = computer_table_fixture("rummy")
    people_table = people_table_fixture("rummy")
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import pytest

from games.dealing import dealt


def deals(decks: Sequence[Sequence[str]] | None) -> AbstractContextManager[None]:
    """Deal ``decks`` (one per round) to the game started inside; round 1's dealer is 0."""
    return dealt(list(decks), dealer=0) if decks else nullcontext()


def computer_table_fixture(variant: str) -> Any:
    """The ``computer_table`` fixture of ``variant``: ``POST /games`` against
    ``computers`` computers; the caller is seat 0."""

    @pytest.fixture
    def computer_table(make_user, client_for) -> Callable[..., dict[str, Any]]:
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
                "variant": variant,
                "opponent": "computer",
                "difficulty": difficulty,
                "computers": computers,
            }
            if rules is not None:
                body["rules"] = rules
            with deals(decks):
                response = client.post("/api/v1/games", body, format="json")
            assert response.status_code == 201, response.json()
            view = response.json()
            return {"id": view["id"], "clients": {0: client}, "users": {0: user}, "view": view}

        return make

    return computer_table


def people_table_fixture(variant: str) -> Any:
    """The ``people_table`` fixture of ``variant``: a table for ``seats`` with
    ``computers`` computers in the last seats; the creator takes seat 0 and the others
    join by the invite code, in seat order (``people``: how many people sit down, the
    creator included; all by default)."""

    @pytest.fixture
    def people_table(make_user, client_for) -> Callable[..., dict[str, Any]]:
        def make(
            *,
            seats: int,
            computers: int = 0,
            difficulty: str | None = None,
            rules: dict[str, Any] | None = None,
            decks: Sequence[Sequence[str]] | None = None,
            people: int | None = None,
            **extra: Any,
        ) -> dict[str, Any]:
            people = seats - computers if people is None else people
            users = {seat: make_user() for seat in range(people)}
            clients = {seat: client_for(user) for seat, user in users.items()}
            body: dict[str, Any] = {
                "variant": variant,
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
            with deals(decks):
                for seat in range(1, people):
                    joined = clients[seat].post(
                        "/api/v1/games/join", {"code": code}, format="json"
                    )
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

    return people_table
