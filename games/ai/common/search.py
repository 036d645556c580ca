"""Determinised Monte Carlo search, for the computer players of every game of the family.

A seat sees its own cards and the public record, not the other hands nor the stock. The
search deals *worlds* consistent with what it sees (each game supplies a sampler that
deals the unseen cards to the other hands and the stock, weighting them by what those
seats were seen to take and leave), plays every candidate move out in each world (each
game supplies the playout: its own fast model of a round, played to the end by a greedy
policy at every seat) and keeps the move with the best average result.

* Every candidate is judged on the same worlds (common random numbers): the differences
  between moves, not the luck of the deal, decide.
* Sequential halving: the worlds come in rounds; after each round the worse half of the
  candidates still in play is dropped, so the budget goes to the close calls.
* The game lists its candidates best first by its own quick judgement; another move must
  beat the first by :attr:`Budget.margin` points a world to be chosen, so a search that
  sees no clear difference keeps the quick judgement instead of noise.
* The budget is a number of worlds, not a time: a decision is a function of the view and
  the random source alone (the same seed gives the same move on any machine, under any
  load), and its cost is bounded by the budget.

Standard library only; it knows no game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

Move = TypeVar("Move")
World = TypeVar("World")
Move_contra = TypeVar("Move_contra", contravariant=True)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may search, and how sure it must be to leave the game's own
    choice."""

    worlds: int
    """Worlds dealt for one decision (all of them when there are two candidates; with
    more, the halving rounds share them out)."""
    margin: float = 0.0
    """Points a world by which a move must beat the first candidate to be chosen."""
    confidence: float = 0.0
    """How many standard errors of its paired difference (world by world) a move's lead
    over the first candidate must exceed, beyond :attr:`margin`, for it to be chosen: a
    lead within the noise of the worlds dealt keeps the game's own choice."""

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("a search needs at least one world")


class Problem(Protocol[Move_contra, World]):
    """One decision, as a game sets it up for the search."""

    def sample(self, rng: random.Random) -> World:
        """A world consistent with the seat's view, dealt from ``rng``."""
        ...

    def value(self, world: World, move: Move_contra) -> float:
        """The seat's result (the game's points) of playing ``move`` in ``world`` and
        playing the rest out; deterministic given the world."""
        ...


@dataclass(slots=True)
class Outcome(Generic[Move]):
    """The search's choice and what it saw."""

    move: Move
    leads: list[float] = field(default_factory=list)
    """Each candidate's mean lead over the first, world by world (0 for the first)."""
    errors: list[float] = field(default_factory=list)
    """The standard error of each lead."""
    counts: list[int] = field(default_factory=list)
    """How many worlds judged each candidate."""


def search(
    problem: Problem[Move, World],
    candidates: Sequence[Move],
    budget: Budget,
    rng: random.Random,
) -> Outcome[Move]:
    """The best of ``candidates`` (best first by the game's own judgement) over worlds
    dealt from ``rng``; a single candidate is returned without dealing any.

    Every candidate still in play is judged in every world; the first is never dropped
    (each other is judged by its lead over it, world by world). After each round of
    worlds the others in the worse half by mean lead are dropped."""
    if not candidates:
        raise ValueError("nothing to choose from")
    count = len(candidates)
    if count == 1:
        return Outcome(candidates[0], [0.0], [0.0], [0])
    sums = [0.0] * count
    squares = [0.0] * count
    counts = [0] * count
    alive = list(range(1, count))
    rounds = max(1, math.ceil(math.log2(count)))
    per_round = max(1, budget.worlds // rounds)
    for number in range(rounds):
        worlds = per_round if number < rounds - 1 else max(1, budget.worlds - per_round * number)
        for _ in range(worlds):
            world = problem.sample(random.Random(rng.getrandbits(64)))
            base = problem.value(world, candidates[0])
            counts[0] += 1
            for index in alive:
                lead = problem.value(world, candidates[index]) - base
                sums[index] += lead
                squares[index] += lead * lead
                counts[index] += 1
        if len(alive) > 1 and number < rounds - 1:
            alive.sort(key=lambda i: (-sums[i] / counts[i], i))
            alive = sorted(alive[: max(1, len(alive) // 2)])
    leads = [sums[i] / counts[i] if counts[i] else 0.0 for i in range(count)]
    errors = [_error(sums[i], squares[i], counts[i]) for i in range(count)]
    best = 0
    best_lead = 0.0
    for index in alive:
        lead = leads[index]
        if lead - budget.confidence * errors[index] > budget.margin and lead > best_lead:
            best, best_lead = index, lead
    return Outcome(candidates[best], leads, errors, counts)


def _error(total: float, squares: float, count: int) -> float:
    """The standard error of a mean from its sum and sum of squares."""
    if count < 2:
        return math.inf if count else 0.0
    mean = total / count
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    return math.sqrt(variance / count)


def weighted_sample(
    items: Sequence[int], weights: Sequence[float], count: int, rng: random.Random
) -> list[int]:
    """``count`` positions of ``items`` drawn without replacement, each with probability
    in proportion to ``weights[item]`` (Efraimidis-Spirakis keys); the positions are
    returned in increasing order."""
    if count <= 0:
        return []
    if count >= len(items):
        return list(range(len(items)))
    draw = rng.random
    keyed = [
        (draw() ** (1.0 / max(weights[item], 1e-9)), position)
        for position, item in enumerate(items)
    ]
    keyed.sort(reverse=True)
    return sorted(position for _, position in keyed[:count])


__all__ = ["Budget", "Outcome", "Problem", "search", "weighted_sample"]
