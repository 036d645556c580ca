"""The computer's turn (queued after every change that leaves it to act)."""

from __future__ import annotations

import random
import secrets
import uuid

from django.db import transaction

from games.models import GameStatus
from games.services.commit import Before, game_commit_change
from games.services.locking import game_lock_or_none
from games.services.play import game_apply_locked


def _fresh_random() -> random.Random:
    return random.Random(secrets.randbits(64))


@transaction.atomic
def game_play_computer_turn(*, game_id: uuid.UUID | str, version: int) -> int:
    """Apply the computer's actions until a human must act or the game ends.

    Each decision comes from the game's variant, from the computer seat's own view only,
    with a fresh random seed. Idempotent: nothing happens unless the game is still at
    ``version`` with the computer to act (a redelivered or late task finds the version
    moved on). Returns the number of actions applied.
    """
    game = game_lock_or_none(game_id=game_id)
    if game is None or game.status != GameStatus.ACTIVE or game.version != version:
        return 0
    variant = game.game_variant
    seats = {s.seat: s for s in game.seats.all()}
    before = Before.of(game)
    applied = 0
    while game.status == GameStatus.ACTIVE and game.turn_seat is not None:
        seat = seats[game.turn_seat]
        if not seat.computer:
            break
        view = variant.view_for(game.rules_state(), seat.seat)
        action = variant.computer_action(view, seat.computer, _fresh_random())
        game_apply_locked(game=game, seat=seat.seat, action=action)
        applied += 1
    if applied:
        game_commit_change(game=game, before=before)
    return applied
