"""Hard: plays for a hand rummy, and lets the search settle its close calls.

The plan (what Hard does when the search sees no clear difference):

* **Holding for a hand rummy.** Going out in one turn with nothing on the table before
  doubles every point of the round (docs/games/rummy.md). Hard keeps its melds in hand instead of
  coming out while it cannot go out in one turn (its melds, then lay-offs on the table and
  on them, leaving one card to discard), so that it gives the others nothing to lay off on
  and goes out doubled when it can. It comes out (and puts down everything it can) once
  some other seat that came out is down to :data:`DANGER_CARDS` cards, or the stock to
  :data:`DANGER_STOCK`: a seat caught with its whole hand pays for all of it.
* Once out: Medium's plan (every meld, lay-offs highest first, a loose card swapped for a
  table joker), jokers kept for melds until an opponent nears going out, unless it can go
  out now.
* The draw: the pile's top card when it adds to its melds (before coming out, only when it
  also lowers the loose points), a joker always.
* The discard: the loose card whose discard leaves the cheapest hand: the loose points
  left, less a bonus for near-meld partners, a joker kept, a card the next seat (out) could
  lay off charged.

The search (:mod:`games.ai.rummy.search` over :mod:`games.ai.common.search`) judges, in
worlds dealt from the seat's view: holding against coming out (when it may come out and
cannot go out); the discard among the plan's best :data:`CANDIDATES`; the draw when the
pile's top card could be of use. Its playouts play on as Hard does (holding while not
out), every other seat as a plain player. It leaves the plan only for a lead beyond the
noise of the worlds dealt (:data:`BUDGET`; :data:`TABLE_BUDGET` at three seats or more).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.ai.common.search import Budget
from games.ai.rummy import search
from games.ai.rummy.common import discards, fits_table, forced, is_joker, loose_value, next_meld
from games.ai.rummy.levels import JOKER_KEEP, layoff_action, links, options, wants
from games.ai.rummy.playout import Table, best_meld_plan, finishes, hand_plan, stuck
from games.ai.rummy.search import COME_OUT, Style, top_is_live
from games.rules.rummy import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    LayoffOption,
    PlayerView,
    RummyCard,
    SwapJoker,
    card_value,
)
from games.rules.rummy.melds import count_key

DANGER_CARDS = 3
"""Hard comes out when another seat that came out holds this many cards or fewer."""
DANGER_STOCK = 8
"""Hard comes out when the stock holds this many cards or fewer."""
CANDIDATES = 3
"""The plan's best discards the search judges."""
BUDGET = Budget(worlds=12, confidence=1.0)
"""Worlds a decision at a table of two, and how sure the search must be to leave the
plan."""
TABLE_BUDGET = Budget(worlds=16, confidence=1.0)
"""... at a table of three or four, where every other seat's hand is dealt in each world:
16 worlds won 35.7% of 2,000 games alone against three Mediums, against 34.4% for 12 on
the same deals (docs/ai.md)."""
STYLE = Style(holds=True, danger_cards=DANGER_CARDS, danger_stock=DANGER_STOCK)


def budget(view: PlayerView) -> Budget:
    """The search's budget at the view's table."""
    return BUDGET if len(view.round.hand_sizes) == 2 else TABLE_BUDGET


def in_danger(view: PlayerView) -> bool:
    """Whether another seat that came out is down to :data:`DANGER_CARDS` cards, or the
    stock to :data:`DANGER_STOCK`."""
    rnd = view.round
    if rnd.stock_size <= DANGER_STOCK:
        return True
    return any(
        seat != view.seat and rnd.came_out[seat] and size <= DANGER_CARDS
        for seat, size in enumerate(rnd.hand_sizes)
    )


def goes_out(view: PlayerView) -> bool:
    """Whether the seat can go out this turn: its melds (once out, any; before, enough to
    come out), then lay-offs, leave one card to discard."""
    rnd = view.round
    hand = [card.index for card in rnd.hand]
    table = Table()
    for meld in rnd.table:
        table.add_written(meld.cards)
    key, jokers = count_key(rnd.hand)
    if stuck(hand, key, jokers, table.wants) > 1:
        return False
    melds = hand_plan(hand, rnd.came_out[view.seat], view.rules.first_meld_points)
    if not melds and not rnd.came_out[view.seat]:
        return False
    return finishes(hand, table, melds)


def loose(hand: Sequence[RummyCard]) -> Counter[RummyCard]:
    """The cards of ``hand`` in none of its best melds."""
    left = Counter(hand)
    _, plan = best_meld_plan(*count_key(hand))
    jokers = 0
    for cost, used, _ in plan:
        jokers += used
        for card in hand:
            index = card.index
            if index < 52 and cost >> (2 * index) & 3:
                left[card] -= 1
                cost -= 1 << (2 * index)
    for card in hand:
        if is_joker(card) and jokers:
            left[card] -= 1
            jokers -= 1
    return +left


def rank_discards(view: PlayerView, allowed: Sequence[RummyCard]) -> list[RummyCard]:
    """The cards allowed, best discard first: the loose points left, less a bonus for
    near-meld partners (smaller when an opponent nears going out), a joker kept, a card
    the next seat (out) could lay off charged. A card of a meld comes after every loose
    card (its discard breaks the meld)."""
    rnd = view.round
    hand = rnd.hand
    free = loose(hand)
    close = any(
        seat != view.seat and rnd.came_out[seat] and size <= 4
        for seat, size in enumerate(rnd.hand_sizes)
    )
    next_out = rnd.came_out[(view.seat + 1) % len(rnd.hand_sizes)]
    weight = 2.5 if close else 5.0
    scored: list[tuple[float, int, RummyCard]] = []
    for order, card in enumerate(allowed):
        if free[card]:
            rest = list((free - Counter([card])).elements())
            cost = float(sum(card_value(c) for c in rest))
            cost -= weight * sum(links(c, rest) for c in rest) / 2
        else:
            cost = 1000.0 + loose_value([c for c in hand if c != card])
        if is_joker(card):
            cost += JOKER_KEEP
        if next_out and fits_table(card, rnd.table):
            cost += 12.0
        scored.append((cost, -order, card))
    return [card for _, _, card in sorted(scored)]


def draw(view: PlayerView) -> Action:
    """The plan's draw."""
    rnd = view.round
    if any(entry.type == "draw_discard" for entry in rnd.legal_actions):
        top = rnd.discard_pile[-1]
        if wants(view, top) and (
            rnd.came_out[view.seat]
            or is_joker(top)
            or loose_value((*rnd.hand, top)) < loose_value(rnd.hand)
        ):
            return DrawDiscard()
    return DrawStock()


def play(view: PlayerView, finishing: bool) -> Action | None:
    """The plan's melds, lay-offs and joker swaps once out (``None``: time to discard);
    when ``finishing`` (it goes out this turn) jokers are laid off too."""
    meld = next_meld(view)
    if meld is not None:
        return meld
    rnd = view.round
    hand = rnd.hand
    layoffs = options(view, "layoff")
    if layoffs:
        free = loose(hand)
        close = any(
            seat != view.seat and rnd.came_out[seat] and size <= 4
            for seat, size in enumerate(rnd.hand_sizes)
        )
        keep_jokers = not finishing and not close and len(hand) > 3 and bool(discards(view))
        best: tuple[float, LayoffOption] | None = None
        for option in layoffs:
            if is_joker(option.card) and keep_jokers:
                continue
            score = card_value(option.card) + (20.0 if free[option.card] else 0.0)
            if best is None or score > best[0]:
                best = (score, option)
        if best is not None:
            return layoff_action(best[1])
    swaps = options(view, "swap_joker")
    if swaps:
        free = loose(hand)
        for option in swaps:
            if free[option.card]:
                return SwapJoker(option.card, option.meld)
    return None


def choose(view: PlayerView, rng: random.Random) -> Action:
    """Hard's action (see the module docstring)."""
    rnd = view.round
    types = {entry.type for entry in rnd.legal_actions}
    if "draw_stock" in types:
        first = draw(view)
        if "draw_discard" not in types or not top_is_live(view):
            return first
        other: Action = DrawStock() if isinstance(first, DrawDiscard) else DrawDiscard()
        return search.choose(view, [first, other], STYLE, budget(view), rng).move
    finishing = goes_out(view)
    allowed = discards(view)
    if not rnd.came_out[view.seat]:
        if "meld" in types and (finishing or not allowed):
            return next_meld(view) or forced(view)
        if not allowed:
            return forced(view)
        ranked = rank_discards(view, allowed)
        hold = Discard(ranked[0])
        if "meld" in types:
            moves: list[Action] = [COME_OUT, hold] if in_danger(view) else [hold, COME_OUT]
            chosen = search.choose(view, moves, STYLE, budget(view), rng).move
            if chosen is COME_OUT:
                return next_meld(view) or hold
            return chosen
        return _discard(view, ranked, rng)
    action = play(view, finishing)
    if action is not None:
        return action
    if not allowed:
        return forced(view)
    return _discard(view, rank_discards(view, allowed), rng)


def _discard(view: PlayerView, ranked: Sequence[RummyCard], rng: random.Random) -> Action:
    moves: list[Action] = [Discard(card) for card in ranked[:CANDIDATES]]
    return search.choose(view, moves, STYLE, budget(view), rng).move


__all__ = [
    "BUDGET",
    "CANDIDATES",
    "DANGER_CARDS",
    "DANGER_STOCK",
    "STYLE",
    "TABLE_BUDGET",
    "budget",
    "choose",
]
