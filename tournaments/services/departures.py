"""A player whose account goes: a guest removed for disuse (``accounts.signals.
guest_removing``) or an account deleted (the user row's ``pre_delete``).

History outlives the account. First every entry in a tournament not over is withdrawn the
way the player would withdraw (:func:`~tournaments.services.entries.tournament_withdraw`:
before the start the entry is deleted, after it the player is never paired again; a
``player_left`` event either way). Then, just before the account row is deleted, each
entry left (the tournaments played, and those withdrawn from after their start) keeps the
name the player has in ``departed_name``, and the deletion empties its ``user``
(``SET_NULL``): standings, pairings, byes, the bracket and the ``players`` count stay as
they were, and every answer names the player ``{"username": null, "display_name": <the
name they had>}``, as do the events those tournaments stored before.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from accounts.models import User
from core.exceptions import ApplicationError
from tournaments.models import Entry, Tournament, TournamentEvent, TournamentStatus
from tournaments.services.entries import tournament_withdraw

NOT_OVER = (TournamentStatus.CREATED, TournamentStatus.STARTED)


def departing_entries_withdraw(*, user: User) -> int:
    """Withdraw a departing player from every tournament not over that they take part in
    (not removed by an operator, not withdrawn already), each through the withdrawal
    service in its own savepoint, in the order of the tournaments' ids. Returns how many."""
    tournament_ids = list(
        Entry.objects.filter(
            user=user, removed=False, withdrawn=False, tournament__status__in=NOT_OVER
        )
        .order_by("tournament_id")
        .values_list("tournament_id", flat=True)
    )
    withdrawn = 0
    for tournament_id in tournament_ids:
        try:
            tournament_withdraw(tournament_id=tournament_id, user=user)
        except ApplicationError:  # it ended, or the player left, meanwhile
            continue
        withdrawn += 1
    return withdrawn


def departing_entries_keep(*, user: User) -> int:
    """Before the account row is deleted: lock the player's tournaments (in the order of
    their ids, so that no pairing run writes their old name after this), keep on each of
    their entries the name they have, and name them as departed in the events of those
    tournaments -- and in the ``player_joined`` / ``player_left`` events of tournaments not
    over, which they may have left before the start. Returns how many entries stay."""
    entered = Entry.objects.filter(user=user).values("tournament_id")
    left_before_start = TournamentEvent.objects.filter(
        tournament__status__in=NOT_OVER,
        kind__in=(TournamentEvent.Kind.PLAYER_JOINED, TournamentEvent.Kind.PLAYER_LEFT),
        data__user__username=user.username,
    ).values("tournament_id")
    tournament_ids = list(
        Tournament.objects.select_for_update()
        .filter(Q(pk__in=entered) | Q(pk__in=left_before_start))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    kept = Entry.objects.filter(user=user).update(departed_name=user.public_name)
    renamed = []
    for event in TournamentEvent.objects.filter(tournament_id__in=tournament_ids).order_by("id"):
        data = departed(event.data, user.username)
        if data != event.data:
            event.data = data
            renamed.append(event)
    TournamentEvent.objects.bulk_update(renamed, ["data"], batch_size=500)
    return kept


def departed(value: Any, username: str) -> Any:
    """``value`` (an event's data) with the player ``username`` named as a departed
    player: every ``{"username", "display_name"}`` of theirs without the username, with
    the name it gave."""
    if isinstance(value, dict):
        if set(value) == {"username", "display_name"} and value["username"] == username:
            return {"username": None, "display_name": value["display_name"]}
        return {key: departed(item, username) for key, item in value.items()}
    if isinstance(value, list):
        return [departed(item, username) for item in value]
    return value
