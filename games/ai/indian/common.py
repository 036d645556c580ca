"""What every Indian Rummy player shares: the legal moves read from the seat's view, the
declaration, the turn timer's move and which cards of a hand are in groups.

Everything here reads the seat's :class:`~games.rules.indian.PlayerView` alone. The view
lists the seat's legal actions with their cards (``discard``) and the cards that may be
declared with (``declare``'s ``valid_with``, computed by the rules core), so no stand-in
state is needed to know what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.indian import (
    Action,
    Card,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    IndianCard,
    LegalAction,
    PlayerView,
    card_value,
    is_joker,
    timeout_action,
)


def legal(view: PlayerView) -> dict[str, LegalAction]:
    """The seat's legal actions by type (empty when it may not act)."""
    return {entry.type: entry for entry in view.round.legal_actions}


def moves(view: PlayerView) -> list[Action]:
    """Every concrete action the seat may take now: the draws, ``drop``, a discard of each
    card allowed, and a declaration with each card that leaves a valid show (never a
    wrong show: the view lists which declarations are valid)."""
    out: list[Action] = []
    for entry in view.round.legal_actions:
        if entry.type == DrawStock.type:
            out.append(DrawStock())
        elif entry.type == DrawDiscard.type:
            out.append(DrawDiscard())
        elif entry.type == Drop.type:
            out.append(Drop())
        elif entry.type == Discard.type:
            out.extend(Discard(card) for card in entry.cards or ())
        elif entry.type == Declare.type:
            out.extend(Declare(card) for card in entry.valid_with or ())
    return out


def absent(view: PlayerView) -> Action:
    """The turn timer's move (the rules core's ``timeout_action``): a stock draw, then the
    highest-valued card outside the arrangement's groups; never a declaration or a drop."""
    return timeout_action(view)


def declaration(view: PlayerView) -> Declare | None:
    """A valid show now, when there is one: the card put face down is the arrangement's
    best discard when it may be, else the first card that leaves a valid show (the server
    arranges the groups)."""
    entry = legal(view).get(Declare.type)
    if entry is None or not entry.valid_with:
        return None
    arrangement = view.round.arrangement
    if arrangement is not None and arrangement.discard in entry.valid_with:
        return Declare(arrangement.discard)
    return Declare(entry.valid_with[0])


def discards(view: PlayerView) -> tuple[IndianCard, ...]:
    """The cards the seat may discard now (empty when it may not discard)."""
    entry = legal(view).get(Discard.type)
    return entry.cards or () if entry is not None else ()


def _places(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == 1 else (card.rank,)


def in_groups(hand: Sequence[IndianCard], wild_rank: int) -> set[IndianCard]:
    """The hand's natural cards in a group of three or more of its natural cards (a
    sequence of one suit, or a set of three or four suits), with the cards the hand's
    least-points arrangement groups when it counts (the caller passes those in too)."""
    naturals = {card for card in hand if isinstance(card, Card) and not is_joker(card, wild_rank)}
    out: set[IndianCard] = set()
    by_rank: dict[int, set[Card]] = {}
    for card in naturals:
        assert isinstance(card, Card)
        by_rank.setdefault(card.rank, set()).add(card)
    for cards in by_rank.values():
        if len({card.suit for card in cards}) >= 3:
            out |= cards
    places = {
        (card.suit, place): card
        for card in naturals
        if isinstance(card, Card)
        for place in _places(card)
    }
    for (suit, place), card in places.items():
        for start in (place - 2, place - 1, place):
            run = [places.get((suit, p)) for p in range(start, start + 3)]
            if all(run):
                out.add(card)
                break
    return out


def loose(view: PlayerView) -> list[IndianCard]:
    """The seat's cards in no group: neither in the arrangement's groups (when they
    count) nor in a sequence or set of its natural cards (:func:`in_groups`)."""
    rnd = view.round
    grouped = in_groups(rnd.hand, rnd.wild_rank)
    if rnd.arrangement is not None:
        grouped |= {card for group in rnd.arrangement.groups for card in group}
    return [card for card in rnd.hand if card not in grouped]


def highest(cards: Sequence[IndianCard], wild_rank: int) -> IndianCard:
    """The highest-valued card (jokers are worth 0), ties to the higher rank (the ace
    highest), then the first."""

    def key(card: IndianCard) -> tuple[int, int]:
        if not isinstance(card, Card) or is_joker(card, wild_rank):
            return (-1, 0)
        return (card_value(card, wild_rank), 14 if card.rank == 1 else card.rank)

    return max(reversed(list(cards)), key=key)
