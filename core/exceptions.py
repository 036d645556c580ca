"""One application error type and one handler that renders every 4xx the same way.

Every error body is ``{"code": "<machine_code>", "detail": "<human sentence>"}``; validation
errors add ``"fields": {name: [messages]}``, and an error may add more keys (``409
version_conflict`` adds ``current_version``). Services raise :class:`ApplicationError`
subclasses; DRF's and Django's own exceptions are translated here, so a view never builds
an error body itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

logger = logging.getLogger(__name__)


class ApplicationError(Exception):
    """An expected failure with a stable machine code and an HTTP status."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    code: str = "bad_request"
    default_detail: str = "The request could not be processed."

    def __init__(
        self,
        detail: str | None = None,
        *,
        code: str | None = None,
        status_code: int | None = None,
        fields: dict[str, list[str]] | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.detail = detail or self.default_detail
        if code is not None:
            self.code = code
        if status_code is not None:
            self.status_code = status_code
        self.fields = fields
        self.extra = extra or {}
        self.headers = headers or {}
        super().__init__(self.detail)

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "detail": self.detail}
        if self.fields:
            body["fields"] = self.fields
        body.update(self.extra)
        return body


class NotFound(ApplicationError):
    status_code = status.HTTP_404_NOT_FOUND
    code = "not_found"
    default_detail = "Not found."


class Conflict(ApplicationError):
    status_code = status.HTTP_409_CONFLICT
    code = "conflict"


class Unprocessable(ApplicationError):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    code = "unprocessable"


class DatabaseUnavailable(ApplicationError):
    """The database could not be reached (restarting, failing over): nothing was changed,
    and the same request may be sent again (with its ``Idempotency-Key``)."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    code = "database_unavailable"
    default_detail = "The service is briefly unavailable; try again in a few seconds."

    def __init__(self) -> None:
        super().__init__(headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)})


DATABASE_RETRY_AFTER_SECONDS = 5


# DRF's own codes, renamed where the default would be vague for a client author.
_DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ParseError: "malformed_json",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "validation_error",
}


def _flatten(detail: Any) -> Any:
    """DRF error details (nested lists/dicts of ErrorDetail) as plain JSON values."""
    if isinstance(detail, dict):
        return {str(k): _flatten(v) for k, v in detail.items()}
    if isinstance(detail, list):
        return [_flatten(v) for v in detail]
    return str(detail)


def _validation_body(exc: exceptions.ValidationError) -> dict[str, Any]:
    detail = exc.detail
    if isinstance(detail, dict):
        fields = _flatten(detail)
        non_field = fields.pop("non_field_errors", None)
        message = "Invalid input."
        if non_field:
            message = str(non_field[0]) if isinstance(non_field, list) else str(non_field)
        first = next(iter(fields.items()), None)
        if first is not None and not non_field:
            name, errors = first
            first_msg = errors[0] if isinstance(errors, list) and errors else errors
            if isinstance(first_msg, str):
                message = f"{name}: {first_msg}"
        body: dict[str, Any] = {"code": "validation_error", "detail": message}
        if fields:
            body["fields"] = fields
        return body
    messages = _flatten(detail if isinstance(detail, list) else [detail])
    return {
        "code": "validation_error",
        "detail": str(messages[0]) if messages else "Invalid input.",
        "fields": {"non_field_errors": messages},
    }


_translations: list[tuple[type[Exception], Callable[[Exception], ApplicationError]]] = []


def register_error_translation(
    exc_type: type[Exception], translate: Callable[[Exception], ApplicationError]
) -> None:
    """Render ``exc_type`` (a library's own error, e.g. the rules core's) as the
    :class:`ApplicationError` that ``translate`` makes of it. Apps register theirs when
    they load, so the mapping lives with the app and the handler stays the only renderer."""
    _translations.append((exc_type, translate))


def error_body(exc: Exception) -> tuple[dict[str, Any], int, dict[str, str]] | None:
    """The error body, status and headers for ``exc``; None for unexpected exceptions."""
    for exc_type, translate in _translations:
        if isinstance(exc, exc_type):
            exc = translate(exc)
            break
    if isinstance(exc, OperationalError | InterfaceError):
        logger.warning("database unavailable: %s", exc)
        exc = DatabaseUnavailable()
    if isinstance(exc, ApplicationError):
        return exc.as_dict(), exc.status_code, exc.headers
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None
    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    wait = getattr(exc, "wait", None) if isinstance(exc, exceptions.Throttled) else None
    if wait is not None:
        headers["Retry-After"] = str(max(1, int(wait + 0.999)))
    if isinstance(exc, exceptions.ValidationError):
        return _validation_body(exc), exc.status_code, headers
    code = next((c for t, c in _DRF_CODES.items() if isinstance(exc, t)), None)
    if code is None:
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
    detail: object = exc.detail
    if isinstance(exc, exceptions.Throttled):
        detail = f"Too many requests; try again in {headers.get('Retry-After', 'a few')} seconds."
    elif isinstance(exc, exceptions.ParseError):
        detail = f"The request body is not valid JSON ({exc.detail})."
    return {"code": code, "detail": str(detail)}, exc.status_code, headers


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's ``EXCEPTION_HANDLER``: every expected error in the house format."""
    rendered = error_body(exc)
    if rendered is None:
        return None  # a real bug: let Django answer 500 and log it
    body, status_code, headers = rendered
    set_rollback()
    return Response(body, status=status_code, headers=headers)


@csrf_exempt
def json_not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """404 for unknown routes under ``/api/`` (and ``handler404``)."""
    return JsonResponse(
        {"code": "not_found", "detail": f"No such endpoint: {request.path}"}, status=404
    )


def json_server_error(request: HttpRequest) -> JsonResponse:
    """``handler500``: clients always get JSON, never an HTML error page."""
    return JsonResponse(
        {"code": "server_error", "detail": "Something went wrong on our side."}, status=500
    )


def json_bad_request(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """``handler400`` (e.g. a disallowed Host header)."""
    return JsonResponse({"code": "bad_request", "detail": "Bad request."}, status=400)


def json_csrf_failure(request: HttpRequest, reason: str = "") -> JsonResponse:
    """``CSRF_FAILURE_VIEW``: only the session-based admin uses CSRF; answer in JSON anyway."""
    return JsonResponse(
        {"code": "csrf_failed", "detail": f"CSRF verification failed: {reason}"}, status=403
    )


def json_permission_denied(
    request: HttpRequest, exception: Exception | None = None
) -> JsonResponse:
    """``handler403`` (e.g. a CSRF failure outside the token-authenticated API)."""
    return JsonResponse({"code": "permission_denied", "detail": "Forbidden."}, status=403)
