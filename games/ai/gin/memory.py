"""What a seat remembers of a round: public information only, rebuilt from the move log.

A :class:`Memory` is a fold over ``view.round.history`` (the round's public moves as the
seat may see them), so it can always be rebuilt from a :class:`~games.rules.PlayerView`
alone; keeping one between decisions only saves the replay. Every round is dealt from a
fresh deck, so nothing from an earlier round is remembered.

Cards are hand masks (bit ``suit * 13 + rank - 1``, as in :mod:`games.rules.common.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.rules.gin import MoveRecord, PlayerView

PASS = "pass"
DRAW_STOCK = "draw_stock"
DRAW_DISCARD = "draw_discard"
DISCARD = "discard"


def first_upcard(view: PlayerView) -> int:
    """The round's first upcard as a one-bit mask, worked out from the view alone.

    The upcard starts the discard pile. Either someone took it from the pile (then a
    ``draw_discard`` record names it) or it still lies at the bottom of the pile.
    """
    pile: list[int | None] = [None]
    for record in view.round.history:
        if record.type == DISCARD and record.card is not None:
            pile.append(record.card.mask)
        elif record.type == DRAW_DISCARD and record.card is not None and pile.pop() is None:
            return record.card.mask
    if view.round.discard_pile:
        return view.round.discard_pile[0].mask
    return 0  # pragma: no cover - the upcard is always somewhere


@dataclass(slots=True)
class Memory:
    """Public knowledge of one seat about the current round.

    Build it with :meth:`from_view`, or keep one and call :meth:`sync` with each new view:
    both give equal memories for the same view.
    """

    seat: int = -1
    """The seat remembering."""
    round_number: int = 0
    """The round this memory is about (0: none yet)."""
    processed: int = 0
    """How many history records have been folded in."""
    upcard: int = 0
    """The first upcard."""
    pile: list[int] = field(default_factory=list)
    """The discard pile as replayed (top last)."""
    face_up: int = 0
    """Every card seen face up this round: the upcard and every discard."""
    opp_known: int = 0
    """Cards known to be in the opponent's hand (taken from the pile, not discarded since)."""
    opp_taken: int = 0
    """Every card the opponent took from the discard pile."""
    opp_discarded: int = 0
    """Every card the opponent discarded."""
    opp_passed: int = 0
    """Cards the opponent could have taken from the pile but left (passed the upcard or
    drew from the stock instead)."""
    opp_stock_draws: int = 0
    """How many times the opponent drew from the stock."""
    my_discarded: int = 0
    """Every card this seat discarded."""
    passes: int = 0
    """Passes on the first upcard."""
    draws: int = 0
    """Draws so far by either seat (the first stock draw after two passes is forced)."""
    opp_events: list[tuple[str, int]] = field(default_factory=list)
    """The opponent's moves in order: ``(type, card mask or 0)``."""

    @classmethod
    def from_view(cls, view: PlayerView) -> Memory:
        """The memory of ``view.seat`` rebuilt from the view's public move log."""
        memory = cls()
        memory.sync(view)
        return memory

    def sync(self, view: PlayerView) -> Memory:
        """Fold in the moves of ``view`` not seen yet (starting over on a new round)."""
        history = view.round.history
        if (
            view.seat != self.seat
            or view.round.number != self.round_number
            or len(history) < self.processed
        ):
            self._reset(view)
        for record in history[self.processed :]:
            self._observe(record)
        self.processed = len(history)
        return self

    def _reset(self, view: PlayerView) -> None:
        upcard = first_upcard(view)
        self.seat = view.seat
        self.round_number = view.round.number
        self.processed = 0
        self.upcard = upcard
        self.pile = [upcard]
        self.face_up = upcard
        self.opp_known = 0
        self.opp_taken = 0
        self.opp_discarded = 0
        self.opp_passed = 0
        self.opp_stock_draws = 0
        self.my_discarded = 0
        self.passes = 0
        self.draws = 0
        self.opp_events = []

    def _observe(self, record: MoveRecord) -> None:
        bit = record.card.mask if record.card is not None else 0
        top = self.pile[-1] if self.pile else 0
        mine = record.seat == self.seat
        kind = record.type
        if kind == PASS:
            self.passes += 1
            if not mine:
                self.opp_passed |= top
        elif kind == DRAW_STOCK:
            forced = self.passes == 2 and self.draws == 0
            self.draws += 1
            if not mine:
                self.opp_stock_draws += 1
                if not forced:
                    self.opp_passed |= top
        elif kind == DRAW_DISCARD:
            self.draws += 1
            if self.pile:
                self.pile.pop()
            if not mine:
                self.opp_known |= bit
                self.opp_taken |= bit
        elif kind == DISCARD:
            self.pile.append(bit)
            self.face_up |= bit
            if mine:
                self.my_discarded |= bit
            else:
                self.opp_known &= ~bit
                self.opp_discarded |= bit
        if not mine:
            self.opp_events.append((kind, bit if kind != DRAW_STOCK else 0))

    @property
    def pile_mask(self) -> int:
        """The cards in the discard pile."""
        out = 0
        for bit in self.pile:
            out |= bit
        return out
