"""Game read operations: the caller's seat, lists, the lobby, the move log, the deals.

Selectors query; :mod:`games.presenters` shapes what they load into response bodies.
"""

from __future__ import annotations

import random
import threading
import uuid
from collections import OrderedDict
from typing import Any

from django.db import connection
from django.db.models import Count, Prefetch, Q, QuerySet, Sum

from accounts.models import User
from games import presenters, replay
from games.errors import (
    GameNotActive,
    GameNotFound,
    HintsUnavailable,
    NotYourTurn,
    ReviewGameNotFinished,
    ReviewNotRequested,
)
from games.models import (
    FORFEIT_REASONS,
    Game,
    GameResult,
    GameReview,
    GameRound,
    GameStatus,
    Message,
    Move,
    OpponentType,
    PlayerEvent,
    Seat,
    Visibility,
)
from games.variants import DEFAULT_VARIANT, VARIANTS, AnyVariant, variant_for


def _seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("seat"))


def game_with_seats(pk: uuid.UUID, *, for_update: bool = False) -> Game | None:
    """The game and its seats (with their users) in one query: the seats joined to the
    game (with ``for_update``: ``FOR UPDATE OF`` the game row only), handed to the game as
    ``prefetch_related`` would. None when the game has no seats (or does not exist): the
    caller then reads the game by itself."""
    queryset = Seat.objects.select_related("game", "user").filter(game_id=pk).order_by("seat")
    if for_update:
        queryset = queryset.select_for_update(of=("game",))
    seats = list(queryset)
    if not seats:
        return None
    game = seats[0].game
    for seat in seats:
        Seat.game.field.set_cached_value(seat, game)
    cached = game.seats.get_queryset()
    cached._result_cache = seats
    cached._prefetch_done = True  # type: ignore[attr-defined]
    game._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]
    return game


def seat_of(*, game: Game, user: User) -> int | None:
    """The user's seat at ``game`` (seats already loaded), or None."""
    return next((s.seat for s in game.seats.all() if s.user_id == user.pk), None)


def game_pk(game_id: uuid.UUID | str) -> uuid.UUID | None:
    """``game_id`` as a UUID; None when it is not one (then no game has it)."""
    if isinstance(game_id, uuid.UUID):
        return game_id
    try:
        return uuid.UUID(str(game_id))
    except ValueError:
        return None


def game_get_for_user(*, game_id: uuid.UUID | str, user: User) -> tuple[Game, int]:
    """The game and the caller's seat; 404 ``not_found`` unless the caller sits at it.

    One query: the game with its seats and their users (which the view needs anyway).
    """
    pk = game_pk(game_id)
    game = game_with_seats(pk) if pk else None
    seat = seat_of(game=game, user=user) if game is not None else None
    if game is None or seat is None:
        raise GameNotFound()
    return game, seat


def game_variant_for(*, game_id: uuid.UUID, user: User) -> AnyVariant:
    """The variant of a game the caller sits at (to parse an action before it is applied);
    404 ``not_found`` for anyone else (one query)."""
    name = (
        Seat.objects.filter(game_id=game_id, user=user)
        .values_list("game__variant", flat=True)
        .first()
    )
    if name is None:
        raise GameNotFound()
    return variant_for(name)


# A game's deals never change once written (one row per round, created under the game's
# lock), so each process keeps the latest games' deals: an action or a view reads them
# again only when a round has been dealt since. Only committed rows are kept (never what a
# transaction still open has read, which a rollback could take back).
_DEALS_KEPT = 2048
_deals: OrderedDict[uuid.UUID, dict[int, GameRound]] = OrderedDict()
_deals_lock = threading.Lock()


def game_deals(*, game: Game) -> dict[int, GameRound]:
    """The game's deals by round number (decks, salts, commitments; not the snapshots)."""
    with _deals_lock:
        kept = _deals.get(game.pk)
        if kept is not None and game.round_number in kept:
            _deals.move_to_end(game.pk)
            return dict(kept)
    rows = GameRound.objects.filter(game=game).defer("start_state", "result")
    deals = {deal.number: deal for deal in rows}
    if not connection.in_atomic_block and game.round_number in deals:
        with _deals_lock:
            _deals[game.pk] = dict(deals)
            while len(_deals) > _DEALS_KEPT:
                _deals.popitem(last=False)
    return deals


HINT_LEVEL = "medium"
"""The computer player whose choice a hint is."""


def game_hint(*, game: Game, seat: int) -> dict[str, Any]:
    """What the Medium computer player would play at ``seat`` now, from that seat's own
    view: ``{"version", "level", "action"}``. Only in games against the computer (409
    ``hints_unavailable``), while the game is on (409 ``game_not_active``) and on the
    caller's turn (409 ``not_your_turn``)."""
    if game.opponent_type != OpponentType.COMPUTER:
        raise HintsUnavailable()
    if game.status != GameStatus.ACTIVE or game.state is None:
        raise GameNotActive(current=game.version)
    if game.turn_seat != seat:
        raise NotYourTurn(current=game.version)
    variant = game.game_variant
    view = variant.rules.view_for(game.rules_state(), seat)
    action = variant.players.choose(view, HINT_LEVEL, random.Random())
    return {
        "version": game.version,
        "level": HINT_LEVEL,
        "action": variant.rules.action_to_json(action),
    }


def game_review_for(*, game: Game, seat: int) -> GameReview:
    """The review of ``seat``'s decisions in a finished game, pending or ready: 409
    ``game_not_finished`` while the game is played, 404 ``review_not_requested`` before
    anyone asked for it (``POST /games/{id}/review``)."""
    if game.status != GameStatus.FINISHED:
        raise ReviewGameNotFinished()
    review = GameReview.objects.filter(game=game, seat=seat).first()
    if review is None:
        raise ReviewNotRequested()
    return review


def game_view_for(*, game: Game, seat: int) -> dict[str, Any]:
    """The caller's view of the game (one query for the deals)."""
    deals = game_deals(game=game) if game.state is not None else {}
    if game.state is not None:
        game.rules_state()  # the finished rounds, if this process has not kept them
    return presenters.game_view(game=game, seat=seat, deals=deals)


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
    if deals is None:
        deals = game_deals(game=game) if game.state is not None else {}
    out: list[tuple[int, dict[str, Any]]] = []
    if game.version - after > 1 and game.state is not None:
        for version, state in replay.states(game, upto=game.version - 1, after=after):
            if after < version < game.version:
                view = presenters.game_view(
                    game=game,
                    seat=seat,
                    state=state,
                    version=version,
                    deals=deals,
                    players=players,
                )
                out.append((version, view))
    out.append(
        (game.version, presenters.game_view(game=game, seat=seat, deals=deals, players=players))
    )
    return out


def game_list_for_user(*, user: User, status: str | None = None) -> QuerySet[Game]:
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
    """Public games waiting for players, newest first (with their seats, for a rummy
    table's free seats)."""
    return (
        Game.objects.filter(visibility=Visibility.PUBLIC, status=GameStatus.WAITING)
        .defer("state")
        .select_related("created_by")
        .prefetch_related(_seats_prefetch())
        .order_by("-created_at")
    )


def moves_for(*, game: Game) -> QuerySet[Move]:
    return Move.objects.filter(game=game).order_by("seq")


def seat_left_at_move(*, game: Game, seat: int) -> int | None:
    """The move at which the person at ``seat`` left (conceded or forfeited on time while
    the game went on, a computer taking the seat); None while they still play it."""
    if not any(s.seat == seat and s.left_at is not None for s in game.seats.all()):
        return None
    return (
        Move.objects.filter(game=game, seat=seat, action__type__in=FORFEIT_REASONS)
        .order_by("seq")
        .values_list("seq", flat=True)
        .first()
    )


PROFILE_VARIANTS = tuple(VARIANTS)
"""The variants every profile lists under ``variants`` (docs/games/rummy.md), played or not."""

_SUMMED = ("gins", "big_gins", "undercuts", "hand_points", "hands")
"""What a profile adds up of a player's result rows, in every variant (a count a variant
does not keep, such as Gin Rummy's gins elsewhere, is 0 in its rows)."""


def player_stats(*, user: User) -> dict[str, Any]:
    """Lifetime statistics from the player's finished games (one aggregate query), each
    variant's record counted the same way.

    ``variants`` has every variant's games, wins (a Rummy win is a first place) and
    losses. The top-level keys are the whole record of the variant a request that names
    none means (:data:`games.variants.DEFAULT_VARIANT`, docs/api.md: the profile's games,
    wins, gins, big gins and undercuts), as they were before there were others. Unrated
    results (fair play) are not counted.
    """
    counted: dict[str, Any] = {}
    for variant in PROFILE_VARIANTS:
        played = Q(variant=variant)
        counted[f"{variant}_games"] = Count("id", filter=played)
        counted[f"{variant}_wins"] = Count("id", filter=played & Q(won=True))
        for name in _SUMMED:
            counted[f"{variant}_{name}"] = Sum(name, default=0, filter=played)
    agg = GameResult.objects.filter(user=user, rated=True).aggregate(**counted)
    records = {variant: _variant_record(agg, variant) for variant in PROFILE_VARIANTS}
    return {
        **records[DEFAULT_VARIANT],
        "variants": {
            variant: {key: record[key] for key in ("games", "wins", "losses")}
            for variant, record in records.items()
        },
    }


def _variant_record(agg: dict[str, Any], variant: str) -> dict[str, Any]:
    """One variant's record in a profile, from :func:`player_stats`'s aggregate."""
    games, wins, hands = agg[f"{variant}_games"], agg[f"{variant}_wins"], agg[f"{variant}_hands"]
    points = agg[f"{variant}_hand_points"]
    return {
        "games": games,
        "wins": wins,
        "losses": games - wins,
        "gins": agg[f"{variant}_gins"],
        "big_gins": agg[f"{variant}_big_gins"],
        "undercuts": agg[f"{variant}_undercuts"],
        "hands": hands,
        "average_points_per_hand": round(points / hands, 2) if hands else 0.0,
    }


def messages_for(*, game: Game, after_id: int = 0) -> QuerySet[Message]:
    return Message.objects.filter(game=game, id__gt=after_id).order_by("id")


def player_events_after(*, user: User, after_id: int) -> QuerySet[PlayerEvent]:
    return PlayerEvent.objects.filter(user=user, id__gt=after_id).order_by("id")
