"""The examples in the rules cores' docstrings run, in every package of the family."""

import doctest
import importlib
import pkgutil

import pytest

import games.rules


def _modules() -> list[str]:
    return [
        info.name
        for info in pkgutil.walk_packages(games.rules.__path__, "games.rules.")
    ]


def _globals(name: str) -> dict[str, object]:
    """The module's own names over those of its game's package (``games.rules.gin`` for
    its engine), so an example may use the package's public API without importing it."""
    module = importlib.import_module(name)
    package = importlib.import_module(".".join(name.split(".")[:3]))
    return {**vars(package), **vars(module)}


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name):
    results = doctest.testmod(importlib.import_module(name), globs=_globals(name))
    assert results.failed == 0


def test_every_package_documents_its_api_with_examples():
    for name in ["games.rules.common", "games.rules.gin", "games.rules.rummy"]:
        results = doctest.testmod(importlib.import_module(name), globs=_globals(name))
        assert results.attempted > 0, name
        assert results.failed == 0, name
