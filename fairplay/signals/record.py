"""Games closed before ratings move, and the player's recent record (lichess's
SandbagWatch).

Two accounts can trade wins: the loser makes a move (so the game is not aborted) and
concedes. :func:`early_forfeit` says when a game that ended so must be unrated: a seat that
forfeited (conceded, or ran out of time) had made fewer than ``min_draws`` draws of its own
(a draw begins a turn, so this counts the turns the loser really played; the turn timer's
moves are not theirs).

Each such end is also an outcome in both players' recent record: the last ``length``
outcomes, where :func:`record_verdict` asks for a friendly warning from ``warn_at`` bad
outcomes and a signal from ``signal_at``; ``length`` good outcomes in a row wipe the record
(:func:`record_push`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Outcome(StrEnum):
    """One finished game, as the recent record keeps it."""

    GOOD = "good"
    EARLY_LOSS = "early_loss"
    """This player forfeited before playing ``min_draws`` turns (unrated)."""
    EARLY_WIN = "early_win"
    """The other player forfeited so, and this one won (unrated)."""


def early_forfeit(
    *,
    forfeited: bool,
    own_draws: Mapping[int, int],
    forfeiters: Collection[int],
    min_draws: int,
) -> bool:
    """Whether a game that ended by a forfeit (``forfeited``: the reason was a concession
    or a timeout) must be unrated: some seat of ``forfeiters`` made fewer than
    ``min_draws`` draws of its own (``own_draws``: per seat, a seat absent made none)."""
    if not forfeited or min_draws <= 0:
        return False
    return any(own_draws.get(seat, 0) < min_draws for seat in forfeiters)


def record_push(
    outcomes: Sequence[Outcome], outcome: Outcome, *, length: int
) -> tuple[Outcome, ...]:
    """The record after ``outcome``: the last ``length`` outcomes, or none at all once
    they are ``length`` good ones (a clean record is forgotten)."""
    kept = (*outcomes, outcome)[-length:] if length > 0 else ()
    if len(kept) == length and all(item is Outcome.GOOD for item in kept):
        return ()
    return kept


@dataclass(frozen=True, slots=True)
class RecordVerdict:
    bad: int
    """Bad outcomes in the record."""
    warn: bool
    """At least ``warn_at`` of them: a friendly warning (the caller sends at most one an
    hour)."""
    signal: bool
    """At least ``signal_at``: a signal for staff."""


def record_verdict(outcomes: Sequence[Outcome], *, warn_at: int, signal_at: int) -> RecordVerdict:
    """What the record calls for."""
    bad = sum(item is not Outcome.GOOD for item in outcomes)
    return RecordVerdict(bad=bad, warn=bad >= warn_at, signal=bad >= signal_at)
