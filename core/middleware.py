"""Middleware for everything under ``/api/``: errors are always JSON in the house format,
and no answer may be stored by a cache.

Django answers some failures before any view runs, or outside DRF's exception handler: a
disallowed ``Host`` header, a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``, an unexpected
exception. With ``DEBUG`` on (``make run``) those answers are Django's HTML debug pages;
under ``/api/`` a client must get ``{"code", "detail"}`` in every mode.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.core.exceptions import DisallowedHost, RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.decorators import sync_and_async_middleware

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"

# Codes for error responses that were not built in the house format (by status).
_CODES = {
    400: "bad_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "request_too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "server_error",
}
_DETAILS = {500: "Something went wrong on our side."}
# Headers of the original answer that still hold for its JSON replacement.
_KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate", "Vary")


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _is_json(response: HttpResponseBase) -> bool:
    media = response.get("Content-Type", "").split(";")[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def json_error(status: int, code: str | None = None, detail: str | None = None) -> JsonResponse:
    """An error answer in the house format, for ``status``."""
    if detail is None:
        try:
            detail = _DETAILS.get(status, HTTPStatus(status).phrase + ".")
        except ValueError:
            detail = "The request could not be processed."
    body = {"code": code or _CODES.get(status, "error"), "detail": detail}
    return JsonResponse(body, status=status)


class ApiErrorsMiddleware:
    """First in ``MIDDLEWARE``: under ``/api/``, every error answer is JSON.

    - A ``Host`` not in ``ALLOWED_HOSTS``: 400 ``disallowed_host`` before anything else.
    - A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``: 413 ``request_too_large``.
    - Any other error answer that is not JSON (Django's debug pages, a renderer's plain
      text): the same status with a JSON body (500: ``server_error``; the exception is
      still logged with its traceback).
    """

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        # Native under ASGI too (the event-stream server): no thread hop per request.
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        response = self.process_request(request) or self.get_response(request)
        return self.process_response(request, response)

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.process_request(request) or await self.get_response(request)
        return self.process_response(request, response)

    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        if not is_api(request):
            return None
        try:
            request.get_host()
        except DisallowedHost:
            logger.warning("Invalid Host header for %s", request.path_info)
            return json_error(
                400, "disallowed_host", "The Host header names a host this server does not serve."
            )
        return None

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_api(request):
            return None
        if isinstance(exception, RequestDataTooBig):
            return json_error(413, "request_too_large", "The request body is too large.")
        if isinstance(exception, SuspiciousOperation):
            logger.warning("Suspicious request to %s: %s", request.path_info, exception)
            return json_error(400)
        return None  # a real bug: Django logs it; process_response makes the 500 JSON

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.status_code < 400 or not is_api(request) or _is_json(response):
            return response
        if response.streaming:
            return response
        replacement = json_error(response.status_code)
        for header in _KEPT_HEADERS:
            if header in response:
                replacement[header] = response[header]
        return replacement


def _allows_storing(cache_control: str) -> bool:
    """Whether a view's own ``Cache-Control`` says the answer may be stored."""
    directives = {d.strip().split("=")[0].lower(): d for d in cache_control.split(",")}
    if "public" in directives or "s-maxage" in directives:
        return True
    max_age = directives.get("max-age", "max-age=0").split("=")[-1].strip()
    return max_age.isdigit() and int(max_age) > 0


def _no_store(request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
    if not is_api(request):
        return response
    current = response.get("Cache-Control", "")
    if not _allows_storing(current):
        patch_cache_control(response, no_store=True)
    return response


@sync_and_async_middleware
def api_no_store_middleware(
    get_response: Callable[[HttpRequest], Any],
) -> Callable[[HttpRequest], Any]:
    """``Cache-Control: no-store`` on every answer under ``/api/``.

    Answers carry tokens (``/auth/register``, ``/auth/token``), hands (game views, actions,
    event streams) and private profiles: no browser, proxy or CDN may keep a copy. A view
    that marks its answer cacheable itself (``public``, ``s-maxage`` or a positive
    ``max-age``) keeps its own header; any other ``Cache-Control`` it set (the event
    streams' ``no-cache``) gets ``no-store`` added. Works under WSGI and ASGI alike, so the
    event-stream server gets it too.
    """
    if iscoroutinefunction(get_response):

        async def async_middleware(request: HttpRequest) -> HttpResponseBase:
            return _no_store(request, await get_response(request))

        return async_middleware

    def middleware(request: HttpRequest) -> HttpResponseBase:
        return _no_store(request, get_response(request))

    return middleware
