"""Entries: join (or come back from a pause), withdraw, pause, and an operator's removal.

Each runs in one transaction with the tournament's row locked first, so concurrent joins
are counted one after the other (a sit & go of 8 seats exactly 8 and starts once), and
each ends with the pairing run (:func:`~tournaments.services.advance.advance_locked`):
a player who joins an arena where someone waits is paired in the same transaction.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core.exceptions import ApplicationError
from fairplay.selectors import tournament_entry_check
from games import services as games
from tournaments.errors import (
    AlreadyStarted,
    Banned,
    CannotPause,
    ConditionsNotMet,
    EntryPaused,
    Forbidden,
    InvalidCode,
    NotEntered,
    TournamentFull,
    TournamentOver,
    tournament_error_to_http,
)
from tournaments.models import Entry, Tournament, TournamentEvent, TournamentStatus
from tournaments.presenters import public_player
from tournaments.selectors import rating_of
from tournaments.services.advance import advance_locked, tournament_start_locked
from tournaments.services.field import Field, public_user
from tournaments.services.locking import tournament_lock

OVER = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


def _locked_by_code(code: str) -> Tournament:
    code = code.strip().upper()
    found = (
        Tournament.objects.filter(invite_code=code)
        .exclude(invite_code="")
        .order_by("-created_at")
        .values_list("pk", flat=True)
        .first()
    )
    if found is None:
        raise InvalidCode()
    return tournament_lock(tournament_id=found)


@transaction.atomic
def tournament_join(
    *, user: User, tournament_id: uuid.UUID | str | None = None, code: str | None = None
) -> Entry:
    """Join a tournament (by id, or a private one by its invite code), or come back after
    a pause or a withdrawal (where the format allows it: arena and Swiss). Joining twice
    returns the entry.

    Refusals: ``tournament_full``, ``already_started`` (registration closed),
    ``tournament_over``, ``conditions_not_met`` (rated games or rating band), ``paused``
    (a pause not over yet: ``Retry-After``), ``banned`` (removed by an operator), and
    fair play's ``tournament_ban`` (a tournament ban or a mark) and ``playban``, asked
    before anything is read or written."""
    tournament_entry_check(user_id=user.pk)
    if code is not None:
        tournament = _locked_by_code(code)
    else:
        assert tournament_id is not None
        tournament = tournament_lock(tournament_id=tournament_id)
    now = timezone.now()
    field = Field.load(tournament, now=now)
    entry = next((e for e in field.entries if e.user_id == user.pk), None)
    if entry is not None:
        _come_back(field, entry)
    elif tournament.private and code is None and tournament.created_by_id != user.pk:
        raise Forbidden("A private tournament is joined with its invite code.")
    else:
        entry = _enter(field, user)
    advance_locked(tournament, now=now, field=field, start=False)
    return entry


def _come_back(field: Field, entry: Entry) -> None:
    tournament = field.tournament
    if entry.removed:
        raise Banned()
    if tournament.status in OVER:
        raise TournamentOver()
    if not (entry.paused or entry.withdrawn):
        return  # already in: a retried join
    refusal = field.spec.rejoin_refusal
    if entry.withdrawn and refusal is not None:
        raise AlreadyStarted(refusal)
    if entry.paused and entry.paused_until is not None and entry.paused_until > field.now:
        raise EntryPaused(until=entry.paused_until)
    if tournament.status == TournamentStatus.STARTED:
        _open(field)
    entry.paused = entry.withdrawn = False
    entry.paused_until = None
    entry.waiting_since = field.now
    field.touched.add(entry.pk)
    field.dirty = True
    field.event(TournamentEvent.Kind.PLAYER_JOINED, {"user": public_player(entry)})


def _open(field: Field) -> None:
    """Refuse a join (or a come-back) the format closes now that it has started."""
    refusal = field.spec.join_refusal(
        field.settings, rounds_started=field.tournament.current_round, now=field.now
    )
    if refusal is not None:
        raise tournament_error_to_http(refusal)


def _enter(field: Field, user: User, *, check: bool = True) -> Entry:
    tournament = field.tournament
    status = tournament.status
    if status in OVER:
        raise TournamentOver()
    spec = field.spec
    if status == TournamentStatus.STARTED:
        _open(field)
    taken = sum(1 for e in field.entries if not e.removed)
    if taken >= (tournament.capacity or spec.capacity_max):  # none: made before the cap
        raise TournamentFull()
    rating, rated_games = rating_of(user=user, variant=tournament.variant)
    if check:
        _check_conditions(tournament, rating=rating, rated_games=rated_games)
    entry = Entry.objects.create(
        tournament=tournament,
        user=user,
        rating=rating,
        waiting_since=field.now if status == TournamentStatus.STARTED else None,
    )
    field.entries.append(entry)
    field.dirty = True
    field.event(TournamentEvent.Kind.PLAYER_JOINED, {"user": public_user(user)})
    if status == TournamentStatus.STARTED:
        bye = spec.late_join_bye(
            field.settings,
            player=user.pk,
            rounds_started=tournament.current_round,
            records=field.records(void=True),
        )
        if bye is not None:
            field.give_bye(bye)
    if (
        spec.starts_when_full
        and status == TournamentStatus.CREATED
        and taken + 1 >= (tournament.capacity or 0)
    ):
        tournament_start_locked(field)
    return entry


def _check_conditions(tournament: Tournament, *, rating: float, rated_games: int) -> None:
    if rated_games < tournament.min_rated_games:
        raise ConditionsNotMet(
            f"This tournament is for players with at least {tournament.min_rated_games} "
            f"rated {tournament.variant} games; you have {rated_games}."
        )
    low, high = tournament.min_rating, tournament.max_rating
    if (low is not None and rating < low) or (high is not None and rating > high):
        band = f"{low if low is not None else 'any'} to {high if high is not None else 'any'}"
        raise ConditionsNotMet(
            f"This tournament is for players rated {band}; your rating is {round(rating)}."
        )


def entry_enter_creator(field: Field, user: User) -> Entry:
    """The creator of a private sit & go takes the first seat (no entry conditions: they
    set them). The caller holds the tournament's lock."""
    return _enter(field, user, check=False)


def _own_entry(field: Field, user: User) -> Entry:
    entry = next((e for e in field.entries if e.user_id == user.pk), None)
    if entry is None or entry.removed:
        raise NotEntered()
    return entry


@transaction.atomic
def tournament_withdraw(*, tournament_id: uuid.UUID | str, user: User) -> Entry | None:
    """Leave. Before the start the entry is deleted (None); after it the player is never
    paired again (a knockout player loses their match: their game is conceded). Arena and
    Swiss players may come back by joining again."""
    tournament = tournament_lock(tournament_id=tournament_id)
    field = Field.load(tournament, now=timezone.now())
    entry = _own_entry(field, user)
    if tournament.status in OVER:
        raise TournamentOver()
    if tournament.status == TournamentStatus.CREATED:
        field.event(TournamentEvent.Kind.PLAYER_LEFT, {"user": public_user(user)})
        field.entries.remove(entry)
        entry.delete()
        field.dirty = True
        advance_locked(tournament, now=field.now, field=field, start=False)
        return None
    if not entry.withdrawn:
        entry.withdrawn = True
        field.touched.add(entry.pk)
        field.dirty = True
        field.event(TournamentEvent.Kind.PLAYER_LEFT, {"user": public_user(user)})
        if field.spec.withdrawal_concedes:
            _concede_games(field, entry)
    advance_locked(tournament, now=field.now, field=field, start=False)
    return entry


@transaction.atomic
def tournament_pause(*, tournament_id: uuid.UUID | str, user: User) -> Entry:
    """Step out of a format that allows it (arena, Swiss): not paired (and no bye) until the
    player joins again, which they may after ``TOURNAMENTS_PAUSE_SECONDS``. A game being
    played goes on."""
    tournament = tournament_lock(tournament_id=tournament_id)
    field = Field.load(tournament, now=timezone.now())
    entry = _own_entry(field, user)
    if not field.spec.pausable:
        raise CannotPause()
    if tournament.status in OVER:
        raise TournamentOver()
    if not entry.paused and not entry.withdrawn:
        entry.paused = True
        entry.paused_until = field.now + timedelta(seconds=settings.TOURNAMENTS_PAUSE_SECONDS)
        entry.waiting_since = None
        field.touched.add(entry.pk)
        field.save_entries()
        field.event(TournamentEvent.Kind.PLAYER_LEFT, {"user": public_user(user), "paused": True})
    return entry


@transaction.atomic
def tournament_remove_player(*, tournament_id: uuid.UUID | str, user_id: int) -> Entry:
    """An operator removes a player: their unfinished games are conceded, they are barred
    from joining again (``banned``), and the standings are rebuilt from the pairings
    without them (their finished games still count for their opponents; in a knockout
    they stay in the bracket as withdrawn)."""
    tournament = tournament_lock(tournament_id=tournament_id)
    field = Field.load(tournament, now=timezone.now())
    entry = next((e for e in field.entries if e.user_id == user_id), None)
    if entry is None:
        raise NotEntered("That player is not in this tournament.")
    if not entry.removed:
        entry.removed = True
        entry.waiting_since = None
        field.touched.add(entry.pk)
        _concede_games(field, entry)
        field.rebuild = True
        field.event(
            TournamentEvent.Kind.PLAYER_LEFT, {"user": public_player(entry), "removed": True}
        )
    advance_locked(tournament, now=field.now, field=field, start=False)
    return entry


def _concede_games(field: Field, entry: Entry) -> None:
    """Concede the entry's unfinished games (their results are recorded by the run that
    follows in the same transaction)."""
    user = entry.user
    if user is None:  # departed: no game is being played, as a seat keeps its account
        return
    for pairing in field.playing():
        if any(s.entry_id == entry.pk for s in field.seats[pairing.pk]):
            try:
                games.game_concede(game_id=pairing.game_id, user=user)
            except ApplicationError:
                continue  # it ended meanwhile, or the player already left the table
