"""Reactions to the games app's signals (connected in ``FairplayConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import User
from games.models import Game

from . import selectors
from .tasks import review_game


def on_game_rating_check(sender: Any, game: Game, **kwargs: Any) -> str | None:
    """In the finishing transaction: why the game must be unrated, or None."""
    return selectors.game_unrated_reason(game=game)


def on_player_seating(sender: Any, user: User, **kwargs: Any) -> None:
    """Before a person sits at a table with other people: 403 ``playban`` while banned."""
    selectors.seating_check(user_id=user.pk)


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """After the finishing commit: the game's review (recent records, sitting, shared
    devices, the pair's history), as a task -- never in the way of the action that ended
    the game. ``robust=True``: a broker that is down loses the review, and the nightly scan
    looks again."""
    if game.aborted or not any(seat.user_id for seat in game.seats.all()):
        return
    game_id = str(game.pk)
    transaction.on_commit(lambda: review_game.delay(game_id), robust=True)
