"""Playing Rummy (docs/games/rummy.md) through the HTTP API in tests, and checking what it shows:
Rummy's own decks, decisions and checks over the client every melding game shares
(:mod:`tests.games.melding.play`).

The client here decides from the view alone: it draws from the stock, melds when ``meld``
is listed (the rules core's meld search only *chooses* which melds to name), lays off
from the listed options and discards a listed card. Every position it reaches is the
server's; nothing here writes rows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rest_framework.test import APIClient

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

__all__ = [
    "HIDDEN_KEYS",
    "MAX_ACTIONS",
    "ROUND_KEYS",
    "act",
    "assert_moves_hide_stock_draws",
    "assert_round_results",
    "assert_view_hides",
    "assert_views_hide",
    "choose",
    "create",
    "deals",
    "moves_of",
    "play_out",
    "play_rummy_to_end",
    "rummy_deck",
    "seeded_deck",
    "states_by_version",
    "texts",
    "view_of",
]

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
"""The keys of a rummy view's ``round`` (docs/games/rummy.md, and the discard pile's public
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


def seeded_deck(seed: int, jokers: int = 6) -> list[str]:
    """A shuffled deck, the same for the same seed."""
    return [str(card) for card in new_deck(random.Random(seed), jokers)]


# --- the client -------------------------------------------------------------------------


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


def play_out(
    game_id: str,
    clients: Mapping[int, APIClient],
    seen: list[tuple[int, dict[str, Any]]] | None = None,
    on_action: Any = None,
    actions: int | None = None,
) -> dict[str, Any]:
    """:func:`tests.games.melding.play.play_out` with :func:`choose`."""
    return play.play_out(
        game_id,
        clients,
        choose,
        limit=MAX_ACTIONS,
        seen=seen,
        on_action=on_action,
        actions=actions,
    )


# --- what a seat may see ----------------------------------------------------------------


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
    rnd_view = open_round_view(view, seat, state, ROUND_KEYS, HIDDEN_KEYS)
    if rnd_view is None:
        return
    rnd = state.round
    assert Counter(rnd_view["hand"]) == Counter(texts(rnd.hands[seat]))
    assert rnd_view["hand_sizes"] == [len(hand) for hand in rnd.hands]
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


def assert_moves_hide_stock_draws(moves: list[dict[str, Any]], seat: int, finished: bool) -> int:
    """Other seats' stock draws carry no card until the game is finished; returns how many
    draws of other seats were looked at."""
    return play.assert_moves_hide(moves, seat, finished)


def assert_round_results(view: Mapping[str, Any], seats: int, jokers: int) -> None:
    """Every finished round: points that add up, scores that follow, and a fair-shuffle
    reveal that matches its commitment."""
    assert len(view["players"]) == seats

    def check(result: Mapping[str, Any]) -> None:
        values = [hand["value"] for hand in result["hands"]]
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

    play.assert_round_results(view, texts(full_deck(jokers)), check)


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
