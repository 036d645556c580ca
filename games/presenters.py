"""The response shapes of the games API: every JSON body about games is built here.

Presenters are pure functions of loaded rows (no queries): the selector loads, the
presenter shapes. The rules part of a game view (``scores``, ``round``, ``rounds``,
``final``) comes from the game's rules (``variant.rules.view_to_json``); the rest
(ids, status, players, the deal reveals, the turn deadline) is the server's and is added
here. The output serializers in :mod:`games.apis` document these shapes for the schema,
and ``tests/games/test_schema_conformance.py`` checks live responses against it.
"""

from __future__ import annotations

from typing import Any

from core.api import iso
from games.models import Game, GameReview, GameRound, GameStatus, Message, Move, PlayerEvent
from games.phrases import PHRASES


def _variant_keys(game: Game) -> dict[str, Any]:
    """``variant`` on the games of a variant that names itself (``Variant.names_itself``:
    every one whose shapes were not published before there were others)."""
    return {"variant": game.variant} if game.game_variant.names_itself else {}


def _table_keys(game: Game) -> dict[str, Any]:
    """Who the table plays against and who may join (the view and the list line)."""
    return {
        "opponent": game.opponent_type,
        "difficulty": game.difficulty or None,
        "visibility": game.visibility,
        "invite_code": game.invite_code or None,
    }


def _has_left(game: Game, seat: int) -> bool:
    return any(row.seat == seat and row.left_at is not None for row in game.seats.all())


COMPUTER_NAMES = (
    "Asha", "Bruno", "Chen", "Dara", "Emil", "Farah",
    "Gus", "Hana", "Ivo", "Juno", "Kofi", "Lena",
)
"""The computers' first names. A game's computers take them in turn from a place its id
chooses, one a seat, so that at one table every computer has a name of its own (the list
is longer than any table), and a seat keeps its name for the whole game."""


def computer_name(game: Game, seat: int, level: str) -> str:
    """The name of the computer at ``seat``, with its level: "Asha (medium)"."""
    first = COMPUTER_NAMES[(game.id.int + seat) % len(COMPUTER_NAMES)]
    return f"{first} ({level})"


def players_json(game: Game) -> list[dict[str, Any]]:
    """One entry per seat: the person (names) or the computer (its level); the seat of a
    player who left a rummy game shows the computer that plays it now, and that of a
    player who left a game where nobody plays on for them (Indian Rummy) still shows the
    player (``round.status`` says the seat is out). ``name`` is what the seat is called at
    the table: the person's display name, or the computer's name and level (distinct at
    one table); null for an open seat."""
    seats = {seat.seat: seat for seat in game.seats.all()}
    out = []
    for number in range(game.seat_count):
        seat = seats.get(number)
        user = seat.user if seat is not None and not seat.computer else None
        computer = (seat.computer or None) if seat is not None else None
        name = (
            user.public_name
            if user is not None
            else computer_name(game, number, computer)
            if computer
            else None
        )
        out.append(
            {
                "seat": number,
                "user": (
                    {"username": user.username, "display_name": user.public_name}
                    if user is not None
                    else None
                ),
                "computer": computer,
                "name": name,
            }
        )
    return out


def game_view(
    *,
    game: Game,
    seat: int,
    deals: dict[int, GameRound],
    state: object | None = None,
    version: int | None = None,
    players: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The game as ``seat`` may see it (docs/api.md#the-game-view).

    ``deals`` are the game's deals by round number (:func:`games.selectors.game_deals`).
    With ``state`` and ``version``: the view as it was at that earlier version (for event
    streams that catch up), rebuilt from the move log.
    """
    historical = state is not None
    variant = game.game_variant
    status = game.status
    if historical:
        status = GameStatus.FINISHED if variant.rules.progress(state).is_over else GameStatus.ACTIVE
    body: dict[str, Any] = {
        "id": str(game.id),
        **_variant_keys(game),
        "status": status,
        "version": game.version if version is None else version,
        "rules": game.rules,
        "you": seat,
        **_table_keys(game),
        "turn_seconds": game.turn_seconds,
        "players": players if players is not None else players_json(game),
        "scores": [0] * game.seat_count,
        "round": None,
        "rounds": [],
        "final": None,
        "created_at": iso(game.created_at),
        "updated_at": iso(game.updated_at),
        "started_at": iso(game.started_at),
        "finished_at": iso(game.finished_at),
    }
    if state is None:
        if game.state is None:
            return body
        state = game.rules_state()
    body.update(variant.rules.view_to_json(variant.rules.view_for_person(state, seat)))
    for result in body["rounds"]:
        deal = deals.get(result["number"])
        if deal is not None:
            result.update(deck_commitment=deal.commitment, deck=deal.deck, salt=deal.salt)
    if body["final"] is not None:
        body["final"]["aborted"] = game.aborted
        body["final"]["rated"] = game.rated
        body["final"]["unrated_reason"] = game.unrated_why
    current = deals.get(variant.rules.progress(state).round_number)
    if body["round"] is not None:
        body["round"]["deck_commitment"] = current.commitment if current else None
        body["round"]["turn_deadline"] = None if historical else iso(game.turn_deadline)
        if status != GameStatus.ACTIVE:
            body["round"]["turn"] = None
            body["round"]["legal_actions"] = []
        elif game.seat_count > 2 and _has_left(game, seat):
            body["round"]["legal_actions"] = []  # a leaver no longer acts
    elif current is not None and body["final"] is not None:
        finished_numbers = {r["number"] for r in body["rounds"]}
        if current.number not in finished_numbers:
            # A round cut short by a concession or timeout reveals its deal too.
            body["final"]["unfinished_round"] = {
                "number": current.number,
                "deck_commitment": current.commitment,
                "deck": current.deck,
                "salt": current.salt,
            }
    return body


def game_summary(*, game: Game, seat: int | None) -> dict[str, Any]:
    """A compact line for lists: no cards, no meld search."""
    return {
        "id": str(game.id),
        **_variant_keys(game),
        "status": game.status,
        "version": game.version,
        "you": seat,
        **_table_keys(game),
        "players": players_json(game),
        "scores": game.scores or [0] * game.seat_count,
        "round_number": game.round_number or None,
        "turn": game.turn_seat,
        "your_turn": game.status == GameStatus.ACTIVE and game.turn_seat == seat,
        "turn_deadline": iso(game.turn_deadline),
        "winner": game.winner_seat,
        "aborted": game.aborted,
        "created_at": iso(game.created_at),
        "updated_at": iso(game.updated_at),
        "finished_at": iso(game.finished_at),
    }


def lobby_entry(*, game: Game) -> dict[str, Any]:
    """A public table waiting for players; the table of a variant that names itself adds
    ``variant``, ``seats`` and ``free_seats``."""
    extra: dict[str, Any] = {}
    if game.game_variant.names_itself:
        taken = len(game.seats.all())
        extra = {**_variant_keys(game), "seats": game.seat_count,
                 "free_seats": game.seat_count - taken}
    return {
        "id": str(game.id),
        "invite_code": game.invite_code,
        "created_by": {
            "username": game.created_by.username,
            "display_name": game.created_by.public_name,
        },
        "rules": game.rules,
        "turn_seconds": game.turn_seconds,
        "created_at": iso(game.created_at),
        **extra,
    }


def move_json(
    *, move: Move, viewer: int, game: Game, own_until: int | None = None
) -> dict[str, Any]:
    """A move as ``viewer`` may see it: another seat's hidden draws name no card until the
    game is finished, nor do the keys the variant keeps secret (a face-down card); the
    viewer's own draws do (the variant says which are public), up to
    ``own_until`` for a player who left at that move (a computer plays the seat since)."""
    variant = game.game_variant
    action = dict(move.action)
    own = move.seat == viewer and (own_until is None or move.seq <= own_until)
    finished = game.status == GameStatus.FINISHED
    shown = variant.rules.card_is_public(action) or own or finished
    if move.card and shown:
        action["card"] = move.card
    if not own and not finished:
        for kind, key in variant.secret_action_keys:
            if action.get("type") == kind:
                action.pop(key, None)
    return {
        "seq": move.seq,
        "round": move.round,
        "seat": move.seat,
        "action": action,
        "automatic": move.automatic,
        "created_at": iso(move.created_at),
    }


def message_json(*, message: Message) -> dict[str, Any]:
    return {
        "id": message.id,
        "seat": message.seat,
        "phrase": message.phrase,
        "text": PHRASES.get(message.phrase, message.phrase),
        "created_at": iso(message.created_at),
    }


def phrases_json() -> dict[str, Any]:
    return {"results": [{"id": key, "text": text} for key, text in PHRASES.items()]}


def player_event_json(*, event: PlayerEvent) -> dict[str, Any]:
    return {"id": event.id, "kind": event.kind, **event.data, "created_at": iso(event.created_at)}


def review_json(*, review: GameReview) -> dict[str, Any]:
    """``/games/{id}/review``: ``{"status": "pending", "game_version"}`` while the task
    computes it, then the whole review (docs/api.md#game-review)."""
    if review.status != GameReview.Status.READY or review.body is None:
        return {"status": GameReview.Status.PENDING.value, "game_version": review.version}
    return {"status": GameReview.Status.READY.value, **review.body}
