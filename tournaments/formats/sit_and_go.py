"""Sit & go: registration up to the capacity, then knockout rounds at once.

The tournament starts the moment the ``capacity``-th player joins; until then a player may
withdraw their registration (the server deletes the entry). From the start it is a
knockout (:mod:`tournaments.formats.knockout`) seeded by rating: 1-v-1 matches of
``best_of`` games for Gin, and tables whose top half goes through for Rummy and Indian
Rummy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.knockout import (
    Knockout,
    KnockoutFormat,
    TableKnockout,
    knockout_for,
    seed_order,
)
from tournaments.formats.spec import BEST_OF, CAPACITY, STARTS_AT
from tournaments.formats.types import Entry, Format, Game, PlayerId, Record, Row, Settings

OPEN_FOR = timedelta(hours=24)
"""How long a sit & go created without a start waits to fill up."""


def _capacity(settings: Settings) -> int:
    assert settings.format == Format.SIT_AND_GO and settings.capacity is not None
    return settings.capacity


def sit_and_go_started(settings: Settings, entries: Sequence[Entry]) -> bool:
    """Whether the sit & go has started: as many entries as its capacity."""
    return len(entries) >= _capacity(settings)


def sit_and_go_join(settings: Settings, entries: Sequence[Entry], player: PlayerId) -> bool:
    """Check that ``player`` may join; True when their entry starts the tournament.

    Raises ``already_joined``, or ``tournament_full`` once it has started.
    """
    if any(e.player == player for e in entries):
        raise TournamentError(ErrorCode.ALREADY_JOINED, "already registered")
    if sit_and_go_started(settings, entries):
        raise TournamentError(ErrorCode.TOURNAMENT_FULL, "the sit & go is full and has started")
    return len(entries) + 1 >= _capacity(settings)


def sit_and_go_withdraw(settings: Settings, entries: Sequence[Entry]) -> None:
    """Check that a registration may be withdrawn: only before the start."""
    if sit_and_go_started(settings, entries):
        raise TournamentError(
            ErrorCode.ALREADY_STARTED, "the sit & go has started: registration is final"
        )


def sit_and_go_state(
    settings: Settings, entries: Sequence[Entry], games: Iterable[Game]
) -> Knockout | TableKnockout | None:
    """The knockout once started (None before), seeded by rating then join order."""
    if not sit_and_go_started(settings, entries):
        return None
    withdrawn = {e.player for e in entries if e.withdrawn}
    return knockout_for(settings, seed_order(entries), games, withdrawn=withdrawn)


class SitAndGoFormat(KnockoutFormat):
    """The sit & go as a format: a knockout that starts the moment it is full."""

    name = Format.SIT_AND_GO.value
    label = "sit & go"
    settings = (
        CAPACITY.but(required=True, default=None),
        BEST_OF,
        STARTS_AT.but(required=False),
    )
    reads = frozenset({"best_of", "capacity"})
    open_for = OPEN_FOR
    starts_when_full = True
    players_create = True

    def join_refusal(
        self, settings: Settings, *, rounds_started: int, now: datetime
    ) -> TournamentError | None:
        return TournamentError(ErrorCode.TOURNAMENT_FULL, "The sit & go is full and has started.")

    def order(
        self,
        settings: Settings,
        rows: Sequence[Row],
        entries: Sequence[Entry],
        records: Sequence[Record],
    ) -> tuple[list[Row], dict[PlayerId, int | None]]:
        """Before the start, in the order they joined; then as a knockout."""
        if len(entries) < _capacity(settings):
            joined = {e.player: e.joined for e in entries}
            return sorted(rows, key=lambda r: (joined[r.player], r.player)), {}
        return super().order(settings, rows, entries, records)


SIT_AND_GO = SitAndGoFormat()
