"""What a move is worth beside another, for every game of the family: the game review's
estimate of the points a decision lost (docs/ai.md#the-game-review).

Two moves are judged from one seat's position by the family's search
(:mod:`games.ai.common.search`) over worlds the seat cannot tell from the real one (its
rules' :meth:`~games.rules.common.game.GameRules.unseen_redealt`: the other hands and the
stock dealt anew from the cards they hold together), each move played in each world and
the round played out to its end by the game's own players at one level at every seat,
through the game's rules. A world's value is the seat's round points against the others'
(its score's change less the mean of the others'; the other way round where the scores are
penalty points). Both moves are judged on the same worlds with the same random source
(common random numbers), so the difference is the moves', not the deal's.

Standard library only; it knows no game: it reaches one through its
:class:`~games.rules.common.game.GameRules` and :class:`~games.ai.common.players.Players`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, TypeVar

from games.ai.common.players import Players
from games.ai.common.search import Budget, search
from games.rules.common.game import GameRules

State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View")

MAX_PLAYOUT_ACTIONS = 1_000
"""A safety net: a round still going after this many actions counts as no points to
anyone (the rules allow a round without end when players keep taking the discard pile's
top card)."""


@dataclass(frozen=True, slots=True)
class Loss:
    """How much worse one move did than another, in the game's points a round."""

    points: float
    """The mean, world by world, of the better move's round points less the move's."""
    error: float
    """The standard error of that mean."""
    worlds: int


@dataclass(frozen=True, slots=True)
class _World(Generic[State]):
    state: State
    seed: int


class _Judge(Generic[State, Action, View]):
    """One decision as the search sees it: worlds from the seat's position, a value by
    playing the round out."""

    def __init__(
        self,
        rules: GameRules[State, Action, View],
        players: Players[View, Action],
        state: State,
        seat: int,
        level: str,
    ) -> None:
        self.rules = rules
        self.players = players
        self.state = state
        self.seat = seat
        self.level = level
        self.sign = -1.0 if rules.penalty_points else 1.0

    def sample(self, rng: random.Random) -> _World[State]:
        return _World(self.rules.unseen_redealt(self.state, self.seat, rng), rng.getrandbits(64))

    def value(self, world: _World[State], move: Action) -> float:
        rules = self.rules
        before = rules.progress(world.state)
        state = rules.apply_action(world.state, move, self.seat)
        rng = random.Random(world.seed)
        for _ in range(MAX_PLAYOUT_ACTIONS):
            progress = rules.progress(state)
            if progress.is_over or progress.awaiting_deal or progress.turn is None:
                break
            view = rules.view_for(state, progress.turn)
            action = self.players.choose(view, self.level, rng)
            state = rules.apply_action(state, action, progress.turn)
        else:
            return 0.0
        scores = rules.progress(state).scores
        gains = [after - then for after, then in zip(scores, before.scores, strict=True)]
        own = gains[self.seat]
        others = [gain for at, gain in enumerate(gains) if at != self.seat]
        return self.sign * (own - sum(others) / len(others))


def move_loss(
    rules: GameRules[State, Action, View],
    players: Players[View, Action],
    state: State,
    seat: int,
    move: Action,
    better: Action,
    *,
    worlds: int,
    level: str,
    rng: random.Random,
) -> Loss:
    """The round points ``seat`` is expected to lose by playing ``move`` rather than
    ``better`` from ``state`` (negative: ``move`` did better), over ``worlds`` worlds it
    cannot tell from ``state``, the round played out by ``level`` at every seat. Both moves
    must be legal for ``seat`` in ``state``; the estimate depends on ``state`` only through
    what ``seat`` sees of it, and on ``rng``."""
    judge = _Judge(rules, players, state, seat, level)
    outcome = search(judge, [better, move], Budget(worlds=worlds), rng)
    return Loss(-outcome.leads[1], outcome.errors[1], outcome.counts[1])


__all__ = ["MAX_PLAYOUT_ACTIONS", "Loss", "move_loss"]
