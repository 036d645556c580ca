"""The errors every game's rules raise, and the codes they share.

Every error is a :class:`RulesError` (a :class:`ValueError`) whose ``code`` is the
machine code of the HTTP API (docs/api.md#error-codes) and whose ``detail`` is a human sentence
naming the offending input. There are two kinds, in the spirit of python-chess:

* :class:`InvalidInput` -- the input is malformed (``invalid_card``,
  ``validation_error``); the server answers 400.
* :class:`IllegalAction` -- the input is well formed but not allowed now
  (``not_your_turn``, ``wrong_phase``, ...); the server answers 409 when the game is
  not in a state where the seat may act (``not_your_turn``, ``game_not_active``), else
  422.

Each error class says its :class:`ErrorKind`; :func:`http_status` turns it into the HTTP
status, so no list of codes by status is written anywhere. The codes every game shares
are :class:`ErrorCode`; a game's own codes are its own enum, beside its own error
classes (``games.rules.gin.errors``, ``games.rules.rummy.errors``).
"""

from __future__ import annotations

from collections.abc import Iterable
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


def brief_text(text: str, width: int = 40) -> str:
    """``text`` cut to about ``width`` characters, for an error message (or the name of a
    field in one) that may come straight from a request body.

    >>> brief_text("melds"), brief_text("x" * 500, 8)
    ('melds', 'xxxxx...')
    """
    return text if len(text) <= width else text[: width - 3] + "..."


FEW = 5
"""How many items an error message names before it counts the rest (:func:`brief_list`)."""
MELD_NAMED = 14
"""How many cards of one meld or group a message names before it counts the rest: a
hand's worth, so a meld a hand can hold is named whole."""


def brief_list(items: Iterable[object], sep: str = " ", limit: int = FEW, width: int = 40) -> str:
    """``items`` named in an error message: the first ``limit`` (each cut to about
    ``width`` characters) joined by ``sep``, then how many more there are.

    Lists named in messages may come straight from a request body (the cards of a
    declaration, the keys of an action), and every refusal is sent, and may be kept with
    an ``Idempotency-Key``: a message names a few items, never all of them.

    >>> brief_list(["7H", "8H"]), brief_list(f"{rank}S" for rank in "A23456789")
    ('7H 8H', 'AS 2S 3S 4S 5S and 4 more')
    >>> brief_list(["card", "x" * 500], sep=", ", width=8)
    'card, xxxxx...'
    """
    shown: list[str] = []
    more = 0
    for item in items:
        if len(shown) < limit:
            shown.append(brief_text(str(item), width))
        else:
            more += 1
    text = sep.join(shown)
    return f"{text} and {more} more" if more else text


class ErrorCode(StrEnum):
    """The machine codes every game shares; each game adds its own in its own enum
    (:class:`games.rules.gin.errors.GinErrorCode`, ...)."""

    INVALID_CARD = "invalid_card"
    VALIDATION_ERROR = "validation_error"
    GAME_NOT_ACTIVE = "game_not_active"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CANNOT_DISCARD_DRAWN_CARD = "cannot_discard_drawn_card"
    INVALID_MELDS = "invalid_melds"


class ErrorKind(StrEnum):
    """What kind of refusal an error is, which says how the server answers it."""

    INVALID = "invalid"
    """Malformed input (400)."""
    CONFLICT = "conflict"
    """Well formed, but the game is not in a state where this seat may act (409): it is
    another seat's turn, or the game is over."""
    ILLEGAL = "illegal"
    """Well formed, but not allowed now by the rules (422)."""


HTTP_STATUS: dict[ErrorKind, int] = {
    ErrorKind.INVALID: 400,
    ErrorKind.CONFLICT: 409,
    ErrorKind.ILLEGAL: 422,
}
"""The HTTP status the server answers each kind of error with (docs/api.md#errors)."""


class RulesError(ValueError):
    """Base class of every error the rules core raises on purpose."""

    code: ClassVar[StrEnum]
    """The API's machine code for this error (a member of :class:`ErrorCode`, or of the
    game's own enum)."""
    kind: ClassVar[ErrorKind]
    """What kind of refusal it is (:func:`http_status`)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
        """A human sentence naming the input that was refused."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.detail!r})"


class InvalidInput(RulesError):
    """Malformed input (a bad card string, a missing field, an out-of-range option)."""

    kind = ErrorKind.INVALID

    def __init__(self, detail: str, fields: dict[str, list[str]] | None = None) -> None:
        super().__init__(detail)
        self.fields: dict[str, list[str]] = dict(fields or {})
        """``{key: [message, ...]}`` for each offending key (may be empty)."""


class IllegalAction(RulesError):
    """A well-formed action that is not allowed in the current state."""

    kind = ErrorKind.ILLEGAL


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
    kind = ErrorKind.CONFLICT


class NotYourTurn(IllegalAction):
    """The acting seat is not the seat whose turn it is."""

    code = ErrorCode.NOT_YOUR_TURN
    kind = ErrorKind.CONFLICT


class WrongPhase(IllegalAction):
    """The action type is not allowed in the current phase."""

    code = ErrorCode.WRONG_PHASE


class CardNotInHand(IllegalAction):
    """The named card is not in the acting seat's hand."""

    code = ErrorCode.CARD_NOT_IN_HAND


class CannotDiscardDrawnCard(IllegalAction):
    """The card taken from the discard pile this turn may not be discarded (or knocked with)."""

    code = ErrorCode.CANNOT_DISCARD_DRAWN_CARD


class InvalidMelds(IllegalAction):
    """Declared melds are not legal melds, overlap, or use cards not in the hand."""

    code = ErrorCode.INVALID_MELDS


BASE_ERRORS: tuple[type[RulesError], ...] = (
    InvalidCard,
    ValidationError,
    NotYourTurn,
    GameNotActive,
    WrongPhase,
    CardNotInHand,
    CannotDiscardDrawnCard,
)
"""The shared errors every game raises, in the order the API lists them (each game's
``ERRORS`` begins with them)."""

SHARED_ERRORS: tuple[type[RulesError], ...] = (*BASE_ERRORS, InvalidMelds)
"""The error classes of the shared codes, in the order the API lists them."""


def http_status(error: type[RulesError] | RulesError) -> int:
    """The HTTP status the server answers an error (or error class) with: 400 for
    malformed input, 409 for ``not_your_turn`` and ``game_not_active``, 422 for any other
    action the rules refuse.

    >>> http_status(ValidationError), http_status(NotYourTurn), http_status(WrongPhase)
    (400, 409, 422)
    """
    return HTTP_STATUS[error.kind]


def errors_by_code(errors: tuple[type[RulesError], ...]) -> dict[str, type[RulesError]]:
    """The error class of each code among ``errors`` (a code names one class only)."""
    out: dict[str, type[RulesError]] = {}
    for cls in errors:
        if out.setdefault(cls.code, cls) is not cls:
            raise ValueError(f"{cls.code} names two classes")
    return out
