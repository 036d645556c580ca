"""Fair play's reads: what a finished game's rating depends on, who shares a device, the
sanctions in force. ``players_sharing_device`` and ``tournament_entry_check`` are what
pairings and entries elsewhere call (docs/fair-play.md)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from itertools import combinations

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from games.models import FORFEIT_REASONS, Game, Move, OpponentType, UnratedReason

from .errors import PlayBanned, TournamentBanned
from .models import Fingerprint, Sanction, SanctionKind, Signal, SignalStatus, Trace
from .signals import record
from .signals.devices import sharing

RESTRICTING = (SanctionKind.UNRATED_ONLY, SanctionKind.MARK)
"""Sanctions that make the player's new games unrated."""
KEEPING_FROM_TOURNAMENTS = (SanctionKind.TOURNAMENT_BAN, SanctionKind.MARK)


def hash_key() -> bytes:
    """The secret key of every stored trace (``FAIRPLAY_HASH_KEY``, else derived from the
    project's secret key)."""
    key = settings.FAIRPLAY_HASH_KEY or f"fairplay:{settings.SECRET_KEY}"
    return key.encode()


# --- sanctions --------------------------------------------------------------------------------


def sanctions_in_force(
    *, user_ids: Iterable[int], kinds: Iterable[str] | None = None, now: datetime | None = None
) -> QuerySet[Sanction]:
    """The sanctions of these players in force at ``now``: not lifted, and with no end or
    an end still to come; latest end first."""
    now = now or timezone.now()
    rows = Sanction.objects.filter(user_id__in=list(user_ids), lifted_at__isnull=True).filter(
        Q(until__isnull=True) | Q(until__gt=now)
    )
    if kinds is not None:
        rows = rows.filter(kind__in=list(kinds))
    return rows.order_by("user_id", "-until")


def playban_in_force(*, user_id: int, now: datetime | None = None) -> Sanction | None:
    """The player's play ban that ends last, while one is in force."""
    bans = sanctions_in_force(user_ids=[user_id], kinds=[SanctionKind.PLAYBAN], now=now)
    return bans.order_by("-until").first()


def seating_check(*, user_id: int) -> None:
    """403 ``playban`` while the player is banned from playing other people."""
    ban = playban_in_force(user_id=user_id)
    if ban is not None and ban.until is not None:
        raise PlayBanned(until=ban.until, rule=ban.rule)


def tournament_entry_check(*, user_id: int) -> None:
    """403 ``tournament_ban`` while the player may not enter tournaments (a tournament ban
    or a mark), 403 ``playban`` while banned from playing people. Tournaments call it
    before an entry (joining, coming back from a pause)."""
    ban = (
        sanctions_in_force(user_ids=[user_id], kinds=KEEPING_FROM_TOURNAMENTS)
        .order_by("-created_at")
        .first()
    )
    if ban is not None:
        raise TournamentBanned(until=ban.until, rule=ban.rule)
    seating_check(user_id=user_id)


def players_restricted(*, user_ids: Iterable[int]) -> set[int]:
    """The players whose new games are unrated (``unrated_only``, or marked)."""
    return set(
        sanctions_in_force(user_ids=user_ids, kinds=RESTRICTING).values_list("user_id", flat=True)
    )


def players_marked(*, user_ids: Iterable[int]) -> set[int]:
    """The players marked for unfair play (a mark in force)."""
    rows = sanctions_in_force(user_ids=user_ids, kinds=[SanctionKind.MARK])
    return set(rows.values_list("user_id", flat=True))


# --- devices and networks ---------------------------------------------------------------------


def _sharing(user_ids: Iterable[int], trace: str) -> set[tuple[int, int]]:
    ids = sorted(set(user_ids))
    if len(ids) < 2:
        return set()
    since = timezone.now() - timedelta(days=settings.FAIRPLAY_TRACE_DAYS)
    seen = Fingerprint.objects.filter(user_id__in=ids, trace=trace, last_seen__gte=since)
    return sharing(seen.values_list("user_id", "digest"))


def players_sharing_device(user_ids: Iterable[int]) -> set[tuple[int, int]]:
    """The pairs (lower id first) among ``user_ids`` seen on one device in the last
    ``FAIRPLAY_TRACE_DAYS``: never to be seated together by a pairing (an arena's pairs, a
    sit & go's tables) -- one query."""
    return _sharing(user_ids, Trace.DEVICE)


def players_sharing_network(user_ids: Iterable[int]) -> set[tuple[int, int]]:
    """The pairs among ``user_ids`` seen on one network (a weak signal only)."""
    return _sharing(user_ids, Trace.NETWORK)


def pairs_apart(user_ids: Iterable[int], groups: Iterable[Iterable[int]]) -> bool:
    """Whether no group (a table, a pairing) of ``groups`` seats two players of
    ``user_ids`` who share a device: what a pairing checks of its plan."""
    shared = players_sharing_device(user_ids)
    return not any(
        (min(a, b), max(a, b)) in shared for group in groups for a, b in combinations(group, 2)
    )


# --- a finished game --------------------------------------------------------------------------


def game_own_draws(*, game: Game) -> dict[int, int]:
    """Per seat, the draws (turns begun) the seat's player made: the turn timer's moves
    and the forfeits are not theirs."""
    rows = (
        Move.objects.filter(game=game, automatic=False)
        .exclude(card="")
        .values("seat")
        .annotate(count=Count("id"))
    )
    return {row["seat"]: row["count"] for row in rows}


def game_forfeiters(*, game: Game) -> set[int]:
    """The people's seats that forfeited (conceded or timed out) in the game."""
    people = {seat.seat for seat in game.seats.all() if seat.user_id is not None}
    seats = Move.objects.filter(game=game, action__type__in=FORFEIT_REASONS).values_list(
        "seat", flat=True
    )
    return set(seats) & people


def game_is_early_forfeit(*, game: Game) -> bool:
    """Whether a finished game between people ended by a concession or timeout before a
    forfeiting player had drawn ``FAIRPLAY_EARLY_FORFEIT_DRAWS`` times."""
    if game.opponent_type != OpponentType.HUMAN or game.finish_reason not in FORFEIT_REASONS:
        return False
    forfeiters = game_forfeiters(game=game)
    if not forfeiters:
        return False
    return record.early_forfeit(
        forfeited=True,
        own_draws=game_own_draws(game=game),
        forfeiters=forfeiters,
        min_draws=settings.FAIRPLAY_EARLY_FORFEIT_DRAWS,
    )


def game_unrated_reason(*, game: Game) -> str | None:
    """Why a game finishing now must be unrated, or None: a forfeit before the loser
    played (``early_forfeit``), two of its people on one device (``shared_device``), a
    person whose games are unrated (``restricted``). Called in the finishing transaction."""
    people = [seat.user_id for seat in game.seats.all() if seat.user_id is not None]
    if game_is_early_forfeit(game=game):
        return UnratedReason.EARLY_FORFEIT.value
    if len(people) >= 2 and players_sharing_device(people):
        return UnratedReason.SHARED_DEVICE.value
    if players_restricted(user_ids=people):
        return UnratedReason.RESTRICTED.value
    return None


# --- what the endpoints read ------------------------------------------------------------------


def sanctions_of(*, user_id: int, limit: int = 100) -> list[Sanction]:
    """The player's own warnings and sanctions, newest first, with their appeals."""
    rows = Sanction.objects.filter(user_id=user_id).prefetch_related("appeals")
    return list(rows.order_by("-created_at")[:limit])


def signals_for_staff(*, kind: str | None = None, status: str | None = None) -> QuerySet[Signal]:
    """Staff's queue: the signals of ``kind`` and ``status`` (default: open), the
    strongest first within the latest."""
    rows = Signal.objects.select_related("user", "other", "resolved_by")
    if kind:
        rows = rows.filter(kind=kind)
    rows = rows.filter(status=status or SignalStatus.OPEN)
    return rows.order_by("-updated_at", "-score", "-id")
