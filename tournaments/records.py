"""A stored tournament in the formats library's terms: its settings, entries and records.

Standings, pairings and brackets are computed by :mod:`tournaments.formats` from these;
nothing else of the rows is read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from tournaments import formats
from tournaments.formats import Format
from tournaments.models import Bye, Entry, Pairing, PairingSeat, PairingStatus, Tournament


def settings_of(tournament: Tournament) -> formats.Settings:
    """The formats library's settings of a stored tournament (an arena's times are its
    actual start and end once started)."""
    fmt = Format(tournament.format)
    starts_at = ends_at = None
    if fmt is Format.ARENA:
        starts_at = tournament.started_at or tournament.starts_at
        assert starts_at is not None and tournament.duration_minutes is not None
        ends_at = tournament.ends_at or starts_at + timedelta(minutes=tournament.duration_minutes)
    return formats.Settings(
        format=fmt,
        table_size=tournament.table_size,
        rounds=tournament.rounds if fmt is Format.SWISS else None,
        best_of=tournament.best_of,
        starts_at=starts_at,
        ends_at=ends_at,
        capacity=tournament.capacity if fmt is Format.SIT_AND_GO else None,
        duplicate=tournament.duplicate,
    )


def entry_of(entry: Entry) -> formats.Entry:
    """An entry as the formats library takes it (a removed player counts as withdrawn)."""
    return formats.Entry(
        player=entry.player,
        rating=entry.rating,
        joined=entry.pk,
        withdrawn=entry.withdrawn or entry.removed,
        paused=entry.paused,
    )


def game_of(
    pairing: Pairing, seats: Sequence[PairingSeat], users: Mapping[int, int]
) -> formats.Game:
    """A pairing as the formats library's game record: players (``users`` maps an entry's
    id to its player) in seat order, places once finished (a void pairing has none: it was
    played, and counts for nobody)."""
    finished = pairing.status == PairingStatus.FINISHED
    players = tuple(users[s.entry_id] for s in seats)
    places = tuple(s.place or 0 for s in seats) if finished else None
    own_moves = tuple(s.own_moves or 0 for s in seats) if finished else None
    return formats.Game(
        round=pairing.round,
        players=players,
        places=places,
        own_moves=own_moves,
        ended_at=pairing.ended_at if finished else None,
        conceded_by=pairing.conceded_by_id if finished else None,
    )


def bye_of(bye: Bye, users: Mapping[int, int]) -> formats.Bye:
    return formats.Bye(round=bye.round, player=users[bye.entry_id], kind=formats.ByeKind(bye.kind))


def arena_ends_at(tournament: Tournament, *, start: datetime) -> datetime:
    """An arena's end: its scheduled start plus its duration (a late start shortens it)."""
    assert tournament.duration_minutes is not None
    scheduled = tournament.starts_at or start
    return scheduled + timedelta(minutes=tournament.duration_minutes)
