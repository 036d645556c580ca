"""A game's life outside play: created, joined (it starts), cancelled, abandoned, conceded."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from games.errors import (
    CannotJoinOwnGame,
    GameFull,
    GameNotWaiting,
    InvalidCode,
    NotCreator,
    RulesNotForTable,
    TooManyWaitingGames,
    in_field,
)
from games.models import FinishReason, Game, GameStatus, OpponentType, PlayerEvent, Seat, Visibility
from games.services.commit import Before, game_commit_change
from games.services.events import player_event_add, public_user
from games.services.locking import (
    game_ensure_active,
    game_ensure_seat_plays,
    game_lock,
    game_seat_for,
)
from games.services.results import game_forfeit, game_mark_abandoned
from games.services.rounds import game_start, rules_check_seats
from games.services.timers import WAITING_TTL
from games.signals import player_seating
from games.variants import DEFAULT_VARIANT, AnyVariant, RulesError, variant_for

INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: nothing to misread
INVITE_LENGTH = 6
_system_random = secrets.SystemRandom()


def _rules(variant: AnyVariant, data: object, *, seats: int) -> dict[str, Any]:
    """Every rule option, defaults filled; a bad option is 400 naming ``rules.<key>``, and
    rules that a table of ``seats`` cannot be dealt with (each option valid on its own)
    are 422 ``rules_not_for_table`` naming it."""
    try:
        rules = variant.rules.rules_from_json(data or {})
    except RulesError as exc:
        in_field(exc, "rules")
        raise
    try:
        rules_check_seats(variant=variant, rules=rules, seats=seats)
    except RulesError as exc:
        own = getattr(exc, "fields", None) or {"": [str(exc)]}
        fields = {f"rules.{key}" if key else "rules": list(msgs) for key, msgs in own.items()}
        raise RulesNotForTable(str(exc), fields=fields) from exc
    return rules


@transaction.atomic
def game_create_vs_computer(
    *,
    user: User,
    difficulty: str,
    rules_data: object = None,
    variant: str = DEFAULT_VARIANT,
    computers: int = 1,
) -> Game:
    """A game against the computer, active at once (seat 0 the player, the ``computers``
    the seats after it, all at ``difficulty``)."""
    game_variant = variant_for(variant)
    seat_count = 1 + computers
    assert game_variant.min_seats <= seat_count <= game_variant.max_seats  # the API checks
    game = Game.objects.create(
        variant=variant,
        seat_count=seat_count,
        opponent_type=OpponentType.COMPUTER,
        difficulty=difficulty,
        visibility=Visibility.PRIVATE,
        rules=_rules(game_variant, rules_data, seats=seat_count),
        created_by=user,
    )
    Seat.objects.bulk_create(
        [Seat(game=game, seat=0, user=user)]
        + [Seat(game=game, seat=n, computer=difficulty) for n in range(1, game.seat_count)]
    )
    before = Before.of(game)
    game_start(game=game)
    game_commit_change(game=game, before=before)
    return game


def _new_invite_code() -> str:
    return "".join(_system_random.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


def _ensure_waiting_room(user: User) -> None:
    """409 ``too_many_waiting_games`` when the user already has the most tables waiting for
    a player (``GAMES_MAX_WAITING_PER_USER``). The user's row is locked first, so two
    concurrent creations by one user are counted one after the other."""
    limit = settings.GAMES_MAX_WAITING_PER_USER
    User.objects.select_for_update().filter(pk=user.pk).first()
    waiting = Game.objects.filter(
        created_by=user,
        status=GameStatus.WAITING,
        rematch_of__isnull=True,
        created_at__gt=timezone.now() - WAITING_TTL,  # due to be cancelled: not counted
    ).count()
    if waiting >= limit:
        raise TooManyWaitingGames(limit=limit)


@transaction.atomic
def game_create_vs_human(
    *,
    user: User,
    visibility: str,
    rules_data: object = None,
    turn_seconds: int | None = None,
    variant: str = DEFAULT_VARIANT,
    seats: int | None = None,
    computers: int = 0,
    difficulty: str = "",
) -> Game:
    """A game waiting for players, with an invite code unique among waiting games.
    At most ``GAMES_MAX_WAITING_PER_USER`` such tables per user at once.

    ``seats`` (the variant's fewest by default): the creator takes seat 0, ``computers``
    at ``difficulty`` take the last seats at once, people take the others by invite code
    in order (:func:`game_join`). A receiver of ``player_seating`` may refuse the player."""
    game_variant = variant_for(variant)
    seat_count = seats or game_variant.min_seats
    assert game_variant.min_seats <= seat_count <= game_variant.max_seats  # the API checks
    assert 0 <= computers <= seat_count - 2 and (difficulty or not computers)
    rules = _rules(game_variant, rules_data, seats=seat_count)
    player_seating.send(sender=Game, user=user)
    _ensure_waiting_room(user)
    for _ in range(20):
        try:
            with transaction.atomic():
                game = Game.objects.create(
                    variant=variant,
                    seat_count=seat_count,
                    opponent_type=OpponentType.HUMAN,
                    difficulty=difficulty if computers else "",
                    visibility=visibility,
                    rules=rules,
                    turn_seconds=turn_seconds,
                    invite_code=_new_invite_code(),
                    created_by=user,
                )
                Seat.objects.bulk_create(
                    [Seat(game=game, seat=0, user=user)]
                    + [
                        Seat(game=game, seat=number, computer=difficulty)
                        for number in range(seat_count - computers, seat_count)
                    ]
                )
                return game
        except IntegrityError:  # the code is taken by another waiting game: draw again
            continue
    raise RuntimeError("could not find a free invite code")  # 31**6 codes: never in practice


@transaction.atomic
def game_join(*, user: User, code: str) -> Game:
    """Take the next free seat of the waiting game with this invite code; the game starts
    when every seat is taken. A receiver of ``player_seating`` may refuse the player."""
    code = code.strip().upper()
    if not code:  # a rematch offer waits too, with no invite code
        raise InvalidCode()
    game = (
        Game.objects.select_for_update(of=("self",))
        .filter(invite_code=code, status=GameStatus.WAITING)
        .first()
    )
    if game is None:
        started = (
            Game.objects.filter(invite_code=code, status=GameStatus.ACTIVE)
            .order_by("-started_at")
            .first()
        )
        if started is None:
            raise InvalidCode()
        if started.seats.filter(user=user).exists():
            return started  # a retried join: the player is already seated
        raise GameFull()
    if game.created_by_id == user.pk:
        raise CannotJoinOwnGame()
    before = Before.of(game)
    seats = list(game.seats.all())  # one read for the free seats and a retried join
    if any(row.user_id == user.pk for row in seats):
        return game  # a retried join: the player already waits at this table
    player_seating.send(sender=Game, user=user)
    taken = {row.seat for row in seats}
    free = [number for number in range(game.seat_count) if number not in taken]
    Seat.objects.create(game=game, seat=free[0], user=user)
    if len(free) == 1:
        game.version += 1  # the start is a change every player sees (the event streams)
        game_start(game=game)
    player_event_add(
        user_id=game.created_by_id,
        kind=PlayerEvent.Kind.FRIEND_JOINED,
        data={"game_id": str(game.pk), "by": public_user(user)},
    )
    game_commit_change(game=game, before=before)
    return game


@transaction.atomic
def game_cancel(*, game_id: uuid.UUID, user: User) -> Game:
    """The creator withdraws a game nobody has joined yet (or an unanswered rematch offer);
    it becomes ``abandoned``."""
    game = game_lock(game_id=game_id)
    game_seat_for(game=game, user=user)
    if game.created_by_id != user.pk:
        raise NotCreator()
    if game.status != GameStatus.WAITING:
        raise GameNotWaiting()
    before = Before.of(game)
    game_mark_abandoned(game=game)
    game_commit_change(game=game, before=before)
    return game


@transaction.atomic
def game_abandon(*, game_id: uuid.UUID) -> Game:
    """Operator action for a stuck game: ``abandoned``, no winner, no results."""
    game = game_lock(game_id=game_id)
    if game.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
        return game
    before = Before.of(game)
    game_mark_abandoned(game=game)
    game_commit_change(game=game, before=before)
    return game


@transaction.atomic
def game_concede(*, game_id: uuid.UUID, user: User) -> Game:
    """The caller gives up: the other player wins (docs/api.md#leaving-a-game: ``final.reason``
    ``concede``);
    at a table of three or more the caller leaves and play goes on, as the variant says
    (docs/games/rummy.md, docs/games/indian-rummy.md)."""
    game = game_lock(game_id=game_id)
    seat = game_seat_for(game=game, user=user)
    game_ensure_active(game=game)
    game_ensure_seat_plays(game=game, seat=seat)
    before = Before.of(game)
    game_forfeit(game=game, seat=seat, reason=FinishReason.CONCEDE)
    game_commit_change(game=game, before=before)
    return game
