"""The web client: ``/`` serves ``web/index.html``, a single page that plays through the
public API with a token, as any other client would.

Its scripts and styles are static files (``/static/web/...``, served by WhiteNoise in every
mode), so the page runs under a strict Content-Security-Policy: no inline script or style,
and no connection anywhere but this origin.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe


@lru_cache(maxsize=1)
def _cached_index() -> bytes:
    return (settings.WEB_CLIENT_DIR / "index.html").read_bytes()


def _index() -> bytes:
    if settings.DEBUG:  # edits show on reload during development
        return (settings.WEB_CLIENT_DIR / "index.html").read_bytes()
    return _cached_index()


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """``GET /``: the client's page (its routes live after ``#``, so one page serves all)."""
    response = HttpResponse(_index(), content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = settings.WEB_CLIENT_CSP
    response["Cache-Control"] = "no-cache"
    response["Referrer-Policy"] = "no-referrer"
    return response
