"""The public record of a deal, as one seat reads it from its view: which cards are still
to come, and what each other seat took from, left on and passed over on the discard pile.

Everything comes from the seat's :class:`~games.rules.indian.PlayerView`: its own hand,
the discard pile, the wild joker card and the deal's public history (``round.history``:
each seat's draws, the card of every draw from the pile and every discard; a stock draw
names no card). Nothing hidden is read, so nothing hidden can reach a decision.

* A card is *live* while a copy of it may still come from the stock: its copies (one per
  deck) less those in the seat's hand, on the discard pile, shown as the wild joker card,
  or known to be in another hand (taken from the pile and not discarded since).
* A seat that took a card keeps it in a group to be; one that discarded a card, or drew
  from the stock while it lay on top (*passed* it), had no use for it then.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.rules.indian import (
    JOKER,
    Card,
    IndianCard,
    Joker,
    PlayerView,
    SeatStatus,
    is_joker,
)

_JOKER_INDEX = JOKER.index


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """What one seat did with the discard pile in the deal."""

    took: Counter[IndianCard]
    """Cards it took from the pile."""
    discarded: Counter[IndianCard]
    """Cards it discarded."""
    passed: Counter[IndianCard]
    """Cards that lay on top of the pile when it drew from the stock."""
    holds: Counter[IndianCard]
    """Cards it took and has not discarded since: in its hand."""
    draws: int
    """How many times it drew."""


@dataclass(frozen=True, slots=True)
class Table:
    """The deal's public record, from one seat's view."""

    seat: int
    wild_rank: int
    live: tuple[int, ...]
    """Copies still to come of each card index (52: the printed joker)."""
    live_jokers: int
    """Jokers still to come: printed jokers and cards of the wild rank."""
    seats: tuple[SeatRecord, ...]
    turns: int
    """Draws made in the deal, by every seat."""
    unseen: int
    """Cards this seat has not seen (in the stock or in other hands, unknown)."""

    @classmethod
    def of(cls, view: PlayerView) -> Table:
        rnd = view.round
        seat_count = len(rnd.hand_sizes)
        wild = rnd.wild_rank
        took = [Counter[IndianCard]() for _ in range(seat_count)]
        discarded = [Counter[IndianCard]() for _ in range(seat_count)]
        passed = [Counter[IndianCard]() for _ in range(seat_count)]
        holds = [Counter[IndianCard]() for _ in range(seat_count)]
        draws = [0] * seat_count
        pile: list[IndianCard | None] = [None]  # the first upcard, until it shows itself
        for entry in rnd.history:
            who = entry.seat
            if entry.type == "reshuffle":
                pile = pile[-1:]
                continue
            if who is None:
                continue
            if entry.type == "draw_stock":
                draws[who] += 1
                if pile and pile[-1] is not None:
                    passed[who][pile[-1]] += 1
            elif entry.type == "draw_discard" and entry.card is not None:
                draws[who] += 1
                took[who][entry.card] += 1
                holds[who][entry.card] += 1
                if pile:
                    pile.pop()
            elif entry.type == "discard" and entry.card is not None:
                discarded[who][entry.card] += 1
                if holds[who][entry.card]:
                    holds[who][entry.card] -= 1
                pile.append(entry.card)
        seen: Counter[int] = Counter(card.index for card in rnd.hand)
        seen.update(card.index for card in rnd.discard_pile)
        seen[rnd.wild_card.index] += 1
        for other in range(seat_count):
            if other != view.seat:
                seen.update(card.index for card in holds[other].elements())
        decks = view.rules.decks
        live = tuple(max(0, decks - seen[index]) for index in range(53))
        live_jokers = live[_JOKER_INDEX] + sum(live[suit * 13 + wild - 1] for suit in range(4))
        records = tuple(
            SeatRecord(took[s], discarded[s], passed[s], +holds[s], draws[s])
            for s in range(seat_count)
        )
        return cls(view.seat, wild, live, live_jokers, records, sum(draws), sum(live))

    def live_of(self, card: IndianCard) -> int:
        """Copies of ``card`` still to come."""
        return self.live[card.index]

    def next_seat(self, view: PlayerView) -> int | None:
        """The next seat after this one still in the deal (the one that may take this
        seat's discard), or ``None``."""
        status = view.round.status
        count = len(status)
        for step in range(1, count):
            seat = (self.seat + step) % count
            if status[seat] is SeatStatus.IN:
                return seat
        return None

    def holds_chance(self, index: int, seat: int, hand_size: int) -> float:
        """The chance that ``seat`` (holding ``hand_size`` cards) holds a copy of the
        natural card ``index``: 1 when it took one and kept it; else its share of the
        copies still unseen (a third of that when it discarded one)."""
        record = self.seats[seat]
        card = _CARDS[index]
        if record.holds[card]:
            return 1.0
        unseen = self.unseen
        if not unseen:
            return 0.0
        unknown = max(0, hand_size - sum(record.holds.values()))
        chance = min(1.0, self.live[index] * unknown / unseen)
        if record.discarded[card]:
            chance /= 3
        return chance

    def want_chance(self, card: IndianCard, seat: int, hand_size: int) -> float:
        """The chance that ``card`` makes a group of three natural cards with two of
        ``seat``'s (so that it would take it from the pile): for each pair of cards that
        would, the chance it holds both (:meth:`holds_chance`), taken as independent. A
        joker may not be taken from the pile at all."""
        if isinstance(card, Joker) or is_joker(card, self.wild_rank):
            return 0.0
        chance = {}

        def held(index: int) -> float:
            if index not in chance:
                chance[index] = (
                    0.0
                    if index % 13 + 1 == self.wild_rank
                    else self.holds_chance(index, seat, hand_size)
                )
            return chance[index]

        missing = 1.0
        for first, second in _group_pairs(card):
            missing *= 1.0 - held(first) * held(second)
        if self.seats[seat].passed[card]:
            missing = 1.0 - (1.0 - missing) / 2
        return 1.0 - missing

    def danger(self, card: IndianCard, seat: int) -> float:
        """How likely ``seat`` is to want ``card`` from the pile: the cards it took (which
        it keeps in groups to be) near it count for, the cards it discarded or passed near
        it against; a joker may not be taken from the pile at all."""
        if isinstance(card, Joker) or is_joker(card, self.wild_rank):
            return 0.0
        record = self.seats[seat]
        score = 0.0
        for other, count in record.holds.items():
            score += count * _related(card, other, self.wild_rank)
        for other, count in record.discarded.items():
            score -= 0.4 * count * _related(card, other, self.wild_rank)
        if record.passed[card] or record.discarded[card]:
            score -= 0.5
        return score


_CARDS: tuple[Card, ...] = tuple(Card.parse(f"{r}{s}") for s in "SHDC" for r in "A23456789TJQK")


def _group_pairs(card: Card) -> list[tuple[int, int]]:
    """The pairs of natural cards (indices) that make a group of three with ``card``: the
    two places below, around or above it in its suit (the ace low or high), or two other
    suits of its rank."""
    suit, rank = card.suit, card.rank
    base = int(suit) * 13
    out = []
    for place in (1, 14) if rank == 1 else (rank,):
        for low in (place - 2, place - 1, place):
            run = [p for p in range(low, low + 3) if p != place]
            if low >= 1 and low + 2 <= 14:
                out.append((base + (run[0] - 1) % 13, base + (run[1] - 1) % 13))
    others = [other * 13 + rank - 1 for other in range(4) if other != int(suit)]
    out += [(a, b) for i, a in enumerate(others) for b in others[i + 1 :]]
    return out


def _related(card: Card, other: IndianCard, wild_rank: int) -> float:
    """How much ``card`` belongs in a group with ``other``: same rank in another suit (a
    set), or the same suit one or two places away (a sequence)."""
    if not isinstance(other, Card) or is_joker(other, wild_rank):
        return 0.0
    if other.rank == card.rank:
        return 1.0 if other.suit != card.suit else 0.0
    if other.suit != card.suit:
        return 0.0
    gap = abs(other.rank - card.rank)
    high = max(other.rank, card.rank)
    if min(other.rank, card.rank) == 1 and high >= 12:  # the ace above the king
        gap = min(gap, 14 - high)
    if gap == 1:
        return 1.0
    if gap == 2:
        return 0.6
    return 0.0
