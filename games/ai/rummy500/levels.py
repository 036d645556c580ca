"""Rummy 500's players, each a function of the seat's view (docs/ai.md#rummy-500).

* ``random``: any legal action (a meld: any three-card meld of the hand).
* ``baseline``: draws from the stock; puts every meld and lay-off it can on the table;
  discards its highest card.
* ``easy``: draws from the stock; melds, but never lays off; discards a random card.
* ``medium``: the baseline, and takes the top card of the pile when it makes a meld with
  the hand; keeps pairs and near-runs, discarding its highest loose card.
* ``hard-heuristic`` (for the simulator): Hard with its own draw always, unsearched.
* ``hard``: the medium player, its draw chosen by the family's search
  (:mod:`games.ai.rummy500.search`): when the draw is a choice (a deep pick is legal, or
  the top card melds, fits the table or has a neighbour in the hand) it judges the stock,
  the top card and the best deep picks by the quick estimate on worlds dealt from what it
  cannot see, playing a short race out in each, and keeps its own choice (a deep pick when
  what it can meld or lay off at once of the cards taken outweighs what the rest would
  cost it in the hand, else the top card when it plays at once, else the stock) unless
  another draw clearly beats it. With printed jokers it keeps its own choice.

The players choose among the view's ``legal_actions`` (and the three-card melds of the
hand, which the rules core lists as :func:`~games.rules.rummy500.melds.melds_in`), so what
they return is legal; a picked card owed is always played first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.ai.common.search import Budget
from games.ai.rummy500 import search
from games.rules.rummy500 import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Layoff,
    LegalAction,
    Meld,
    PlayerView,
    card_value,
    hand_value,
    pile_index,
)
from games.rules.rummy500.cards import AnyCard, Card, Joker
from games.rules.rummy500.melds import TableMeld, layoff_fits, meld_with, melds_in

__all__ = [
    "BUDGET",
    "baseline",
    "easy",
    "forced",
    "hard",
    "hard_heuristic",
    "medium",
    "random_player",
]

BUDGET = Budget(worlds=16, confidence=1.0)
"""Hard's draw search: worlds a decision, and how sure it must be to leave its own
choice."""
DEEP_PICKS = 3
"""At most this many deep picks (the best by the quick estimate) go to the search."""


def _legal(view: PlayerView) -> dict[str, LegalAction]:
    return {entry.type: entry for entry in view.round.legal_actions}


def _owed(view: PlayerView, legal: dict[str, LegalAction]) -> Action | None:
    """The action that plays the picked card owed, if any: a meld holding it (the best
    meld first: more points on the table) or a lay-off."""
    picked = view.round.picked_card
    if picked is None:
        return None
    meld = meld_with(picked, view.round.hand)
    if meld is not None:
        return Meld((meld,))
    options = legal[Layoff.type].options or () if Layoff.type in legal else ()
    option = options[0]
    return Layoff(option.card, option.meld, option.end)


def forced(view: PlayerView) -> Action:
    """The move the turn timer plays: a stock draw; the picked card owed on the table;
    then a discard of the highest-valued card allowed."""
    legal = _legal(view)
    if DrawStock.type in legal:
        return DrawStock()
    owed = _owed(view, legal)
    if owed is not None:
        return owed
    cards = legal[Discard.type].cards or ()
    return Discard(max(reversed(cards), key=card_value))


def random_player(view: PlayerView, rng: random.Random) -> Action:
    """Any legal action, at random."""
    legal = _legal(view)
    owed = _owed(view, legal)
    if owed is not None:
        return owed
    moves: list[Action] = []
    for entry in legal.values():
        if entry.type == DrawStock.type:
            moves.append(DrawStock())
        elif entry.type == DrawDiscard.type:
            moves.extend(DrawDiscard(card) for card in entry.cards or ())
        elif entry.type == Meld.type:
            moves.extend(Meld((meld,)) for meld in melds_in(view.round.hand))
        elif entry.type == Layoff.type:
            moves.extend(Layoff(o.card, o.meld, o.end) for o in entry.options or ())
        else:
            moves.extend(Discard(card) for card in entry.cards or ())
    return rng.choice(moves)


def _best_meld(hand: Sequence[AnyCard]) -> tuple[AnyCard, ...] | None:
    """The three-card meld of the hand worth the most, naturals before jokers."""
    melds = melds_in(hand)
    if not melds:
        return None
    return max(
        melds, key=lambda m: (sum(isinstance(c, Card) for c in m), sum(card_value(c) for c in m))
    )


def _first_layoff(legal: dict[str, LegalAction]) -> Layoff | None:
    options = legal[Layoff.type].options or () if Layoff.type in legal else ()
    if not options:
        return None
    option = max(options, key=lambda o: card_value(o.card))
    return Layoff(option.card, option.meld, option.end)


def _neighbours(card: AnyCard, hand: Sequence[AnyCard]) -> int:
    """How many cards of the hand could meld with ``card`` one day (same rank, or the same
    suit within two ranks)."""
    if isinstance(card, Joker):
        return 9
    count = 0
    for other in hand:
        if other == card or not isinstance(other, Card):
            continue
        near = other.suit == card.suit and abs(other.rank - card.rank) <= 2
        if other.rank == card.rank or near:
            count += 1
    return count


def _loose_discard(view: PlayerView, cards: Sequence[AnyCard]) -> Discard[AnyCard]:
    """The highest card with the fewest neighbours in the hand."""
    hand = view.round.hand
    return Discard(max(reversed(cards), key=lambda c: (-_neighbours(c, hand), card_value(c))))


def _play(view: PlayerView, legal: dict[str, LegalAction], layoffs: bool) -> Action | None:
    """A meld, else (with ``layoffs``) a lay-off, from the play phase; ``None`` for none."""
    if Meld.type in legal:
        meld = _best_meld(view.round.hand)
        if meld is not None:
            return Meld((meld,))
    if layoffs:
        return _first_layoff(legal)
    return None


def baseline(view: PlayerView, rng: random.Random) -> Action:
    """Stock draws; every meld and lay-off; the highest card discarded."""
    legal = _legal(view)
    if DrawStock.type in legal:
        return DrawStock()
    action = _owed(view, legal) or _play(view, legal, layoffs=True)
    if action is not None:
        return action
    cards = legal[Discard.type].cards or ()
    return Discard(max(reversed(cards), key=card_value))


def easy(view: PlayerView, rng: random.Random) -> Action:
    """Stock draws; melds but no lay-offs; a random discard."""
    legal = _legal(view)
    if DrawStock.type in legal:
        return DrawStock()
    action = _owed(view, legal) or _play(view, legal, layoffs=False)
    if action is not None:
        return action
    return Discard(rng.choice(legal[Discard.type].cards or ()))


def _top_melds(view: PlayerView, legal: dict[str, LegalAction]) -> bool:
    pile = view.round.discard_pile
    takes = legal[DrawDiscard.type].cards or () if DrawDiscard.type in legal else ()
    if not pile or pile[-1] not in takes:
        return False
    top = pile[-1]
    return meld_with(top, (*view.round.hand, top)) is not None or _lays_off(top, view)


def _lays_off(card: AnyCard, view: PlayerView) -> bool:
    return any(layoff_fits(meld, card, view.seat) for meld in view.round.table)


def medium(view: PlayerView, rng: random.Random) -> Action:
    """The baseline, taking a top card that melds and keeping pairs and near-runs."""
    legal = _legal(view)
    if DrawStock.type in legal:
        if _top_melds(view, legal):
            return DrawDiscard()
        return DrawStock()
    action = _owed(view, legal) or _play(view, legal, layoffs=True)
    if action is not None:
        return action
    return _loose_discard(view, legal[Discard.type].cards or ())


def _usable(cards: Sequence[AnyCard], table: Sequence[TableMeld], seat: int) -> int:
    """The table points of what ``cards`` would put down at once: melds found greedily,
    then lay-offs of what is left onto the table."""
    left = list(cards)
    points = 0
    while True:
        meld = _best_meld(left)
        if meld is None:
            break
        for card in meld:
            left.remove(card)
        points += sum(card_value(c) for c in meld)
    for card in list(left):
        if any(layoff_fits(meld, card, seat) for meld in table):
            left.remove(card)
            points += card_value(card)
    return points


def _pick_gain(view: PlayerView, card: AnyCard) -> int:
    """What taking ``card`` (and every card above it) is worth, roughly: the points the
    hand could put down afterwards, less those it could before, less the value of the cards
    taken that would stay in the hand."""
    rnd = view.round
    pile = rnd.discard_pile
    taken = pile[pile_index(pile, card) :]
    before = _usable(rnd.hand, rnd.table, view.seat)
    after = _usable((*rnd.hand, *taken), rnd.table, view.seat)
    stuck = hand_value(taken) if after - before < hand_value(taken) else 0
    return after - before - stuck // 2


def _heuristic_draw(
    view: PlayerView, legal: dict[str, LegalAction], takes: Sequence[AnyCard]
) -> DrawStock | DrawDiscard:
    """The heuristic Hard's draw: the deep pick worth most when it pays over 5 points, else
    the top card when it melds or lays off at once, else the stock."""
    best = max(takes, key=lambda c: _pick_gain(view, c), default=None)
    if best is not None and _pick_gain(view, best) > 5:
        return DrawDiscard(best)
    if _top_melds(view, legal):
        return DrawDiscard()
    return DrawStock()


def _draws(
    view: PlayerView, first: DrawStock | DrawDiscard, takes: Sequence[AnyCard]
) -> list[DrawStock | DrawDiscard]:
    """The draws the search judges, ``first`` first: the stock, the top card, and the
    :data:`DEEP_PICKS` deep picks worth most by the quick estimate."""
    pile = view.round.discard_pile
    deep = sorted(
        (card for card in takes if card != pile[-1]),
        key=lambda c: (-_pick_gain(view, c), pile_index(pile, c)),
    )[:DEEP_PICKS]
    moves: list[DrawStock | DrawDiscard] = [first]
    options: list[DrawStock | DrawDiscard] = [DrawStock()]
    if pile and pile[-1] in takes:
        options.append(DrawDiscard())
    options.extend(DrawDiscard(card) for card in deep)
    for move in options:
        if _names(view, move) != _names(view, first):
            moves.append(move)
    return moves


def _names(view: PlayerView, move: DrawStock | DrawDiscard) -> AnyCard | None:
    """The pile card a draw names (``None`` for the stock)."""
    if isinstance(move, DrawStock):
        return None
    return view.round.discard_pile[-1] if move.card is None else move.card


def _worth_search(view: PlayerView, takes: Sequence[AnyCard]) -> bool:
    """Whether the draw is a choice: a deep pick is legal, or the top card melds, fits the
    table or has a neighbour in the hand."""
    pile = view.round.discard_pile
    if not takes or view.rules.jokers:
        return False
    if any(card != pile[-1] for card in takes):
        return True
    top = pile[-1]
    return _neighbours(top, view.round.hand) > 0 or _lays_off(top, view)


def hard(view: PlayerView, rng: random.Random) -> Action:
    """The medium player, its draw searched (see the module docstring)."""
    legal = _legal(view)
    if DrawStock.type in legal:
        takes = legal[DrawDiscard.type].cards or () if DrawDiscard.type in legal else ()
        first = _heuristic_draw(view, legal, takes)
        if not _worth_search(view, takes):
            return first
        moves = _draws(view, first, takes)
        return search.choose(view, moves, BUDGET, rng).move.action
    action = _owed(view, legal) or _play(view, legal, layoffs=True)
    if action is not None:
        return action
    return _loose_discard(view, legal[Discard.type].cards or ())


def hard_heuristic(view: PlayerView, rng: random.Random) -> Action:
    """Hard without the search (its own draw always): the yardstick the search is
    measured against (docs/ai.md#rummy-500-benchmarks), for the simulator only."""
    legal = _legal(view)
    if DrawStock.type in legal:
        takes = legal[DrawDiscard.type].cards or () if DrawDiscard.type in legal else ()
        return _heuristic_draw(view, legal, takes)
    return hard(view, rng)
