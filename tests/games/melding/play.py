"""Playing a melding game through the HTTP API in tests, and checking what it shows.

The client decides from the acting seat's own view alone (each game passes its own
``choose``); every position it reaches is the server's, and nothing here writes rows.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import timedelta
from typing import Any

import time_machine
from rest_framework.test import APIClient

from games import tasks
from games.models import Game, Move
from games.replay import states

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
"""Keys every view of a melding game holds (the server may add more, never a hidden card)."""

Choose = Callable[[Mapping[str, Any]], dict[str, Any]]
"""A seat's next action body, from its own view."""


# --- the client -------------------------------------------------------------------------


def create(client: APIClient, **body: Any) -> Any:
    return client.post("/api/v1/games", body, format="json")


def legal_of(view: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["type"]: entry for entry in view["round"]["legal_actions"]}


def act(client: APIClient, game_id: str, body: Mapping[str, Any], **headers: str):
    return client.post(f"/api/v1/games/{game_id}/actions", dict(body), format="json", **headers)


def view_of(client: APIClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/games/{game_id}")
    assert response.status_code == 200, response.content
    return response.json()


def play_out(
    game_id: str,
    clients: Mapping[int, APIClient],
    choose: Choose,
    *,
    limit: int,
    seen: list[tuple[int, dict[str, Any]]] | None = None,
    on_action: Callable[[dict[str, Any], dict[str, Any]], object] | None = None,
    actions: int | None = None,
) -> dict[str, Any]:
    """Play the game to its end (within ``limit`` actions) for the people at ``clients``
    (seat -> client), each action the one ``choose`` picks from the acting seat's view;
    the computers move by themselves (eager tasks). Every view received is appended to
    ``seen`` as ``(seat, view)``, and ``on_action(before, after)`` is told of every
    action; with ``actions``, stop after that many. Returns the last view of the first
    seat in ``clients``."""
    seat = min(clients)
    played = 0
    after: dict[str, Any] | None = None
    for _ in range(2 * limit):
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
        assert view is not None
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
        raise AssertionError(f"the game did not end within {limit} actions")
    if seen is not None:
        for other, client in clients.items():
            seen.append((other, view_of(client, game_id)))
    return view_of(clients[min(clients)], game_id)


def play_out_against_the_worker(
    game_id: str,
    clients: Mapping[int, APIClient],
    choose: Choose,
    *,
    limit: int,
    seen: list[tuple[int, dict[str, Any]]] | None = None,
    on_action: Callable[[dict[str, Any]], object] | None = None,
) -> dict[str, Any]:
    """As :func:`play_out`, with the computers' turns run by a real worker (tasks not
    eager): between the people's actions, wait until a person is to act or the game is
    over; ``on_action(after)`` is told of every person's action. Returns the last view
    of the first seat in ``clients``."""
    from tests.conftest import wait_until

    first = min(clients)

    def a_persons_turn_or_over() -> tuple[int, dict[str, Any]] | None:
        view = view_of(clients[first], game_id)
        if view["status"] != "active":
            return first, view
        turn = view["round"]["turn"]
        if turn not in clients:
            return None
        return turn, view if turn == first else view_of(clients[turn], game_id)

    for _ in range(limit):
        seat, view = wait_until(a_persons_turn_or_over)
        if seen is not None:
            seen.append((seat, view))
        if view["status"] != "active":
            break
        body = {**choose(view), "expected_version": view["version"]}
        response = act(clients[seat], game_id, body)
        assert response.status_code == 200, (body, response.json())
        if seen is not None:
            seen.append((seat, response.json()))
        if on_action is not None:
            on_action(response.json())
    else:
        raise AssertionError(f"the game did not end within {limit} actions")
    if seen is not None:
        for other, client in clients.items():
            seen.append((other, view_of(client, game_id)))
    return view_of(clients[first], game_id)


def play_one_turn(client: APIClient, game_id: str, choose: Choose) -> None:
    """The whole turn of the seat of ``client``, whose turn it is, as ``choose`` plays it."""
    view = view_of(client, game_id)
    seat = view["you"]
    assert view["round"]["turn"] == seat
    while view["status"] == "active" and view["round"]["turn"] == seat:
        response = act(client, game_id, {**choose(view), "expected_version": view["version"]})
        assert response.status_code == 200, response.json()
        view = response.json()


def expire_the_turn(game_id: str) -> list[Move]:
    """Run the turn timer of the game's current turn past its deadline (not before);
    returns the moves it played."""
    game = Game.objects.get(pk=game_id)
    version = game.version
    assert game.turn_deadline is not None
    assert tasks.expire_turn(str(game.pk), version) is False  # not due yet
    with time_machine.travel(game.turn_deadline + timedelta(seconds=1)):
        assert tasks.expire_turn(str(game.pk), version) is True
    return list(Move.objects.filter(game_id=game_id, seq__gt=version).order_by("seq"))


# --- refusals ---------------------------------------------------------------------------


def views(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every person's view of the table's game."""
    return [view_of(client, table["id"]) for client in table["clients"].values()]


def refused(
    table: Mapping[str, Any],
    client: APIClient,
    body: Any,
    status: int,
    code: str,
    **headers: str,
) -> dict[str, Any]:
    """Post ``body``; it must be refused with ``status``/``code`` and change nothing."""
    before = views(table)
    moves = Move.objects.filter(game_id=table["id"]).count()
    response = act(client, table["id"], body, **headers)
    assert response.status_code == status, (body, response.json())
    error = response.json()
    assert error["code"] == code, (body, error)
    assert isinstance(error["detail"], str) and error["detail"]
    assert views(table) == before, f"{body} changed the game"
    assert Move.objects.filter(game_id=table["id"]).count() == moves
    return error


def played(table: Mapping[str, Any], client: APIClient, body: dict[str, Any]) -> dict[str, Any]:
    """Post ``body`` at the game's version; it must be applied (one version on)."""
    version = Game.objects.get(pk=table["id"]).version
    response = act(client, table["id"], {**body, "expected_version": version})
    assert response.status_code == 200, (body, response.json())
    view = response.json()
    assert view["version"] == version + 1
    return view


def assert_stale_version_conflicts(table: Mapping[str, Any], client: APIClient) -> None:
    """A ``draw_stock`` by ``client`` (the seat to act) with an ``expected_version``
    behind the game's is 409 ``version_conflict`` (naming the current version, when it
    does), and the same body without it then applies."""
    version = Game.objects.get(pk=table["id"]).version
    error = refused(
        table,
        client,
        {"type": "draw_stock", "expected_version": version - 1},
        409,
        "version_conflict",
    )
    assert error.get("current_version", version) == version
    played(table, client, {"type": "draw_stock"})


def assert_create_refused(client: APIClient, body: Any, field: str) -> None:
    """``POST /games`` with ``body`` is a 400 ``validation_error`` naming ``field``, and
    creates nothing."""
    response = client.post("/api/v1/games", body, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()
    assert error["code"] == "validation_error", error
    named = {key.split(".")[0] for key in error.get("fields", {})}
    assert field in named, error
    assert not Game.objects.exists()


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


def texts(cards: Iterable[object]) -> list[str]:
    return [str(card) for card in cards]


def open_round_view(
    view: Mapping[str, Any],
    seat: int,
    state: Any,
    round_keys: Collection[str],
    hidden_keys: Collection[str],
) -> dict[str, Any] | None:
    """The ``round`` of ``view`` (seat ``seat``'s, at ``state``), once what every melding
    game's view shows holds: the seat, the view's keys and exactly ``round_keys`` in the
    round, none of ``hidden_keys`` outside finished rounds, the round's number, stock
    size and discard pile; ``None`` once the game is over (the view then says so)."""
    assert view["you"] == seat
    assert set(view) >= VIEW_KEYS, set(view)
    rnd_view: dict[str, Any] | None = view["round"]
    if state.final is not None or rnd_view is None:
        assert view["status"] != "active"
        return None
    rnd = state.round
    assert set(rnd_view) == set(round_keys), set(rnd_view) ^ set(round_keys)
    current = current_round_part(view)
    assert not keys_in(current) & set(hidden_keys), keys_in(current) & set(hidden_keys)
    assert rnd_view["number"] == rnd.number
    assert rnd_view["stock_size"] == len(rnd.stock)
    assert rnd_view["discard_pile"] == texts(rnd.discard_pile)
    return rnd_view


def states_by_version(game_id: str) -> dict[int, Any]:
    """The server's own state at every version, from its move log (last state per
    version: a deal between rounds takes no version)."""
    game = Game.objects.get(pk=game_id)
    return {version: state for version, state in states(game)}


def moves_of(client: APIClient, game_id: str, page_size: int = 100) -> list[dict[str, Any]]:
    """The whole move log as ``client`` sees it, every page."""
    url: str | None = f"/api/v1/games/{game_id}/moves?page_size={page_size}"
    out: list[dict[str, Any]] = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.content
        page = response.json()
        out += page["results"]
        url = page["next"]
    return out


def assert_moves_hide(
    moves: list[dict[str, Any]], seat: int, finished: bool, face_down: Collection[str] = ()
) -> int:
    """Other seats' stock draws, and the cards of the ``face_down`` action types, carry
    no card until the game is finished (a stock draw no card at all); returns how many
    such moves of other seats were looked at."""
    seqs = [move["seq"] for move in moves]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "oldest first, none missing"
    others = 0
    for move in moves:
        action = move["action"]
        if action["type"] != "draw_stock" and action["type"] not in face_down:
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


def assert_round_results(
    view: Mapping[str, Any],
    deck: Sequence[str],
    check: Callable[[Mapping[str, Any]], object],
) -> None:
    """Every finished round: a fair-shuffle reveal that matches its commitment and holds
    ``deck``'s cards, one hand a seat in seat order, the round's own ``check``, and
    totals that add up."""
    seats = len(view["players"])
    scores = [0] * seats
    for result in view["rounds"]:
        digest = hashlib.sha256(f"{result['salt']}:{','.join(result['deck'])}".encode())
        assert result["deck_commitment"] == digest.hexdigest()
        assert Counter(result["deck"]) == Counter(deck)
        assert [hand["seat"] for hand in result["hands"]] == list(range(seats))
        check(result)
        scores = [s + p for s, p in zip(scores, result["points"], strict=True)]
        assert result["scores_after"] == scores
    assert view["scores"] == scores
