"""OpenAPI helpers: the error body, and the error responses every endpoint documents."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema as _AutoSchema
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema_field,
)
from rest_framework import serializers

# ``fields`` of a validation error: each field's messages, or, for an object or a list in the
# body, the same shape again one level down (``{"preferences": {"sound": ["..."]}}``, or
# ``{"melds": {"0": ["..."]}}`` for the first item of a list).
FIELD_ERRORS_COMPONENT = "FieldErrors"
_FIELD_ERRORS_REF = {"$ref": f"#/components/schemas/{FIELD_ERRORS_COMPONENT}"}
FIELD_ERRORS_SCHEMA = {
    "type": "object",
    "description": "Messages per field: a list of sentences, or for an object (or a list, "
    "keyed by index) in the body the same shape one level down.",
    "additionalProperties": {
        "oneOf": [
            {"type": "array", "items": {"oneOf": [{"type": "string"}, _FIELD_ERRORS_REF]}},
            _FIELD_ERRORS_REF,
        ]
    },
}


@extend_schema_field(_FIELD_ERRORS_REF)
class _FieldErrorsField(serializers.DictField):
    pass


class ErrorSerializer(serializers.Serializer):
    """Every 4xx body."""

    code = serializers.CharField(help_text="Stable machine code, e.g. `version_conflict`.")
    detail = serializers.CharField(help_text="A sentence for humans.")
    fields = _FieldErrorsField(  # type: ignore[assignment]
        required=False, help_text="Per-field messages (validation errors only)."
    )
    current_version = serializers.IntegerField(
        required=False,
        help_text="409 on a game (`version_conflict`, `not_your_turn`, `game_not_active`): "
        "the game's version now.",
    )
    limit = serializers.IntegerField(
        required=False,
        help_text="The cap that was reached (409 `too_many_waiting_games`, 429 "
        "`too_many_streams`).",
    )
    until = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="403 `playban` / `tournament_ban` (fair play): when it ends (null: until "
        "lifted).",
    )
    rule = serializers.CharField(
        required=False,
        help_text="403 `playban` / `tournament_ban`: the fair-play rule that fired "
        "(GET /me/fair-play says it in words).",
    )


NO_NUL_PATTERN = "^[^\\u0000]*$"
"""A string without NUL characters (a JSON Schema pattern)."""


class StrictSerializerExtension(OpenApiSerializerExtension):
    """Request bodies of :class:`core.api.StrictSerializer`s refuse unknown keys, so their
    schema says so (``additionalProperties: false``): a generated client can trust it."""

    target_class = "core.api.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            schema["additionalProperties"] = False
            for name, field in self.target.fields.items():
                prop = schema.get("properties", {}).get(name, {})
                if (
                    isinstance(field, serializers.CharField)
                    and prop.get("type") == "string"
                    and not {"pattern", "enum"} & set(prop)
                ):
                    # DRF refuses NUL in every string (PostgreSQL cannot store it).
                    prop["pattern"] = NO_NUL_PATTERN
        return schema


def require_request_bodies(result: dict, generator: object, request: object, public: bool) -> dict:
    """Postprocessing hook: a request body is ``required`` when its schema requires a key
    (in every ``oneOf`` variant): sending none at all is 400, so the schema must say so."""
    schemas = result.get("components", {}).get("schemas", {})

    def resolve(schema: dict) -> dict:
        ref = schema.get("$ref", "")
        return schemas.get(ref.rsplit("/", 1)[-1], {}) if ref else schema

    def requires_a_key(schema: dict) -> bool:
        schema = resolve(schema)
        if "oneOf" in schema:
            return all(requires_a_key(variant) for variant in schema["oneOf"])
        return bool(schema.get("required"))

    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body and any(
                requires_a_key(media.get("schema", {})) for media in body["content"].values()
            ):
                body["required"] = True
    return result


ANY_OF_COMPONENTS = ("GameRules", "GameRulesRequest")
"""Components written ``oneOf`` by drf-spectacular that mean "any of": a game's rules are
Gin Rummy's or Rummy's options, every key optional, so ``{}`` is both."""


def any_of_components(result: dict, generator: object, request: object, public: bool) -> dict:
    """Postprocessing hook: the :data:`ANY_OF_COMPONENTS` take ``anyOf``, not ``oneOf``."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in ANY_OF_COMPONENTS:
        component = schemas.get(name)
        if component is not None and "oneOf" in component:
            component["anyOf"] = component.pop("oneOf")
    return result


def page_parameters() -> list[OpenApiParameter]:
    """``page`` and ``page_size`` of every paginated list (``core.pagination``)."""
    return [
        OpenApiParameter(
            "page",
            {"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["last"]}]},
            description="Page number, from 1 (or `last`). Past the last page: 404 `not_found`.",
        ),
        OpenApiParameter(
            "page_size",
            {"type": "integer", "minimum": 1, "maximum": 100},
            description="Rows per page: 1 to 100 (default 20).",
        ),
    ]


_DESCRIPTIONS = {
    400: (
        "Invalid input (`validation_error`, `malformed_json`, `invalid_card`, …). A body "
        "that is not JSON, or nests arrays and objects deeper than 32 levels, is "
        "`malformed_json`."
    ),
    401: "Missing, invalid or revoked token (`not_authenticated`, `authentication_failed`).",
    403: "Not allowed (`permission_denied`).",
    404: "No such resource, or not yours to see (`not_found`).",
    405: "Method not allowed (`method_not_allowed`).",
    409: "Conflict with the current state (`version_conflict`, `not_your_turn`, …).",
    413: "The request body is over this endpoint's limit (`request_too_large`).",
    415: "Only `application/json` bodies are accepted (`unsupported_media_type`).",
    422: "Well-formed but not allowed now (`wrong_phase`, `card_not_in_hand`, …).",
    429: "Throttled (`throttled`); see the `Retry-After` header.",
}


def error_responses(*statuses: int, codes: dict[int, list[str]] | None = None) -> dict:
    """``{status: OpenApiResponse(ErrorSerializer)}`` for ``extend_schema(responses=...)``."""
    out = {}
    for status in statuses:
        description = _DESCRIPTIONS[status]
        if codes and status in codes:
            description += " Codes: " + ", ".join(f"`{c}`" for c in codes[status]) + "."
        example_code = (codes or {}).get(status, [None])[0] or description.split("`")[1]
        out[status] = OpenApiResponse(
            ErrorSerializer,
            description=description,
            examples=[
                OpenApiExample(
                    f"{status} {example_code}",
                    value={"code": example_code, "detail": "A human-readable sentence."},
                    status_codes=[str(status)],
                    response_only=True,
                )
            ],
        )
    return out


class AutoSchema(_AutoSchema):
    """Names nested ``Api.InputSerializer`` / ``OutputSerializer`` classes after their view.

    ``RegisterApi.InputSerializer`` becomes the component ``RegisterInput``, so the nested
    serializers of the house style never collide in the schema.
    """

    def get_serializer_name(self, serializer: Any, direction: Any) -> str:
        qualname = type(serializer).__qualname__
        if "." in qualname:
            outer, inner = qualname.rsplit(".", 2)[-2:]
            outer = outer.removesuffix("Api").removesuffix("View")
            return outer + inner.removesuffix("Serializer")
        return super().get_serializer_name(serializer, direction)


_SSE_DESCRIPTION = (
    "Server-Sent Events (`text/event-stream`). Frames: `id: <n>`, `event: <kind>`, "
    "`data: <JSON>`, a blank line; `: ping` comments after 15 s of silence. Resume with "
    "`?after=<n>` (wins) or the `Last-Event-ID` header: every later event exactly once, in "
    "order. Errors (401, 404, 400) are JSON, before any stream starts. After a logout, a "
    "revoked token or a deactivated account the stream sends one `event: closed` frame "
    '(`{"code": "authentication_failed", "detail": ...}`) within 15 s and ends. A new '
    "stream with the same token for the same game (or account) takes over the older one's "
    "place in the limit below; the older stream then sends one `event: replaced` frame "
    '(`{"code": "stream_replaced", "detail": ...}`) within 15 s and ends.'
)


def _stream_operation(
    operation_id: str, summary: str, description: str, path_param: bool
) -> dict[str, Any]:
    parameters = [
        {
            "name": "after",
            "in": "query",
            "required": False,
            "schema": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
            "description": "Resume after this event id.",
        },
        {
            "name": "Last-Event-ID",
            "in": "header",
            "required": False,
            "schema": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
            "description": "Resume after this event id (sent by EventSource on reconnect).",
        },
    ]
    if path_param:
        parameters.insert(
            0,
            {
                "name": "game_id",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "format": "uuid"},
            },
        )
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    return {
        "get": {
            "operationId": operation_id,
            "summary": summary,
            "description": description + "\n\n" + _SSE_DESCRIPTION,
            "tags": ["live tables"],
            "parameters": parameters,
            "security": [{"tokenAuth": []}],
            "responses": {
                "200": {
                    "description": "An event stream.",
                    "content": {"text/event-stream": {"schema": {"type": "string"}}},
                },
                "400": {"description": "Bad `after` (`validation_error`).", "content": error},
                "401": {"description": "Missing or invalid token.", "content": error},
                "404": {"description": "Not a game you sit at (`not_found`).", "content": error},
                "429": {
                    "description": "Too many open streams (`too_many_streams`): at most 5 per "
                    "player, counting both kinds (a reopened stream of the same token and game "
                    "replaces its older one); see the `Retry-After` header.",
                    "content": error,
                },
                "503": {
                    "description": "Reached a process that does not serve event streams "
                    "(`streams_not_served_here`): a deployment routing error.",
                    "content": error,
                },
            },
        }
    }


def add_event_streams(result: dict, generator: object, request: object, public: bool) -> dict:
    """Postprocessing hook: document the two SSE endpoints (plain async Django views), and
    the recursive shape of validation errors' ``fields``."""
    result.setdefault("components", {}).setdefault("schemas", {})[FIELD_ERRORS_COMPONENT] = (
        FIELD_ERRORS_SCHEMA
    )
    result.setdefault("components", {}).setdefault("schemas", {}).setdefault(
        "Error",
        {
            "type": "object",
            "properties": {
                "code": {"type": "string"},
                "detail": {"type": "string"},
                "fields": {"type": "object"},
            },
            "required": ["code", "detail"],
        },
    )
    paths = result.setdefault("paths", {})
    paths["/api/v1/games/{game_id}/events"] = _stream_operation(
        "games_events",
        "A game's live events",
        "For seated players. Opens with `event: state` for the current version (or every "
        "version after `after`), then one `state` event per applied action: "
        '`id: <version>`, `data: {"version": N, "view": {...}}` with your own view at that '
        "version. Quick-chat messages arrive as `event: message` without an id.",
        True,
    )
    paths["/api/v1/me/events"] = _stream_operation(
        "me_events",
        "Your account events",
        "`friend_joined`, `rematch_offered`, `your_turn` and `tournament_game` (a tournament "
        "seated you at a new game: `tournament_id`, `round`, `table`) events, each with its own "
        "id and a `game_id` in the data.",
        False,
    )
    return result
