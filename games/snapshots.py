"""A game's snapshot as the database keeps it: the state it plays on, its finished rounds
apart.

A long game's state is mostly the results of its finished rounds, which never change. So
for a game whose rules can take them out and put them back
(:class:`~games.rules.common.storage.RoundsApart`: every game on ``RulesCore``), the
snapshot that every action reads and writes (``Game.state``, and a deal's
``GameRound.start_state``) holds in their place a reference ``{"count": n, "digest": d}``
(:mod:`games.rules.common.storage`), and the k-th result is kept on the game's k-th deal
(``GameRound.result``), written once, when that round ends. An action then reads and
writes a snapshot of one round whatever the game's length.

Each process keeps the latest games' finished rounds, parsed, by game and digest: an
action, a view or a stream frame reads them from the deals only when the process has not
seen them yet. The digest names the results themselves, so a kept entry can never stand
for other results (a rolled back change, a database restored to an earlier point).

The model (:class:`games.models.Game`) reads and writes the deals; this module knows no
table.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from games.variants import (
    ROUNDS,
    AnyVariant,
    RoundsApart,
    join_rounds,
    reference,
    rounds_digest,
    rounds_reference,
)

ReadResults = Callable[[int], Sequence[Any]]
"""The first ``count`` finished rounds' results as stored, oldest first."""
KeepResult = Callable[[int, Any], None]
"""Store the result of round ``number`` (1 for the first)."""

KEPT = 4096
"""Games whose parsed finished rounds a process keeps (the least recently used go)."""

_rounds: OrderedDict[tuple[object, str], tuple[Any, ...]] = OrderedDict()
_lock = threading.Lock()


def _kept(key: tuple[object, str]) -> tuple[Any, ...] | None:
    with _lock:
        rounds = _rounds.get(key)
        if rounds is not None:
            _rounds.move_to_end(key)
        return rounds


def _keep(key: tuple[object, str], rounds: tuple[Any, ...]) -> None:
    with _lock:
        _rounds[key] = rounds
        _rounds.move_to_end(key)
        while len(_rounds) > KEPT:
            _rounds.popitem(last=False)


def forget() -> None:
    """Drop every kept entry (tests that count the reads)."""
    with _lock:
        _rounds.clear()


def _apart(variant: AnyVariant) -> RoundsApart[Any] | None:
    rules = variant.rules
    return rules if isinstance(rules, RoundsApart) else None


def _checked(results: Sequence[Any], count: int, digest: str) -> list[Any]:
    results = list(results)
    if len(results) != count or any(result is None for result in results):
        raise ValueError(
            f"the snapshot names {count} finished round(s), the deals keep "
            f"{sum(result is not None for result in results)}"
        )
    if rounds_digest("", results) != digest:
        raise ValueError("the finished rounds kept on the deals are not the snapshot's")
    return results


def load(variant: AnyVariant, data: object, *, key: object, read: ReadResults) -> Any:
    """The variant's state from a stored snapshot (``key``: the game), its finished rounds
    kept by this process or read with ``read``."""
    rules = variant.rules
    ref = rounds_reference(data)
    if ref is None:
        return rules.state_from_json(data)
    apart = _apart(variant)
    if apart is None:
        raise ValueError(f"a {variant.name} state keeps no rounds apart")
    count, digest = ref
    assert isinstance(data, dict)
    rounds = _kept((key, digest))
    if rounds is not None:
        return apart.state_with_rounds(rules.state_from_json(join_rounds(data, ())), rounds)
    results = _checked(read(count) if count else [], count, digest)
    state = rules.state_from_json(join_rounds(data, results))
    _keep((key, digest), apart.state_rounds(state))
    return state


def dump(
    variant: AnyVariant, state: Any, *, key: object, previous: object, keep: KeepResult
) -> dict[str, Any]:
    """The snapshot to store for ``state`` (``previous``: the one it was loaded from, or
    None), after keeping with ``keep`` the results of the rounds finished since."""
    rules = variant.rules
    apart = _apart(variant)
    if apart is None or not hasattr(state, ROUNDS):  # a game whose state keeps no rounds
        return rules.state_to_json(state)
    rounds = apart.state_rounds(state)
    data = rules.state_to_json(apart.state_with_rounds(state, ()))
    try:
        ref = rounds_reference(previous)
    except ValueError:
        ref = None
    count, digest = ref if ref is not None and ref[0] <= len(rounds) else (0, "")
    if len(rounds) > count:  # a round ended (or the snapshot kept its rounds in)
        new = rules.state_to_json(apart.state_with_rounds(state, rounds[count:]))[ROUNDS]
        for number, result in enumerate(new, start=count + 1):
            keep(number, result)
        digest = rounds_digest(digest, new)
    _keep((key, digest), rounds)
    data[ROUNDS] = reference(len(rounds), digest)
    return data


def whole(data: object, *, read: ReadResults) -> Any:
    """The whole stored state's JSON (its finished rounds in, as the codec writes it) from
    a snapshot; a ``ValueError`` when the deals do not keep the snapshot's results."""
    ref = rounds_reference(data)
    if ref is None:
        return data
    assert isinstance(data, dict)
    count, digest = ref
    return join_rounds(data, _checked(read(count) if count else [], count, digest))
