"""Rummy 500's side of the family's search (:mod:`games.ai.common.search`): the worlds a
seat deals from its view, a fast model of the round's race, and the draw it searches.

What a seat knows: every card but the other hands and the stock is in sight (its hand, the
open pile, the table). The unseen cards are the deck less those; a world deals each other
seat as many of them as its hand holds (a hand holding a meld is mostly dealt again: the
players meld at once) and the rest is the stock, in a random order.

The playout (:class:`Race`) plays the round on from the searching seat's draw with one
plain policy at every seat, on integers and bit masks: take the top card when it melds
with the hand or fits the table, else the stock; put down every meld (runs, then sets) and
every lay-off; discard the highest card with the fewest neighbours. It stops when a seat
goes out, the stock runs out, or every seat has played :data:`HORIZON` turns, and is worth
the seat's round points (table less hand) less the mean of the other seats'.

Printed jokers are not modelled: with the ``jokers`` rule the players keep their heuristic
draw. Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.ai.common.search import Budget, Outcome, search
from games.rules.rummy500 import DrawDiscard, DrawStock, PlayerView, meld_with, pile_index

HORIZON = 8
"""Turns each seat plays in a playout after the searching seat's draw (the race's length);
a round that ends sooner is scored as it ends."""
DEAL_TRIES = 3
"""A dealt hand holding a meld is dealt again up to this many times."""

_HAND = tuple(15 if i % 13 == 0 else min(i % 13 + 1, 10) for i in range(52))
"""A card's value in a hand, by index (``suit * 13 + rank - 1``)."""
_PLACE = (0, 1, *range(2, 11), 10, 10, 10, 15)
"""Table points of a run's place 1-14 (the ace low 1, high 15)."""
_SET = tuple(15 if rank == 1 else min(rank, 10) for rank in range(14))
"""Table points of a set's card by rank (1-13)."""


def _card(suit: int, place: int) -> int:
    """The card at a run place 1-14 of ``suit`` (1 and 14 are the ace)."""
    return suit * 13 + (0 if place == 14 else place - 1)


class Table:
    """The table as the playout needs it: which ranks have a set, each run's suit and
    ends, and which cards a lay-off takes (with its points)."""

    __slots__ = ("runs", "sets", "wants")

    def __init__(self) -> None:
        self.sets: list[bool] = [False] * 14
        self.runs: list[list[int]] = []
        self.wants: dict[int, tuple[int, int]] = {}
        """Card -> (run number or -1 for a set, place or rank)."""

    def copy(self) -> Table:
        out = Table()
        out.sets = list(self.sets)
        out.runs = [list(run) for run in self.runs]
        out.wants = dict(self.wants)
        return out

    def refresh(self) -> None:
        wants: dict[int, tuple[int, int]] = {}
        for rank in range(1, 14):
            if self.sets[rank]:
                for suit in range(4):
                    wants[suit * 13 + rank - 1] = (-1, rank)
        for number, (suit, low, high) in enumerate(self.runs):
            if low > 1 and not (low == 2 and high == 14):
                wants[_card(suit, low - 1)] = (number, low - 1)
            if high < 14 and not (low == 1 and high == 13):
                wants[_card(suit, high + 1)] = (number, high + 1)
        self.wants = wants

    def lay(self, card: int) -> int:
        """Lay ``card`` off (it is in :attr:`wants`); its points."""
        number, place = self.wants[card]
        if number < 0:
            points = _SET[place]
        else:
            run = self.runs[number]
            if place < run[1]:
                run[1] = place
            else:
                run[2] = place
            points = _PLACE[place]
        self.refresh()
        return points


def _masks(hand: Sequence[int]) -> tuple[list[int], list[int]]:
    """Per suit the ranks held (bit ``rank - 1``), per rank (1-13) how many."""
    suits = [0, 0, 0, 0]
    ranks = [0] * 14
    for card in hand:
        suit, rank0 = divmod(card, 13)
        suits[suit] |= 1 << rank0
        ranks[rank0 + 1] += 1
    return suits, ranks


def _in_run(bits: int, rank0: int) -> bool:
    """Whether a card of rank ``rank0 + 1`` added to a suit's ``bits`` makes a three-card
    run (the ace low or high)."""
    ext = bits | (1 << rank0)
    ext |= (ext & 1) << 13
    for place in (rank0, 13) if rank0 == 0 else (rank0,):
        for low in (place - 2, place - 1, place):
            if 0 <= low <= 11 and (ext >> low) & 7 == 7:
                return True
    return False


def makes_meld(card: int, hand: Sequence[int]) -> bool:
    """Whether ``card`` makes a three-card meld with ``hand``."""
    suits, ranks = _masks(hand)
    suit, rank0 = divmod(card, 13)
    return ranks[rank0 + 1] >= 2 or _in_run(suits[suit], rank0)


def has_meld(hand: Sequence[int]) -> bool:
    """Whether ``hand`` holds a meld."""
    suits, ranks = _masks(hand)
    if max(ranks) >= 3:
        return True
    for bits in suits:
        ext = bits | ((bits & 1) << 13)
        if ext & (ext >> 1) & (ext >> 2):
            return True
    return False


def meld_all(hand: list[int], table: Table) -> int:
    """Put every meld of ``hand`` on ``table`` (runs, longest stretches first, then sets),
    taking their cards out of ``hand``; the table points."""
    suits, ranks = _masks(hand)
    points = 0
    used: list[int] = []
    for suit in range(4):
        bits = suits[suit]
        if not bits:
            continue
        ext = bits | ((bits & 1) << 13)
        if not ext & (ext >> 1) & (ext >> 2):
            continue
        place = 1
        ace_used = False
        while place <= 14:
            if not (ext >> (place - 1)) & 1 or (place == 14 and ace_used):
                place += 1
                continue
            end = place
            while end < 14 and (ext >> end) & 1 and not (end + 1 == 14 and ace_used):
                end += 1
            if end - place >= 2:
                if place == 1:
                    ace_used = True
                for at in range(place, end + 1):
                    card = _card(suit, at)
                    used.append(card)
                    ranks[card % 13 + 1] -= 1
                    points += _PLACE[at]
                table.runs.append([suit, place, end])
            place = end + 1
    if used:
        for card in used:
            hand.remove(card)
    for rank in range(1, 14):
        if ranks[rank] >= 3:
            held = [c for c in hand if c % 13 == rank - 1]
            for card in held:
                hand.remove(card)
            points += _SET[rank] * len(held)
            table.sets[rank] = True
            used.append(-1)
    if used:
        table.refresh()
    return points


def lay_all(hand: list[int], table: Table) -> int:
    """Lay off every card of ``hand`` the table takes (again until none does); points."""
    points = 0
    laid = True
    while laid and hand:
        laid = False
        for card in hand:
            if card in table.wants:
                points += table.lay(card)
                hand.remove(card)
                laid = True
                break
    return points


def loose_card(hand: Sequence[int], keep: int | None) -> int:
    """The card to discard: the highest with the fewest neighbours (same rank, or the same
    suit within two ranks), never ``keep`` while another card is held."""
    suits, ranks = _masks(hand)
    best = -1
    best_key = (0, 0)
    for card in hand:
        if card == keep and len(hand) > 1:
            continue
        suit, rank0 = divmod(card, 13)
        window = (suits[suit] << 2) >> max(0, rank0) & 0b11111
        near = ranks[rank0 + 1] - 1 + window.bit_count() - 1
        key = (-near, _HAND[card])
        if best < 0 or key > best_key:
            best, best_key = card, key
    return best


@dataclass(slots=True)
class World:
    """The other hands (the searching seat's own is its real one) and the stock, drawn
    from the end."""

    hands: list[list[int]]
    stock: list[int]


class Race:
    """One playout of the round from a world."""

    __slots__ = ("hands", "pile", "points", "seats", "stock", "table")

    def __init__(self, world: World, table: Table, pile: list[int]) -> None:
        self.hands = [list(hand) for hand in world.hands]
        self.stock = list(world.stock)
        self.table = table.copy()
        self.pile = list(pile)
        self.seats = len(self.hands)
        self.points = [0] * self.seats

    def finish(self, seat: int, keep: int | None) -> bool:
        """Melds, lay-offs and a discard for ``seat`` after its draw; whether the round
        ended."""
        hand = self.hands[seat]
        self.points[seat] += meld_all(hand, self.table)
        if self.table.wants:
            self.points[seat] += lay_all(hand, self.table)
        if not hand:
            return True
        card = loose_card(hand, keep)
        hand.remove(card)
        self.pile.append(card)
        return not hand or not self.stock

    def turn(self, seat: int) -> bool:
        """``seat``'s whole turn by the plain policy; whether the round ended."""
        hand = self.hands[seat]
        keep = None
        if self.pile:
            top = self.pile[-1]
            if top in self.table.wants or makes_meld(top, hand):
                keep = self.pile.pop()
                hand.append(keep)
        if keep is None:
            hand.append(self.stock.pop())
        return self.finish(seat, keep)

    def run(self, seat: int) -> None:
        """Play on from ``seat``'s turn for :data:`HORIZON` turns a seat at most."""
        for _ in range(HORIZON * self.seats):
            if self.turn(seat):
                return
            seat = (seat + 1) % self.seats

    def value(self, seat: int) -> float:
        results = [self.points[s] - sum(_HAND[c] for c in self.hands[s]) for s in range(self.seats)]
        others = [results[s] for s in range(self.seats) if s != seat]
        return results[seat] - sum(others) / len(others)


@dataclass(frozen=True, slots=True)
class Draw:
    """One draw the search judges: ``card`` ``None`` for the stock, else the card named on
    the pile (with every card above it); ``forced``: the meld that must hold the picked
    card (``()`` for a lay-off of it, ``None`` when nothing is owed)."""

    action: DrawStock | DrawDiscard
    taken: tuple[int, ...] = ()
    forced: tuple[int, ...] | None = None


class Decision:
    """The draw of one seat as a :class:`~games.ai.common.search.Problem`."""

    def __init__(self, view: PlayerView) -> None:
        rnd = view.round
        self.seat = view.seat
        self.hand = [card.index for card in rnd.hand]
        self.pile = [card.index for card in rnd.discard_pile]
        seen = set(self.hand) | set(self.pile)
        table = Table()
        for meld in rnd.table:
            indices = [card.index for card in meld.cards]
            seen.update(indices)
            if meld.suit is None:
                table.sets[meld.rank] = True
            else:
                table.runs.append([int(meld.suit), meld.rank, meld.rank + len(indices) - 1])
        table.refresh()
        self.table = table
        self.unseen = [card for card in range(52) if card not in seen]
        self.sizes = rnd.hand_sizes
        self.free = view.rules.top_card_free

    def draw(self, view: PlayerView, action: DrawStock | DrawDiscard) -> Draw:
        """The :class:`Draw` of ``action``."""
        if isinstance(action, DrawStock):
            return Draw(action)
        pile = view.round.discard_pile
        card = pile[-1] if action.card is None else action.card
        index = pile_index(pile, card)
        taken = tuple(c.index for c in pile[index:])
        if index == len(pile) - 1 and self.free:
            return Draw(action, taken)
        meld = meld_with(card, (*view.round.hand, *pile[index:]))
        forced = () if meld is None else tuple(c.index for c in meld)
        return Draw(action, taken, forced)

    def sample(self, rng: random.Random) -> World:
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for seat, size in enumerate(self.sizes):
            if seat == self.seat:
                hands.append(self.hand)
                continue
            for attempt in range(DEAL_TRIES):
                dealt = pool[:size]
                if attempt == DEAL_TRIES - 1 or not has_meld(dealt):
                    break
                rng.shuffle(pool)
            hands.append(dealt)
            del pool[:size]
        return World(hands, pool)

    def value(self, world: World, move: Draw) -> float:
        race = Race(world, self.table, self.pile)
        seat = self.seat
        hand = race.hands[seat]
        keep = None
        if move.taken:
            del race.pile[len(race.pile) - len(move.taken) :]
            hand.extend(move.taken)
            if move.forced is None:
                keep = move.taken[0]
            elif move.forced:
                for card in move.forced:
                    hand.remove(card)
                suits = {c // 13 for c in move.forced}
                if len(suits) == 1 and len({c % 13 for c in move.forced}) == 3:
                    places = sorted(c % 13 + 1 for c in move.forced)
                    if places[0] == 1 and places[1] != 2:
                        places = [*places[1:], 14]
                    race.table.runs.append([suits.pop(), places[0], places[-1]])
                    race.points[seat] += sum(_PLACE[p] for p in places)
                else:
                    race.table.sets[move.forced[0] % 13 + 1] = True
                    race.points[seat] += _SET[move.forced[0] % 13 + 1] * 3
                race.table.refresh()
            else:
                race.points[seat] += race.table.lay(move.taken[0])
                hand.remove(move.taken[0])
        else:
            hand.append(race.stock.pop())
        if not race.finish(seat, keep):
            race.run((seat + 1) % race.seats)
        return race.value(seat)


def choose(
    view: PlayerView,
    moves: Sequence[DrawStock | DrawDiscard],
    budget: Budget,
    rng: random.Random,
) -> Outcome[Draw]:
    """The best of the draws ``moves`` (the player's own choice first) by the search."""
    decision = Decision(view)
    return search(decision, [decision.draw(view, move) for move in moves], budget, rng)


__all__ = ["HORIZON", "Decision", "Draw", "Race", "Table", "World", "choose"]
