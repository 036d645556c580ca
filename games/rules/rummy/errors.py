"""Rummy's errors (docs/games/rummy.md): the shared ones of :mod:`games.rules.common.errors` plus
five.

Every error is a :class:`~games.rules.common.errors.RulesError`; malformed input is an
:class:`~games.rules.common.errors.InvalidInput` (400), an action not allowed now an
:class:`~games.rules.common.errors.IllegalAction` (409 for ``not_your_turn`` and
``game_not_active``, else 422), exactly as for Gin Rummy.
"""

from __future__ import annotations

from enum import StrEnum

from games.rules.common.errors import (
    SHARED_ERRORS,
    CannotDiscardDrawnCard,
    CardNotInHand,
    ErrorCode,
    GameNotActive,
    IllegalAction,
    InvalidCard,
    InvalidInput,
    InvalidMelds,
    NotYourTurn,
    RulesError,
    ValidationError,
    WrongPhase,
    errors_by_code,
)

__all__ = [
    "ERRORS",
    "ERRORS_BY_CODE",
    "CannotDiscardDrawnCard",
    "CardNotInHand",
    "ErrorCode",
    "FirstMeldTooSmall",
    "GameNotActive",
    "IllegalAction",
    "InvalidCard",
    "InvalidInput",
    "InvalidLayoff",
    "InvalidMelds",
    "JokerMustBePlayed",
    "MustKeepDiscard",
    "NotOutYet",
    "NotYourTurn",
    "RulesError",
    "RummyErrorCode",
    "ValidationError",
    "WrongPhase",
]


class RummyErrorCode(StrEnum):
    """Rummy's own machine codes (the shared ones are
    :class:`~games.rules.common.errors.ErrorCode`)."""

    FIRST_MELD_TOO_SMALL = "first_meld_too_small"
    NOT_OUT_YET = "not_out_yet"
    MUST_KEEP_DISCARD = "must_keep_discard"
    INVALID_LAYOFF = "invalid_layoff"
    JOKER_MUST_BE_PLAYED = "joker_must_be_played"


class FirstMeldTooSmall(IllegalAction):
    """A player's first ``meld`` is worth less than ``first_meld_points``."""

    code = RummyErrorCode.FIRST_MELD_TOO_SMALL


class NotOutYet(IllegalAction):
    """A lay-off or joker swap by a player who has not come out (melded) yet."""

    code = RummyErrorCode.NOT_OUT_YET


class MustKeepDiscard(IllegalAction):
    """A meld or lay-off that would empty the hand: the last card must be discarded."""

    code = RummyErrorCode.MUST_KEEP_DISCARD


class InvalidLayoff(IllegalAction):
    """A lay-off (or joker swap) that does not fit the table meld it names."""

    code = RummyErrorCode.INVALID_LAYOFF


class JokerMustBePlayed(IllegalAction):
    """A joker taken by a swap this turn has not been melded or laid off yet."""

    code = RummyErrorCode.JOKER_MUST_BE_PLAYED


ERRORS: tuple[type[RulesError], ...] = (
    *SHARED_ERRORS,
    FirstMeldTooSmall,
    NotOutYet,
    MustKeepDiscard,
    InvalidLayoff,
    JokerMustBePlayed,
)
"""Every error Rummy's rules raise, in the order the API lists them."""

ERRORS_BY_CODE: dict[str, type[RulesError]] = errors_by_code(ERRORS)
"""The error class for each code a rummy game raises."""
