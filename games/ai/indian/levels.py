"""Easy, Medium and Hard Indian Rummy players (see :mod:`games.ai.indian`).

Every level decides from the seat's :class:`~games.rules.indian.PlayerView` alone and
``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.ai.indian.common import absent, declaration, discards, legal, loose
from games.ai.indian.knowledge import Table, _related
from games.ai.indian.shape import at_most, distance, outs
from games.rules.indian import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    IndianCard,
    PlayerView,
    card_value,
    is_joker,
)

# ---------------------------------------------------------------------------- easy


def easy(view: PlayerView, rng: random.Random) -> Action:
    """Easy: always draws from the stock; declares as soon as it may; discards a random
    card in no group (never a joker while it has another card to throw)."""
    rnd = view.round
    types = legal(view)
    if DrawStock.type in types:
        return DrawStock()
    shown = declaration(view)
    if shown is not None:
        return shown
    allowed = discards(view)
    if not allowed:
        return absent(view)
    wild = rnd.wild_rank
    pool = [card for card in loose(view) if card in allowed and not is_joker(card, wild)]
    pool = pool or [card for card in allowed if not is_joker(card, wild)] or list(allowed)
    return Discard(rng.choice(pool))


# ---------------------------------------------------------------------------- medium


def _without(hand: Sequence[IndianCard], card: IndianCard) -> list[IndianCard]:
    out = list(hand)
    out.remove(card)
    return out


def _takes(view: PlayerView) -> bool:
    """Whether the discard pile's top card brings the hand nearer a valid show."""
    rnd = view.round
    if DrawDiscard.type not in legal(view):
        return False
    wild = rnd.wild_rank
    return at_most([*rnd.hand, rnd.discard_pile[-1]], wild, distance(rnd.hand, wild) - 1)


def _by_distance(view: PlayerView) -> tuple[int, list[IndianCard]]:
    """The least distance a discard leaves, and the distinct cards allowed that leave it
    (each leaves the hand's distance or one more)."""
    rnd = view.round
    wild = rnd.wild_rank
    least = distance(rnd.hand, wild)
    allowed = discards(view)
    best = [card for card in allowed if at_most(_without(rnd.hand, card), wild, least)]
    if not best:  # the best discard is the card just taken from the pile
        least += 1
        best = list(allowed)
    return least, best


def _links(card: IndianCard, hand: Sequence[IndianCard], wild_rank: int) -> float:
    """How many of the hand's other natural cards ``card`` is near (same rank, or the same
    suit one or two places away)."""
    if not isinstance(card, Card) or is_joker(card, wild_rank):
        return 0.0
    return sum(_related(card, other, wild_rank) for other in hand if other is not card)


def medium(view: PlayerView, rng: random.Random) -> Action:
    """Medium: takes the discard pile's top card when it brings the hand nearer a valid
    show (:func:`~games.ai.indian.shape.distance`), else draws from the stock; declares
    as soon as it may; discards a card that leaves the hand nearest a show, among those
    the one with the fewest near cards in the hand, then the highest valued. Never
    drops."""
    rnd = view.round
    types = legal(view)
    if DrawStock.type in types:
        return DrawDiscard() if _takes(view) else DrawStock()
    shown = declaration(view)
    if shown is not None:
        return shown
    if not discards(view):
        return absent(view)
    wild = rnd.wild_rank
    _, best = _by_distance(view)
    return Discard(max(best, key=lambda card: _medium_key(card, rnd.hand, wild)))


def _medium_key(
    card: IndianCard, hand: Sequence[IndianCard], wild_rank: int
) -> tuple[bool, float, int]:
    """Medium's order of the discards (the last is thrown): a joker last, then the fewest
    near cards in the hand, then the highest valued."""
    joker = is_joker(card, wild_rank)
    return (not joker, -_links(card, hand, wild_rank), card_value(card, wild_rank))


# ---------------------------------------------------------------------------- hard

CANDIDATES = 5
"""Hard counts the outs of this many discards at most (Medium's choices first)."""
DENIAL = 0.3
"""What handing the next seat a card it wants costs, in outs (live cards that would bring
the hand one card nearer a show) per unseen card: taking it from the pile saves that seat
a draw that brings it nearer only about a third of the time."""
FIRST_DROP_DISTANCE = 5
"""Hard drops before its first draw, at a table of three or more, with a hand this far
from a show and no joker."""
MIDDLE_DROP_TURNS = 8
"""... and after this many of its own draws with a hand still :data:`MIDDLE_DROP_GAP` or
more from a show, when its points exceed the middle drop's cost by half again."""
MIDDLE_DROP_GAP = 5
PILE_CANDIDATES = 3
"""... judging the hand after taking it by this many of its discards (Medium's choices
first)."""
PILE_GAIN = 1.0
"""Hard takes a discard that brings its hand no nearer a show when the outs it adds are
expected to save at least this many draws (see :func:`_speeds_up`)."""


def _outs(table: Table, hand: Sequence[IndianCard], far: int) -> float:
    """The live cards that would bring the hand (``far`` from a show) one card nearer."""
    return float(outs(hand, table.wild_rank, table.live, far)[1])


def _turns(far: int, outs: float, unseen: int) -> float:
    """The draws a hand ``far`` from a show, with ``outs`` of the ``unseen`` cards bringing
    it nearer, is expected to need if every step found as many outs."""
    return far * unseen / outs if outs > 0 else float("inf")


def _speeds_up(view: PlayerView, table: Table) -> bool:
    """Whether the discard pile's top card, though it brings the hand no nearer a show,
    leaves it (after the best discard) with so many more outs that it is expected to
    reach a show :data:`PILE_GAIN` draws sooner than with a stock draw."""
    rnd = view.round
    if DrawDiscard.type not in legal(view) or not table.unseen:
        return False
    wild = rnd.wild_rank
    top = rnd.discard_pile[-1]
    if is_joker(top, wild) or not _links(top, rnd.hand, wild):
        return False  # a card near none of the hand's adds no outs
    far, now = outs(rnd.hand, wild, table.live)
    if far == 0:
        return False
    taken = [*rnd.hand, top]
    kept = [
        card
        for card in dict.fromkeys(rnd.hand)
        if card != top and at_most(_without(taken, card), wild, far)
    ]
    if not kept:
        return False
    kept = sorted(kept, key=lambda card: _medium_key(card, taken, wild))[-PILE_CANDIDATES:]
    after = max(_outs(table, _without(taken, card), far) for card in kept)
    unseen = table.unseen
    return _turns(far, after, unseen) + PILE_GAIN <= _turns(far, now, unseen)


def _drop(view: PlayerView, table: Table) -> bool:
    """Whether Hard drops now (never at a table of two, where a drop loses the deal)."""
    rnd = view.round
    if Drop.type not in legal(view) or sum(s != "out" for s in rnd.status) < 3:
        return False
    wild = rnd.wild_rank
    jokers = sum(is_joker(card, wild) for card in rnd.hand)
    far = distance(rnd.hand, wild)
    own = table.seats[view.seat].draws
    if own == 0 and DrawStock.type in legal(view):
        return jokers == 0 and far >= FIRST_DROP_DISTANCE
    arrangement = rnd.arrangement
    points = arrangement.points if arrangement is not None else 0
    return (
        own >= MIDDLE_DROP_TURNS
        and far >= MIDDLE_DROP_GAP
        and points * 2 >= view.rules.middle_drop * 3
    )


def hard(view: PlayerView, rng: random.Random) -> Action:
    """Hard: Medium's plan with the public record (:class:`~.knowledge.Table`): among the
    discards that leave the hand nearest a show, the one keeping the most live cards that
    would bring it nearer, less what the next seat is seen to collect; takes the discard
    pile's top card also when the outs it adds are expected to save a draw
    (:func:`_speeds_up`); and drops a hopeless hand at a table of three or more."""
    rnd = view.round
    types = legal(view)
    table = Table.of(view)
    if _drop(view, table):
        return Drop()
    if DrawStock.type in types:
        return DrawDiscard() if _takes(view) or _speeds_up(view, table) else DrawStock()
    shown = declaration(view)
    if shown is not None:
        return shown
    if not discards(view):
        return absent(view)
    wild = rnd.wild_rank
    least, best = _by_distance(view)
    following = table.next_seat(view)
    if len(best) > CANDIDATES:
        best = sorted(best, key=lambda card: _medium_key(card, rnd.hand, wild))[-CANDIDATES:]

    def score(card: IndianCard) -> tuple[float, int]:
        rest = _without(rnd.hand, card)
        value = _outs(table, rest, least)
        if following is not None:
            chance = table.want_chance(card, following, rnd.hand_sizes[following])
            value -= DENIAL * table.unseen * chance
        return (value, card_value(card, wild))

    return Discard(max(best, key=score))


__all__ = ["easy", "hard", "medium"]
