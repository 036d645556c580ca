"""The tournament API's errors (the house format: ``{"code", "detail", "fields"?}``).

Refusals of a join carry one code each: ``tournament_full``, ``already_started``,
``conditions_not_met``, ``paused`` (with ``Retry-After``), ``banned``; settings that describe
no playable tournament are 422 ``invalid_settings`` naming the field. The formats library's
own :class:`~tournaments.formats.TournamentError` is rendered through
:func:`tournament_error_to_http` (registered when the app loads).
"""

from __future__ import annotations

import math
from datetime import datetime

from django.utils import timezone
from rest_framework import status

from core.exceptions import ApplicationError, Conflict, NotFound, Unprocessable
from tournaments.formats import ErrorCode, TournamentError


class TournamentNotFound(NotFound):
    default_detail = "No such tournament."


class InvalidCode(NotFound):
    code = "invalid_code"
    default_detail = "No tournament is open for that invite code."


class Forbidden(ApplicationError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "permission_denied"
    default_detail = "You may not do this."


class TournamentFull(Conflict):
    code = "tournament_full"
    default_detail = "The tournament is full."


class AlreadyStarted(Conflict):
    code = "already_started"
    default_detail = "The tournament has started: registration is closed."


class TournamentOver(Conflict):
    code = "tournament_over"
    default_detail = "The tournament is over."


class ConditionsNotMet(ApplicationError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "conditions_not_met"


class Banned(ApplicationError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "banned"
    default_detail = "You were removed from this tournament and may not join it again."


class EntryPaused(Conflict):
    """A paused player comes back by joining again, once ``paused_until`` has passed."""

    code = "paused"

    def __init__(self, *, until: datetime) -> None:
        wait = max(1, math.ceil((until - timezone.now()).total_seconds()))
        super().__init__(
            f"You are paused; you may come back in {wait} seconds.",
            headers={"Retry-After": str(wait)},
        )


class NotEntered(Conflict):
    code = "not_entered"
    default_detail = "You are not in this tournament."


class CannotPause(Conflict):
    code = "cannot_pause"
    default_detail = "Only arena and Swiss players may pause; knockouts play on."


class NoBracket(Conflict):
    code = "no_bracket"
    default_detail = "Only knockouts and sit & go tournaments have a bracket, once started."


class NotDuplicate(Conflict):
    code = "not_duplicate"
    default_detail = "This tournament is not played with duplicate deals."


class TournamentGameRematch(Conflict):
    code = "tournament_game"
    default_detail = "A tournament's game has no rematch: the tournament pairs its players."


class TooManyOpenTournaments(Conflict):
    code = "too_many_open_tournaments"

    def __init__(self, *, limit: int) -> None:
        super().__init__(
            f"You already have {limit} tournaments open for registration; start or cancel "
            "one first.",
            extra={"limit": limit},
        )


class _PlayerLimit:
    """A setting of a player's tournament beyond the server's limit (``limit`` says it;
    ``fields`` names the setting). Staff and schedules have no such limits. A mixin of
    the 422 errors below, each with its own code."""

    def __init__(self, detail: str, *, field: str, limit: int) -> None:
        super().__init__(detail, fields={field: [detail]}, extra={"limit": limit})  # type: ignore[call-arg]


class StartTooSoon(_PlayerLimit, Unprocessable):
    code = "start_too_soon"


class StartTooFar(_PlayerLimit, Unprocessable):
    code = "start_too_far"


class CapacityOverLimit(_PlayerLimit, Unprocessable):
    code = "capacity_over_limit"


class LengthOverLimit(_PlayerLimit, Unprocessable):
    code = "length_over_limit"


class DailyTournamentLimit(ApplicationError):
    """A player created their most tournaments of the last 24 hours; ``Retry-After`` says
    when the oldest of them leaves the count."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    code = "daily_tournament_limit"

    def __init__(self, *, limit: int, retry_after: int) -> None:
        super().__init__(
            f"You have created {limit} tournaments in the last 24 hours, the most a player "
            "may; you may create another later.",
            extra={"limit": limit},
            headers={"Retry-After": str(max(1, retry_after))},
        )


class InvalidSettings(Unprocessable):
    code = "invalid_settings"

    def __init__(self, detail: str, *, field: str | None = None) -> None:
        super().__init__(detail, fields={field: [detail]} if field else None)


def tournament_error_to_http(exc: Exception) -> ApplicationError:
    """The HTTP error for a :class:`TournamentError` of the formats library."""
    assert isinstance(exc, TournamentError)
    if exc.code is ErrorCode.INVALID_SETTINGS or exc.code is ErrorCode.INVALID_SCHEDULE:
        return InvalidSettings(exc.detail, field=exc.field)
    if exc.code is ErrorCode.TOURNAMENT_FULL:
        return TournamentFull(exc.detail)
    if exc.code in (ErrorCode.ALREADY_STARTED, ErrorCode.LATE_JOIN_CLOSED):
        return AlreadyStarted(exc.detail)
    return ApplicationError(exc.detail, code=exc.code.value, status_code=409)
