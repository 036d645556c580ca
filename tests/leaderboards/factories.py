"""Finished games for the leaderboards: a Game, its Seats, its GameResults, from factories.

The games app writes result rows the same way when a game ends (one per human player; the
loser of a concede or timeout keeps its total, the winner has its total at that moment).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.db import transaction

from accounts.models import User
from games.models import Game
from games.signals import game_finished
from leaderboards.weights import LEVEL_WEIGHTS
from tests.factories import FinishedGameRowFactory, GameResultFactory, SeatFactory


def finished_game(
    *,
    player: User,
    opponent: User | None = None,
    difficulty: str = "hard",
    won: bool = True,
    total: int = 150,
    opponent_total: int = 40,
    finished_at: datetime,
    reason: str = "target",
    signal: bool = False,
) -> Game:
    """A finished game of ``player`` against ``opponent`` (a person) or the computer.

    ``won``, ``total`` and ``opponent_total`` are from ``player``'s side. With ``signal``
    the rows are written in one transaction that then sends ``game_finished``, as the games
    app does.
    """
    with transaction.atomic():
        human = opponent is not None
        game = FinishedGameRowFactory(
            opponent_type="human" if human else "computer",
            difficulty="" if human else difficulty,
            created_by=player,
            winner_seat=0 if won else 1,
            finish_reason=reason,
            finished_at=finished_at,
        )
        SeatFactory(game=game, seat=0, user=player)
        if human:
            SeatFactory(game=game, seat=1, user=opponent)
        else:
            SeatFactory(game=game, seat=1, user=None, computer=difficulty)
        sides = [(player, 0, won, total, opponent_total, opponent)]
        if human:
            sides.append((opponent, 1, not won, opponent_total, total, player))
        for user, seat, user_won, own, other, versus in sides:
            GameResultFactory(
                game=game,
                user=user,
                seat=seat,
                opponent=versus,
                won=user_won,
                total=own,
                opponent_total=other,
                weight=Decimal("1.00") if human else LEVEL_WEIGHTS[difficulty],
            )
        if signal:
            game_finished.send(sender=Game, game=game)
    return game


def leaderboards_callbacks(callbacks: list) -> list:
    """The on-commit callbacks the leaderboards queued (other apps queue theirs too: fair
    play reviews every finished game)."""
    return [c for c in callbacks if c.__module__.startswith("leaderboards.")]
