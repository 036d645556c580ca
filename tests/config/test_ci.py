"""CI runs the lint gate (ruff, mypy, migrations, the OpenAPI schema), the suite and the
fault drills."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


def commands(script: str) -> list[str]:
    lines = [line.strip() for line in script.splitlines()]
    return [
        line
        for line in lines
        if line and not line.startswith("#") and not line.startswith(("set ", "cd "))
    ]


def test_ci_runs_make_lint_make_test_and_make_drills_and_nothing_else():
    assert commands((ROOT / ".ci" / "run").read_text()) == [
        "make lint",
        "make test",
        "make drills",
    ]


def lint_recipe() -> list[str]:
    makefile = (ROOT / "Makefile").read_text()
    match = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert match, "no lint target"
    return [line.strip() for line in match.group(1).splitlines()]


def test_make_lint_runs_every_check():
    recipe = " ; ".join(lint_recipe())
    assert "ruff check" in recipe
    assert "mypy" in recipe
    assert "makemigrations --check --dry-run" in recipe
    spectacular = next(line for line in lint_recipe() if "spectacular" in line)
    words = shlex.split(spectacular.replace("$(LINT_ENV)", "").replace("$(BIN)/", ""))
    assert {"--validate", "--fail-on-warn"} <= set(words)


@pytest.mark.django_db
def test_the_schema_validates_without_warnings(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", validate=True, fail_on_warn=True, file=str(out))
    assert out.read_text().startswith("openapi: 3")
