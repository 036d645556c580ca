"""Small helpers shared by the API modules of every app: the strict serializer, body
validation, and the one timestamp format of every response."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from rest_framework import serializers
from rest_framework.renderers import JSONRenderer


def _json_type_problem(field: serializers.Field, value: Any) -> str | None:
    """Why ``value`` is not of the JSON type that ``field`` documents, or None.

    DRF coerces quietly (``3`` for a string field, ``"60"`` or ``60.0`` for an integer,
    ``"yes"`` for a boolean); the schema promises a string, an integer, a boolean, so a
    value of another type is refused instead.
    """
    if value is None:
        return None  # the field's own allow_null decides
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else "Must be true or false."
    if isinstance(field, serializers.IntegerField):
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else "Must be a whole number."
    if isinstance(field, serializers.CharField | serializers.ChoiceField):
        return None if isinstance(value, str) else "Must be a string."
    return None


# Its request schema says both (``additionalProperties: false`` from
# ``core.schema.StrictSerializerExtension``; the field types).
class StrictSerializer(serializers.Serializer):
    """Unknown keys, and values of another JSON type than documented, are refused (400
    `validation_error`): a typo in a request is never silently ignored or coerced."""

    unknown_message = "Unknown field."

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({k: [self.unknown_message] for k in unknown})
            mistyped = {
                name: [problem]
                for name, field in self.fields.items()
                if name in data and (problem := _json_type_problem(field, data[name]))
            }
            if mistyped:
                raise serializers.ValidationError(mistyped)
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
