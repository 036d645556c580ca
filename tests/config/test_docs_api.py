"""docs/api.md is the HTTP contract: it names every operation of the published OpenAPI
schema, and its error-code table every machine code the service can answer with, each with
its HTTP status.

The codes are found where the code makes them, not in a list kept by hand: the
application error classes and the rules cores' error classes (and the status each says),
the tournament formats' errors as the API renders them, DRF's and the ``/api/``
middleware's codes, every call site that names a ``code=`` of its own, every JSON error
body written out in the source or in the proxy's configuration, and every code the
published schema lists under an error response.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
API_DOC = ROOT / "docs" / "api.md"
API_PREFIX = "/api/v1"
APPS = ("core", "accounts", "games", "leaderboards", "tournaments", "config")
NGINX_CONFS = sorted((ROOT / "config" / "nginx").glob("*.conf"))
HTTP_METHODS = {"get", "put", "post", "patch", "delete", "head", "options"}

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------------------
# What docs/api.md says
# --------------------------------------------------------------------------------------


def documented_codes() -> dict[str, set[int]]:
    """The error-code table of docs/api.md: ``{code: {status, ...}}``. A row is
    ``| 409 | `code` | when |``; its status cell may name several (``502, 503``)."""
    text = API_DOC.read_text()
    section = text.split("\n## Error codes", 1)
    assert len(section) == 2, "docs/api.md has no '## Error codes' section"
    table = section[1].split("\n## ", 1)[0]
    out: dict[str, set[int]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not re.fullmatch(r"\d{3}(, \d{3})*", cells[0]):
            continue
        codes = re.findall(r"`([a-z][a-z0-9_]*)`", cells[1])
        assert codes, line
        for code in codes:
            out.setdefault(code, set()).update(int(s) for s in cells[0].split(", "))
    return out


# --------------------------------------------------------------------------------------
# What the service can answer
# --------------------------------------------------------------------------------------


def _source_files() -> Iterator[Path]:
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _status_of(node: ast.expr | None) -> int | None:
    """``409`` or ``status.HTTP_409_CONFLICT`` as a number (None for anything else)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Attribute):
        match = re.match(r"HTTP_(\d{3})_", node.attr)
        if match:
            return int(match.group(1))
    return None


def _add(found: dict[str, set[int]], code: str, status: int | None) -> None:
    statuses = found.setdefault(code, set())
    if status is not None:
        statuses.add(status)


def codes_in_source() -> dict[str, set[int]]:
    """Codes written out in the apps' source (``{code: statuses known there}``): the
    ``code=`` of an application error raised on the spot, ``json_error(status, "code")``,
    and ``{"code": "..."}`` bodies (with their ``status=`` when the call names one)."""
    from core.exceptions import ApplicationError

    error_names = {"ApplicationError"}
    stack = [ApplicationError]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            error_names.add(sub.__name__)
            stack.append(sub)

    found: dict[str, set[int]] = {}
    for path in _source_files():
        tree = ast.parse(path.read_text(), filename=str(path))
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name) and isinstance(node.value.value, str)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            keywords = {kw.arg: kw.value for kw in node.keywords if kw.arg}
            if name in error_names and "code" in keywords:
                value = keywords["code"]
                code = (
                    value.value
                    if isinstance(value, ast.Constant)
                    else constants.get(value.id)
                    if isinstance(value, ast.Name)
                    else None
                )
                if isinstance(code, str):
                    _add(found, code, _status_of(keywords.get("status_code")))
            if name == "json_error" and len(node.args) >= 2:
                code_node = node.args[1]
                if isinstance(code_node, ast.Constant) and isinstance(code_node.value, str):
                    _add(found, code_node.value, _status_of(node.args[0]))
            for arg in node.args:
                if isinstance(arg, ast.Dict):
                    for key, value in zip(arg.keys, arg.values, strict=True):
                        if (
                            isinstance(key, ast.Constant)
                            and key.value == "code"
                            and isinstance(value, ast.Constant)
                            and isinstance(value.value, str)
                        ):
                            _add(found, value.value, _status_of(keywords.get("status")))
        # Bodies built as a variable first (``body = {"code": ...}``): the code alone.
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                for key, value in zip(node.value.keys, node.value.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "code"
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str)
                    ):
                        _add(found, value.value, None)
    return found


def codes_of_error_classes() -> dict[str, set[int]]:
    """The code and status of every application error class and every rules error class
    (loaded from each module that defines a class with a ``code``), the tournament
    formats' errors as the API renders them, and DRF's and the middleware's codes."""
    from rest_framework import exceptions as drf

    from core import middleware
    from core.exceptions import _DRF_CODES, ApplicationError, Conflict, Unprocessable
    from games.rules.common.errors import RulesError, http_status
    from tournaments.errors import tournament_error_to_http
    from tournaments.formats import ErrorCode, TournamentError

    for path in _source_files():
        tree = ast.parse(path.read_text(), filename=str(path))
        defines_code = any(
            isinstance(node, ast.ClassDef)
            and any(
                isinstance(item, ast.Assign | ast.AnnAssign)
                and any(
                    isinstance(t, ast.Name) and t.id == "code"
                    for t in (item.targets if isinstance(item, ast.Assign) else [item.target])
                )
                for item in node.body
            )
            for node in ast.walk(tree)
        )
        if defines_code:
            importlib.import_module(_module_name(path))

    found: dict[str, set[int]] = {}

    def subclasses(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            if not sub.__module__.startswith("tests."):
                yield sub
                yield from subclasses(sub)

    # Conflict and Unprocessable are bases only: every error raised names its own code.
    for cls in [ApplicationError, *subclasses(ApplicationError)]:
        if cls not in (Conflict, Unprocessable):
            _add(found, cls.code, cls.status_code)
    for cls in subclasses(RulesError):
        code = getattr(cls, "code", None)
        if code is not None:
            _add(found, str(code), http_status(cls))
    for code in ErrorCode:
        error = tournament_error_to_http(TournamentError(code, "A sentence."))
        _add(found, error.code, error.status_code)
    for exc_type, code in _DRF_CODES.items():
        _add(found, code, exc_type.status_code)
    assert drf.ValidationError in _DRF_CODES
    for status, code in middleware._CODES.items():
        _add(found, code, status)
    return found


def codes_of_the_proxy() -> dict[str, set[int]]:
    """The JSON errors the proxy (nginx) answers itself: ``return 429 '{"code": ...'``."""
    found: dict[str, set[int]] = {}
    answer = re.compile(r"return (\d{3}) '\{\"code\": \"([a-z_]+)\"")
    for conf in NGINX_CONFS:
        for status, code in answer.findall(conf.read_text()):
            _add(found, code, int(status))
    return found


def codes_in_schema(schema: dict) -> dict[str, set[int]]:
    """The codes the published schema lists under each error response ("Codes: `x`")."""
    found: dict[str, set[int]] = {}
    for operations in schema["paths"].values():
        for method, operation in operations.items():
            if method not in HTTP_METHODS:
                continue
            for status, response in operation["responses"].items():
                listed = re.search(r"Codes: (.*?)\.(?:\s|$)", response.get("description", ""))
                if int(status) >= 400 and listed:
                    for code in re.findall(r"`([a-z][a-z0-9_]*)`", listed.group(1)):
                        _add(found, code, int(status))
    return found


def merged(*sources: dict[str, set[int]]) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for source in sources:
        for code, statuses in source.items():
            out.setdefault(code, set()).update(statuses)
    return out


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


# --------------------------------------------------------------------------------------
# The checks
# --------------------------------------------------------------------------------------


def test_every_operation_of_the_schema_is_in_the_api_doc(schema):
    text = API_DOC.read_text()
    missing = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method in operations
        if method in HTTP_METHODS
        and f"`{method.upper()} {path.removeprefix(API_PREFIX)}`" not in text
    ]
    assert not missing, f"docs/api.md does not name these operations: {missing}"


def test_every_error_code_is_in_the_api_doc_with_its_status(schema):
    raised = merged(
        codes_of_error_classes(), codes_in_source(), codes_of_the_proxy(), codes_in_schema(schema)
    )
    documented = documented_codes()
    missing = sorted(set(raised) - set(documented))
    assert not missing, f"docs/api.md's error-code table lacks: {missing}"
    wrong = {
        code: sorted(statuses - documented[code])
        for code, statuses in raised.items()
        if statuses - documented[code]
    }
    assert not wrong, f"docs/api.md's error-code table lacks these statuses: {wrong}"


def test_the_api_doc_documents_no_code_the_service_never_answers(schema):
    raised = merged(
        codes_of_error_classes(), codes_in_source(), codes_of_the_proxy(), codes_in_schema(schema)
    )
    stale = sorted(set(documented_codes()) - set(raised))
    assert not stale, f"docs/api.md's error-code table names codes nothing raises: {stale}"


def test_the_discovery_finds_codes_of_every_kind():
    """The finders above are not vacuous: each kind of source yields the codes it holds."""
    classes = codes_of_error_classes()
    assert classes["version_conflict"] == {409}  # an application error class
    assert classes["first_meld_too_small"] == {422}  # a rules core's error class
    assert classes["invalid_card"] == {400}
    assert classes["already_joined"] == {409}  # a tournament formats error, as rendered
    assert classes["unsupported_media_type"] == {415}  # DRF's
    source = codes_in_source()
    assert source["action_not_in_game"] == {422}  # code= a module constant
    assert source["disallowed_host"] == {400}  # json_error(400, ...)
    assert source["csrf_failed"] == {403}  # a JsonResponse body
    assert "stream_replaced" in source  # a stream's closing frame
    assert codes_of_the_proxy()["upstream_timeout"] == {504}
