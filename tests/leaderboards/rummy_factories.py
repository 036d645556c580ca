"""Finished Rummy games for the boards, ratings and profiles: a Game row and its results.

Only the rows the leaderboards read are written: the ``Game`` (``variant="rummy"``) and one
``GameResult`` per person, as ``games.services.results`` writes them (``won`` for first
place only, ``placement`` from 1, ``opponent`` and ``opponent_total`` only at a table of
two). Seats are left out: the leaderboards never read them.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from accounts.models import User
from games.models import Game
from games.signals import game_finished
from leaderboards.weights import result_weight
from tests.factories import FinishedGameRowFactory, GameResultFactory


def rummy_game(
    *,
    places: list[User | str],
    totals: list[int],
    finished_at: datetime,
    opponent_type: str = "human",
    difficulty: str = "",
    reason: str = "loss_limit",
    signal: bool = False,
) -> Game:
    """A finished Rummy game. ``places`` lists the seats from first to last: a person, or a
    computer seat given by its level (``"easy"``...). ``totals`` are the grand totals in the
    same order. The seat numbers follow the same order (seat 0 came first).

    ``opponent_type`` is the game's: ``"human"`` for a table created for people (computer
    seats make it a mixed table), ``"computer"`` for a game created against the computer.
    """
    assert len(places) == len(totals) and 2 <= len(places) <= 4
    levels = [place for place in places if isinstance(place, str)]
    level = difficulty or (levels[0] if levels else "")
    with transaction.atomic():
        game = FinishedGameRowFactory(
            variant="rummy",
            seat_count=len(places),
            opponent_type=opponent_type,
            difficulty=level,
            created_by=next(place for place in places if isinstance(place, User)),
            winner_seat=0,
            finish_reason=reason,
            finished_at=finished_at,
        )
        two = len(places) == 2
        for seat, (place, total) in enumerate(zip(places, totals, strict=True)):
            if not isinstance(place, User):
                continue
            other = 1 - seat if two else None
            GameResultFactory(
                game=game,
                user=place,
                seat=seat,
                variant="rummy",
                won=seat == 0,
                placement=seat + 1,
                total=total,
                opponent=places[other]
                if other is not None and isinstance(places[other], User)
                else None,
                opponent_total=totals[other] if other is not None else 0,
                weight=result_weight(opponent_type=opponent_type, difficulty=level),
                gins=0,
                big_gins=0,
                undercuts=0,
            )
        if signal:
            game_finished.send(sender=Game, game=game)
    return game
