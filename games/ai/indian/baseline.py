"""The Indian Rummy baseline player and the random player.

Baseline (fixed, used for every measurement):

* Draw: take the discard pile's top card only when it completes a group: it makes a
  sequence (three places in a row of one suit, the ace low or high) or a set (three
  suits of one rank) with two natural cards of the hand that it does not hold already;
  otherwise draw from the stock.
* Declare as soon as a valid show is listed (``declare``'s ``valid_with``), putting the
  arrangement's best discard face down when it may be.
* Discard the highest-valued card that is in no group: neither in the least-points
  arrangement's groups (when they count) nor in a sequence or set of three of the hand's
  natural cards; jokers are worth 0, so they go last (the highest allowed card when every
  card is in a group). Ties go to the higher rank, the ace highest.
* Never drop. It never uses ``rng``.

Random: uniform over the concrete legal moves (:func:`~games.ai.indian.common.moves`):
the draws, ``drop``, every discard allowed and every declaration the view lists as a
valid show. It never makes a wrong show: the view says which declarations are valid, and
a declaration it does not list is a penalty no player makes knowingly.
"""

from __future__ import annotations

import random

from games.ai.indian.common import (
    absent,
    declaration,
    discards,
    highest,
    in_groups,
    legal,
    loose,
    moves,
)
from games.rules.indian import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    IndianCard,
    PlayerView,
)


def completes_group(hand: tuple[IndianCard, ...], card: IndianCard, wild_rank: int) -> bool:
    """Whether ``card``, which the hand does not hold, makes a sequence or a set of three
    natural cards with two of the hand's."""
    if card in hand:
        return False
    return card in in_groups((*hand, card), wild_rank)


def baseline_action(view: PlayerView, rng: random.Random) -> Action:
    """The baseline's action for the seat of ``view`` (see the module docstring)."""
    rnd = view.round
    types = legal(view)
    if DrawStock.type in types:
        if DrawDiscard.type in types and completes_group(
            rnd.hand, rnd.discard_pile[-1], rnd.wild_rank
        ):
            return DrawDiscard()
        return DrawStock()
    shown = declaration(view)
    if shown is not None:
        return shown
    allowed = discards(view)
    if not allowed:
        return absent(view)
    pool = [card for card in loose(view) if card in allowed] or list(allowed)
    return Discard(highest(pool, rnd.wild_rank))


def random_action(view: PlayerView, rng: random.Random) -> Action:
    """A uniformly random legal action (never a wrong show)."""
    options = moves(view)
    if not options:
        return absent(view)
    return rng.choice(options)
