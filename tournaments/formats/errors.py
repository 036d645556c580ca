"""Errors raised by the tournament formats.

Every error is a :class:`TournamentError` (a :class:`ValueError`) whose ``code`` is a
stable machine code the API can answer with, whose ``detail`` is a human sentence and
whose ``field`` (when there is one) names the offending setting, so that a view can render
``{"code", "detail", "fields"}`` without reading the message.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """The stable machine codes carried by :attr:`TournamentError.code`."""

    INVALID_SETTINGS = "invalid_settings"
    """A tournament's settings do not describe a playable tournament."""
    INVALID_RECORD = "invalid_record"
    """A game or bye record is malformed (places that are not a ranking, unknown seats)."""
    INVALID_SCHEDULE = "invalid_schedule"
    """A schedule rule names no time that exists (minute 61, an unknown time zone)."""
    TOURNAMENT_FULL = "tournament_full"
    """A sit & go already has as many players as its capacity."""
    ALREADY_STARTED = "already_started"
    """Registration is closed (or can no longer be withdrawn): the tournament has started."""
    ALREADY_JOINED = "already_joined"
    """The player already has an entry."""
    LATE_JOIN_CLOSED = "late_join_closed"
    """A Swiss tournament past half its rounds takes no new players."""
    ROUND_OUT_OF_ORDER = "round_out_of_order"
    """Pairings were asked for a round that is not the next one."""


class TournamentError(ValueError):
    """A tournament input that cannot be accepted; ``code`` says which kind."""

    def __init__(self, code: ErrorCode, detail: str, *, field: str | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.field = field

    def __repr__(self) -> str:
        return f"TournamentError({self.code.value!r}, {self.detail!r})"
