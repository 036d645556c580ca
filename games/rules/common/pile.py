"""The public record of a round's discard pile, which every game's view carries as
``round.pile_history``.

At a real table everybody sees who took which card from the discard pile and who threw
which card onto it; a player who refuses the first upcard (Gin Rummy's ``pass``) does so
in front of everyone too. A :class:`PileEvent` is one such event, oldest first, for the
current round only. A stock draw is never one (its card is the drawer's alone), nor is
anything that does not touch the pile (a meld, a lay-off, Gin Rummy's knock, whose card
goes face down).

A game that logs more of a round than the pile's events (Gin Rummy's moves, Indian
Rummy's deal history) reads its record off that log with :func:`pile_events`.

The record and the pile agree: replaying the record's takes and discards from the deal's
first upcard gives the pile as it lies, so the record shows no card that was not face up
on the pile at some moment of the round.

    >>> from games.rules.common.cards import Card
    >>> pile_history_to_json((PileEvent(1, PASS), PileEvent(0, DRAW_DISCARD, Card.parse("7h"))))
    [{'seat': 1, 'action': 'pass'}, {'seat': 0, 'action': 'draw_discard', 'card': '7H'}]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from games.rules.common.cards import AnyCard, Card

C = TypeVar("C", Card, AnyCard)
C_co = TypeVar("C_co", Card, AnyCard, covariant=True)

PASS = "pass"
"""The seat refused the first upcard (Gin Rummy): no card."""
DRAW_DISCARD = "draw_discard"
"""The seat took the pile's top card (``card``)."""
DISCARD = "discard"
"""The seat put ``card`` on the pile."""
PILE_ACTIONS = (PASS, DRAW_DISCARD, DISCARD)
"""Every ``action`` of a pile event."""


@dataclass(frozen=True, slots=True)
class PileEvent(Generic[C]):
    """One public event on the discard pile."""

    seat: int
    """The seat that acted."""
    action: str
    """One of :data:`PILE_ACTIONS`."""
    card: C | None = None
    """The card taken or discarded; ``None`` for a pass."""


class LoggedMove(Protocol[C_co]):
    """One entry of a round's log: who did what, with which card (if any is public)."""

    @property
    def seat(self) -> int | None:
        """The seat that acted (``None`` for the table's own event, e.g. a reshuffle)."""
        ...

    @property
    def type(self) -> str:
        """What happened: an action type, or the game's own event."""
        ...

    @property
    def card(self) -> C_co | None: ...


def pile_events(log: Iterable[LoggedMove[C]]) -> tuple[PileEvent[C], ...]:
    """The pile's public record in a round's log, oldest first: its entries whose
    ``type`` is one of :data:`PILE_ACTIONS`, by a seat (whatever else the log keeps, a
    stock draw, a face-down card, a reshuffle, is not on the pile)."""
    return tuple(
        PileEvent(move.seat, move.type, move.card)
        for move in log
        if move.type in PILE_ACTIONS and move.seat is not None
    )


def pile_event_to_json(event: PileEvent[Any]) -> dict[str, Any]:
    """``{"seat", "action", "card"}`` (no ``card`` for a pass)."""
    out: dict[str, Any] = {"seat": event.seat, "action": event.action}
    if event.card is not None:
        out["card"] = str(event.card)
    return out


def pile_history_to_json(events: Iterable[PileEvent[Any]]) -> list[dict[str, Any]]:
    """The ``round.pile_history`` of a view, oldest first."""
    return [pile_event_to_json(event) for event in events]


__all__ = [
    "DISCARD",
    "DRAW_DISCARD",
    "PASS",
    "PILE_ACTIONS",
    "LoggedMove",
    "PileEvent",
    "pile_event_to_json",
    "pile_events",
    "pile_history_to_json",
]
