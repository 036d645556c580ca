"""Reactions to the games app's and the accounts app's signals, and the games app's
question whether a game may be rematched (all connected in ``TournamentsConfig.ready``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from accounts.models import User
from core.exceptions import ApplicationError
from games.models import Game
from tournaments.errors import TournamentGameRematch
from tournaments.models import Pairing
from tournaments.services import tournament_advance_soon
from tournaments.services.departures import departing_entries_keep, departing_entries_withdraw
from tournaments.services.marks import marked_player_disqualify


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Inside the transaction that finished a game (which holds the game's lock, never a
    tournament's): if the game is a tournament's, queue that tournament's pairing run for
    after the commit. The run records the result and pairs whoever is free."""
    tournament_id = (
        Pairing.objects.filter(game_id=game.pk).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is not None:
        tournament_advance_soon(tournament_id)


def on_guest_removing(sender: Any, user_id: int, **kwargs: Any) -> None:
    """``accounts.signals.guest_removing``, inside the transaction that removes an idle
    guest (its row locked): the guest withdraws from every tournament not over, whether
    the account is then deleted or kept for other players' games."""
    user = User.objects.filter(pk=user_id).first()
    if user is not None:
        departing_entries_withdraw(user=user)


def on_user_deleting(sender: Any, instance: User, **kwargs: Any) -> None:
    """``pre_delete`` of an account, in the deletion's transaction: the player withdraws
    from every tournament not over, and every entry left keeps the name they had (the
    deletion then empties its ``user``)."""
    departing_entries_withdraw(user=instance)
    departing_entries_keep(user=instance)


def on_player_marked(sender: Any, user_id: int, since: datetime, **kwargs: Any) -> None:
    """``fairplay.hooks.player_marked``, in the transaction that applies a mark's
    consequences (sent each time they run): the player withdraws from every tournament
    not over and is removed from those under way and those finished since ``since``, whose
    standings and winners are rebuilt without them. Idempotent."""
    marked_player_disqualify(user_id=user_id, since=since)


def refuse_rematch(game: Game) -> ApplicationError | None:
    """A tournament's game has no rematch (409 ``tournament_game``): its players were
    paired by the tournament, which pairs them again as its format says."""
    if Pairing.objects.filter(game_id=game.pk).exists():
        return TournamentGameRematch()
    return None
