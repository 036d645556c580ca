"""Walking a JSON value, for the codec tests of every game."""

from __future__ import annotations

from collections.abc import Iterator


def json_paths(value: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every path (keys and indexes) into a JSON value, the empty path first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, (*prefix, index))
