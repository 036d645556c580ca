"""The one way to load a game for a change: its row locked, its seats loaded once.

Every service that changes a game takes the lock here, first, inside its transaction
(``select_for_update(of=("self",))``: the game row only, not the seats' users). Locks on
games are taken one game at a time; a rematch locks the finished game before it creates
the new one. Functions elsewhere whose docstring says *the caller holds the game's lock*
expect a game loaded by :func:`game_lock` in the current transaction.
"""

from __future__ import annotations

import uuid

from django.db.models import Prefetch, QuerySet

from accounts.models import User
from games.errors import GameNotActive, GameNotFound
from games.models import Game, GameStatus, Seat
from games.selectors import game_pk, game_with_seats


def _locked() -> QuerySet[Game]:
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("seat"))
    return Game.objects.select_for_update(of=("self",)).prefetch_related(seats)


def game_lock_or_none(*, game_id: uuid.UUID | str) -> Game | None:
    """The game, locked for update until the transaction ends; None if there is none."""
    pk = game_pk(game_id)
    if pk is None:
        return None
    game = game_with_seats(pk, for_update=True) or _locked().filter(pk=pk).first()
    if game is not None:
        remember_loaded(game)
    return game


def remember_loaded(game: Game) -> None:
    """Note the game's column values as loaded, so that saving it writes only the columns
    that changed (:func:`changed_columns`)."""
    game.__dict__["_loaded"] = {
        field.attname: game.__dict__.get(field.attname) for field in Game._meta.concrete_fields
    }


def changed_columns(game: Game) -> list[str] | None:
    """The columns that differ from what was loaded, plus ``updated_at`` (set on every
    save); None for a game not loaded by :func:`game_lock` (then save every column). JSON
    columns count as changed when they hold another object (the services assign new ones,
    they never change a loaded one in place) or an unequal value."""
    loaded = game.__dict__.get("_loaded")
    if loaded is None:
        return None
    changed = [
        name
        for name, value in loaded.items()
        if name not in ("id", "updated_at")
        and (game.__dict__.get(name) is not value and game.__dict__.get(name) != value)
    ]
    return [*changed, "updated_at"]


def game_lock(*, game_id: uuid.UUID | str) -> Game:
    """The game, locked for update until the transaction ends; 404 if there is none."""
    game = game_lock_or_none(game_id=game_id)
    if game is None:
        raise GameNotFound()
    return game


def game_seat_for(*, game: Game, user: User) -> int:
    """The user's seat at ``game``; 404 for anyone not seated (no existence leak)."""
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.seat
    raise GameNotFound()


def game_ensure_seat_plays(*, game: Game, seat: int) -> None:
    """409 ``game_not_active`` for a player who left the game (a seat the computer now
    plays, or one out of the game): they may still look, but no longer act."""
    for row in game.seats.all():
        if row.seat == seat and row.left_at is not None:
            raise GameNotActive(
                "You left this game; the computer plays your seat."
                if row.computer
                else "You left this game; your seat is out of it.",
                current=game.version,
            )


def game_ensure_active(*, game: Game) -> None:
    """409 ``game_not_active`` (with the current version) unless the game is being played."""
    if game.status != GameStatus.ACTIVE:
        raise GameNotActive(current=game.version)
