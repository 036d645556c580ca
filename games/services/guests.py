"""What the games app removes of a guest account that is being removed
(``accounts.signals.guest_removing``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef

from games.models import Game, Seat


def guest_games_delete(*, user_id: int) -> int:
    """Delete the games that only this guest had a part in: games the guest created at
    which no other person ever held a seat (against the computer, tables nobody joined),
    whatever their state, with their moves, deals, results and chat. Games with someone
    else stay whole, the guest's seat too. Returns how many games were deleted. Runs in the
    removal's transaction, with the guest's row locked."""
    someone_else = Seat.objects.filter(game=OuterRef("pk"), user__isnull=False).exclude(
        user_id=user_id
    )
    alone = Game.objects.filter(created_by_id=user_id).exclude(Exists(someone_else))
    ids = list(alone.values_list("pk", flat=True))
    if ids:
        Game.objects.filter(pk__in=ids).delete()
    return len(ids)


def on_guest_removing(*, user_id: int, **kwargs: Any) -> None:
    """Receiver of ``accounts.signals.guest_removing``."""
    guest_games_delete(user_id=user_id)
