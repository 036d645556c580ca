"""Playing Rummy 500 through the API in tests: a seat's choice from its own view's JSON,
and the checks of what a view and the move log show."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.rules.common.cards import cards
from games.rules.rummy500.melds import meld_with, melds_in
from tests.games.melding import play as melding
from tests.games.melding.play import (
    CARD_RE,
    card_strings,
    current_round_part,
    legal_of,
    states_by_version,
)

DECK = [f"{rank}{suit}" for suit in "SHDC" for rank in "A23456789TJQK"]


_SEAT_1 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"  # every club
_SEAT_0 = "7S 7D 2D 3D 4D 5D 6D 8D 9D TD JD QD KD"  # two sevens and diamonds
_REST = "7H 2S AS 3S 4S 5S 6S 8S 9S TS JS QS KS AD AH 2H 3H 4H 5H 6H 8H 9H TH JH QH KH"
SEVENS_DECK = f"{_SEAT_1} {_SEAT_0} {_REST}".split()
"""A deal of two (dealer 0, seat 1 first): 7H turned up, 2S on top of the stock; seat 0
can take 7H only to set it down with its 7S 7D."""


def seeded_deck(seed: int) -> list[str]:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def chooser(seed: int, deep: float = 0.5):
    """A person's play from their own view: now and then the deepest card of the pile it
    may take (then the picked card goes down at once), every meld and lay-off it has, and
    its highest card discarded."""
    rng = random.Random(seed)

    def choose(view: Mapping[str, Any]) -> dict[str, Any]:
        legal = legal_of(view)
        rnd = view["round"]
        hand = cards(rnd["hand"], jokers=True)
        if "draw_stock" in legal:
            takes = legal.get("draw_discard", {}).get("cards", [])
            if takes and rng.random() < deep:
                return {"type": "draw_discard", "card": takes[0]}
            return {"type": "draw_stock"}
        picked = rnd["picked_card"]
        if picked is not None:
            meld = meld_with(cards(picked, jokers=True)[0], hand)
            if meld is not None:
                return {"type": "meld", "melds": [[str(c) for c in meld]]}
            option = next(o for o in legal["layoff"]["options"] if o["card"] == picked)
            return {"type": "layoff", **option}
        if "meld" in legal:
            return {"type": "meld", "melds": [[str(c) for c in melds_in(hand)[0]]]}
        if "layoff" in legal:
            return {"type": "layoff", **legal["layoff"]["options"][0]}
        return {"type": "discard", "card": legal["discard"]["cards"][-1]}

    return choose


def play_out(game_id: str, clients, seed: int = 0, **kwargs: Any) -> dict[str, Any]:
    return melding.play_out(game_id, clients, chooser(seed), limit=3000, **kwargs)


def assert_view_hides(
    view: Mapping[str, Any], seat: int, state: Any, *, seated: bool = True
) -> bool:
    """Seat ``seat``'s view of the server's ``state`` shows its own hand and the whole
    pile, never a card of another hand or of the stock; False for a view between rounds
    or after the end (nothing is hidden then). The card a seat picked from the pile and
    still owes is shown to every seat: it lay open on the pile a moment ago. A player who
    left (``seated`` false) no longer sees the hand the computer plays for their seat."""
    assert view["you"] == seat
    if view["round"] is None or state.round is None:
        return False
    rnd = state.round
    picked = None if rnd.picked_card is None else str(rnd.picked_card)
    assert view["round"]["picked_card"] == picked
    hidden = {str(c) for s, hand in enumerate(rnd.hands) if s != seat or not seated for c in hand}
    hidden |= {str(c) for c in rnd.stock}
    hidden -= {picked}
    shown = set(card_strings(current_round_part(view)))
    assert not shown & hidden, (seat, view["version"], shown & hidden)
    assert view["round"]["hand"] == ([str(c) for c in rnd.hands[seat]] if seated else [])
    assert view["round"]["discard_pile"] == [str(c) for c in rnd.discard_pile]
    assert view["round"]["hand_sizes"] == [len(hand) for hand in rnd.hands]
    assert view["round"]["stock_size"] == len(rnd.stock)
    assert "stock" not in view["round"]
    return True


def assert_views_hide(game_id: str, seen: list[tuple[int, dict[str, Any]]]) -> int:
    """No view shows a card of another hand or of the stock, as the server's state held
    them at that view's version; returns how many views were checked."""
    by_version = states_by_version(game_id)
    return sum(assert_view_hides(view, seat, by_version[view["version"]]) for seat, view in seen)


def assert_moves_show_the_pile(moves: list[dict[str, Any]]) -> int:
    """Every take from the pile names its card to every seat (the pile is public), and
    every meld, lay-off and discard its cards; returns how many takes there were."""
    for move in moves:
        action = move["action"]
        if action["type"] in ("draw_discard", "discard", "layoff"):
            assert CARD_RE.match(action["card"]), move
        elif action["type"] == "meld":
            assert all(CARD_RE.match(c) for meld in action["melds"] for c in meld), move
    return sum(1 for move in moves if move["action"]["type"] == "draw_discard")
