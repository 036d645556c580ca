"""The computer's turn (queued after every change that leaves it to act)."""

from __future__ import annotations

import random
import secrets
import uuid
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games.models import Game, GameStatus, Seat
from games.services.commit import Before, computer_turns_inline, game_commit_change
from games.services.locking import game_lock_or_none
from games.services.play import game_apply_locked


def _fresh_random() -> random.Random:
    return random.Random(secrets.randbits(64))


def game_play_computer_turn(*, game_id: uuid.UUID | str, version: int) -> int:
    """Play the whole turn of the computer seat to act (one task per computer turn): its
    actions until the turn passes or the game ends, in one transaction. When the turn
    passes to another computer seat (rummy tables of three or four), committing queues
    that seat's turn as the next task, so each computer turn is its own change and event.
    Without a broker (eager tasks) the following computer turns are played here, one
    transaction each, rather than by tasks nested in one another.

    Each decision comes from the game's variant, from the computer seat's own view only,
    with a fresh random seed. Idempotent: nothing happens unless the game is still at
    ``version`` with the computer to act (a redelivered or late task finds the version
    moved on). Returns the number of actions applied.
    """
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return _play_turn(game_id=game_id, version=version)[0]
    total = 0
    with computer_turns_inline():
        while True:
            applied, version = _play_turn(game_id=game_id, version=version)
            if not applied:
                return total
            total += applied


@transaction.atomic
def _play_turn(*, game_id: uuid.UUID | str, version: int) -> tuple[int, int]:
    """One computer turn; returns the actions applied and the game's version after."""
    game = game_lock_or_none(game_id=game_id)
    if game is None or game.status != GameStatus.ACTIVE or game.version != version:
        return 0, version
    variant = game.game_variant
    seats = {s.seat: s for s in game.seats.all()}
    before = Before.of(game)
    applied = 0
    playing = game.turn_seat
    while (
        game.status == GameStatus.ACTIVE
        and game.turn_seat is not None
        and game.turn_seat == playing
    ):
        seat = seats[game.turn_seat]
        if not seat.computer:
            break
        view = variant.rules.view_for(game.rules_state(), seat.seat)
        action = variant.players.choose(view, seat.computer, _fresh_random())
        game_apply_locked(game=game, seat=seat.seat, action=action)
        applied += 1
    if applied:
        game_commit_change(game=game, before=before)
    return applied, game.version


def games_waiting_for_computer(*, older_than: timedelta) -> list[tuple[uuid.UUID, int]]:
    """``(game id, version)`` of active games in which a computer seat has held the turn
    for longer than ``older_than``: its task was lost (the broker was down when the turn
    passed, or the worker died). The sweeper plays them."""
    since = timezone.now() - older_than
    # the computer plays a seat whose ``computer`` is set (also a leaver's, which keeps
    # its user)
    computer_turn = Seat.objects.filter(game=OuterRef("pk"), seat=OuterRef("turn_seat")).exclude(
        computer=""
    )
    return list(
        Game.objects.filter(status=GameStatus.ACTIVE, updated_at__lte=since)
        .filter(Exists(computer_turn))
        .values_list("pk", "version")[:500]
    )
