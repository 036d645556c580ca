"""What the simulators of every game share: running groups of games in worker processes,
the command line's ``--rules`` and progress, and the figures a report quotes."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result", bound=tuple[Any, ...])


def run_tasks(
    play: Callable[[Task], Result],
    tasks: list[Task],
    workers: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """``play`` over ``tasks`` in ``workers`` processes (in this one when 1), sorted by each
    result's first item (its group's index), calling ``progress(done, total)`` as they come.
    ``play`` must be a module-level function (it is pickled for the workers)."""
    results: list[Result] = []
    for done, item in enumerate(_run(play, tasks, workers), start=1):
        results.append(item)
        if progress is not None:
            progress(done, len(tasks))
    results.sort(key=lambda item: item[0])
    return results


def _run(play: Callable[[Task], Result], tasks: list[Task], workers: int) -> Iterator[Result]:
    if workers == 1 or len(tasks) == 1:
        for task in tasks:
            yield play(task)
        return
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap_unordered(play, tasks, chunksize=1)


def percentile(values: list[int], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest-rank method."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return float(ordered[rank - 1])


Rules = TypeVar("Rules")


def parse_rules_option(
    games: int,
    rules: str | None,
    default: Callable[[], Rules],
    from_dict: Callable[[dict[str, Any]], Rules],
) -> Rules:
    """``--rules`` (JSON) read by ``from_dict`` (``default()`` without it), once ``--games``
    is checked too; ValueError naming the option at fault. Shared by both variants."""
    if games < 1:
        raise ValueError("--games must be at least 1.")
    if not rules:
        return default()
    try:
        return from_dict(json.loads(rules))
    except ValueError as error:  # not JSON, or refused rules (RulesError is a ValueError)
        raise ValueError(f"--rules: {error}") from error


def progress_printer(write: Callable[[str], object]) -> Callable[[int, int], None]:
    """A progress callback for :func:`simulate` that writes a line every 5%."""

    def show(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            write(f"  {done}/{total} pairs played")

    return show
