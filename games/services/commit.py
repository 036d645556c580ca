"""After every change: save the game, restart its turn clock, tell who must act, wake the
streams, and queue what follows (the computer's turn, the turn timer) once it commits.

Services queue tasks by their registered name (``current_app.tasks[name]``): tasks call
services, services never import the tasks module, so the two cannot form a cycle.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from celery import Task, current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.live import notify
from games.models import Game, GameStatus, PlayerEvent
from games.services.events import player_event_add
from games.services.locking import changed_columns, remember_loaded

PLAY_COMPUTER_TURN = "games.play_computer_turn"
EXPIRE_TURN = "games.expire_turn"
_computer_inline: ContextVar[bool] = ContextVar("games_computer_inline", default=False)


@contextmanager
def computer_turns_inline() -> Iterator[None]:
    """Inside: a change that leaves a computer to act queues no task; the caller plays
    that turn itself (eager tasks, :func:`games.services.computer.game_play_computer_turn`)."""
    token = _computer_inline.set(True)
    try:
        yield
    finally:
        _computer_inline.reset(token)


@dataclass(frozen=True)
class Before:
    """Whose turn it was and the status before a change (to see what the change passed on)."""

    turn: int | None
    status: str

    @classmethod
    def of(cls, game: Game) -> Before:
        return cls(game.turn_seat if game.status == GameStatus.ACTIVE else None, game.status)


def _task(name: str) -> Task[Any, Any]:
    """A registered task by name (the games app registers its tasks when it loads)."""
    return current_app.tasks[name]


def game_commit_change(
    *, game: Game, before: Before, deadline_base: datetime | None = None
) -> None:
    """Save the changed game and arrange everything that follows from it. The caller
    holds the game's lock (:func:`games.services.locking.game_lock`).

    Inside the transaction: the turn deadline (restarted whenever the turn passes to a
    person at a timed table; counted from ``deadline_base`` when the server played the last
    turn, so late enforcement never gives anyone extra time) and a ``your_turn`` event for
    the player to act. After the commit: wake the event streams, queue the computer's turn
    or the turn timer.
    """
    humans = {
        s.seat: s.user_id for s in game.seats.all() if s.user_id is not None and not s.computer
    }
    active = game.status == GameStatus.ACTIVE and game.turn_seat is not None
    human_turn = active and game.turn_seat in humans
    turn_passed = active and (game.turn_seat != before.turn or before.status != GameStatus.ACTIVE)
    if human_turn and game.turn_seconds:
        if turn_passed or game.turn_deadline is None:
            base = deadline_base or timezone.now()
            game.turn_deadline = base + timedelta(seconds=game.turn_seconds)
    else:
        game.turn_deadline = None
    game.save(update_fields=changed_columns(game))
    remember_loaded(game)

    if human_turn and turn_passed and game.turn_seat is not None:
        player_event_add(
            user_id=humans[game.turn_seat],
            kind=PlayerEvent.Kind.YOUR_TURN,
            data={"game_id": str(game.pk), "version": game.version},
        )
    game_id, version = str(game.pk), game.version
    # robust: the move is committed whatever happens to the queueing (the broker may be
    # down); a lost computer turn or timer is picked up by the sweeper. The computer's turn
    # is queued before the streams are woken, so the worker starts on it at once.
    if active and not human_turn and not _computer_inline.get():
        transaction.on_commit(
            lambda: _task(PLAY_COMPUTER_TURN).delay(game_id, version), robust=True
        )
    # With the committed row: the game's streams render the new version without reading it.
    notify.publish_row_on_commit(notify.game_channel(game.pk), game)
    if human_turn and game.turn_deadline is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        # Eager Celery ignores ETAs; without a broker deadlines are enforced on touch.
        deadline = game.turn_deadline
        transaction.on_commit(
            lambda: _task(EXPIRE_TURN).apply_async((game_id, version), eta=deadline),
            robust=True,
        )
