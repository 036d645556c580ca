"""Rummy's side of the family's search (:mod:`games.ai.common.search`): what a seat knows
of the hidden cards, the worlds it deals from that, and the decisions it searches.

What a seat knows (:class:`Belief`, from its :class:`~games.rules.rummy.PlayerView`
alone): the unseen cards are the two decks and the jokers less its hand, the discard
pile and the table. The pile's public record (``round.pile_history``) says what each
other seat took from the pile (in its hand until it discards it or a meld of its own on
the table shows it), what it discarded, and what it left (the card on top when it drew
from the stock instead). Each unseen card gets a weight per seat: the cards that meld
with a card it took (same rank, suit neighbours) are likelier in its hand, those that meld
with a card it discarded or left less likely.

A world (:func:`deal_world`) deals each other seat its known cards and the rest of its
hand from the unseen cards by those weights (a seat that came out rarely holds a meld in
hand: a hand with one is dealt again, as a rule), and the stock from what is left, in a
random order. The playouts are :mod:`games.ai.rummy.playout`'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.ai.common.search import Budget, Outcome, search, weighted_sample
from games.ai.rummy.playout import (
    JOKER,
    LINK_WEIGHT,
    VALUES,
    Sim,
    Table,
    World,
    find_melds,
    links,
    makes_meld,
)
from games.rules.common.pile import DISCARD, DRAW_DISCARD
from games.rules.rummy import Action, Discard, DrawDiscard, DrawStock, Meld, PlayerView

TAKEN = (2.0, 2.0, 1.5)
"""Weight factors for the partners of a card a seat took: same rank, suit neighbour at one
place, at two places."""
DISCARDED = (0.6, 0.6, 0.8)
"""The same for a card a seat discarded."""
PASSED = (0.7, 0.7, 0.85)
"""The same for a card a seat left on the pile (drew from the stock instead)."""
IMPLAUSIBLE_KEPT = 0.1
"""How often a dealt hand that a sound player would not hold is kept (a meld in the hand
of a seat that came out, the first meld's points in one that did not); otherwise it is
dealt again, up to :data:`DEAL_TRIES` times."""
DEAL_TRIES = 4
FITS_TABLE = 0.1
"""Weight factor, for a seat that came out, of a card the table takes (it would have
laid it off)."""
IMPROVE_STEPS = 8
"""At most this many turns of keeping the better card are played on a dealt hand (one
per turn the seat played), so that it is as organised as a real hand (whose owner has
been throwing away its least useful cards), not a random heap."""


def _partners(index: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Card indices that meld with ``index``: same rank; suit neighbours at 1; at 2 (the
    ace next to the two and the king)."""
    suit, rank0 = divmod(index, 13)
    base = suit * 13
    same = tuple(s * 13 + rank0 for s in range(4) if s != suit)

    def around(step: int) -> tuple[int, ...]:
        out = []
        for r in (rank0 - step, rank0 + step):
            if 0 <= r < 13:
                out.append(base + r)
        if rank0 == 0:
            out.append(base + 13 - step)  # the ace high
        if rank0 == 13 - step:
            out.append(base)
        return tuple(dict.fromkeys(out))

    return same, around(1), around(2)


PARTNERS = tuple(_partners(i) for i in range(52))


@dataclass(slots=True)
class Belief:
    """One seat's knowledge of the hidden cards at one decision."""

    seat: int
    unseen: list[int]
    """Copies of each card (index 0-52) the seat has not seen: in other hands or the
    stock."""
    known: list[list[int]]
    """Per seat, the cards known to be in its hand (none for the seat itself)."""
    weights: list[list[float]]
    """Per seat, each card's weight for being in its hand."""
    sizes: tuple[int, ...]
    """Every hand's size."""
    stock_size: int
    came_out: tuple[bool, ...]
    turns: list[int]
    """How many turns each seat has played this round (its discards)."""
    fits: list[int]
    """How many table melds take each card."""
    first_meld: int

    @classmethod
    def build(cls, view: PlayerView) -> Belief:
        rnd = view.round
        seats = len(rnd.hand_sizes)
        unseen = [2] * 52 + [view.rules.jokers]
        for seen in (*rnd.hand, *rnd.discard_pile, *(c for meld in rnd.table for c in meld.cards)):
            unseen[seen.index] -= 1
        known: list[list[int]] = [[] for _ in range(seats)]
        weights = [[1.0] * 53 for _ in range(seats)]
        taken: list[list[int]] = [[] for _ in range(seats)]
        dropped: list[list[int]] = [[] for _ in range(seats)]
        passed: list[list[int]] = [[] for _ in range(seats)]
        pile: list[int | None] = [None]  # the first upcard, unknown until taken
        took_this_turn = False
        for event in rnd.pile_history:
            card = event.card.index if event.card is not None else JOKER
            seat = event.seat
            if event.action == DRAW_DISCARD:
                if pile:
                    pile.pop()
                took_this_turn = True
                if seat != view.seat:
                    known[seat].append(card)
                    taken[seat].append(card)
            elif event.action == DISCARD:
                top = pile[-1] if pile else None
                if top is None and len(pile) == 1 and rnd.discard_pile:
                    top = rnd.discard_pile[0].index
                if seat != view.seat:
                    if not took_this_turn and top is not None:
                        passed[seat].append(top)
                    if card in known[seat]:
                        known[seat].remove(card)
                    dropped[seat].append(card)
                pile.append(card)
                took_this_turn = False
        for meld in rnd.table:
            if meld.owner != view.seat:
                for held in meld.cards:
                    if held.index in known[meld.owner]:
                        known[meld.owner].remove(held.index)
        left = list(unseen)
        for seat in range(seats):
            if seat == view.seat:
                continue
            kept: list[int] = []
            for card in known[seat]:
                if left[card] > 0 and len(kept) < rnd.hand_sizes[seat]:
                    left[card] -= 1
                    kept.append(card)
            known[seat] = kept
            row = weights[seat]
            for cards, factors in (
                (taken[seat], TAKEN),
                (dropped[seat], DISCARDED),
                (passed[seat], PASSED),
            ):
                for card in cards:
                    if card == JOKER:
                        continue
                    for group, factor in zip(PARTNERS[card], factors, strict=True):
                        for other in group:
                            row[other] *= factor
        turns = [len(cards) for cards in dropped]
        table = Table()
        for meld in rnd.table:
            table.add_written(meld.cards)
        for seat in range(seats):
            if seat != view.seat and rnd.came_out[seat]:
                row = weights[seat]
                for card, melds in enumerate(table.wants):
                    if melds:
                        row[card] *= FITS_TABLE
        return cls(
            view.seat,
            unseen,
            known,
            weights,
            rnd.hand_sizes,
            rnd.stock_size,
            rnd.came_out,
            turns,
            table.wants,
            view.rules.first_meld_points,
        )


def deal_world(belief: Belief, hand: Sequence[int], rng: random.Random) -> World:
    """A world consistent with ``belief``: the other hands and the stock."""
    pool: list[int] = []
    left = list(belief.unseen)
    for seat, cards in enumerate(belief.known):
        if seat != belief.seat:
            for card in cards:
                left[card] -= 1
    for card, copies in enumerate(left):
        pool.extend([card] * max(0, copies))
    seats = len(belief.sizes)
    hands: list[list[int]] = [[] for _ in range(seats)]
    hands[belief.seat] = list(hand)
    for offset in range(1, seats):
        seat = (belief.seat + offset) % seats
        known = belief.known[seat]
        need = belief.sizes[seat] - len(known)
        weights = belief.weights[seat]
        steps = min(belief.turns[seat], IMPROVE_STEPS)
        avoid = belief.fits if belief.came_out[seat] else None
        dealt: list[int] = []
        rest: list[int] = []
        for attempt in range(DEAL_TRIES):
            chosen = set(weighted_sample(pool, weights, need, rng))
            dealt = [*known, *(pool[i] for i in sorted(chosen))]
            rest = [card for i, card in enumerate(pool) if i not in chosen]
            if steps and rest:
                dealt = _improve(dealt, len(known), rest, steps, avoid, rng)
            if (
                attempt == DEAL_TRIES - 1
                or _plausible(dealt, belief.came_out[seat], belief.first_meld)
                or rng.random() < IMPLAUSIBLE_KEPT
            ):
                break
        hands[seat] = dealt
        pool = rest
    rng.shuffle(pool)
    return World(hands, pool)


def _plausible(hand: Sequence[int], came_out: bool, first_meld: int) -> bool:
    """Whether a sound player would hold ``hand`` at the end of its turn: once out, no
    meld in it (it would have put it down); before, not the first meld's points."""
    counts = [0] * 53
    for card in hand:
        counts[card] += 1
    melds, _, points = find_melds(counts)
    if came_out:
        return not melds
    return sum(points) < first_meld


def _improve(
    hand: list[int],
    fixed: int,
    pool: list[int],
    steps: int,
    avoid: Sequence[int] | None,
    rng: random.Random,
) -> list[int]:
    """``hand`` after ``steps`` turns of keeping the better card: draw a random card of
    ``pool``, then put back the card (not one of the first ``fixed``, which are known)
    that a sound player would let go: one the table takes (``avoid``: it would have been
    laid off), else the one with the most points less its partners' worth. ``pool`` gets
    the card put back."""
    counts = [0] * 53
    for card in hand:
        counts[card] += 1
    for _ in range(steps):
        at = rng.randrange(len(pool))
        card = pool[at]
        hand.append(card)
        counts[card] += 1
        worst = -1
        score = 0.0
        for position in range(fixed, len(hand)):
            held = hand[position]
            if avoid is not None and avoid[held]:
                value = 1000.0
            elif held == JOKER:
                continue
            else:
                value = VALUES[held] - LINK_WEIGHT * links(held, counts)
            if worst < 0 or value > score:
                worst, score = position, value
        if worst < 0:
            worst = len(hand) - 1
        dropped = hand.pop(worst)
        counts[dropped] -= 1
        pool[at] = dropped
    return hand


@dataclass(frozen=True, slots=True)
class Style:
    """How the searching seat plays on in its playouts (every other seat plays the
    playouts' plain policy: out as soon as it can)."""

    holds: bool = False
    """It plays for a hand rummy while it has not come out: it keeps its melds in hand
    until it can go out in one turn, or until the danger."""
    danger_cards: int = 0
    """It comes out when another seat that came out holds this many cards or fewer."""
    danger_stock: int = 0
    """It comes out when the stock holds this many cards or fewer."""


COME_OUT = Meld(())
"""The move "come out now" (put down every best meld, lay off, discard) as the search
judges it against holding (a discard)."""


class Decision:
    """The search problem of one Rummy decision (a :class:`~games.ai.common.search.Problem`):
    moves are a draw, a discard, or :data:`COME_OUT`."""

    def __init__(self, view: PlayerView, style: Style) -> None:
        rnd = view.round
        self.view = view
        self.seat = view.seat
        self.belief = Belief.build(view)
        self.hand = [card.index for card in rnd.hand]
        table = Table()
        for meld in rnd.table:
            table.add_written(meld.cards)
        self.table = table
        self.top = rnd.discard_pile[-1].index if rnd.discard_pile else None
        self.taken = rnd.drawn_from_discard.index if rnd.drawn_from_discard else None
        self.came_out = rnd.came_out
        self.first_meld = view.rules.first_meld_points
        self.doubles = view.rules.hand_rummy_doubles
        self.seats = len(rnd.hand_sizes)
        self.holds = tuple(
            style.holds and seat == view.seat and not rnd.came_out[seat]
            for seat in range(self.seats)
        )
        self.danger = (style.danger_cards, style.danger_stock)

    def sample(self, rng: random.Random) -> World:
        return deal_world(self.belief, self.hand, rng)

    def sim(self, world: World) -> Sim:
        return Sim(
            world,
            self.table,
            self.came_out,
            self.top,
            self.first_meld,
            self.doubles,
            self.holds,
            self.danger,
        )

    def value(self, world: World, move: Action) -> float:
        sim = self.sim(world)
        seat = self.seat
        if isinstance(move, DrawStock | DrawDiscard):
            taken = sim.draw(seat, isinstance(move, DrawDiscard))
            end = sim.finish_turn(seat, taken)
        elif isinstance(move, Meld):
            sim.holds[seat] = False
            end = sim.finish_turn(seat, self.taken)
        else:
            assert isinstance(move, Discard)
            end = sim.discard(seat, move.card.index)
        if end is None:
            end = sim.run((seat + 1) % self.seats)
        return float(sim.points(end, seat))


def top_is_live(view: PlayerView) -> bool:
    """Whether the pile's top card could be worth taking (so the draw is worth a search):
    a joker, a card that makes a meld with the hand or fits the table once out, or one
    with a partner in the hand."""
    rnd = view.round
    if not rnd.discard_pile:
        return False
    top = rnd.discard_pile[-1].index
    counts = [0] * 53
    for card in rnd.hand:
        counts[card.index] += 1
    if top == JOKER or makes_meld(top, counts):
        return True
    if rnd.came_out[view.seat]:
        table = Table()
        for meld in rnd.table:
            table.add_written(meld.cards)
        if table.wants[top]:
            return True
    return links(top, counts) >= 1.0


def choose(
    view: PlayerView, moves: Sequence[Action], style: Style, budget: Budget, rng: random.Random
) -> Outcome[Action]:
    """The best of ``moves`` (best first by the player's own judgement) by the search."""
    return search(Decision(view, style), moves, budget, rng)


__all__ = [
    "COME_OUT",
    "Belief",
    "Decision",
    "Style",
    "choose",
    "deal_world",
    "top_is_live",
]
