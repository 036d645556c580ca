"""The actions several games share: the two draws and the discard.

Actions are small frozen values; each game's codec converts them to and from the API's
JSON bodies, and each game's ``Action`` union names the ones it takes. An action never
carries hidden information: a stock draw does not name the card drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from games.rules.common.cards import AnyCard, Card

C = TypeVar("C", Card, AnyCard)
"""The cards of a game: :class:`~games.rules.common.cards.Card`, or with the joker
:data:`~games.rules.common.cards.AnyCard`."""


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock."""

    type: ClassVar[str] = "draw_stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top card of the discard pile (in Gin Rummy, also: take the first upcard)."""

    type: ClassVar[str] = "draw_discard"


@dataclass(frozen=True, slots=True)
class Discard(Generic[C]):
    """Discard ``card`` face up, ending the turn (in Rummy, the last card: going out)."""

    card: C
    """The card to discard."""
    type: ClassVar[str] = "discard"


def draw_is_public(action_json: Mapping[str, object]) -> bool:
    """Whether the card a logged action drew was seen by every seat: a card taken from
    the discard pile lay face up; a stock draw's card is its drawer's alone."""
    return action_json.get("type") == DrawDiscard.type
