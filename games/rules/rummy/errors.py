"""Rummy's errors (DESIGN §5): the shared ones of :mod:`games.rules.common.errors` plus five.

Every error is a :class:`~games.rules.common.errors.RulesError`; malformed input is an
:class:`~games.rules.common.errors.InvalidInput` (400), an action not allowed now an
:class:`~games.rules.common.errors.IllegalAction` (409 for ``not_your_turn`` and
``game_not_active``, else 422), exactly as for Gin Rummy.
"""

from __future__ import annotations

from games.rules.common.errors import (
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
)

__all__ = [
    "RUMMY_ERRORS_BY_CODE",
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
    "ValidationError",
    "WrongPhase",
]


class FirstMeldTooSmall(IllegalAction):
    """A player's first ``meld`` is worth less than ``first_meld_points``."""

    code = ErrorCode.FIRST_MELD_TOO_SMALL


class NotOutYet(IllegalAction):
    """A lay-off or joker swap by a player who has not come out (melded) yet."""

    code = ErrorCode.NOT_OUT_YET


class MustKeepDiscard(IllegalAction):
    """A meld or lay-off that would empty the hand: the last card must be discarded."""

    code = ErrorCode.MUST_KEEP_DISCARD


class InvalidLayoff(IllegalAction):
    """A lay-off (or joker swap) that does not fit the table meld it names."""

    code = ErrorCode.INVALID_LAYOFF


class JokerMustBePlayed(IllegalAction):
    """A joker taken by a swap this turn has not been melded or laid off yet."""

    code = ErrorCode.JOKER_MUST_BE_PLAYED


RUMMY_ERRORS_BY_CODE: dict[ErrorCode, type[RulesError]] = {
    cls.code: cls
    for cls in (
        InvalidCard,
        ValidationError,
        GameNotActive,
        NotYourTurn,
        WrongPhase,
        CardNotInHand,
        CannotDiscardDrawnCard,
        InvalidMelds,
        FirstMeldTooSmall,
        NotOutYet,
        MustKeepDiscard,
        InvalidLayoff,
        JokerMustBePlayed,
    )
}
"""The error class for each code a rummy game raises."""
