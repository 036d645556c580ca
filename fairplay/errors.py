"""Fair play's errors (rendered by ``core.exceptions``: ``{"code", "detail", ...}``)."""

from __future__ import annotations

from datetime import datetime

from rest_framework import status

from core.api import iso
from core.exceptions import ApplicationError, Conflict, NotFound, Unprocessable


class PlayBanned(ApplicationError):
    """403 ``playban``: the player may not sit at a table with other people until
    ``until`` (the computer is still there to play)."""

    status_code = status.HTTP_403_FORBIDDEN
    code = "playban"

    def __init__(self, *, until: datetime, rule: str) -> None:
        super().__init__(
            "You may not play other people until "
            f"{until.strftime('%Y-%m-%d %H:%M')} UTC ({rule}). You can still play the "
            "computer. See GET /me/fair-play to read why and to appeal.",
            extra={"until": iso(until), "rule": rule},
        )


class TournamentBanned(ApplicationError):
    """403 ``tournament_ban``: the player may not enter tournaments (``until`` null: until
    the sanction is lifted)."""

    status_code = status.HTTP_403_FORBIDDEN
    code = "tournament_ban"

    def __init__(self, *, until: datetime | None, rule: str) -> None:
        when = f"until {until.strftime('%Y-%m-%d %H:%M')} UTC" if until else "for now"
        super().__init__(
            f"You may not enter tournaments {when} ({rule}). See GET /me/fair-play to read "
            "why and to appeal.",
            extra={"until": iso(until), "rule": rule},
        )


class PlayerNotFound(NotFound):
    default_detail = "No such player."


class SanctionNotFound(NotFound):
    default_detail = "No such sanction of yours."


class SignalNotFound(NotFound):
    default_detail = "No such signal."


class CannotReportSelf(Unprocessable):
    code = "cannot_report_self"
    default_detail = "You cannot report yourself."


class NotInGame(Unprocessable):
    code = "not_in_game"
    default_detail = "Both you and the player you report must have played in that game."


class AlreadyReported(Conflict):
    code = "already_reported"
    default_detail = "You have already reported a player in this game."


class AppealOpen(Conflict):
    code = "appeal_open"
    default_detail = "Your appeal against this sanction is being read; one at a time."


class NothingToAppeal(Conflict):
    code = "nothing_to_appeal"
    default_detail = "This sanction is no longer in force."


class SignalResolved(Conflict):
    code = "signal_resolved"
    default_detail = "This signal was resolved already."
