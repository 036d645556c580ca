"""The one way to load a tournament for a change: its row locked, first thing.

Every service that changes a tournament takes the lock here, inside its transaction
(``select_for_update``), before anything else. Lock order: the tournament, then any game
(a forfeit, a game created); the games app never locks a tournament, and its
``game_finished`` receiver only queues work for after the commit, so the two cannot wait
on each other. Functions whose docstring says *the caller holds the tournament's lock*
expect a tournament loaded here in the current transaction.
"""

from __future__ import annotations

import uuid

from tournaments.errors import TournamentNotFound
from tournaments.models import Tournament


def tournament_lock_or_none(*, tournament_id: uuid.UUID | str) -> Tournament | None:
    """The tournament, locked until the transaction ends; None if there is none."""
    return Tournament.objects.select_for_update().filter(pk=tournament_id).first()


def tournament_lock(*, tournament_id: uuid.UUID | str) -> Tournament:
    """The tournament, locked until the transaction ends; 404 if there is none."""
    tournament = tournament_lock_or_none(tournament_id=tournament_id)
    if tournament is None:
        raise TournamentNotFound()
    return tournament
