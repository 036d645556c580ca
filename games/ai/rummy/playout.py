"""Fast Rummy playouts for the search: a determinised round played to its end by a quick
greedy policy at every seat.

A *world* (:class:`World`) fixes everything a seat cannot see: the other hands and the
stock order, as the sampler of :mod:`games.ai.rummy.search` deals them. :class:`Sim`
plays a world on from a position of the real round, with cards as indices (0-51 the
natural cards as :attr:`games.rules.common.cards.Card.index` numbers them, 52 the joker),
hands as lists and copy counts, and the table as what each meld still takes.

It is a model of the round, not the rules core: fast enough for dozens of playouts in a
decision, and close to the rules where a decision turns on them. Every seat plays the
usual moves of a sound player: it takes the pile's top card when it is a joker, makes a
meld with two cards of the hand or (once out) fits the table; it comes out as soon as the
melds it finds reach the first meld's points and then puts down every meld it holds; it
lays off every card that fits, the highest first; it discards the card with the most
points less its partners' worth, never a joker while it holds a natural card, never the
card it just took while it holds another. Melds are found greedily (natural runs, then
natural sets, then a joker to a pair or a gapped pair), jokers never outnumber a meld's
natural cards, and a meld or lay-off never empties a hand (a seat goes out by
discarding). It skips what is rare (joker swaps, taking a card that is not the pile's top
one after a take). The round's points are the rules' (docs/games/rummy.md): the seat that goes out
takes the others' hand values, doubled on a hand rummy when the rules say; a block (the
stock runs out) costs every seat its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.rules.rummy import melds as _melds
from games.rules.rummy.cards import JOKER_INDEX, RummyCard, card_at, card_value
from games.rules.rummy.melds import (
    RUN_VALUES,
    SET_VALUES,
    MeldKind,
    has_meld,
    live_key,
    read_meld,
)

CACHE_SIZE = 1 << 16
"""Hands whose meld measures each process keeps (the same hands recur across the worlds
and playouts of a decision, and across decisions; the measures are exact and pure, so a
cached one is the same answer)."""


@lru_cache(maxsize=CACHE_SIZE)
def best_meld_plan(key: int, jokers: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """:func:`games.rules.rummy.melds.best_meld_plan`, cached."""
    best, plan = _melds.best_meld_plan(key, jokers)
    return best, tuple(plan)


@lru_cache(maxsize=CACHE_SIZE)
def reaches_key(key: int, jokers: int, points: int) -> bool:
    """:func:`games.rules.rummy.melds.reaches_key`, cached."""
    return _melds.reaches_key(key, jokers, points)


JOKER = JOKER_INDEX
"""The joker's index."""
VALUES: tuple[int, ...] = tuple(card_value(card_at(i)) for i in range(53))
"""A card's value in a hand at the end of a round, by index."""
MAX_TURNS = 200
"""A playout still going after this many turns is scored as a block (a round between
players who keep taking the pile's top card need not end)."""
LINK_WEIGHT = 6.0
"""Points a partner card (same rank, or a suit neighbour) is worth when choosing a
discard: a card with partners may still make a meld."""


def _index(suit: int, place: int) -> int:
    """The index of the natural card at run place 1-14 (14: the ace high)."""
    return suit * 13 + (0 if place == 14 else place - 1)


def _partners(index: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Cards that meld with ``index``: the same rank in the other suits; suit neighbours
    one place away; two places away (the ace next to the two and to the king)."""
    suit, rank0 = divmod(index, 13)
    same = tuple(s * 13 + rank0 for s in range(4) if s != suit)
    places = (rank0 + 1, 14) if rank0 == 0 else (rank0 + 1,)

    def around(step: int) -> tuple[int, ...]:
        out = [
            _index(suit, place + sign * step)
            for place in places
            for sign in (-1, 1)
            if 1 <= place + sign * step <= 14
        ]
        return tuple(i for i in dict.fromkeys(out) if i != index)

    return same, around(1), around(2)


def _run_pairs(index: int) -> tuple[tuple[int, int], ...]:
    """Pairs of cards of the suit that make a run of three with ``index``."""
    suit, rank0 = divmod(index, 13)
    out = []
    for place in (rank0 + 1, 14) if rank0 == 0 else (rank0 + 1,):
        for low in range(max(1, place - 2), min(place, 12) + 1):
            others = [q for q in range(low, low + 3) if q != place]
            out.append((_index(suit, others[0]), _index(suit, others[1])))
    return tuple(dict.fromkeys(out))


PARTNERS = tuple(_partners(i) for i in range(52))
""":func:`_partners` of every natural card."""
RUN_PAIRS = tuple(_run_pairs(i) for i in range(52))
""":func:`_run_pairs` of every natural card."""
LINKS = tuple(
    tuple(
        (other, worth)
        for group, worth in zip(partners, (1.0, 1.0, 0.5), strict=True)
        for other in group
    )
    for partners in PARTNERS
)
"""Per natural card, each partner with what it adds to :func:`links` (sums of ones and
halves are exact, whatever their order)."""


def links(card: int, counts: Sequence[int]) -> float:
    """How near ``card`` is to a meld with the cards of ``counts`` (copies per index):
    one for each other suit of its rank and each suit neighbour held, half for a card two
    places away."""
    if card == JOKER:
        return 0.0
    score = 0.0
    for other, worth in LINKS[card]:
        if counts[other]:
            score += worth
    return score


def makes_meld(card: int, counts: Sequence[int]) -> bool:
    """Whether ``card`` makes a meld with two cards of the hand, or with one and a joker
    of the hand (a joker always does, with any pair)."""
    jokers = counts[JOKER]
    if card == JOKER:
        return True
    same, near, far = PARTNERS[card]
    ranks = sum(1 for other in same if counts[other])
    if ranks >= 2 or (jokers and ranks):
        return True
    for a, b in RUN_PAIRS[card]:
        if counts[a] and counts[b]:
            return True
    if jokers:
        return any(counts[other] for other in near) or any(counts[other] for other in far)
    return False


def find_melds(counts: Sequence[int]) -> tuple[list[list[int]], list[int], list[int]]:
    """Melds in a hand (copies per index), found greedily: runs of natural cards (longest
    first, the ace high after a king), then sets of natural cards, then a joker with a
    pair of the same rank or two cards of a suit one or two places apart. Returns the
    table entries (see :class:`Table`), the cards they use (meld after meld) and each
    meld's points."""
    avail = list(counts)
    melds: list[list[int]] = []
    used: list[int] = []
    points: list[int] = []
    for suit in range(4):
        base = suit * 13
        place = 1
        while place <= 13:
            if not avail[base + place - 1]:
                place += 1
                continue
            high = place
            while high < 13 and avail[base + high]:
                high += 1
            top = 14 if high == 13 and place > 1 and avail[base] else high
            if top - place >= 2:
                for p in range(place, top + 1):
                    index = _index(suit, p)
                    avail[index] -= 1
                    used.append(index)
                melds.append([1, suit, place, top, 0, 0, 0])
                points.append(sum(RUN_VALUES[place : top + 1]))
            place = high + 1
    for rank0 in range(13):
        suits = [s for s in range(4) if avail[s * 13 + rank0]]
        if len(suits) >= 3:
            mask = 0
            for s in suits:
                avail[s * 13 + rank0] -= 1
                used.append(s * 13 + rank0)
                mask |= 1 << s
            melds.append([0, rank0, mask, len(suits), 0, 0, 0])
            points.append(SET_VALUES[rank0 + 1] * len(suits))
    while avail[JOKER]:
        found = _joker_meld(avail)
        if found is None:
            break
        meld, cards, worth = found
        for index in cards:
            avail[index] -= 1
            used.append(index)
        avail[JOKER] -= 1
        used.append(JOKER)
        melds.append(meld)
        points.append(worth)
    return melds, used, points


def _joker_meld(avail: Sequence[int]) -> tuple[list[int], tuple[int, int], int] | None:
    """A meld of two natural cards and a joker: a set, else a run with the joker at an
    end (two neighbours) or in the middle (a gap of one)."""
    for rank0 in range(13):
        suits = [s for s in range(4) if avail[s * 13 + rank0]]
        if len(suits) >= 2:
            a, b = suits[0], suits[1]
            meld = [0, rank0, 1 << a | 1 << b, 3, 1, 0, 0]
            return meld, (a * 13 + rank0, b * 13 + rank0), SET_VALUES[rank0 + 1] * 3
    for suit in range(4):
        for place in range(1, 14):
            first = _index(suit, place)
            if not avail[first]:
                continue
            second = _index(suit, place + 1)
            if avail[second]:
                if place + 2 <= 14:
                    meld = [1, suit, place, place + 2, 1, 0, 1]
                    return meld, (first, second), sum(RUN_VALUES[place : place + 3])
                meld = [1, suit, place - 1, place + 1, 1, 1, 0]
                return meld, (first, second), sum(RUN_VALUES[place - 1 : place + 2])
            if place + 2 <= 14:
                third = _index(suit, place + 2)
                if avail[third]:
                    meld = [1, suit, place, place + 2, 1, 0, 0]
                    return meld, (first, third), sum(RUN_VALUES[place : place + 3])
    return None


def plan_meld(cost: int, jokers: int, points: int) -> tuple[list[int], list[int]]:
    """A meld of :func:`~games.rules.rummy.melds.best_meld_plan` (its natural cards' count
    key, its jokers and points) as a table entry (see :class:`Table`) and its cards."""
    naturals = []
    while cost:
        index = ((cost & -cost).bit_length() - 1) >> 1
        cost -= 1 << (2 * index)
        naturals.append(index)
    cards = [*naturals, *([JOKER] * jokers)]
    rank0 = naturals[0] % 13
    if all(index % 13 == rank0 for index in naturals):
        suits = 0
        for index in naturals:
            suits |= 1 << (index // 13)
        return [0, rank0, suits, len(cards), jokers, 0, 0], cards
    suit = naturals[0] // 13
    length = len(cards)
    for aces_high in (False, True):
        places = {14 if aces_high and i % 13 == 0 else i % 13 + 1 for i in naturals}
        lowest, highest = min(places), max(places)
        for low in range(max(1, highest - length + 1), lowest + 1):
            high = low + length - 1
            if high <= 14 and sum(RUN_VALUES[low : high + 1]) == points:
                meld = [1, suit, low, high, jokers, int(low not in places), int(high not in places)]
                return meld, cards
    raise AssertionError("a planned run fits no places")  # pragma: no cover


def stuck(hand: Sequence[int], key: int, jokers: int, wants: Sequence[int]) -> int:
    """How many cards of ``hand`` (its count key and jokers given too) are in no meld the
    hand could make and fit no table meld: a hand with two such cards cannot go out this
    turn."""
    live = live_key(key, jokers)
    return sum(
        1 for index in hand if index != JOKER and not live >> (2 * index) & 3 and not wants[index]
    )


def unplayed(counts: Sequence[int], wants: Sequence[int]) -> int:
    """How many cards of a hand (copies per index) neither the greedy melds of
    :func:`find_melds` use nor the table takes: a quick look at how far the hand is from
    going out in one turn."""
    _, used, _ = find_melds(counts)
    left = list(counts)
    for card in used:
        left[card] -= 1
    return sum(copies for card, copies in enumerate(left) if copies and not wants[card])


def finishes(
    hand: Sequence[int], table: Table, melds: Sequence[tuple[list[int], list[int]]]
) -> bool:
    """Whether ``hand`` goes out this turn: after putting ``melds`` (table entries and
    their cards, from the hand) down and laying off what fits on ``table`` and on them,
    at most one card is left, to discard."""
    left = list(hand)
    for _, cards in melds:
        for card in cards:
            left.remove(card)
    if len(left) <= 1:
        return True
    table = table.copy()
    for meld, _ in melds:
        table.add(list(meld))
    table.refresh()
    while len(left) > 1:
        for card in left:
            if table.wants[card]:
                left.remove(card)
                table.lay_off(card)
                break
        else:
            return False
    return True


def hand_plan(
    hand: Sequence[int], came_out: bool, first_meld: int
) -> list[tuple[list[int], list[int]]]:
    """The melds ``hand`` would put down now (table entries and their cards): its best
    melds, once out if any, before only when they reach ``first_meld`` points."""
    key = 0
    jokers = 0
    for index in hand:
        if index == JOKER:
            jokers += 1
        else:
            key += 1 << (2 * index)
    if came_out:
        if not has_meld(key, jokers):
            return []
    elif not reaches_key(key, jokers, first_meld):
        return []
    _, plan = best_meld_plan(key, jokers)
    return [plan_meld(cost, used, points) for cost, used, points in plan]


class Table:
    """The melds on the table, as what each still takes. A meld is a list: a set
    ``[0, rank0, suits, size, jokers, 0, 0]``, a run ``[1, suit, low, high, jokers,
    low is a joker, high is a joker]`` (places 1-14, the ace high 14)."""

    __slots__ = ("melds", "wants")

    def __init__(self) -> None:
        self.melds: list[list[int]] = []
        self.wants: list[int] = [0] * 53
        """How many melds take each card (index 52: a joker)."""

    def copy(self) -> Table:
        out = Table()
        out.melds = [list(meld) for meld in self.melds]
        out.wants = list(self.wants)
        return out

    def add_written(self, cards: Sequence[RummyCard]) -> None:
        """Put down a meld as the rules write it (a table meld of the real round)."""
        kind, rank, suit = read_meld(tuple(cards))
        jokers = sum(1 for card in cards if card.index == JOKER)
        if kind is MeldKind.SET:
            suits = 0
            for card in cards:
                if card.index != JOKER:
                    suits |= 1 << (card.index // 13)
            self.melds.append([0, rank - 1, suits, len(cards), jokers, 0, 0])
        else:
            assert suit is not None
            self.melds.append(
                [
                    1,
                    int(suit),
                    rank,
                    rank + len(cards) - 1,
                    jokers,
                    int(cards[0].index == JOKER),
                    int(cards[-1].index == JOKER),
                ]
            )
        self.refresh()

    def add(self, meld: list[int]) -> None:
        self.melds.append(meld)

    def refresh(self) -> None:
        """Recount what each meld takes (after melds were added or cards laid off)."""
        wants = [0] * 53
        for kind, a, b, c, jokers, low_joker, high_joker in self.melds:
            if kind == 0:  # a set: rank a, suits b, size c
                if c < 4:
                    for s in range(4):
                        if not b >> s & 1:
                            wants[s * 13 + a] += 1
                    if 2 * jokers + 2 <= c + 1:
                        wants[JOKER] += 1
                continue
            base = a * 13  # a run of suit a, places b-c
            if b >= 2 and not (b == 2 and c == 14):
                wants[base + b - 2] += 1
            if c <= 13 and not (b == 1 and c == 13):
                wants[base + (0 if c == 13 else c)] += 1
            if 2 * jokers + 2 <= c - b + 2 and (
                (b >= 2 and not low_joker and not (b == 2 and c == 14))
                or (c <= 13 and not high_joker and not (b == 1 and c == 13))
            ):
                wants[JOKER] += 1
        self.wants = wants

    def lay_off(self, card: int) -> None:
        """Lay ``card`` off on a meld that takes it (one must)."""
        for meld in self.melds:
            kind, a, b, c, jokers, low_joker, high_joker = meld
            if card == JOKER:
                if kind == 0:
                    if c < 4 and 2 * jokers + 2 <= c + 1:
                        meld[3] += 1
                        meld[4] += 1
                        break
                    continue
                if 2 * jokers + 2 > c - b + 2:
                    continue
                if c <= 13 and not high_joker and not (b == 1 and c == 13):
                    meld[3] += 1
                    meld[4] += 1
                    meld[6] = 1
                    break
                if b >= 2 and not low_joker and not (b == 2 and c == 14):
                    meld[2] -= 1
                    meld[4] += 1
                    meld[5] = 1
                    break
                continue
            suit, rank0 = divmod(card, 13)
            if kind == 0:
                if a == rank0 and c < 4 and not b >> suit & 1:
                    meld[2] |= 1 << suit
                    meld[3] += 1
                    break
                continue
            if a != suit:
                continue
            place = rank0 + 1
            if b >= 2 and b - 1 == place and not (place == 1 and c == 14):
                meld[2] = place
                meld[5] = 0
                break
            top = 14 if place == 1 else place
            if c <= 13 and c + 1 == top and not (b == 1 and top == 14):
                meld[3] = top
                meld[6] = 0
                break
        else:  # pragma: no cover - the caller checked wants
            raise AssertionError(f"no meld takes card {card}")
        self.refresh()


@dataclass(slots=True)
class World:
    """One determinisation: every hand (the searching seat's its own) and the stock, next
    card first."""

    hands: list[list[int]]
    stock: list[int]


class Sim:
    """One playout of a world from a position of the round."""

    __slots__ = (
        "came_out",
        "counts",
        "danger_cards",
        "danger_stock",
        "doubles",
        "drawn",
        "first_meld",
        "hands",
        "holds",
        "out_at_start",
        "pile_top",
        "seats",
        "stock",
        "table",
    )

    def __init__(
        self,
        world: World,
        table: Table,
        came_out: Sequence[bool],
        pile_top: int | None,
        first_meld: int,
        doubles: bool,
        holds: Sequence[bool] = (),
        danger: tuple[int, int] = (0, 0),
    ) -> None:
        """``holds``: the seats that play for a hand rummy (see :meth:`meld`), with
        ``danger`` as ``(cards, stock)``: they come out when another seat that came out
        holds that many cards or fewer, or the stock that many."""
        self.hands = [list(hand) for hand in world.hands]
        self.counts = []
        for hand in self.hands:
            counts = [0] * 53
            for card in hand:
                counts[card] += 1
            self.counts.append(counts)
        self.stock = world.stock
        self.table = table.copy()
        self.came_out = list(came_out)
        self.out_at_start = list(came_out)
        self.pile_top = pile_top
        self.first_meld = first_meld
        self.doubles = doubles
        self.seats = len(self.hands)
        self.holds = list(holds) if holds else [False] * self.seats
        self.danger_cards, self.danger_stock = danger
        self.drawn = 0
        """How many stock cards were drawn."""

    # --- the moves -------------------------------------------------------------------

    def _drop(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.counts[seat][card] -= 1

    def draw(self, seat: int, from_pile: bool) -> int | None:
        """Draw for ``seat``: the pile's top card (returned: it may not be discarded this
        turn) or the stock's next card."""
        self.out_at_start[seat] = self.came_out[seat]
        if from_pile and self.pile_top is not None:
            card = self.pile_top
            self.pile_top = None
            taken: int | None = card
        else:
            card = self.stock[self.drawn]
            self.drawn += 1
            taken = None
        self.hands[seat].append(card)
        self.counts[seat][card] += 1
        return taken

    def wants_top(self, seat: int) -> bool:
        """The policy's draw (see the module docstring)."""
        top = self.pile_top
        if top is None:
            return False
        counts = self.counts[seat]
        if top == JOKER:
            return len(self.hands[seat]) > counts[JOKER]
        if self.came_out[seat] and self.table.wants[top]:
            return True
        return makes_meld(top, counts)

    def meld(self, seat: int, drawn: int) -> None:
        """Come out when the hand's best melds reach the first meld's points, putting them
        all down; once out, put down the best melds when the card ``drawn`` made one."""
        counts = self.counts[seat]
        came_out = self.came_out[seat]
        if came_out and drawn != JOKER and not makes_meld(drawn, counts):
            return
        key = 0
        for index in self.hands[seat]:
            if index != JOKER:
                key += 1 << (2 * index)
        jokers = counts[JOKER]
        holding = not came_out and self.holds[seat] and not self.in_danger(seat)
        if holding and (
            stuck(self.hands[seat], key, jokers, self.table.wants) > 1
            or unplayed(counts, self.table.wants) > 2
        ):
            return  # it cannot go out this turn (or hardly): it keeps holding
        if came_out:
            if not has_meld(key, jokers):
                return
        elif not reaches_key(key, jokers, self.first_meld):
            return
        _, plan = best_meld_plan(key, jokers)
        if not plan:
            return
        melds = [plan_meld(cost, used, points) for cost, used, points in plan]
        if holding and not self.finishes(seat, melds):
            return
        self.put_down(seat, melds)

    def put_down(self, seat: int, melds: Sequence[tuple[list[int], list[int]]]) -> None:
        """Put ``melds`` (table entries and their cards) down from ``seat``'s hand."""
        table = self.table
        for meld, cards in melds:
            for card in cards:
                self._drop(seat, card)
            table.add(list(meld))
        table.refresh()
        self.came_out[seat] = True

    def in_danger(self, seat: int) -> bool:
        """Whether a seat playing for a hand rummy should come out now: another seat that
        came out is down to the danger's cards, or the stock to its size."""
        if len(self.stock) - self.drawn <= self.danger_stock:
            return True
        limit = self.danger_cards
        return any(
            other != seat and self.came_out[other] and len(hand) <= limit
            for other, hand in enumerate(self.hands)
        )

    def finishes(self, seat: int, melds: Sequence[tuple[list[int], list[int]]]) -> bool:
        """Whether ``seat`` goes out this turn by putting ``melds`` down and laying off
        what fits (one card left to discard)."""
        return finishes(self.hands[seat], self.table, melds)

    def lay_off(self, seat: int) -> None:
        """Lay off every card that fits, the highest first, keeping one card."""
        if not self.came_out[seat]:
            return
        hand = self.hands[seat]
        table = self.table
        while len(hand) > 1:
            wants = table.wants
            best = -1
            for card in hand:
                if wants[card] and (best < 0 or VALUES[card] > VALUES[best]):
                    best = card
            if best < 0:
                return
            self._drop(seat, best)
            table.lay_off(best)

    def choose_discard(self, seat: int, taken: int | None) -> int:
        """The policy's discard (see the module docstring)."""
        hand = self.hands[seat]
        counts = self.counts[seat]
        naturals = len(hand) > counts[JOKER]
        others = taken is not None and counts[taken] < len(hand)
        best = -1
        score = 0.0
        for card in hand:
            if card == JOKER and naturals:
                continue
            if card == taken and others:
                continue
            value = VALUES[card] - LINK_WEIGHT * links(card, counts)
            if best < 0 or value > score:
                best, score = card, value
        return best if best >= 0 else hand[0]

    def discard(self, seat: int, card: int) -> int | None:
        """Discard ``card``. The round's end, if it ended: ``seat`` (it went out) or -1
        (a block: the stock is empty); else ``None``."""
        self._drop(seat, card)
        self.pile_top = card
        if not self.hands[seat]:
            return seat
        if self.drawn >= len(self.stock):
            return -1
        return None

    def finish_turn(self, seat: int, taken: int | None) -> int | None:
        """The rest of ``seat``'s turn after its draw: melds, lay-offs, the discard."""
        self.meld(seat, self.hands[seat][-1])
        self.lay_off(seat)
        return self.discard(seat, self.choose_discard(seat, taken))

    def run(self, seat: int) -> int:
        """Play whole turns of the policy from ``seat`` (which must draw) until the round
        ends; its end as :meth:`discard` says."""
        for _ in range(MAX_TURNS):
            taken = self.draw(seat, self.wants_top(seat))
            end = self.finish_turn(seat, taken)
            if end is not None:
                return end
            seat = (seat + 1) % self.seats
        return -1

    # --- the result ------------------------------------------------------------------

    def points(self, end: int, seat: int) -> int:
        """``seat``'s points for the round as it ended (``end``: the seat that went out,
        or -1 for a block)."""
        values = [sum(VALUES[card] for card in hand) for hand in self.hands]
        if end < 0:
            return -values[seat]
        factor = 2 if self.doubles and not self.out_at_start[end] else 1
        if end == seat:
            return factor * sum(values)
        return -factor * values[seat]
