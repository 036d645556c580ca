"""The one simple Gin Rummy client the benchmarks and drills play with: it decides from the
view alone, as any API client would."""

from __future__ import annotations

from typing import Any

RANK_VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A simple client from the view alone: big gin or knock when offered, else discard
    the highest card it may, and always draw from the stock."""
    legal = {entry["type"]: entry for entry in view["round"]["legal_actions"]}
    if "big_gin" in legal:
        return {"type": "big_gin"}
    if "knock" in legal:
        return {"type": "knock", "card": legal["knock"]["cards"][0]}
    if "discard" in legal:
        cards = legal["discard"]["cards"]
        return {
            "type": "discard",
            "card": max(cards, key=lambda c: RANK_VALUES.get(c[0]) or int(c[0])),
        }
    if "pass" in legal:
        return {"type": "pass"}
    return {"type": "draw_stock"}
