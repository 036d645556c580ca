"""Every dependency is pinned to a maintained line, with an upper bound on breaking releases."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    return [Requirement(r) for r in [*project["dependencies"], *extras["dev"]]]


def test_the_servers_are_current_releases():
    pins = {r.name: r.specifier for r in requirements()}
    assert Version("27.0.1") in pins["gunicorn"] and Version("23.0.0") not in pins["gunicorn"]
    assert Version("0.54.0") in pins["uvicorn"] and Version("0.39.0") not in pins["uvicorn"]
    assert Version(version("gunicorn")).major >= 27
    assert Version(version("uvicorn")) >= Version("0.54")


def test_every_pin_has_a_floor_and_a_ceiling_except_calendar_versioned_assets():
    for requirement in requirements():
        operators = {spec.operator for spec in requirement.specifier}
        assert ">=" in operators, requirement
        if requirement.name != "drf-spectacular-sidecar":  # calendar versions, assets only
            assert "<" in operators, requirement


def test_installed_versions_satisfy_the_pins():
    for requirement in requirements():
        installed = version(re.sub(r"\[.*\]", "", requirement.name))
        assert requirement.specifier.contains(installed, prereleases=True), (
            requirement,
            installed,
        )
