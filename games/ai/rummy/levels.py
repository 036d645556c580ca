"""Easy and Medium Rummy players, and the pieces of a decision Hard shares with them
(see :mod:`games.ai.rummy`; Hard is :mod:`games.ai.rummy.hard`).

Every level decides from the seat's :class:`~games.rules.rummy.PlayerView` alone (its hand,
the public table, the discard pile, hand sizes, who came out) and ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.ai.rummy.common import (
    discards,
    fits_table,
    forced,
    is_joker,
    loose_cards,
    next_meld,
)
from games.rules.rummy import (
    Action,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Layoff,
    LayoffOption,
    PlayerView,
    RummyCard,
    SwapJoker,
    best_meld_points,
    card_value,
)

JOKER_KEEP = 30.0
"""How much a joker in hand is worth keeping, beyond its 20 points' risk."""


def options(view: PlayerView, kind: str) -> tuple[LayoffOption, ...]:
    for entry in view.round.legal_actions:
        if entry.type == kind:
            return entry.options or ()
    return ()


def layoff_action(option: LayoffOption) -> Layoff:
    return Layoff(option.card, option.meld, option.end)


def links(card: RummyCard, others: Sequence[RummyCard]) -> float:
    """How near ``card`` is to a meld with ``others``: same rank (a set) or the same suit
    one or two places away (a run)."""
    if not isinstance(card, Card):
        return 0.0
    score = 0.0
    for other in others:
        if not isinstance(other, Card) or other is card:
            continue
        if other == card:
            continue
        if other.rank == card.rank:
            score += 1.0
        elif other.suit == card.suit:
            gap = abs(int(other.rank) - int(card.rank))
            if gap == 1:
                score += 1.0
            elif gap == 2:
                score += 0.5
    return score


# ---------------------------------------------------------------------------- easy


def easy(view: PlayerView, rng: random.Random) -> Action:
    """Easy: stock draws; comes out as soon as it can; lays off only half the time it
    could; discards a random card that is in no meld (a joker as readily as a two)."""
    types = {entry.type for entry in view.round.legal_actions}
    if "draw_stock" in types:
        return DrawStock()
    meld = next_meld(view)
    if meld is not None:
        return meld
    layoffs = options(view, "layoff")
    allowed = discards(view)
    if layoffs and (not allowed or rng.random() < 0.5):
        return layoff_action(rng.choice(layoffs))
    if not allowed:
        return forced(view)
    loose = set(loose_cards(view.round.hand))
    pool = [card for card in allowed if card in loose] or list(allowed)
    return Discard(rng.choice(pool))


# ---------------------------------------------------------------------------- medium


def wants(view: PlayerView, top: RummyCard) -> bool:
    """Whether the discard pile's top card is worth taking: a joker (unless the hand holds
    nothing but jokers and no table meld takes one: such a joker can only be thrown back,
    and two such hands would pass it to and fro for ever while the stock never shrinks),
    or a card that adds to the hand's best melds."""
    hand = view.round.hand
    if is_joker(top):
        return not all(is_joker(card) for card in hand) or fits_table(top, view.round.table)
    return best_meld_points((*hand, top)) > best_meld_points(hand)


def play_phase(view: PlayerView) -> Action | None:
    """Melds, joker swaps and lay-offs of the play phase (``None``: time to discard)."""
    meld = next_meld(view)
    if meld is not None:
        return meld
    hand = view.round.hand
    layoffs = options(view, "layoff")
    if layoffs:
        loose = set(loose_cards(hand))
        best: tuple[float, LayoffOption] | None = None
        for option in layoffs:
            score = card_value(option.card) + (20.0 if option.card in loose else 0.0)
            if best is None or score > best[0]:
                best = (score, option)
        if best is not None:
            return layoff_action(best[1])
    swaps = options(view, "swap_joker")
    if swaps:
        loose = set(loose_cards(hand))
        for option in swaps:
            if option.card in loose:
                return SwapJoker(option.card, option.meld)
    return None


def _play_or_discard(
    view: PlayerView,
    discard: Callable[[PlayerView, Sequence[RummyCard]], Discard[RummyCard]],
) -> Action:
    """Medium's play phase: :func:`play_phase`'s move, else ``discard`` of the cards allowed
    (the rules core's fallback when none is)."""
    action = play_phase(view)
    if action is not None:
        return action
    allowed = discards(view)
    if not allowed:
        return forced(view)
    return discard(view, allowed)


def _discard_medium(view: PlayerView, allowed: Sequence[RummyCard]) -> Discard[RummyCard]:
    hand = view.round.hand
    loose = loose_cards(hand)
    loose_set = set(loose)

    def badness(card: RummyCard) -> float:
        if is_joker(card):
            return -JOKER_KEEP
        if card not in loose_set:
            return -50.0 + card_value(card)
        return card_value(card) - 6.0 * links(card, loose)

    return Discard(max(reversed(list(allowed)), key=badness))


def medium(view: PlayerView, rng: random.Random) -> Action:
    """Medium: takes the discard pile's top card when it adds to its melds; comes out and
    melds at once; lays off loose cards first; swaps a loose card for a joker; discards
    the loose card with the most points and fewest near-meld partners, never a joker."""
    rnd = view.round
    types = {entry.type for entry in rnd.legal_actions}
    if "draw_stock" in types:
        if "draw_discard" in types and wants(view, rnd.discard_pile[-1]):
            return DrawDiscard()
        return DrawStock()
    return _play_or_discard(view, _discard_medium)


__all__ = [
    "JOKER_KEEP",
    "easy",
    "layoff_action",
    "links",
    "medium",
    "options",
    "play_phase",
    "wants",
]
