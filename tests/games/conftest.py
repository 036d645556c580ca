"""Fixtures for game tests: games in known states, created through the services."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

import pytest

from games.dealing import dealt
from games.rules import gin as rules


@pytest.fixture
def human_game(make_user, client_for) -> Callable[..., dict[str, Any]]:
    """An active human game between two new players; returns ids, clients and seats.

    With ``deck`` (and ``dealer``) the first round is dealt from that deck."""

    def make(*, deck: Any = None, dealer: int = 0, **create: Any) -> dict[str, Any]:
        ann, bob = make_user(), make_user()
        ann_client, bob_client = client_for(ann), client_for(bob)
        body = {"opponent": "human", **create}
        code = ann_client.post("/api/v1/games", body, format="json").json()["invite_code"]
        with dealt([deck], dealer=dealer) if deck is not None else nullcontext():
            view = bob_client.post("/api/v1/games/join", {"code": code}, format="json").json()
        game_id = view["id"]
        clients = {0: ann_client, 1: bob_client}
        users = {0: ann, 1: bob}
        return {"id": game_id, "clients": clients, "users": users}

    return make


def full_deck(first: str) -> list[rules.Card]:
    """A deck starting with the given cards, the rest in a fixed order."""
    head = list(rules.cards(first))
    return head + [c for c in rules.DECK if c not in head]
