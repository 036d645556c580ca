"""The web client: ``/`` serves ``web/index.html``, a single page that plays through the
public API with a token, as any other client would.

Its scripts and styles are static files (``/static/web/...``, served by WhiteNoise in every
mode), so the page runs under a strict Content-Security-Policy: no inline script or style,
and no connection anywhere but this origin.

It installs as an app: ``/manifest.webmanifest`` describes it, and ``/sw.js``, its service
worker (at the site's root, so that its scope is the whole site), keeps the page and the
client's files for opening at once and without a connection, never the API. The worker is
``web/sw.js`` after one line the server writes: the files to keep and a version made of
their contents, so that any change to the client is a new worker.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

# Served at the root rather than under /static/web/ (and kept out of the worker's list).
ROOT_FILES = ("index.html", "sw.js", "manifest.webmanifest")


@lru_cache(maxsize=1)
def _cached_index() -> bytes:
    return (settings.WEB_CLIENT_DIR / "index.html").read_bytes()


def _index() -> bytes:
    if settings.DEBUG:  # edits show on reload during development
        return (settings.WEB_CLIENT_DIR / "index.html").read_bytes()
    return _cached_index()


def _worker() -> bytes:
    """``web/sw.js`` with its ``BUILD`` line: the shell's URLs and their version."""
    folder = settings.WEB_CLIENT_DIR
    digest = hashlib.sha256()
    files = ["/", "/manifest.webmanifest"]
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        relative = path.relative_to(folder).as_posix()
        digest.update(relative.encode() + b"\0" + path.read_bytes())
        if relative not in ROOT_FILES and not relative.startswith("."):
            files.append(f"/{settings.STATIC_URL.strip('/')}/web/{relative}")
    build = {"version": digest.hexdigest()[:16], "files": files}
    return f"const BUILD = {json.dumps(build)};\n".encode() + (folder / "sw.js").read_bytes()


@lru_cache(maxsize=1)
def _cached_worker() -> bytes:
    return _worker()


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """``GET /sw.js``: the client's service worker (looked at again on every visit)."""
    body = _worker() if settings.DEBUG else _cached_worker()
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    response["Content-Security-Policy"] = "default-src 'self'"
    return response


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """``GET /manifest.webmanifest``: what the browser needs to install the client."""
    body = (settings.WEB_CLIENT_DIR / "manifest.webmanifest").read_bytes()
    response = HttpResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """``GET /``: the client's page (its routes live after ``#``, so one page serves all)."""
    response = HttpResponse(_index(), content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = settings.WEB_CLIENT_CSP
    response["Cache-Control"] = "no-cache"
    response["Referrer-Policy"] = "no-referrer"
    return response
