"""Errors raised by the rules core.

Every error is a :class:`RulesError` (a :class:`ValueError`) whose ``code`` is the
machine code of the HTTP API (DESIGN §4) and whose ``detail`` is a human sentence
naming the offending input. There are two kinds, in the spirit of python-chess:

* :class:`InvalidInput` -- the input is malformed (``invalid_card``,
  ``validation_error``); the server answers 400.
* :class:`IllegalAction` -- the input is well formed but not allowed now
  (``not_your_turn``, ``wrong_phase``, ...); the server answers 409 or 422.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar


def brief_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    Values named in messages may come straight from a request body: a long string is
    cut, and a value with no repr at all (an integer past Python's digit limit for
    ``str``, a list nested deeper than the recursion limit) is named by its type, so
    that building the message never raises.

    >>> brief_repr("7x"), brief_repr(10**5000), len(brief_repr("x" * 500))
    ("'7x'", 'an int', 40)
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        name = type(value).__name__
        return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ErrorCode(StrEnum):
    """The stable machine codes carried by :attr:`RulesError.code`."""

    INVALID_CARD = "invalid_card"
    VALIDATION_ERROR = "validation_error"
    GAME_NOT_ACTIVE = "game_not_active"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CANNOT_DISCARD_DRAWN_CARD = "cannot_discard_drawn_card"
    STOCK_ONLY = "stock_only"
    KNOCK_LIMIT_EXCEEDED = "knock_limit_exceeded"
    INVALID_MELDS = "invalid_melds"
    NOT_BIG_GIN = "not_big_gin"
    # Rummy (DESIGN §5)
    FIRST_MELD_TOO_SMALL = "first_meld_too_small"
    NOT_OUT_YET = "not_out_yet"
    MUST_KEEP_DISCARD = "must_keep_discard"
    INVALID_LAYOFF = "invalid_layoff"
    JOKER_MUST_BE_PLAYED = "joker_must_be_played"


class RulesError(ValueError):
    """Base class of every error the rules core raises on purpose."""

    code: ClassVar[ErrorCode]
    """The API's machine code for this error."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
        """A human sentence naming the input that was refused."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.detail!r})"


class InvalidInput(RulesError):
    """Malformed input (a bad card string, a missing field, an out-of-range option)."""

    def __init__(self, detail: str, fields: dict[str, list[str]] | None = None) -> None:
        super().__init__(detail)
        self.fields: dict[str, list[str]] = dict(fields or {})
        """``{key: [message, ...]}`` for each offending key (may be empty)."""


class IllegalAction(RulesError):
    """A well-formed action that is not allowed in the current state."""


class InvalidCard(InvalidInput):
    """A card string that is not rank then suit (``"AS"``, ``"td"``); ``fields`` names
    the field when the card came from structured input."""

    code = ErrorCode.INVALID_CARD


class ValidationError(InvalidInput):
    """Malformed structured input; ``fields`` maps each bad key to its messages."""

    code = ErrorCode.VALIDATION_ERROR


class GameNotActive(IllegalAction):
    """The game is over; no action applies any more."""

    code = ErrorCode.GAME_NOT_ACTIVE


class NotYourTurn(IllegalAction):
    """The acting seat is not the seat whose turn it is."""

    code = ErrorCode.NOT_YOUR_TURN


class WrongPhase(IllegalAction):
    """The action type is not allowed in the current phase."""

    code = ErrorCode.WRONG_PHASE


class CardNotInHand(IllegalAction):
    """The named card is not in the acting seat's hand."""

    code = ErrorCode.CARD_NOT_IN_HAND


class CannotDiscardDrawnCard(IllegalAction):
    """The card taken from the discard pile this turn may not be discarded (or knocked with)."""

    code = ErrorCode.CANNOT_DISCARD_DRAWN_CARD


class StockOnly(IllegalAction):
    """Only a stock draw is allowed (after both players passed the first upcard)."""

    code = ErrorCode.STOCK_ONLY


class KnockLimitExceeded(IllegalAction):
    """The deadwood left after the knock discard is above the round's knock limit."""

    code = ErrorCode.KNOCK_LIMIT_EXCEEDED


class InvalidMelds(IllegalAction):
    """Declared melds are not legal melds, overlap, or use cards not in the hand."""

    code = ErrorCode.INVALID_MELDS


class NotBigGin(IllegalAction):
    """Big Gin was declared but the 11 cards are not all melded (or Big Gin is off)."""

    code = ErrorCode.NOT_BIG_GIN


ERRORS_BY_CODE: dict[ErrorCode, type[RulesError]] = {
    cls.code: cls
    for cls in (
        InvalidCard,
        ValidationError,
        GameNotActive,
        NotYourTurn,
        WrongPhase,
        CardNotInHand,
        CannotDiscardDrawnCard,
        StockOnly,
        KnockLimitExceeded,
        InvalidMelds,
        NotBigGin,
    )
}
"""The error class for each code."""
