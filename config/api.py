"""Small helpers shared by the API modules of every app: the strict serializer, body
validation, and the one timestamp format of every response."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rest_framework import serializers
from rest_framework.renderers import JSONRenderer


class StrictSerializer(serializers.Serializer):
    """Rejects keys it does not know: a typo in a request should not be silently ignored."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({k: ["Unknown field."] for k in unknown})
        return super().to_internal_value(data)


def require_object(data: Any) -> dict[str, Any]:
    """The request body, which must be a JSON object (else 400 ``validation_error``)."""
    if not isinstance(data, dict):
        raise serializers.ValidationError({"non_field_errors": ["Expected a JSON object."]})
    return data


def validated(
    serializer_class: type[serializers.Serializer],
    data: Any,
    *,
    context: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Validate a request body (must be a JSON object) or raise 400 ``validation_error``."""
    require_object(data)
    serializer = serializer_class(data=data, context=context or {})
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def iso(moment: datetime | None) -> str | None:
    """A UTC timestamp as ISO 8601 with ``Z`` (the same text wherever a body is rendered)."""
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def json_text(data: Any) -> str:
    """``data`` as the API renders it (the same bytes a ``Response`` would send)."""
    return JSONRenderer().render(data).decode()
