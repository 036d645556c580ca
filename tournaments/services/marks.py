"""A player fair play marked for unfair play (``fairplay.hooks.player_marked``).

They leave every tournament not over the way a player withdraws
(:func:`~tournaments.services.departures.departing_entries_withdraw`: before the start
the entry is deleted, after it they are never paired again, with its ``player_left``
event). Then they are removed, as an operator removes a player
(:func:`~tournaments.services.entries.tournament_remove_player`), from every tournament
under way and every one finished since the mark's window began: their unfinished games
are conceded, they may not come back, and the standings are rebuilt without them (their
finished games still count for their opponents), so a finished tournament's ranks, and
its winner, are rewritten (a ``player_left`` event with ``removed``, then
``standings_changed``). A removed entry is left alone, so the hook, sent every time the
mark's consequences run, changes nothing the second time.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q

from accounts.models import User
from core.exceptions import ApplicationError
from tournaments.models import Entry, TournamentStatus
from tournaments.services.departures import departing_entries_withdraw
from tournaments.services.entries import tournament_remove_player


def marked_player_disqualify(*, user_id: int, since: datetime) -> dict[str, int]:
    """Withdraw the marked player from the tournaments not over, then remove them from
    those under way and those finished at or after ``since`` (see the module's notes),
    each tournament in its own savepoint, in the order of the tournaments' ids. Returns
    how many of each."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return {"withdrawn": 0, "removed": 0}
    withdrawn = departing_entries_withdraw(user=user)
    played = (
        Entry.objects.filter(user_id=user_id, removed=False)
        .filter(
            Q(tournament__status=TournamentStatus.STARTED)
            | Q(tournament__status=TournamentStatus.FINISHED, tournament__finished_at__gte=since)
        )
        .order_by("tournament_id")
        .values_list("tournament_id", flat=True)
    )
    removed = 0
    for tournament_id in list(played):
        try:
            tournament_remove_player(tournament_id=tournament_id, user_id=user_id)
        except ApplicationError:  # the entry went meanwhile
            continue
        removed += 1
    return {"withdrawn": withdrawn, "removed": removed}
