"""The examples in the rules core's docstrings run."""

import doctest
import importlib

import pytest

import games.rules
import games.rules.rummy

MODULES = ["games.rules", "games.rules.cards", "games.rules.melds", "games.rules.ruleset",
           "games.rules.codec", "games.rules.errors", "games.rules._common"]
RUMMY_MODULES = ["games.rules.rummy", "games.rules.rummy.cards", "games.rules.rummy.melds",
                 "games.rules.rummy.ruleset", "games.rules.rummy.codec"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    results = doctest.testmod(module, extraglobs=dict(vars(games.rules)))
    assert results.attempted > 0
    assert results.failed == 0


@pytest.mark.parametrize("name", RUMMY_MODULES)
def test_rummy_docstring_examples(name):
    module = importlib.import_module(name)
    results = doctest.testmod(module, extraglobs=dict(vars(games.rules.rummy)))
    assert results.attempted > 0
    assert results.failed == 0
