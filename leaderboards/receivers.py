"""Reactions to other apps' signals (connected in ``LeaderboardsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.models import Game, GameResult, OpponentType

from .services import standings_refresh_soon
from .tasks import rate_game
from .weights import result_weight


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Inside the finishing transaction: weigh the game's result rows for the boards.
    After it commits: a debounced standings refresh, and the Glicko-2 update for a game
    between people (a table created for people, of any variant). An aborted game (ended
    before each player had moved) has no results, and a game fair play left unrated
    (``game.unrated_reason``) has only unrated ones: neither changes a board or a rating.

    ``robust=True``: the game has committed by then, so a failure to queue (broker down) is
    logged, never raised into the request; the minute refresh and the rating sweep catch up.
    """
    if not game.rated:
        return  # no result rows, or only unrated ones: nothing to weigh, count or rate
    weight = result_weight(opponent_type=game.opponent_type, difficulty=game.difficulty)
    if weight != GameResult._meta.get_field("weight").default:
        GameResult.objects.filter(game=game).update(weight=weight)
    transaction.on_commit(standings_refresh_soon, robust=True)
    if game.opponent_type == OpponentType.HUMAN:
        game_id = str(game.pk)
        transaction.on_commit(lambda: rate_game.delay(game_id), robust=True)
