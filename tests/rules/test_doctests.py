"""The examples in the rules core's docstrings run."""

import doctest
import importlib

import pytest

import games.rules

MODULES = ["games.rules", "games.rules.cards", "games.rules.melds", "games.rules.ruleset",
           "games.rules.codec", "games.rules.errors"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    results = doctest.testmod(module, extraglobs=dict(vars(games.rules)))
    assert results.attempted > 0
    assert results.failed == 0
