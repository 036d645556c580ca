"""Reactions to the games app's signals, and its question whether a game may be
rematched (both connected in ``TournamentsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from core.exceptions import ApplicationError
from games.models import Game
from tournaments.errors import TournamentGameRematch
from tournaments.models import Pairing
from tournaments.services import tournament_advance_soon


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Inside the transaction that finished a game (which holds the game's lock, never a
    tournament's): if the game is a tournament's, queue that tournament's pairing run for
    after the commit. The run records the result and pairs whoever is free."""
    tournament_id = (
        Pairing.objects.filter(game_id=game.pk).values_list("tournament_id", flat=True).first()
    )
    if tournament_id is not None:
        tournament_advance_soon(tournament_id)


def refuse_rematch(game: Game) -> ApplicationError | None:
    """A tournament's game has no rematch (409 ``tournament_game``): its players were
    paired by the tournament, which pairs them again as its format says."""
    if Pairing.objects.filter(game_id=game.pk).exists():
        return TournamentGameRematch()
    return None
