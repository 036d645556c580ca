"""Gin Rummy's errors (docs/games/gin.md#error-codes): the shared ones of
:mod:`games.rules.common.errors` and
three of its own."""

from __future__ import annotations

from enum import StrEnum

from games.rules.common.errors import (
    BASE_ERRORS,
    IllegalAction,
    InvalidMelds,
    RulesError,
    errors_by_code,
)

__all__ = [
    "ERRORS",
    "ERRORS_BY_CODE",
    "GinErrorCode",
    "KnockLimitExceeded",
    "NotBigGin",
    "StockOnly",
]


class GinErrorCode(StrEnum):
    """Gin Rummy's own machine codes (the shared ones are
    :class:`~games.rules.common.errors.ErrorCode`)."""

    STOCK_ONLY = "stock_only"
    KNOCK_LIMIT_EXCEEDED = "knock_limit_exceeded"
    NOT_BIG_GIN = "not_big_gin"


class StockOnly(IllegalAction):
    """Only a stock draw is allowed (after both players passed the first upcard)."""

    code = GinErrorCode.STOCK_ONLY


class KnockLimitExceeded(IllegalAction):
    """The deadwood left after the knock discard is above the round's knock limit."""

    code = GinErrorCode.KNOCK_LIMIT_EXCEEDED


class NotBigGin(IllegalAction):
    """Big Gin was declared but the 11 cards are not all melded (or Big Gin is off)."""

    code = GinErrorCode.NOT_BIG_GIN


ERRORS: tuple[type[RulesError], ...] = (
    *BASE_ERRORS,
    StockOnly,
    KnockLimitExceeded,
    InvalidMelds,
    NotBigGin,
)
"""Every error Gin Rummy's rules raise, in the order the API lists them."""

ERRORS_BY_CODE: dict[str, type[RulesError]] = errors_by_code(ERRORS)
"""The error class for each code."""
