"""Walking a JSON value, for the codec tests of every game."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.rules.common.errors import RulesError


def json_paths(value: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    """Every path (keys and indexes) into a JSON value, the empty path first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, (*prefix, index))


def replaced_at(value: object, path: tuple[object, ...], new: object) -> Any:
    """A copy of the JSON ``value`` with ``new`` at ``path`` (a non-empty path of
    :func:`json_paths`)."""
    out: Any = json.loads(json.dumps(value))
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return out


def assert_state_refused(state_from_json: Callable[[object], object], body: object) -> RulesError:
    """``state_from_json(body)`` is refused with a ``validation_error`` naming ``state``;
    the error."""
    with pytest.raises(RulesError) as caught:
        state_from_json(body)
    assert caught.value.code == "validation_error" and "state" in caught.value.fields
    return caught.value
