"""The import rules of docs/architecture.md, checked on the source (no database).

* ``games/rules`` is a library: the standard library and itself, nothing else (no Django,
  no project module). Inside it each game (``gin``, ``rummy``, ``indian``) imports only
  itself and ``games.rules.common``, which imports only itself.
* ``games/ai`` plays from views: the standard library, ``games.rules`` and itself. Each
  game's players import only themselves, their own game's rules and what is common;
  ``games.ai.common`` only itself and ``games.rules.common``.
* ``tournaments/formats`` is a library: the standard library, networkx and itself.
* ``fairplay/signals`` (the detectors) is a library: the standard library and itself.
* ``accounts`` sits below ``games`` and ``leaderboards`` and imports neither.

Every ``import`` statement counts, at module level or inside a function, so a cycle
cannot hide in a function body. The layers between the apps' modules are checked by
import-linter (``make lint``, ``[tool.importlinter]`` in pyproject.toml).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(package: str) -> dict[str, set[str]]:
    """``{file: {absolute module names it imports}}`` for every file of ``package``."""
    out: dict[str, set[str]] = {}
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        is_package = path.name == "__init__.py"
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                # ``from a.b import c`` counts as ``a.b.c`` (c may be a submodule)
                if node.level:
                    parts = module.split(".")
                    parts = parts[: len(parts) - node.level + (1 if is_package else 0)]
                    source = ".".join([*parts, node.module] if node.module else parts)
                else:
                    source = node.module or ""
                names.update(f"{source}.{alias.name}" for alias in node.names)
        out[str(path.relative_to(ROOT))] = names
    assert out, f"no modules found in {package}"
    return out


def outside(names: set[str], allowed: tuple[str, ...]) -> set[str]:
    stdlib = sys.stdlib_module_names | {"__future__"}
    return {
        name
        for name in names
        if name.split(".")[0] not in stdlib
        and not any(name == a or name.startswith(a + ".") for a in allowed)
    }


@pytest.mark.parametrize(
    ("package", "allowed"),
    [
        ("games.rules", ("games.rules",)),
        ("games.rules.common", ("games.rules.common",)),
        ("games.rules.gin", ("games.rules.gin", "games.rules.common")),
        ("games.rules.rummy", ("games.rules.rummy", "games.rules.common")),
        ("games.rules.indian", ("games.rules.indian", "games.rules.common")),
        ("games.rules.rummy500", ("games.rules.rummy500", "games.rules.common")),
        ("games.ai", ("games.ai", "games.rules")),
        ("tournaments.formats", ("tournaments.formats", "networkx")),
        ("fairplay.signals", ("fairplay.signals",)),
        ("games.ai.common", ("games.ai.common", "games.rules.common")),
        (
            "games.ai.gin",
            ("games.ai.gin", "games.ai.common", "games.rules.gin", "games.rules.common"),
        ),
        (
            "games.ai.rummy",
            ("games.ai.rummy", "games.ai.common", "games.rules.rummy", "games.rules.common"),
        ),
        (
            "games.ai.indian",
            ("games.ai.indian", "games.ai.common", "games.rules.indian", "games.rules.common"),
        ),
        (
            "games.ai.rummy500",
            (
                "games.ai.rummy500", "games.ai.common", "games.rules.rummy500",
                "games.rules.common",
            ),
        ),
    ],
)
def test_library_packages_import_only_the_standard_library_and_what_they_build_on(package, allowed):
    bad = {
        path: sorted(outside(names, allowed))
        for path, names in imported_modules(package).items()
        if outside(names, allowed)
    }
    assert not bad, f"{package} imports outside its layer: {bad}"


def test_accounts_import_neither_games_nor_leaderboards():
    bad = {
        path: sorted(n for n in names if n.split(".")[0] in {"games", "leaderboards"})
        for path, names in imported_modules("accounts").items()
    }
    assert not any(bad.values()), f"accounts import above themselves: {bad}"


def test_the_tournament_views_read_and_write_no_row_themselves():
    """Selectors read, services write: no view imports the ORM or the rows, and none calls a
    model's manager (import-linter forbids the rows; it cannot name ``django.db``)."""
    imports = {
        path: sorted(
            n
            for n in names
            if n.startswith(("django.db", "tournaments.models", "tournaments.records"))
        )
        for path, names in imported_modules("tournaments.apis").items()
    }
    assert not any(imports.values()), f"views import the ORM: {imports}"
    managers = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "tournaments/apis").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Attribute) and node.attr == "objects"
    ]
    assert not managers, f"views query rows: {managers}"


def test_the_checker_sees_imports_inside_functions_and_relative_ones(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mod.py").write_text(
        "from . import sibling\ndef f():\n    import django.db\n    from .sub import x\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert imported_modules("pkg")["pkg/mod.py"] == {"pkg.sibling", "django.db", "pkg.sub.x"}
    assert outside({"django.db", "pkg.sub", "json"}, ("pkg",)) == {"django.db"}
