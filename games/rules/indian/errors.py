"""Indian Rummy's errors (docs/games/indian-rummy.md): the shared ones of
:mod:`games.rules.common.errors` plus two.

Every error is a :class:`~games.rules.common.errors.RulesError`; malformed input is an
:class:`~games.rules.common.errors.InvalidInput` (400), an action not allowed now an
:class:`~games.rules.common.errors.IllegalAction` (409 for ``not_your_turn`` and
``game_not_active``, else 422), exactly as for Gin Rummy and Rummy. ``stock_only`` (Gin
Rummy's code for "only a stock draw is allowed") answers a ``draw_discard`` on an empty
discard pile.
"""

from __future__ import annotations

from enum import StrEnum

from games.rules.common.errors import (
    BASE_ERRORS,
    CannotDiscardDrawnCard,
    CardNotInHand,
    ErrorCode,
    GameNotActive,
    IllegalAction,
    InvalidCard,
    InvalidInput,
    NotYourTurn,
    RulesError,
    ValidationError,
    WrongPhase,
    errors_by_code,
)

__all__ = [
    "ERRORS",
    "INDIAN_ERRORS_BY_CODE",
    "CannotDiscardDrawnCard",
    "CannotTakeJoker",
    "CardNotInHand",
    "ErrorCode",
    "GameNotActive",
    "GroupsDoNotMatchHand",
    "IllegalAction",
    "IndianErrorCode",
    "InvalidCard",
    "InvalidInput",
    "NotYourTurn",
    "RulesError",
    "StockOnly",
    "ValidationError",
    "WrongPhase",
]


class IndianErrorCode(StrEnum):
    """Indian Rummy's own machine codes (the shared ones are
    :class:`~games.rules.common.errors.ErrorCode`)."""

    STOCK_ONLY = "stock_only"
    CANNOT_TAKE_JOKER = "cannot_take_joker"
    GROUPS_DO_NOT_MATCH_HAND = "groups_do_not_match_hand"


class StockOnly(IllegalAction):
    """A ``draw_discard`` on an empty discard pile: only the stock may be drawn."""

    code = IndianErrorCode.STOCK_ONLY


class CannotTakeJoker(IllegalAction):
    """A ``draw_discard`` of a joker (printed or wild) that is not the deal's first upcard."""

    code = IndianErrorCode.CANNOT_TAKE_JOKER


class GroupsDoNotMatchHand(IllegalAction):
    """A ``declare`` whose ``groups`` do not hold exactly the 13 cards left after its card."""

    code = IndianErrorCode.GROUPS_DO_NOT_MATCH_HAND


ERRORS: tuple[type[RulesError], ...] = (
    *BASE_ERRORS,
    StockOnly,
    CannotTakeJoker,
    GroupsDoNotMatchHand,
)
"""Every error Indian Rummy's rules raise, in the order the API lists them: the shared
ones but ``invalid_melds`` (a show that is not valid is a wrong show, never refused),
then its own."""

INDIAN_ERRORS_BY_CODE: dict[str, type[RulesError]] = errors_by_code(ERRORS)
"""The error class for each code an Indian Rummy game raises."""
