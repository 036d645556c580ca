"""What every Rummy player shares: a stand-in state rebuilt from the seat's view alone,
the concrete legal moves, and the hand measures the levels decide with.

The stand-in state holds the seat's own hand, the public table, discard pile and who came
out; every other hand and the stock are filled with jokers of the right sizes. Nothing
hidden is in it, so nothing hidden can reach a decision; it exists only so the rules core
can say which of the seat's own actions are legal (those depend on the seat's hand and
the public table, never on the other hands or the stock order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.rules.rummy import (
    JOKER,
    Action,
    GameState,
    Joker,
    Meld,
    Phase,
    PlayerView,
    RoundState,
    RummyCard,
    best_melds,
    card_value,
    is_legal,
    legal_moves,
    timeout_action,
)
from games.rules.rummy.melds import TableMeld, layoff_fits


def stand_in(view: PlayerView) -> GameState:
    """A state that agrees with ``view`` on everything the seat may see (hidden cards are
    jokers), for asking the rules core about this seat's own actions."""
    rnd = view.round
    seat = view.seat
    hands = tuple(
        rnd.hand if i == seat else (JOKER,) * size for i, size in enumerate(rnd.hand_sizes)
    )
    owed = int(
        rnd.phase is Phase.PLAY and all(entry.type != "discard" for entry in rnd.legal_actions)
    )
    round_state = RoundState(
        number=rnd.number,
        dealer=rnd.dealer,
        hands=hands,
        stock=(JOKER,) * rnd.stock_size,
        discard_pile=rnd.discard_pile,
        table=rnd.table,
        came_out=rnd.came_out,
        phase=rnd.phase,
        turn=rnd.turn,
        drawn_from_discard=rnd.drawn_from_discard,
        out_at_turn_start=rnd.came_out[seat],
        jokers_owed=owed,
    )
    return GameState(
        rules=view.rules,
        seats=len(rnd.hand_sizes),
        scores=view.scores,
        round=round_state,
        rounds=view.rounds,
        left=view.left,
        final=view.final,
    )


def moves(view: PlayerView, melds: bool = True) -> list[Action]:
    """Every concrete action the seat may take now (see ``legal_moves``)."""
    return legal_moves(stand_in(view), view.seat, melds=melds)


def forced(view: PlayerView) -> Action:
    """The rules core's fallback move (a stock draw, playing an owed joker, the
    highest-valued discard allowed)."""
    return timeout_action(stand_in(view), view.seat)


def legal(view: PlayerView, action: Action) -> bool:
    """Whether the seat may play ``action`` now."""
    return is_legal(stand_in(view), action, view.seat)


def without(hand: Sequence[RummyCard], cards: Iterable[RummyCard]) -> tuple[RummyCard, ...]:
    """``hand`` less one copy of each of ``cards``."""
    remove = Counter(cards)
    out = []
    for card in hand:
        if remove[card] > 0:
            remove[card] -= 1
        else:
            out.append(card)
    return tuple(out)


def loose_cards(hand: Sequence[RummyCard]) -> tuple[RummyCard, ...]:
    """The cards of ``hand`` left over by its best melds (:func:`best_melds`)."""
    _, melds = best_melds(hand)
    return without(hand, (card for meld in melds for card in meld))


def loose_value(hand: Sequence[RummyCard]) -> int:
    """What the hand's loose cards would cost if the round ended now."""
    return sum(card_value(card) for card in loose_cards(hand))


def next_meld(view: PlayerView) -> Meld | None:
    """A meld to put down now, following the hand's best melds: the whole best first meld
    before coming out, one meld of the best melds after. ``None`` when none is legal."""
    hand = view.round.hand
    if not any(entry.type == "meld" for entry in view.round.legal_actions):
        return None
    _, melds = best_melds(hand)
    if not melds:
        return None
    if not view.round.came_out[view.seat]:
        action = Meld(tuple(melds))
        return action if legal(view, action) else None
    for meld in melds:
        action = Meld((meld,))
        if legal(view, action):
            return action
    return None


def fits_table(card: RummyCard, table: Sequence[TableMeld]) -> bool:
    """Whether ``card`` could be laid off on some table meld (a joker always can be when
    any meld takes one)."""
    return any(layoff_fits(meld, card) for meld in table)


def discards(view: PlayerView) -> tuple[RummyCard, ...]:
    """The cards the seat may discard now (empty when it may not discard)."""
    for entry in view.round.legal_actions:
        if entry.type == "discard":
            return entry.cards or ()
    return ()


def is_joker(card: RummyCard) -> bool:
    """Whether ``card`` is a joker."""
    return isinstance(card, Joker)
