"""The request body parser for every endpoint: JSON with a cap on how deeply it nests.

Python's ``json`` module recurses once per nesting level, so a body of a few thousand
``[`` raises ``RecursionError`` (a 500) before any view runs. No request of this API nests
deeper than a handful of levels (an action's ``melds`` is a list of lists), so a body that
nests deeper than ``MAX_JSON_DEPTH`` is refused as ``400 malformed_json`` before it is
decoded, far below the interpreter's recursion limit.

An endpoint whose bodies are small by nature (a game action) takes a subclass with its
own :attr:`JSONParser.max_bytes`: a longer body is ``413 request_too_large`` before it is
decoded, well below ``DATA_UPLOAD_MAX_MEMORY_SIZE``.
"""

from __future__ import annotations

import re
from typing import Any

from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.settings import api_settings
from rest_framework.utils import json

MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects a request body may have."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_nesting_depth(text: str, *, limit: int | None = None) -> int:
    """How deeply ``text`` nests arrays and objects (brackets inside strings do not count).

    Stops counting once ``limit`` is passed and returns ``limit + 1``.
    """
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and deepest > limit:
                    return deepest
        else:
            depth -= 1
    return deepest


class RequestTooLarge(APIException):
    """A body over the endpoint's own limit: 413 ``request_too_large``, as Django's
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` answers (``core.middleware``)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"
    default_detail = "The request body is too large."


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with :data:`MAX_JSON_DEPTH`; every failure is a ``ParseError``
    (rendered as ``400 malformed_json``), but a body over :attr:`max_bytes`."""

    max_bytes: int | None = None
    """With a number: a body of more bytes is ``413 request_too_large``, and no more than
    one byte past it is read. ``None``: ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is the limit."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", "utf-8")
        if stream is None:
            raw = b""
        elif self.max_bytes is None:
            raw = stream.read()
        else:
            raw = stream.read(self.max_bytes + 1)
            if len(raw) > self.max_bytes:
                raise RequestTooLarge(
                    f"The request body is too large: this endpoint takes at most "
                    f"{self.max_bytes} bytes."
                )
        try:
            text = raw.decode(encoding) if isinstance(raw, bytes) else raw
            if json_nesting_depth(text, limit=MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
                raise ValueError(f"nested deeper than {MAX_JSON_DEPTH} levels")
            if api_settings.STRICT_JSON:
                return json.loads(text)
            return json.loads(text, parse_constant=None)
        except (ValueError, LookupError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from exc
