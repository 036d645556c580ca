"""Helpers for playing rummy games through the HTTP API in tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from rest_framework.test import APIClient


def rummy_choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A simple client: draw from the stock, play an owed joker, else discard a card it
    may (at random from ``rng``)."""
    legal = {a["type"]: a for a in view["round"]["legal_actions"]}
    if "draw_stock" in legal:
        return {"type": "draw_stock"}
    if "discard" in legal:
        return {"type": "discard", "card": rng.choice(legal["discard"]["cards"])}
    option = legal["layoff"]["options"][0]
    return {"type": "layoff", **option}


def play_rummy_to_end(
    clients: Mapping[int, Any],
    game_id: str,
    *,
    limit: int = 4000,
    post: Callable[[Any, str, dict[str, Any]], Any] | None = None,
) -> dict[str, Any]:
    """Play every person's turn until the game is no longer active; returns the last view
    (of the first client). ``post`` sends an action (default: ``client.post``)."""
    rng = random.Random(7)
    for _ in range(limit):
        views = {s: c.get(f"/api/v1/games/{game_id}").json() for s, c in clients.items()}
        view = next(iter(views.values()))
        if view["status"] != "active":
            return view
        turn = view["round"]["turn"]
        mine = next((v for v in views.values() if v["you"] == turn), None)
        assert mine is not None, f"seat {turn} kept the turn and nobody here plays it"
        body = rummy_choose(mine, rng)
        client = clients[mine["you"]]
        if post is not None:
            response = post(client, game_id, body)
        else:
            response = client.post(f"/api/v1/games/{game_id}/actions", body, format="json")
        assert response.status_code == 200, response.json()
    raise AssertionError("the game did not end")


def create(client: APIClient, **body: Any) -> Any:
    return client.post("/api/v1/games", body, format="json")
