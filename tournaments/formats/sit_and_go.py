"""Sit & go: registration up to the capacity, then knockout rounds at once.

The tournament starts the moment the ``capacity``-th player joins; until then a player may
withdraw their registration (the server deletes the entry). From the start it is a
knockout (:mod:`tournaments.formats.knockout`) seeded by rating: 1-v-1 matches of
``best_of`` games for Gin, and tables whose top half goes through for Rummy and Indian
Rummy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments.formats.errors import ErrorCode, TournamentError
from tournaments.formats.knockout import Knockout, TableKnockout, knockout_for, seed_order
from tournaments.formats.types import Entry, Format, Game, PlayerId, Settings


def _capacity(settings: Settings) -> int:
    assert settings.format is Format.SIT_AND_GO and settings.capacity is not None
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
