"""Playing Indian Rummy (DESIGN §6) through the HTTP API in tests, and checking what it shows.

The client here decides from its own view alone: it declares when ``declare`` lists a card
in ``valid_with`` (showing the server's ``arrangement``), takes the pile's top card when
that lowers its points, and otherwise discards the ``arrangement``'s ``discard``. A seat
may be told to drop at its first turn of every deal, which keeps big tables short. Every
position it reaches is the server's; nothing here writes rows.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from rest_framework.test import APIClient

from games.dealing import dealt
from games.models import Game
from games.replay import states
from games.rules.indian import (
    GameState,
    best_arrangement,
    full_deck,
    indian_cards,
    new_deck,
    wild_rank_of,
)
from tests.rules.indian.helpers import make_deck

CARD_RE = re.compile(r"^(?:[A2-9TJQK][SHDC]|XX)$")

VIEW_KEYS = {
    "id",
    "variant",
    "status",
    "version",
    "rules",
    "you",
    "players",
    "scores",
    "round",
    "rounds",
    "final",
}
"""Keys every Indian Rummy view holds (the server may add more, never a hidden card)."""
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
"""The keys of an Indian Rummy view's ``round`` (DESIGN §6, and ``pile_history``), exactly."""
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


def deals(decks: Sequence[Sequence[str]] | None) -> AbstractContextManager[None]:
    """Deal ``decks`` (one per deal) to the game started inside; round 1's dealer is 0."""
    return dealt(list(decks), dealer=0) if decks else nullcontext()


# --- the client -------------------------------------------------------------------------


def legal_of(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["type"]: entry for entry in view["round"]["legal_actions"]}


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


def act(client: APIClient, game_id: str, body: Mapping[str, Any], **headers: str):
    return client.post(f"/api/v1/games/{game_id}/actions", dict(body), format="json", **headers)


def view_of(client: APIClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200, response.content
    return response.json()


def play_out(
    game_id: str,
    clients: Mapping[int, APIClient],
    *,
    seen: list[tuple[int, dict[str, Any]]] | None = None,
    droppers: Collection[int] = (),
    actions: int | None = None,
) -> dict[str, Any]:
    """Play the game to its end (or for ``actions`` actions) for the people at
    ``clients`` (seat -> client); the computers move by themselves. Every view received
    is appended to ``seen`` as ``(seat, view)``. Returns the last view of the first seat
    in ``clients``."""
    seat = min(clients)
    played = 0
    after: dict[str, Any] | None = None
    for _ in range(2 * MAX_ACTIONS):
        upcoming = after["round"]["turn"] if after and after["status"] == "active" else None
        if upcoming == seat:
            view = after  # still this seat's turn: nobody else can have moved
        elif upcoming in clients:
            seat, after = upcoming, None
            continue
        else:
            view = view_of(clients[seat], game_id)
            if seen is not None:
                seen.append((seat, view))
        assert view is not None
        if view["status"] != "active" or played == actions:
            break
        turn = view["round"]["turn"]
        if turn != seat:
            assert turn in clients, f"seat {turn} is to act but nobody plays it: {view['round']}"
            seat, after = turn, None
            continue
        body = {**choose(view, droppers), "expected_version": view["version"]}
        response = act(clients[seat], game_id, body)
        assert response.status_code == 200, (body, response.json())
        after = response.json()
        assert after["version"] == view["version"] + 1
        played += 1
        if seen is not None:
            seen.append((seat, after))
    else:
        raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
    if seen is not None:
        for other, client in clients.items():
            seen.append((other, view_of(client, game_id)))
    return view_of(clients[min(clients)], game_id)


# --- what a seat may see ----------------------------------------------------------------


def card_strings(value: Any) -> Counter[str]:
    """Every card-like string anywhere in a JSON value, counted."""
    found: Counter[str] = Counter()
    if isinstance(value, dict):
        for item in value.values():
            found += card_strings(item)
    elif isinstance(value, list):
        for item in value:
            found += card_strings(item)
    elif isinstance(value, str) and CARD_RE.match(value):
        found[value] += 1
    return found


def keys_in(value: Any) -> set[str]:
    """Every object key anywhere in a JSON value."""
    found: set[str] = set()
    if isinstance(value, dict):
        found |= set(value)
        for item in value.values():
            found |= keys_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= keys_in(item)
    return found


def current_round_part(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view without finished deals (their hands and decks are public)."""
    return {key: value for key, value in view.items() if key not in ("rounds", "final")}


def texts(cards: Iterable[object]) -> list[str]:
    return [str(card) for card in cards]


def states_by_version(game_id: str) -> dict[int, GameState]:
    """The server's own state at every version, from its move log."""
    game = Game.objects.get(pk=game_id)
    return {version: state for version, state in states(game)}


def assert_view_hides(view: Mapping[str, Any], seat: int, state: GameState) -> None:
    """``view`` (seat ``seat``'s, at ``state``) holds that seat's hand and the public cards
    only: no other hand, no stock card, no stock order, no face-down card."""
    assert view["you"] == seat
    assert set(view) >= VIEW_KEYS, set(view)
    rnd_view = view["round"]
    if state.final is not None or rnd_view is None:
        assert view["status"] != "active"
        return
    rnd = state.round
    assert set(rnd_view) == ROUND_KEYS, set(rnd_view) ^ ROUND_KEYS
    current = current_round_part(view)
    assert not keys_in(current) & HIDDEN_KEYS, keys_in(current) & HIDDEN_KEYS
    assert rnd_view["number"] == rnd.number
    if str(rnd.status[seat]) == "in":
        assert Counter(rnd_view["hand"]) == Counter(texts(rnd.hands[seat]))
    else:  # out of the deal (dropped, wrong show, out of the game): no hand, even its own
        assert rnd_view["hand"] == [] and rnd_view["arrangement"] is None
    assert rnd_view["hand_sizes"] == [
        len(hand) if str(status) == "in" else 0
        for hand, status in zip(rnd.hands, rnd.status, strict=True)
    ]
    assert rnd_view["status"] == [str(status) for status in rnd.status]
    assert rnd_view["stock_size"] == len(rnd.stock)
    assert rnd_view["discard_pile"] == texts(rnd.discard_pile)
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


def moves_of(client: APIClient, game_id: str) -> list[dict[str, Any]]:
    """The whole move log as ``client`` sees it, every page."""
    url: str | None = f"/api/v1/games/{game_id}/moves?page_size=100"
    out: list[dict[str, Any]] = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.content
        page = response.json()
        out += page["results"]
        url = page["next"]
    return out


def assert_moves_hide(moves: list[dict[str, Any]], seat: int, finished: bool) -> int:
    """Other seats' stock draws and face-down declared cards carry no card until the game
    is finished; returns how many such moves of other seats were looked at."""
    seqs = [move["seq"] for move in moves]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "oldest first, none missing"
    others = 0
    for move in moves:
        action = move["action"]
        if action["type"] not in ("draw_stock", "declare"):
            continue
        if move["seat"] == seat or finished:
            assert CARD_RE.match(action.get("card", "")), move
        else:
            others += 1
            assert "card" not in action, move
            if action["type"] == "draw_stock":
                assert not card_strings(action), move
    return others


# --- results ----------------------------------------------------------------------------


def assert_round_results(view: Mapping[str, Any]) -> None:
    """Every finished deal: a fair-shuffle reveal that matches its commitment, points that
    are never negative and that follow the hands, and totals that add up."""
    seats = len(view["players"])
    rules = view["rules"]
    scores = [0] * seats
    for result in view["rounds"]:
        digest = hashlib.sha256(f"{result['salt']}:{','.join(result['deck'])}".encode())
        assert result["deck_commitment"] == digest.hexdigest()
        assert Counter(result["deck"]) == Counter(texts(full_deck(rules["decks"])))
        dealt_in = [h["seat"] for h in result["hands"] if h["status"] != "out"]
        assert result["wild_joker"]["card"] == result["deck"][13 * len(dealt_in)]
        assert [hand["seat"] for hand in result["hands"]] == list(range(seats))
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
        scores = [s + p for s, p in zip(scores, result["points"], strict=True)]
        assert result["scores_after"] == scores
    assert view["scores"] == scores


def create(client: APIClient, **body: Any) -> Any:
    return client.post("/api/v1/games", body, format="json")
