"""Rummy 500's errors (docs/games/rummy500.md): the shared ones of
:mod:`games.rules.common.errors`, the lay-off refusal, and three of the open discard pile.

Every error is a :class:`~games.rules.common.errors.RulesError`; malformed input is an
:class:`~games.rules.common.errors.InvalidInput` (400), an action not allowed now an
:class:`~games.rules.common.errors.IllegalAction` (409 for ``not_your_turn`` and
``game_not_active``, else 422).
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
    "CannotUsePickedCard",
    "CardNotInHand",
    "CardNotInPile",
    "ErrorCode",
    "GameNotActive",
    "IllegalAction",
    "InvalidCard",
    "InvalidInput",
    "InvalidLayoff",
    "InvalidMelds",
    "NotYourTurn",
    "PickedCardMustBePlayed",
    "RulesError",
    "Rummy500ErrorCode",
    "ValidationError",
    "WrongPhase",
]


class Rummy500ErrorCode(StrEnum):
    """Rummy 500's own machine codes (the shared ones are
    :class:`~games.rules.common.errors.ErrorCode`)."""

    INVALID_LAYOFF = "invalid_layoff"
    CARD_NOT_IN_PILE = "card_not_in_pile"
    PICKED_CARD_MUST_BE_PLAYED = "picked_card_must_be_played"
    CANNOT_USE_PICKED_CARD = "cannot_use_picked_card"


class InvalidLayoff(IllegalAction):
    """A lay-off that does not fit the table meld it names."""

    code = Rummy500ErrorCode.INVALID_LAYOFF


class CardNotInPile(IllegalAction):
    """``draw_discard`` names a card that is not on the discard pile."""

    code = Rummy500ErrorCode.CARD_NOT_IN_PILE


class PickedCardMustBePlayed(IllegalAction):
    """Any action but a meld or lay-off of the picked card while it is in the hand."""

    code = Rummy500ErrorCode.PICKED_CARD_MUST_BE_PLAYED


class CannotUsePickedCard(IllegalAction):
    """A ``draw_discard`` whose picked card no one meld or lay-off could put on the table
    with the hand and the cards taken."""

    code = Rummy500ErrorCode.CANNOT_USE_PICKED_CARD


ERRORS: tuple[type[RulesError], ...] = (
    *SHARED_ERRORS,
    InvalidLayoff,
    CardNotInPile,
    PickedCardMustBePlayed,
    CannotUsePickedCard,
)
"""Every error Rummy 500's rules raise, in the order the API lists them."""

ERRORS_BY_CODE: dict[str, type[RulesError]] = errors_by_code(ERRORS)
"""The error class for each code a Rummy 500 game raises."""
