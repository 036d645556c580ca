"""Quick chat: fixed phrases only (nothing to moderate)."""

from __future__ import annotations

import uuid

from django.db import transaction

from accounts.models import User
from games.errors import GameNotActive, GameNotFound, InvalidPhrase
from games.live import notify
from games.models import Game, Message
from games.phrases import PHRASES
from games.services.locking import game_pk, game_seat_for


def game_post_message(*, game_id: uuid.UUID, user: User, phrase: str) -> Message:
    """Post one of the fixed phrases to the game's seated players (no lock: a message
    changes nothing of the game). A player who left the game is refused (409
    ``game_not_active``), as their actions are."""
    if phrase not in PHRASES:
        raise InvalidPhrase(f"Unknown phrase {phrase!r}; see GET /phrases.")
    pk = game_pk(game_id)
    game = Game.objects.filter(pk=pk).prefetch_related("seats").first() if pk else None
    if game is None:
        raise GameNotFound()
    seat = game_seat_for(game=game, user=user)
    if any(s.seat == seat and s.left_at is not None for s in game.seats.all()):
        # the same answer as the leaver's actions: they may read the table, not speak at it
        raise GameNotActive(
            "You left this game; you can no longer send messages there.", current=game.version
        )
    with transaction.atomic():
        message = Message.objects.create(game=game, seat=seat, user=user, phrase=phrase)
        notify.publish_on_commit(notify.game_channel(game.pk))
    return message
