"""Reactions to other apps' signals (connected in ``LeaderboardsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.models import OpponentType


def on_game_finished(sender: Any, game: Any, **kwargs: Any) -> None:
    """After the finishing transaction commits: a debounced standings refresh, and the
    Glicko-2 update for a game between two people. An aborted game (ended before each
    player had moved) has no results and changes neither.

    ``robust=True``: the game has committed by then, so a failure to queue (broker down) is
    logged, never raised into the request; the minute refresh and the rating sweep catch up.
    """
    from .services import standings_refresh_soon
    from .tasks import rate_game

    if getattr(game, "aborted", False):
        return  # no result rows: nothing to count or rate
    transaction.on_commit(standings_refresh_soon, robust=True)
    if game.opponent_type == OpponentType.HUMAN:
        game_id = str(game.pk)
        transaction.on_commit(lambda: rate_game.delay(game_id), robust=True)
