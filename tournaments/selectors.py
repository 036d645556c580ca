"""Reads: which tournaments a player may see, lists, standings, sheets, pairings, brackets,
duplicate deals, events. Nothing here writes or locks a row: a read of a tournament that
has come due answers it as it stands (the pairing run is beat's, and the writes')."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone

from accounts.models import User
from leaderboards.models import PlayerRating
from leaderboards.models import Variant as RatingVariant
from tournaments import formats
from tournaments.errors import NoBracket, NotDuplicate, TournamentNotFound
from tournaments.formats.scoring import chronological
from tournaments.models import (
    Bye,
    DuplicateRound,
    Entry,
    Pairing,
    PairingSeat,
    PairingStatus,
    Tournament,
    TournamentEvent,
    TournamentStatus,
)
from tournaments.records import bye_of, entry_of, game_of, settings_of, spec_of

DEFAULT_RATING = 1500.0
MAX_ROUND_NUMBER = 32767
"""The largest round number a row holds (a query for a larger one finds none)."""


def rating_of(*, user: User, variant: str) -> tuple[float, int]:
    """The player's rating in ``variant`` and their rated games (new players: 1500, 0)."""
    if variant not in RatingVariant.values:
        return DEFAULT_RATING, 0
    row = PlayerRating.objects.filter(user=user, variant=variant).values("rating", "games").first()
    if row is None:
        return DEFAULT_RATING, 0
    return float(row["rating"]), int(row["games"])


def _listed(user: User) -> Q:
    if user.is_staff:
        return Q()
    return Q(private=False) | Q(created_by=user) | Q(entries__user=user)


def _annotated() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("created_by").annotate(
        players=Count("entries", filter=Q(entries__removed=False), distinct=True)
    )


def tournament_get(*, tournament_id: uuid.UUID | str) -> Tournament:
    """The tournament; 404 if there is none. A private tournament is unlisted, not
    secret: its page (standings, pairings, events) is open to whoever has its id, and
    joining it takes its invite code."""
    tournament = _annotated().filter(pk=tournament_id).first()
    if tournament is None:
        raise TournamentNotFound()
    return tournament


def tournament_list(
    *,
    user: User,
    status: str | None = None,
    format: str | None = None,
    variant: str | None = None,
    mine: bool = False,
    starting_soon: bool = False,
    now: datetime | None = None,
) -> QuerySet[Tournament]:
    """The tournaments listed for the user (public ones, and the private ones they created
    or joined; staff see every one), filtered, newest first. ``starting_soon``: only
    those open for registration whose start (a scheduled one: not a sit & go's latest
    start) comes within ``TOURNAMENTS_STARTING_SOON_MINUTES``, or is due, soonest first."""
    ids = Tournament.objects.filter(_listed(user)).values("pk")
    query = _annotated().filter(pk__in=ids)
    if status is not None:
        query = query.filter(status=status)
    if format is not None:
        query = query.filter(format=format)
    if variant is not None:
        query = query.filter(variant=variant)
    if mine:
        query = query.filter(pk__in=Entry.objects.filter(user=user).values("tournament_id"))
    if starting_soon:
        horizon = (now or timezone.now()) + timedelta(
            minutes=settings.TOURNAMENTS_STARTING_SOON_MINUTES
        )
        scheduled = [n for n in formats.format_names() if scheduled_start(n)]
        query = query.filter(
            status=TournamentStatus.CREATED, format__in=scheduled, starts_at__lte=horizon
        )
        return query.order_by("starts_at", "pk")
    return query.order_by("-created_at", "pk")


def scheduled_start(format_name: str) -> bool:
    """Whether a tournament of the format starts at its ``starts_at`` (else it starts
    when full, and ``starts_at`` is its latest start)."""
    return not formats.format_spec(format_name).starts_when_full


@dataclass(frozen=True, slots=True)
class CreationLimits:
    """What a player may create now: the server's limits (None each for staff, who have
    none), and how much of them the player has used."""

    public: bool
    """Whether they may create public tournaments, of every format (a guest: no)."""
    formats: tuple[str, ...]
    """The formats they may create (a guest: those players create privately)."""
    max_open: int | None
    open: int
    daily: int | None
    created_today: int
    next_creation_at: datetime | None
    """When the oldest creation of the last 24 hours leaves the count (at the limit)."""
    start_min_minutes: int | None
    start_max_days: int | None
    max_capacity: int | None
    max_minutes: int | None


def creation_limits(*, user: User, now: datetime | None = None) -> CreationLimits:
    """The limits of ``user``'s next tournament, and what they have used of them."""
    now = now or timezone.now()
    mine = Tournament.objects.filter(created_by=user)
    open_ = mine.filter(status=TournamentStatus.CREATED).count()
    recent = list(
        mine.filter(created_at__gt=now - timedelta(days=1))
        .order_by("created_at")
        .values_list("created_at", flat=True)
    )
    if user.is_staff:
        return CreationLimits(
            public=True,
            formats=formats.format_names(),
            max_open=None,
            open=open_,
            daily=None,
            created_today=len(recent),
            next_creation_at=None,
            start_min_minutes=None,
            start_max_days=None,
            max_capacity=None,
            max_minutes=None,
        )
    daily = settings.TOURNAMENTS_PLAYER_DAILY
    public = not user.is_guest
    return CreationLimits(
        public=public,
        formats=tuple(
            n for n in formats.format_names() if public or formats.format_spec(n).players_create
        ),
        max_open=settings.TOURNAMENTS_MAX_OPEN_PER_USER,
        open=open_,
        daily=daily,
        created_today=len(recent),
        next_creation_at=(
            recent[len(recent) - daily] + timedelta(days=1) if len(recent) >= daily > 0 else None
        ),
        start_min_minutes=settings.TOURNAMENTS_PLAYER_START_MIN_MINUTES,
        start_max_days=settings.TOURNAMENTS_PLAYER_START_MAX_DAYS,
        max_capacity=settings.TOURNAMENTS_PLAYER_MAX_CAPACITY,
        max_minutes=settings.TOURNAMENTS_PLAYER_MAX_MINUTES,
    )


def entry_for(*, tournament: Tournament, user: User) -> Entry | None:
    return Entry.objects.filter(tournament=tournament, user=user).first()


@dataclass(frozen=True, slots=True)
class TournamentView:
    """One tournament as a player sees it: their entry and the game they are playing now,
    and the winner once it is finished."""

    tournament: Tournament
    entry: Entry | None
    winner: Entry | None
    game_id: str | None


def tournament_view(*, tournament_id: uuid.UUID | str, user: User) -> TournamentView:
    """The tournament as ``user`` sees it now (after a change: as the change left it)."""
    tournament = tournament_get(tournament_id=tournament_id)
    entry = entry_for(tournament=tournament, user=user)
    winner = None
    if tournament.status == TournamentStatus.FINISHED:
        winner = Entry.objects.filter(tournament=tournament, rank=1).select_related("user").first()
    game_id = None
    if entry is not None:
        game_id = (
            entry.seats.filter(pairing__status=PairingStatus.PLAYING)
            .values_list("pairing__game_id", flat=True)
            .first()
        )
    return TournamentView(
        tournament=tournament, entry=entry, winner=winner, game_id=str(game_id) if game_id else None
    )


def entries_and_winners(
    *, user: User, tournaments: Sequence[Tournament]
) -> tuple[dict[uuid.UUID, Entry], dict[uuid.UUID, Entry]]:
    """For a page of tournaments: the user's entry in each, and each finished one's
    winner (by the tournament's id)."""
    entries = {
        e.tournament_id: e
        for e in Entry.objects.filter(user=user, tournament__in=[t.pk for t in tournaments])
    }
    winners = {
        e.tournament_id: e
        for e in Entry.objects.filter(
            rank=1,
            tournament__in=[t.pk for t in tournaments if t.status == TournamentStatus.FINISHED],
        ).select_related("user")
    }
    return entries, winners


def standings(*, tournament: Tournament) -> QuerySet[Entry]:
    """The ranked entries, best first (a removed player has no rank and is left out)."""
    return (
        Entry.objects.filter(tournament=tournament, rank__isnull=False)
        .select_related("user")
        .order_by("rank", "id")
    )


def entry_by_username(*, tournament: Tournament, username: str) -> Entry:
    entry = (
        Entry.objects.filter(tournament=tournament, user__username__iexact=username)
        .select_related("user")
        .first()
    )
    if entry is None:
        raise TournamentNotFound("No such player in this tournament.")
    return entry


def _pairings() -> QuerySet[Pairing]:
    seats = Prefetch(
        "seats", queryset=PairingSeat.objects.select_related("entry__user").order_by("seat")
    )
    return Pairing.objects.prefetch_related(seats)


def pairings(*, tournament: Tournament, round_no: int | None = None) -> QuerySet[Pairing]:
    """A tournament's pairings, by round and table (an arena's newest first)."""
    query = _pairings().filter(tournament=tournament)
    if round_no is not None:
        query = query.filter(round=round_no)
    if spec_of(tournament).newest_first:
        return query.order_by("-table", "-id")
    return query.order_by("round", "table", "id")


def pairings_of_entry(*, entry: Entry) -> list[Pairing]:
    """The entry's pairings, oldest first."""
    ids = PairingSeat.objects.filter(entry=entry).values("pairing_id")
    return list(_pairings().filter(pk__in=ids).order_by("id"))


def byes_of_entry(*, entry: Entry) -> list[Bye]:
    return list(Bye.objects.filter(entry=entry).order_by("round"))


def events_after(*, tournament_id: Any, after_id: int, limit: int = 200) -> list[TournamentEvent]:
    return list(
        TournamentEvent.objects.filter(tournament_id=tournament_id, id__gt=after_id).order_by("id")[
            :limit
        ]
    )


def latest_event_id(*, tournament_id: Any) -> int:
    latest = (
        TournamentEvent.objects.filter(tournament_id=tournament_id)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
    )
    return latest or 0


def tournaments_to_advance() -> list[uuid.UUID]:
    """Tournaments the safety net runs: started ones, those due to start, and finished or
    cancelled ones with games still being played (their results are still recorded)."""
    from django.utils import timezone

    now: datetime = timezone.now()
    return list(
        Tournament.objects.filter(
            Q(status=TournamentStatus.STARTED)
            | Q(status=TournamentStatus.CREATED, starts_at__lte=now)
            | Q(pairings__status="playing")
        )
        .values_list("pk", flat=True)
        .distinct()
    )


def points_by_pairing(
    *, tournament: Tournament, entry: Entry, pairings: list[Pairing], byes: list[Bye]
) -> dict[int, float]:
    """The points each of the entry's finished games scored them (the standings' fold,
    replayed over the player's own records)."""
    settings = settings_of(tournament)
    users = {s.entry_id: s.entry.player for p in pairings for s in p.seats.all()}
    users[entry.pk] = entry.player
    keyed: list[tuple[int | None, formats.Record]] = [
        (p.pk, game_of(p, list(p.seats.all()), users))
        for p in pairings
        if p.status == PairingStatus.FINISHED
    ]
    keyed += [(None, bye_of(b, users)) for b in byes]
    order = {id(record): key for key, record in keyed}
    tally = formats.Tally(player=entry.player)
    points: dict[int, float] = {}
    for record in chronological([record for _, record in keyed]):
        after = formats.score_after(settings, tally, record)
        key = order[id(record)]
        if key is not None:
            points[key] = after.score - tally.score
        tally = after
    return points


@dataclass(frozen=True, slots=True)
class Sheet:
    """A player's sheet: their entry, their games (and the points each scored them) and
    their byes (and what each was worth)."""

    entry: Entry
    pairings: list[Pairing]
    byes: list[Bye]
    points: dict[int, float]
    bye_points: list[float]


def player_sheet(*, tournament: Tournament, username: str) -> Sheet:
    entry = entry_by_username(tournament=tournament, username=username)
    pairings = pairings_of_entry(entry=entry)
    byes = byes_of_entry(entry=entry)
    points = points_by_pairing(tournament=tournament, entry=entry, pairings=pairings, byes=byes)
    settings = settings_of(tournament)
    worth = [formats.bye_points(settings, formats.ByeKind(bye.kind)) for bye in byes]
    return Sheet(entry=entry, pairings=pairings, byes=byes, points=points, bye_points=worth)


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout's bracket (or tables), its players, and the games of each match or table
    (by round and table)."""

    state: formats.Knockout | formats.TableKnockout
    entries: dict[int, Entry]
    """The entries by their player (:attr:`Entry.player`: a departed player's too)."""
    games: dict[tuple[int, int], list[str]]


def bracket(*, tournament: Tournament) -> Bracket:
    """The bracket as the games played so far have decided it; 409 ``no_bracket`` for a
    format without one, or before the start."""
    spec = spec_of(tournament)
    if not spec.has_bracket or tournament.started_at is None:
        raise NoBracket()
    every = list(tournament.entries.select_related("user").order_by("id"))
    seeded = every if spec.keeps_removed else [e for e in every if not e.removed]
    seats = Prefetch("seats", queryset=PairingSeat.objects.order_by("seat"))
    pairings = list(tournament.pairings.prefetch_related(seats).order_by("id"))
    players = {e.pk: e.player for e in every}
    records = [
        game_of(p, list(p.seats.all()), players) for p in pairings if p.status != PairingStatus.VOID
    ]
    state = spec.bracket(settings_of(tournament), [entry_of(e) for e in seeded], records)
    assert state is not None
    games: dict[tuple[int, int], list[str]] = {}
    for pairing in pairings:
        games.setdefault((pairing.round, pairing.table), []).append(str(pairing.game_id))
    return Bracket(state=state, entries={e.player: e for e in every}, games=games)


def round_deals(*, tournament: Tournament, round_no: int) -> DuplicateRound:
    """A duplicate round's deals; 409 ``not_duplicate`` for a tournament without them, 404
    for a round not started yet."""
    if not tournament.duplicate:
        raise NotDuplicate()
    if round_no > MAX_ROUND_NUMBER:
        raise TournamentNotFound("No such round.")
    deals = DuplicateRound.objects.filter(tournament=tournament, round=round_no).first()
    if deals is None:
        raise TournamentNotFound("No such round.")
    return deals
