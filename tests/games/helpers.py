"""Helpers for playing games through the HTTP API in tests."""

from __future__ import annotations

import re
import threading
from typing import Any

from django.db import connection
from rest_framework.test import APIClient

from games.models import Game
from games.replay import rebuild_state
from games.rules import gin as rules

CARD_RE = re.compile(r"^[A2-9TJQK][SHDC]$")


THREADS = 8


def run_in_threads(target, count: int = THREADS) -> list:
    """``target(i)`` for ``i`` in ``range(count)``, each on its own thread and database
    connection, all released together by a barrier; the results in order."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def worker(i: int) -> None:
        try:
            barrier.wait()
            results[i] = target(i)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A decent, deterministic client: big gin, knock, else the discard that keeps the
    least deadwood; take the upcard / discard only when it lowers deadwood."""
    rnd = view["round"]
    legal = {a["type"]: a for a in rnd["legal_actions"]}
    hand = rules.cards(rnd["hand"])
    if "big_gin" in legal:
        return {"type": "big_gin"}
    if "knock" in legal:
        return {"type": "knock", "card": legal["knock"]["cards"][0]}
    if "discard" in legal:
        best = min(
            legal["discard"]["cards"],
            key=lambda c: (
                rules.deadwood_value([h for h in hand if str(h) != c]),
                -rules.Card.parse(c).value,
                c,
            ),
        )
        return {"type": "discard", "card": best}
    if "draw_discard" in legal:
        top = rules.Card.parse(rnd["discard_pile"][-1])
        if rules.best_discards([*hand, top])[0] < rules.deadwood_value(hand) - top.value:
            return {"type": "draw_discard"}
    if "pass" in legal:
        return {"type": "pass"}
    return {"type": "draw_stock"}


def act(client: APIClient, game_id: str, body: dict[str, Any], **headers: str):
    return client.post(f"/api/v1/games/{game_id}/actions", body, format="json", **headers)


def state_at(game_id: str, version: int) -> rules.GameState | None:
    """The server's state of a Gin Rummy game at ``version`` (``None`` before a deal)."""
    game = Game.objects.get(pk=game_id)
    if game.state is None:
        return None
    if game.version == version:
        return game.rules_state()
    return rebuild_state(game, version=version)


def hidden_cards(game_id: str, seat: int, version: int) -> set[str]:
    """Cards ``seat`` must not see at ``version`` (:func:`hidden_in`)."""
    state = state_at(game_id, version)
    if state is None or state.is_over:
        return set()
    return hidden_in(state, seat)


def pile_record(state: rules.GameState) -> list[dict[str, Any]]:
    """The discard pile's public record as the server's full move record gives it: the
    passes, takes from the pile and discards, in order (never a stock draw, nor a
    knock's face-down card)."""
    out: list[dict[str, Any]] = []
    for record in state.round.history:
        if record.type == "pass":
            out.append({"seat": record.seat, "action": "pass"})
        elif record.type in ("draw_discard", "discard"):
            out.append({"seat": record.seat, "action": record.type, "card": str(record.card)})
    return out


def hidden_in(state: rules.GameState, seat: int) -> set[str]:
    """Cards ``seat`` must not see in ``state``: the stock, and the opponent's hand but for
    the cards it took from the discard pile this round (they lay face up, and the pile's
    public record names them)."""
    rnd = state.round
    taken = {
        str(record.card)
        for record in rnd.history
        if record.seat != seat and record.type == "draw_discard" and record.card is not None
    }
    return ({str(c) for c in rnd.hands[1 - seat]} - taken) | {str(c) for c in rnd.stock}


def card_strings(value: Any) -> set[str]:
    """Every card-like string anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= card_strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_strings(item)
    elif isinstance(value, str) and CARD_RE.match(value):
        found.add(value)
    return found


def current_round_part(view: dict[str, Any]) -> dict[str, Any]:
    """The view without finished rounds (whose hands are public, from other decks)."""
    return {k: v for k, v in view.items() if k not in ("rounds", "final")}
