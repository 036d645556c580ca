"""Game read operations: what a seated player may see, lists, the lobby, the move log."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet, Sum

from games import replay, rules
from games.errors import GameNotFound
from games.models import (
    Game,
    GameResult,
    GameRound,
    GameStatus,
    Message,
    Move,
    PlayerEvent,
    Seat,
    Visibility,
)
from games.phrases import PHRASES


def iso(moment: datetime | None) -> str | None:
    """A UTC timestamp as ISO 8601 with ``Z`` (the same text wherever a view is rendered)."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("seat"))


def game_get_for_user(*, game_id: Any, user: Any) -> tuple[Game, int]:
    """The game and the caller's seat; 404 ``not_found`` unless the caller sits at it.

    Two queries: the game, and its seats with their users (which the view needs anyway).
    """
    game = (
        Game.objects.prefetch_related(_seats_prefetch()).filter(pk=game_id).first()
        if is_game_id(game_id)
        else None
    )
    seat = None
    if game is not None:
        seat = next((s.seat for s in game.seats.all() if s.user_id == user.pk), None)
    if game is None or seat is None:
        raise GameNotFound()
    return game, seat


def ensure_seated(*, game_id: Any, user: Any) -> None:
    """404 ``not_found`` unless the caller sits at the game (one query)."""
    if not (is_game_id(game_id) and Seat.objects.filter(game_id=game_id, user=user).exists()):
        raise GameNotFound()


def is_game_id(value: Any) -> bool:
    """Whether ``value`` has the form of a game id (a UUID)."""
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


def players_json(game: Game) -> list[dict[str, Any]]:
    seats = {seat.seat: seat for seat in game.seats.all()}
    out = []
    for number in (0, 1):
        seat = seats.get(number)
        user = seat.user if seat is not None and seat.user_id else None
        out.append(
            {
                "seat": number,
                "user": (
                    {"username": user.username, "display_name": user.public_name}
                    if user is not None
                    else None
                ),
                "computer": (seat.computer or None) if seat is not None else None,
            }
        )
    return out


def game_view(
    *,
    game: Game,
    seat: int,
    state: rules.GameState | None = None,
    version: int | None = None,
    deals: dict[int, GameRound] | None = None,
    players: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The game as ``seat`` may see it (DESIGN §4 game view, plus a few added keys).

    With ``state`` and ``version``: the view as it was at that earlier version (for event
    streams that catch up), rebuilt from the move log.
    """
    historical = state is not None
    status = game.status
    if historical:
        status = GameStatus.FINISHED if state.is_over else GameStatus.ACTIVE
    body: dict[str, Any] = {
        "id": str(game.id),
        "status": status,
        "version": game.version if version is None else version,
        "rules": game.rules,
        "you": seat,
        "opponent": game.opponent_type,
        "difficulty": game.difficulty or None,
        "visibility": game.visibility,
        "invite_code": game.invite_code or None,
        "turn_seconds": game.turn_seconds,
        "players": players if players is not None else players_json(game),
        "scores": [0, 0],
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
    body.update(rules.view_to_json(rules.view_for(state, seat)))
    if deals is None or state.round.number not in deals:
        deals = game_deals(game=game)
    for result in body["rounds"]:
        deal = deals.get(result["number"])
        if deal is not None:
            result.update(deck_commitment=deal.commitment, deck=deal.deck, salt=deal.salt)
    if body["final"] is not None:
        body["final"]["aborted"] = game.aborted
    current = deals.get(state.round.number)
    if body["round"] is not None:
        body["round"]["deck_commitment"] = current.commitment if current else None
        body["round"]["turn_deadline"] = None if historical else iso(game.turn_deadline)
        if status != GameStatus.ACTIVE:
            body["round"]["turn"] = None
            body["round"]["legal_actions"] = []
    elif current is not None and body["final"] is not None:
        finished_numbers = {r["number"] for r in body["rounds"]}
        if state.round.number not in finished_numbers:
            # A round cut short by a concession or timeout reveals its deal too.
            body["final"]["unfinished_round"] = {
                "number": current.number,
                "deck_commitment": current.commitment,
                "deck": current.deck,
                "salt": current.salt,
            }
    return body


def game_deals(*, game: Game) -> dict[int, GameRound]:
    """The game's deals by round number (decks, salts, commitments; not the snapshots)."""
    return {deal.number: deal for deal in GameRound.objects.filter(game=game).defer("start_state")}


def game_views_after(
    *,
    game: Game,
    seat: int,
    after: int,
    deals: dict[int, GameRound] | None = None,
    players: list[dict[str, Any]] | None = None,
) -> list[tuple[int, dict[str, Any]]]:
    """``(version, view)`` for every version after ``after``, oldest first, for ``seat``.

    The latest comes from the stored snapshot; earlier ones (a computer's draw before its
    discard, or events missed while disconnected) are rebuilt from the move log.
    """
    if game.version <= after:
        return []
    out: list[tuple[int, dict[str, Any]]] = []
    if game.version - after > 1 and game.state is not None:
        for version, state in replay.states(game, upto=game.version - 1, after=after):
            if after < version < game.version:
                view = game_view(
                    game=game, seat=seat, state=state, version=version, deals=deals, players=players
                )
                out.append((version, view))
    out.append((game.version, game_view(game=game, seat=seat, deals=deals, players=players)))
    return out


def game_summary(*, game: Game, user: Any) -> dict[str, Any]:
    """A compact line for lists: no cards, no meld search."""
    seat = next((s.seat for s in game.seats.all() if s.user_id == user.pk), None)
    return {
        "id": str(game.id),
        "status": game.status,
        "version": game.version,
        "you": seat,
        "opponent": game.opponent_type,
        "difficulty": game.difficulty or None,
        "visibility": game.visibility,
        "invite_code": game.invite_code or None,
        "players": players_json(game),
        "scores": game.scores or [0, 0],
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


def game_list_for_user(*, user: Any, status: str | None = None) -> QuerySet[Game]:
    queryset = (
        Game.objects.filter(seats__user=user)
        .defer("state")
        .prefetch_related(_seats_prefetch())
        .order_by("-updated_at", "-created_at")
    )
    if status:
        queryset = queryset.filter(status=status)
    return queryset


def lobby_games() -> QuerySet[Game]:
    """Public games waiting for a second player, newest first."""
    return (
        Game.objects.filter(visibility=Visibility.PUBLIC, status=GameStatus.WAITING)
        .defer("state")
        .select_related("created_by")
        .order_by("-created_at")
    )


def lobby_entry(*, game: Game) -> dict[str, Any]:
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
    }


def moves_for(*, game: Game) -> QuerySet[Move]:
    return Move.objects.filter(game=game).order_by("seq")


def move_json(*, move: Move, viewer: int, game_finished: bool) -> dict[str, Any]:
    """A move as ``viewer`` may see it: the opponent's stock draws name no card until the
    game is finished; the viewer's own stock draws do."""
    action = dict(move.action)
    public = action.get("type") == "draw_discard"
    if move.card and (public or move.seat == viewer or game_finished):
        action["card"] = move.card
    return {
        "seq": move.seq,
        "round": move.round,
        "seat": move.seat,
        "action": action,
        "automatic": move.automatic,
        "created_at": iso(move.created_at),
    }


def player_stats(*, user: Any) -> dict[str, Any]:
    """Lifetime statistics from the player's finished games (one aggregate query)."""
    agg = GameResult.objects.filter(user=user).aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(won=True)),
        gins=Sum("gins", default=0),
        big_gins=Sum("big_gins", default=0),
        undercuts=Sum("undercuts", default=0),
        hand_points=Sum("hand_points", default=0),
        hands=Sum("hands", default=0),
    )
    hands = agg["hands"] or 0
    return {
        "games": agg["games"],
        "wins": agg["wins"],
        "losses": agg["games"] - agg["wins"],
        "gins": agg["gins"],
        "big_gins": agg["big_gins"],
        "undercuts": agg["undercuts"],
        "hands": hands,
        "average_points_per_hand": round(agg["hand_points"] / hands, 2) if hands else 0.0,
    }


def messages_for(*, game: Game, after_id: int = 0) -> QuerySet[Message]:
    return Message.objects.filter(game=game, id__gt=after_id).order_by("id")


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


def player_events_after(*, user: Any, after_id: int) -> QuerySet[PlayerEvent]:
    return PlayerEvent.objects.filter(user=user, id__gt=after_id).order_by("id")


def player_event_json(*, event: PlayerEvent) -> dict[str, Any]:
    return {"id": event.id, "kind": event.kind, **event.data, "created_at": iso(event.created_at)}
