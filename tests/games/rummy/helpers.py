"""Playing Rummy (DESIGN §5) through the HTTP API in tests, and checking what it shows.

The client here decides from the view alone: it draws from the stock, melds when ``meld``
is listed (the rules core's meld search only *chooses* which melds to name), lays off
from the listed options and discards a listed card. Every position it reaches is the
server's; nothing here writes rows.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from rest_framework.test import APIClient

from games.dealing import dealt
from games.models import Game
from games.replay import states
from games.rules.rummy import (
    JOKER,
    GameState,
    best_melds,
    card_value,
    full_deck,
    melds_in,
    new_deck,
    parse_card,
    rummy_cards,
)

CARD_RE = re.compile(r"^(?:[A2-9TJQK][SHDC]|XX)$")

VIEW_KEYS = {
    "id",
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
"""Keys every rummy view holds (the server may add more, never a hidden card)."""
ROUND_KEYS = {
    "number",
    "dealer",
    "phase",
    "turn",
    "hand",
    "hand_sizes",
    "stock_size",
    "discard_pile",
    "drawn_from_discard",
    "came_out",
    "table",
    "deck_commitment",
    "turn_deadline",
    "legal_actions",
    "pile_history",
}
"""The keys of a rummy view's ``round`` (DESIGN §5, and the discard pile's public
record), exactly."""
HIDDEN_KEYS = {"hands", "stock", "deck", "salt"}
"""Keys that may appear only in finished rounds' results."""
MAX_ACTIONS = 3000


# --- decks ------------------------------------------------------------------------------


def rummy_deck(*hands: str, upcard: str, stock: str = "", jokers: int = 6) -> list[str]:
    """A whole deck in dealing order: the given hands (in dealing order: the seat after
    the dealer first), the upcard, the first stock cards, then the rest in a fixed order."""
    head = [str(card) for text in (*hands, upcard, stock) for card in rummy_cards(text)]
    rest = Counter(str(card) for card in full_deck(jokers))
    rest.subtract(head)
    assert all(count >= 0 for count in rest.values()), f"more copies than the deck holds: {head}"
    tail = []
    for card in texts(full_deck(jokers)):
        if rest[card] > 0:
            rest[card] -= 1
            tail.append(card)
    return head + tail


def deals(decks: Sequence[Sequence[str]] | None) -> AbstractContextManager[None]:
    """Deal ``decks`` (one per round) to the game started inside; round 1's dealer is 0."""
    return dealt(list(decks), dealer=0) if decks else nullcontext()


def seeded_deck(seed: int, jokers: int = 6) -> list[str]:
    """A shuffled deck, the same for the same seed."""
    return [str(card) for card in new_deck(random.Random(seed), jokers)]


# --- the client -------------------------------------------------------------------------


def legal_of(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["type"]: entry for entry in view["round"]["legal_actions"]}


def choose(view: Mapping[str, Any]) -> dict[str, Any]:
    """The next action, from ``legal_actions`` alone: draw from the stock; take a joker
    from the table when ``swap_joker`` is listed, and play it (a listed lay-off of it, or
    a meld of the hand that holds it) while no discard is listed; meld the best melds when
    ``meld`` is listed; lay off the first listed option; else discard the highest-valued
    listed card."""
    legal = legal_of(view)
    assert legal, f"no legal action for seat {view['you']}: {view['round']}"
    if "draw_stock" in legal:
        return {"type": "draw_stock"}
    if "swap_joker" in legal:
        return {"type": "swap_joker", **legal["swap_joker"]["options"][0]}
    if "discard" not in legal:  # a swapped joker is owed: play it first
        for option in legal.get("layoff", {}).get("options", []):
            if option["card"] == "XX":
                return {"type": "layoff", **option}
        for meld in melds_in(rummy_cards(view["round"]["hand"])):
            if JOKER in meld:
                return {"type": "meld", "melds": [[str(card) for card in meld]]}
    if "meld" in legal:
        _, melds = best_melds(rummy_cards(view["round"]["hand"]))
        if melds:
            return {"type": "meld", "melds": [[str(card) for card in meld] for meld in melds]}
    if "layoff" in legal:
        return {"type": "layoff", **legal["layoff"]["options"][0]}
    assert "discard" in legal, legal
    cards = legal["discard"]["cards"]
    return {"type": "discard", "card": max(cards, key=lambda c: card_value(parse_card(c)))}


def act(client: APIClient, game_id: str, body: Mapping[str, Any], **headers: str):
    return client.post(f"/api/v1/games/{game_id}/actions", dict(body), format="json", **headers)


def view_of(client: APIClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200, response.content
    return response.json()


def play_out(
    game_id: str,
    clients: Mapping[int, APIClient],
    seen: list[tuple[int, dict[str, Any]]] | None = None,
    on_action: Any = None,
    actions: int | None = None,
) -> dict[str, Any]:
    """Play the game to its end for the people at ``clients`` (seat -> client); the
    computers move by themselves (eager tasks). Every view received is appended to
    ``seen`` as ``(seat, view)``; with ``actions``, stop after that many. Returns the last
    view of the first seat in ``clients``."""
    seat = min(clients)
    played = 0
    after: dict[str, Any] | None = None
    for _ in range(2 * MAX_ACTIONS):
        upcoming = after["round"]["turn"] if after and after["status"] == "active" else None
        if upcoming == seat:
            view = after  # still this seat's turn: nobody else can have moved
        elif upcoming in clients:
            seat, after = upcoming, None  # another person's turn: look with their eyes
            continue
        else:
            view = view_of(clients[seat], game_id)
            if seen is not None:
                seen.append((seat, view))
        if view["status"] != "active" or played == actions:
            break
        turn = view["round"]["turn"]
        if turn != seat:
            # A computer's turn has run by the time anyone looks (eager tasks).
            assert turn in clients, f"seat {turn} is to act but nobody plays it: {view['round']}"
            seat, after = turn, None
            continue
        body = {**choose(view), "expected_version": view["version"]}
        response = act(clients[seat], game_id, body)
        assert response.status_code == 200, (body, response.json())
        after = response.json()
        assert after["version"] == view["version"] + 1
        played += 1
        if seen is not None:
            seen.append((seat, after))
        if on_action is not None:
            on_action(view, after)
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
    """The view without finished rounds (their hands and decks are public)."""
    return {key: value for key, value in view.items() if key not in ("rounds", "final")}


def states_by_version(game_id: str) -> dict[int, GameState]:
    """The server's own state at every version, from its move log (last state per
    version: a deal between rounds takes no version)."""
    game = Game.objects.get(pk=game_id)
    return {version: state for version, state in states(game)}


def texts(cards: Iterable[object]) -> list[str]:
    return [str(card) for card in cards]


def replayed_pile(record: Sequence[Mapping[str, Any]], pile: Sequence[str]) -> list[str]:
    """The discard pile that the public record leads to from the deal's first upcard
    (the bottom of ``pile`` while nobody took it); every take must be of the card then on
    top, and the record holds takes and discards only."""
    out: list[str | None] = [None]  # the first upcard, until a take shows it
    for event in record:
        assert set(event) == {"seat", "action", "card"}, event
        if event["action"] == "discard":
            out.append(event["card"])
        else:
            assert event["action"] == "draw_discard", event
            top = out.pop()
            assert top in (None, event["card"]), (top, event)
    if out and out[0] is None:
        assert pile, "the first upcard still lies on the pile"
        out[0] = pile[0]
    return [card for card in out if card is not None]


def assert_view_hides(view: Mapping[str, Any], seat: int, state: GameState) -> None:
    """``view`` (seat ``seat``'s, at ``state``) holds that seat's hand and public cards
    only: no other hand, no stock card, no stock order. The discard pile's public record
    (``pile_history``) is the server's, agrees with the pile, and shows no other card
    than those taken from it or put on it (each of them seen face up by every seat;
    :func:`assert_views_hide` checks that against every state of the round)."""
    assert view["you"] == seat
    assert set(view) >= VIEW_KEYS, set(view)
    rnd_view = view["round"]
    if state.final is not None or rnd_view is None:
        assert view["status"] != "active"
        return
    rnd = state.round
    assert set(rnd_view) == ROUND_KEYS, set(rnd_view) ^ ROUND_KEYS
    assert not keys_in(current_round_part(view)) & HIDDEN_KEYS, keys_in(current_round_part(view))
    assert rnd_view["number"] == rnd.number
    assert Counter(rnd_view["hand"]) == Counter(texts(rnd.hands[seat]))
    assert rnd_view["hand_sizes"] == [len(hand) for hand in rnd.hands]
    assert rnd_view["stock_size"] == len(rnd.stock)
    assert rnd_view["discard_pile"] == texts(rnd.discard_pile)
    record = rnd_view["pile_history"]
    assert record == [
        {"seat": event.seat, "action": event.action, "card": str(event.card)}
        for event in rnd.pile_history
    ]
    assert replayed_pile(record, rnd_view["discard_pile"]) == rnd_view["discard_pile"]
    public = set(texts(rnd.hands[seat])) | set(texts(rnd.discard_pile))
    public |= {event["card"] for event in record}
    for meld in rnd.table:
        public |= set(texts(meld.cards))
    for meld in rnd_view["table"]:
        assert Counter(meld["cards"]) <= Counter(
            texts(next(m for m in rnd.table if m.id == meld["id"]).cards)
        )
        public |= set(meld.get("stands_for", []))
    shown = set(card_strings(current_round_part(view)))
    leaked = shown - public
    assert not leaked, f"seat {seat} sees {sorted(leaked)} at version {view['version']}"


def assert_views_hide(game_id: str, seen: Iterable[tuple[int, Mapping[str, Any]]]) -> int:
    """Check every recorded view against the server's state at its version; returns how
    many views were checked."""
    by_version = states_by_version(game_id)
    face_up = face_up_by_version(by_version)
    count = 0
    for seat, view in seen:
        assert_view_hides(view, seat, by_version[view["version"]])
        if view["round"] is not None:
            recorded = {event["card"] for event in view["round"]["pile_history"]}
            assert recorded <= face_up[view["version"]], recorded - face_up[view["version"]]
        count += 1
    return count


def face_up_by_version(by_version: Mapping[int, GameState]) -> dict[int, set[str]]:
    """At each version, every card that lay face up on the discard pile at that version
    or before in the same round (from the server's states, not from any record)."""
    out: dict[int, set[str]] = {}
    seen: set[str] = set()
    number = None
    for version in sorted(by_version):
        rnd = by_version[version].round
        if rnd.number != number:
            number, seen = rnd.number, set()
        seen = seen | set(texts(rnd.discard_pile))
        out[version] = seen
    return out


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


def assert_moves_hide_stock_draws(moves: list[dict[str, Any]], seat: int, finished: bool) -> int:
    """Other seats' stock draws carry no card until the game is finished; returns how many
    draws of other seats were looked at."""
    seqs = [move["seq"] for move in moves]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "oldest first, none missing"
    others = 0
    for move in moves:
        action = move["action"]
        if action["type"] != "draw_stock":
            continue
        if move["seat"] == seat or finished:
            assert CARD_RE.match(action.get("card", "")), move
        else:
            others += 1
            assert "card" not in action, move
            assert not card_strings(action), move
    return others


def assert_round_results(view: Mapping[str, Any], seats: int, jokers: int) -> None:
    """Every finished round: points that add up, scores that follow, and a fair-shuffle
    reveal that matches its commitment."""
    scores = [0] * seats
    for result in view["rounds"]:
        digest = hashlib.sha256(f"{result['salt']}:{','.join(result['deck'])}".encode())
        assert result["deck_commitment"] == digest.hexdigest()
        assert Counter(result["deck"]) == Counter(texts(full_deck(jokers)))
        values = [hand["value"] for hand in result["hands"]]
        assert [hand["seat"] for hand in result["hands"]] == list(range(seats))
        for hand in result["hands"]:
            assert hand["value"] == sum(card_value(parse_card(c)) for c in hand["cards"])
        if result["outcome"] == "block":
            assert result["winner"] is None
            assert result["points"] == [-value for value in values]
        else:
            winner = result["winner"]
            assert result["outcome"] in ("out", "hand_rummy")
            assert result["hands"][winner]["cards"] == [] and values[winner] == 0
            doubles = view["rules"]["hand_rummy_doubles"]
            factor = 2 if result["outcome"] == "hand_rummy" and doubles else 1
            expected = [-factor * value for value in values]
            expected[winner] = factor * sum(values)
            assert result["points"] == expected
        scores = [s + p for s, p in zip(scores, result["points"], strict=True)]
        assert result["scores_after"] == scores
    assert view["scores"] == scores


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
