"""Playing through the API what the fair-play tests need: tables between two accounts,
turns played plainly until each seat has drawn so many times, and the boards as a player
reads them."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from rest_framework.test import APIClient

from games.dealing import dealt
from games.rules import gin
from games.variants import VARIANT_NAMES
from tests.games.helpers import act

BOARDS = ("weekly", "monthly", "all-time")


def table(
    clients: dict[int, APIClient],
    *,
    dealer: int | None = None,
    deck: list[Any] | None = None,
    **create: Any,
) -> str:
    """A Gin Rummy table that seat 0's player made and seat 1's joined; its id. With
    ``dealer`` or ``deck``, round 1 is dealt from ``deck`` (default: the deck's own order)
    by ``dealer`` (default seat 0; the other seat plays first)."""
    body = {"opponent": "human", "visibility": "private", **create}
    made = clients[0].post("/api/v1/games", body, format="json")
    assert made.status_code == 201, made.json()
    chosen = dealer is not None or deck is not None
    deal = dealt([deck or list(gin.DECK)], dealer=dealer or 0) if chosen else nullcontext()
    with deal:
        joined = clients[1].post(
            "/api/v1/games/join", {"code": made.json()["invite_code"]}, format="json"
        )
    assert joined.status_code == 200, joined.json()
    return str(made.json()["id"])


def view(client: APIClient, game_id: str) -> dict[str, Any]:
    return client.get(f"/api/v1/games/{game_id}").json()


def plain_action(current: dict[str, Any]) -> dict[str, Any]:
    """Pass the first upcard, draw from the stock, discard the first card allowed: a
    turn that never ends the round."""
    legal = {action["type"]: action for action in current["round"]["legal_actions"]}
    if "pass" in legal:
        return {"type": "pass"}
    if "draw_stock" in legal:
        return {"type": "draw_stock"}
    return {"type": "discard", "card": legal["discard"]["cards"][0]}


def play_draws(
    clients: dict[int, APIClient], game_id: str, wanted: dict[int, int]
) -> dict[int, int]:
    """Play plain turns, whoever's turn it is, until each seat of ``wanted`` has drawn at
    least that many times and each seat has made a move; the draws made, per seat."""
    draws = dict.fromkeys(clients, 0)
    moved = dict.fromkeys(clients, False)
    for _ in range(400):
        if all(draws[seat] >= count for seat, count in wanted.items()) and all(moved.values()):
            return draws
        turn = view(clients[0], game_id)["round"]["turn"]
        body = plain_action(view(clients[turn], game_id))
        response = act(clients[turn], game_id, body)
        assert response.status_code == 200, response.json()
        moved[turn] = True
        draws[turn] += body["type"] == "draw_stock"
    raise AssertionError("the plain turns did not get there")


def concede(client: APIClient, game_id: str) -> dict[str, Any]:
    response = client.post(f"/api/v1/games/{game_id}/concede")
    assert response.status_code == 200, response.json()
    return response.json()


def boards(client: APIClient) -> dict[str, Any]:
    """Every standings board (all variants, both categories) and the rating board, as
    the player reads them, without the refresh times."""
    out: dict[str, Any] = {}
    for variant in VARIANT_NAMES:
        for category in ("humans", "computer"):
            for period in BOARDS:
                body = client.get(
                    f"/api/v1/leaderboards/{period}?category={category}&variant={variant}"
                ).json()
                out[f"{period}:{category}:{variant}"] = (body["results"], body["me"])
        out[f"rating:{variant}"] = client.get(
            f"/api/v1/leaderboards/rating?variant={variant}"
        ).json()
    return out
