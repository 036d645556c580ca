"""Keyed hashes of a signed-in player's address, network and device, after an answer.

After a successful ``POST`` under ``/api/`` by a signed-in player (creating, joining and
playing games, entering tournaments), the client's address (as the throttles see it,
``DJANGO_NUM_PROXIES`` applies), its network prefix and the ``X-Device-Id`` header the web
client sends (a random id it keeps) are stored as HMAC digests
(:func:`fairplay.services.trace_record`), at most once per player, address and device in
``FAIRPLAY_TRACE_EVERY_SECONDS`` (a cache key says so; the key holds a digest, not the
address). A failure to write is logged, never raised into the answer.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponseBase
from django.utils.decorators import sync_and_async_middleware

from accounts.throttles import client_ip

from . import selectors, services

logger = logging.getLogger(__name__)

DEVICE_HEADER = "HTTP_X_DEVICE_ID"


def _record(request: HttpRequest, response: HttpResponseBase) -> None:
    if request.method != "POST" or not 200 <= response.status_code < 300:
        return
    if not request.path_info.startswith("/api/"):
        return
    user = getattr(request, "user", None)  # DRF sets it on the request it authenticated
    if user is None or not user.is_authenticated:
        return
    address = client_ip(request)
    device_id = request.META.get(DEVICE_HEADER, "")[:128]
    seen = hashlib.blake2b(
        f"{user.pk}|{address}|{device_id}".encode(), key=selectors.hash_key()[:64], digest_size=16
    ).hexdigest()
    if not cache.add(f"fairplay:trace:{seen}", 1, timeout=settings.FAIRPLAY_TRACE_EVERY_SECONDS):
        return
    try:
        services.trace_record(user_id=user.pk, address=address, device_id=device_id or None)
    except DatabaseError:
        logger.exception("fair play: could not keep the traces of %s", user.pk)


@sync_and_async_middleware
def fingerprint_middleware(
    get_response: Callable[[HttpRequest], Any],
) -> Callable[[HttpRequest], Any]:
    """Records traces after the answer (WSGI); the event-stream server (ASGI) only
    serves ``GET`` streams, so it passes everything through."""
    if iscoroutinefunction(get_response):

        async def async_middleware(request: HttpRequest) -> HttpResponseBase:
            return await get_response(request)

        return async_middleware

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        _record(request, response)
        return response

    return middleware
