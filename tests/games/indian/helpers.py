"""Playing Indian Rummy (docs/games/indian-rummy.md) through the HTTP API in tests, and checking
what it
shows: Indian Rummy's own decks, decisions and checks over the client every melding game
shares (:mod:`tests.games.melding.play`).

The client here decides from its own view alone: it declares when ``declare`` lists a card
in ``valid_with`` (showing the server's ``arrangement``), takes the pile's top card when
that lowers its points, and otherwise discards the ``arrangement``'s ``discard``. A seat
may be told to drop at its first turn of every deal, which keeps big tables short. Every
position it reaches is the server's; nothing here writes rows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from rest_framework.test import APIClient

from games.rules.indian import (
    GameState,
    best_arrangement,
    full_deck,
    indian_cards,
    new_deck,
    wild_rank_of,
)
from tests.games.melding import play
from tests.games.melding.play import (
    act,
    card_strings,
    create,
    current_round_part,
    legal_of,
    moves_of,
    open_round_view,
    states_by_version,
    texts,
    view_of,
)
from tests.games.melding.tables import deals
from tests.rules.indian.helpers import make_deck

__all__ = [
    "HIDDEN_KEYS",
    "MAX_ACTIONS",
    "ROUND_KEYS",
    "act",
    "assert_moves_hide",
    "assert_round_results",
    "assert_view_hides",
    "assert_views_hide",
    "choose",
    "create",
    "deals",
    "indian_deck",
    "legal_of",
    "moves_of",
    "play_out",
    "seeded_deck",
    "states_by_version",
    "view_of",
]

ROUND_KEYS = {
    "number",
    "dealer",
    "phase",
    "turn",
    "hand",
    "hand_sizes",
    "status",
    "stock_size",
    "discard_pile",
    "wild_joker",
    "drawn_from_discard",
    "arrangement",
    "pile_history",
    "deck_commitment",
    "turn_deadline",
    "legal_actions",
}
"""The keys of an Indian Rummy view's ``round`` (docs/games/indian-rummy.md, and ``pile_history``),
exactly."""
HIDDEN_KEYS = {"hands", "stock", "deck", "salt", "face_down", "shows"}
"""Keys that may appear only in finished deals' results."""
MAX_ACTIONS = 4000


# --- decks ------------------------------------------------------------------------------


def indian_deck(*hands: str, wild: str, upcard: str, stock: str = "", decks: int = 2) -> list[str]:
    """A whole deck in dealing order: the 13-card hands (the seat after the dealer first),
    the wild joker card, the first upcard, the first stock cards, then the rest in a fixed
    order."""
    return [str(card) for card in make_deck(hands, wild, upcard, stock, decks)]


def seeded_deck(seed: int, decks: int = 2) -> list[str]:
    """A shuffled deck, the same for the same seed."""
    return [str(card) for card in new_deck(random.Random(seed), decks)]


# --- the client -------------------------------------------------------------------------


def _wild_rank(view: Mapping[str, Any]) -> int:
    return wild_rank_of(indian_cards(view["round"]["wild_joker"]["card"])[0])


def choose(view: Mapping[str, Any], droppers: Collection[int] = ()) -> dict[str, Any]:
    """The next action of the seat whose view this is (see the module docstring)."""
    rnd = view["round"]
    legal = legal_of(view)
    assert legal, f"no legal action for seat {view['you']}: {rnd}"
    if view["you"] in droppers and "draw_stock" in legal:
        return {"type": "drop"}
    if "draw_stock" in legal:
        if "draw_discard" in legal:
            top = rnd["discard_pile"][-1]
            taken = best_arrangement(indian_cards([*rnd["hand"], top]), wild_rank=_wild_rank(view))
            if taken.points < rnd["arrangement"]["points"] and str(taken.discard) != top:
                return {"type": "draw_discard"}
        return {"type": "draw_stock"}
    arrangement = rnd["arrangement"]
    if arrangement["discard"] in legal["declare"]["valid_with"]:
        spare = [arrangement["ungrouped"]] if arrangement["ungrouped"] else []
        groups = [*arrangement["groups"], *spare]
        return {"type": "declare", "card": arrangement["discard"], "groups": groups}
    assert arrangement["discard"] in legal["discard"]["cards"], rnd
    return {"type": "discard", "card": arrangement["discard"]}


def play_out(
    game_id: str,
    clients: Mapping[int, APIClient],
    *,
    seen: list[tuple[int, dict[str, Any]]] | None = None,
    droppers: Collection[int] = (),
    actions: int | None = None,
) -> dict[str, Any]:
    """:func:`tests.games.melding.play.play_out` with :func:`choose`, the seats of
    ``droppers`` dropping at their first turn of every deal."""
    return play.play_out(
        game_id,
        clients,
        lambda view: choose(view, droppers),
        limit=MAX_ACTIONS,
        seen=seen,
        actions=actions,
    )


# --- what a seat may see ----------------------------------------------------------------


def assert_view_hides(view: Mapping[str, Any], seat: int, state: GameState) -> None:
    """``view`` (seat ``seat``'s, at ``state``) holds that seat's hand and the public cards
    only: no other hand, no stock card, no stock order, no face-down card."""
    rnd_view = open_round_view(view, seat, state, ROUND_KEYS, HIDDEN_KEYS)
    if rnd_view is None:
        return
    rnd = state.round
    current = current_round_part(view)
    if str(rnd.status[seat]) == "in":
        assert Counter(rnd_view["hand"]) == Counter(texts(rnd.hands[seat]))
    else:  # out of the deal (dropped, wrong show, out of the game): no hand, even its own
        assert rnd_view["hand"] == [] and rnd_view["arrangement"] is None
    assert rnd_view["hand_sizes"] == [
        len(hand) if str(status) == "in" else 0
        for hand, status in zip(rnd.hands, rnd.status, strict=True)
    ]
    assert rnd_view["status"] == [str(status) for status in rnd.status]
    assert rnd_view["wild_joker"]["card"] == str(rnd.wild_card)
    public = (
        set(rnd_view["hand"])
        | set(texts(rnd.discard_pile))
        | {str(rnd.wild_card)}
        | {entry["card"] for entry in rnd_view["pile_history"]}
    )
    shown = set(card_strings(current))
    leaked = shown - public
    assert not leaked, f"seat {seat} sees {sorted(leaked)} at version {view['version']}"
    arrangement = rnd_view["arrangement"]
    if arrangement is not None:
        arranged = [c for g in arrangement["groups"] for c in g] + arrangement["ungrouped"]
        arranged += [arrangement["discard"]] if "discard" in arrangement else []
        assert Counter(arranged) == Counter(rnd_view["hand"])


def assert_views_hide(game_id: str, seen: Iterable[tuple[int, Mapping[str, Any]]]) -> int:
    """Check every recorded view against the server's state at its version; returns how
    many views were checked."""
    by_version = states_by_version(game_id)
    count = 0
    for seat, view in seen:
        assert_view_hides(view, seat, by_version[view["version"]])
        count += 1
    return count


def assert_moves_hide(moves: list[dict[str, Any]], seat: int, finished: bool) -> int:
    """Other seats' stock draws and face-down declared cards carry no card until the game
    is finished; returns how many such moves of other seats were looked at."""
    return play.assert_moves_hide(moves, seat, finished, face_down=("declare",))


# --- results ----------------------------------------------------------------------------


def assert_round_results(view: Mapping[str, Any]) -> None:
    """Every finished deal: a fair-shuffle reveal that matches its commitment, points that
    are never negative and that follow the hands, and totals that add up."""
    rules = view["rules"]

    def check(result: Mapping[str, Any]) -> None:
        dealt_in = [h["seat"] for h in result["hands"] if h["status"] != "out"]
        assert result["wild_joker"]["card"] == result["deck"][13 * len(dealt_in)]
        assert all(points >= 0 for points in result["points"])
        assert result["points"] == [hand["value"] for hand in result["hands"]]
        winner = result["winner"]
        if result["outcome"] == "show":
            assert result["hands"][winner]["status"] == "declared"
        else:
            assert result["outcome"] == "last_player"
            assert result["hands"][winner]["status"] == "last"
        assert result["points"][winner] == 0
        for hand in result["hands"]:
            if hand["status"] == "counted":
                assert hand["value"] <= rules["max_points"]
            elif hand["status"] == "wrong_show":
                assert hand["value"] == rules["wrong_show"]
            elif hand["status"] == "out":
                assert hand["value"] == 0 and hand["groups"] == [] and hand["ungrouped"] == []

    play.assert_round_results(view, texts(full_deck(rules["decks"])), check)
