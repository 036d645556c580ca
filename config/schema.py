"""OpenAPI helpers: the error body, and the error responses every endpoint documents."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema as _AutoSchema
from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    """Every 4xx body."""

    code = serializers.CharField(help_text="Stable machine code, e.g. `version_conflict`.")
    detail = serializers.CharField(help_text="A sentence for humans.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Per-field messages (validation errors only).",
    )


_DESCRIPTIONS = {
    400: "Invalid input (`validation_error`, `malformed_json`, `invalid_card`, …).",
    401: "Missing, invalid or revoked token (`not_authenticated`, `authentication_failed`).",
    403: "Not allowed (`permission_denied`).",
    404: "No such resource, or not yours to see (`not_found`).",
    405: "Method not allowed (`method_not_allowed`).",
    409: "Conflict with the current state (`version_conflict`, `not_your_turn`, …).",
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

    def get_serializer_name(self, serializer: serializers.BaseSerializer, direction: str) -> str:
        qualname = type(serializer).__qualname__
        if "." in qualname:
            outer, inner = qualname.rsplit(".", 2)[-2:]
            outer = outer.removesuffix("Api").removesuffix("View")
            return outer + inner.removesuffix("Serializer")
        return super().get_serializer_name(serializer, direction)
