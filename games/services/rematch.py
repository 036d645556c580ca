"""Play again: ``POST /games/{id}/rematch`` and ``POST /games/{new_id}/accept``.

An app that seats games of its own (``game_create_seated``: tournaments) may refuse their
rematch: it registers a refusal (:func:`rematch_refusal_register`) when it loads, as the
apps register their part of a profile's stats with accounts, so the games app asks it
without importing it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.exceptions import ApplicationError
from games.errors import (
    CannotAcceptOwnOffer,
    GameNotFinished,
    GameNotWaiting,
    NotAnOffer,
    OfferLapsed,
)
from games.models import Game, GameStatus, OpponentType, PlayerEvent, Seat, Visibility
from games.services.commit import Before, game_commit_change
from games.services.events import player_event_add, public_user
from games.services.locking import game_lock, game_seat_for
from games.services.rounds import game_start
from games.services.timers import REMATCH_TTL, game_enforce_timers
from games.signals import player_seating

RematchRefusal = Callable[[Game], ApplicationError | None]
"""Called with the finished game (locked); the error that refuses its rematch, or None."""

_refusals: dict[str, RematchRefusal] = {}


def rematch_refusal_register(name: str, refusal: RematchRefusal) -> None:
    """Add (or, for the same ``name``, replace) a reason to refuse a game's rematch."""
    _refusals[name] = refusal


@transaction.atomic
def game_rematch(*, game_id: uuid.UUID, user: User) -> tuple[Game, bool]:
    """A new game with the same players and rules; returns ``(game, created)``.

    Against the computer it starts at once. Against a person it is offered: ``waiting``
    with every seat taken until another player accepts (10 minutes). Asking again, by
    any player, returns the pending or running rematch instead of a second one. A game
    whose seats another app chose may be refused by that app (a tournament's: 409
    ``tournament_game``). Locks the finished game, then creates the new one.
    """
    game = game_lock(game_id=game_id)
    seat = game_seat_for(game=game, user=user)
    for refusal in _refusals.values():
        error = refusal(game)
        if error is not None:
            raise error
    if game.status != GameStatus.FINISHED:
        raise GameNotFinished()
    existing = game.rematches.exclude(status=GameStatus.ABANDONED).order_by("created_at").first()
    if existing is not None:
        return existing, False
    if game.opponent_type == OpponentType.HUMAN:
        player_seating.send(sender=Game, user=user)
    seats = {s.seat: s for s in game.seats.all()}
    new = Game.objects.create(
        variant=game.variant,
        seat_count=game.seat_count,
        opponent_type=game.opponent_type,
        difficulty=game.difficulty,
        visibility=Visibility.PRIVATE,
        rules=game.rules,
        turn_seconds=game.turn_seconds,
        created_by=user,
        rematch_of=game,
    )
    now = timezone.now()
    Seat.objects.bulk_create(
        [
            # A player who left a rummy game is asked back as a person; the computers
            # keep their seats and levels.
            Seat(
                game=new,
                seat=number,
                user_id=s.user_id,
                computer="" if s.left_at is not None else s.computer,
                accepted_at=now if s.user_id == user.pk else None,
            )
            for number, s in seats.items()
        ]
    )
    before = Before.of(new)
    if game.opponent_type == OpponentType.COMPUTER:
        game_start(game=new)
    else:
        for number, other in seats.items():
            if number != seat and other.user_id is not None:
                player_event_add(
                    user_id=other.user_id,
                    kind=PlayerEvent.Kind.REMATCH_OFFERED,
                    data={
                        "game_id": str(new.pk),
                        "rematch_of": str(game.pk),
                        "by": public_user(user),
                    },
                )
    game_commit_change(game=new, before=before)
    return new, True


def game_accept(*, game_id: uuid.UUID, user: User) -> Game:
    """Another player accepts a rematch offer; the game starts once every person at the
    table has (the one who offered it accepted by asking)."""
    game_enforce_timers(game_id=game_id)  # a lapsed offer is abandoned first
    return _accept_locked(game_id=game_id, user=user)


@transaction.atomic
def _accept_locked(*, game_id: uuid.UUID, user: User) -> Game:
    game = game_lock(game_id=game_id)
    seat = game_seat_for(game=game, user=user)
    if game.rematch_of_id is None or game.opponent_type != OpponentType.HUMAN:
        raise NotAnOffer()
    if game.created_by_id == user.pk:
        raise CannotAcceptOwnOffer()
    if game.status == GameStatus.ABANDONED and game.created_at <= timezone.now() - REMATCH_TTL:
        raise OfferLapsed()
    if game.status != GameStatus.WAITING:
        if game.status == GameStatus.ACTIVE:
            return game  # accepted already (a retry)
        raise GameNotWaiting("This offer is no longer open.")
    player_seating.send(sender=Game, user=user)
    people = [s for s in game.seats.all() if s.user_id is not None]
    for row in people:
        if row.seat == seat and row.accepted_at is None:
            row.accepted_at = timezone.now()
            row.save(update_fields=["accepted_at"])
    if len(people) > 2 and any(
        row.accepted_at is None for row in people if row.user_id != game.created_by_id
    ):
        return game  # a table of several people: waiting for the others to accept
    before = Before.of(game)
    game.version += 1  # the start is a change every player sees
    game_start(game=game)
    game_commit_change(game=game, before=before)
    return game
