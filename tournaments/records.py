"""A stored tournament in the formats library's terms: its settings, entries and records.

Standings, pairings and brackets are computed by :mod:`tournaments.formats` from these;
nothing else of the rows is read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tournaments import formats
from tournaments.models import Bye, Entry, Pairing, PairingSeat, PairingStatus, Tournament

STORED_SETTINGS = (
    "table_size",
    "best_of",
    "rounds",
    "capacity",
    "duplicate",
    "starts_at",
    "started_at",
    "ends_at",
    "duration_minutes",
)
"""The columns a format's settings are read from (``FormatSpec.library_settings``)."""


def spec_of(tournament: Tournament) -> formats.FormatSpec:
    """The tournament's format."""
    return formats.format_spec(tournament.format)


def stored_settings(tournament: Tournament) -> dict[str, Any]:
    return {name: getattr(tournament, name) for name in STORED_SETTINGS}


def settings_of(tournament: Tournament) -> formats.Settings:
    """The formats library's settings of a stored tournament (an arena's times are its
    actual start and end once started; the pairs kept apart since its start)."""
    settings = spec_of(tournament).library_settings(stored_settings(tournament))
    if not tournament.apart:
        return settings
    return replace(settings, apart=tuple((a, b) for a, b in tournament.apart))


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
