"""A stored state in two parts: what a game plays on, and its finished rounds kept apart.

Every game's codec writes its whole state as one JSON object whose ``rounds`` is the list
of the finished rounds' results, oldest first, and every game's state value holds the same
results as its ``rounds`` field. Those results never change once a round is over, they
make up most of a long game's state, and playing on needs none of them until the game is
settled. So the server stores them apart (:class:`RoundsApart`): the snapshot that every
action reads and writes keeps, in place of the list, a reference ``{"count": n, "digest":
d}``, and the results are kept one per deal, written once when the round ends. The digest
chains the results (:func:`rounds_digest`): the same results in the same order give the
same digest, so it names them for a cache as surely as their text would, and shows when
stored results do not belong to the snapshot.

A snapshot whose ``rounds`` is still a list keeps them in (:func:`rounds_reference`
returns None for it), as does the state of a game whose codec writes no ``rounds``.

>>> ref = {"format_version": 1, "rounds": {"count": 1, "digest": rounds_digest("", [{"n": 1}])}}
>>> rounds_reference(ref)[0], rounds_reference({"rounds": [{"n": 1}]})
(1, None)
>>> join_rounds(ref, [{"n": 1}])
{'format_version': 1, 'rounds': [{'n': 1}]}
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from games.rules.common.game import Json, JsonObject

ROUNDS = "rounds"
"""The key of a stored state that holds the finished rounds' results (every codec's)."""

State = TypeVar("State")


@runtime_checkable
class RoundsApart(Protocol[State]):
    """A game whose finished rounds' results may be stored apart from the state it plays
    on: its state's ``rounds`` (what the codec writes under :data:`ROUNDS`) can be taken
    out and put back. Every game on :class:`~games.rules.common.core.RulesCore` is one."""

    def state_rounds(self, state: State) -> tuple[Any, ...]:
        """The finished rounds' results of ``state``, oldest first."""
        ...

    def state_with_rounds(self, state: State, rounds: Sequence[Any]) -> State:
        """``state`` holding ``rounds`` as its finished rounds' results."""
        ...


def dataclass_rounds(state: object) -> tuple[Any, ...]:
    """The ``rounds`` field of a state dataclass (what :class:`RoundsApart` reads)."""
    rounds: tuple[Any, ...] = getattr(state, ROUNDS)
    return rounds


def dataclass_with_rounds(state: State, rounds: Sequence[Any]) -> State:
    """A state dataclass with another ``rounds`` field, every other field the same."""
    changed: State = dataclasses.replace(state, rounds=tuple(rounds))  # type: ignore[type-var]
    return changed


def rounds_digest(previous: str, results: Sequence[Json]) -> str:
    """The digest of ``previous``'s results followed by ``results`` (``""`` for none):
    each result chained in turn, as its JSON with sorted keys."""
    digest = previous
    for result in results:
        text = json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest = hashlib.sha256(f"{digest}:{text}".encode()).hexdigest()[:32]
    return digest


def reference(count: int, digest: str) -> JsonObject:
    """What a snapshot keeps in place of ``count`` results of that ``digest``."""
    return {"count": count, "digest": digest}


def rounds_reference(data: object) -> tuple[int, str] | None:
    """``(count, digest)`` of a snapshot that keeps its finished rounds apart; None for
    one that keeps them in (or has none). A malformed reference raises ``ValueError``."""
    if not isinstance(data, Mapping):
        return None
    value = data.get(ROUNDS)
    if not isinstance(value, Mapping):
        return None
    count, digest = value.get("count"), value.get("digest")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError("the rounds reference needs a count")
    if not isinstance(digest, str):
        raise ValueError("the rounds reference needs a digest")
    return count, digest


def split_rounds(data: Mapping[str, Json]) -> tuple[JsonObject, list[Json]]:
    """A whole stored state's snapshot (its ``rounds`` a reference) and the results."""
    results = list(data[ROUNDS])
    return {**data, ROUNDS: reference(len(results), rounds_digest("", results))}, results


def join_rounds(data: Mapping[str, Json], results: Sequence[Json]) -> JsonObject:
    """The whole stored state from a snapshot and its finished rounds' results."""
    return {**data, ROUNDS: list(results)}


__all__ = [
    "ROUNDS",
    "RoundsApart",
    "dataclass_rounds",
    "dataclass_with_rounds",
    "join_rounds",
    "reference",
    "rounds_digest",
    "rounds_reference",
    "split_rounds",
]
