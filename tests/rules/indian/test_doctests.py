"""The examples in the Indian Rummy core's docstrings run."""

import doctest
import importlib

import pytest

import games.rules.indian

MODULES = ["games.rules.indian", "games.rules.indian.cards", "games.rules.indian.melds",
           "games.rules.indian.ruleset", "games.rules.indian.codec", "games.rules.indian.engine"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    results = doctest.testmod(module, extraglobs=dict(vars(games.rules.indian)))
    assert results.attempted > 0
    assert results.failed == 0
