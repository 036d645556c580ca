"""The examples in the formats' docstrings run."""

import doctest
import importlib

import pytest

MODULES = [
    "tournaments.formats",
    "tournaments.formats.knockout",
    "tournaments.formats.arena",
    "tournaments.formats.apart",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    results = doctest.testmod(module)
    assert results.attempted > 0
    assert results.failed == 0
