"""``/api/docs/``: the Swagger UI page (kept apart from ``core.schema``, which DRF imports
while drf-spectacular's views are still loading)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularSwaggerView
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response


class SwaggerDocsView(SpectacularSwaggerView):
    """``/api/docs/``: the Swagger UI page; anything but that page is JSON.

    drf-spectacular's view renders only HTML templates, so ``OPTIONS`` (DRF's metadata)
    had no template to render (a 500) and errors came out as plain text. Here ``OPTIONS``
    answers DRF's metadata as JSON and errors go through the house error handler as JSON.
    """

    def options(self, request: Request, *args: Any, **kwargs: Any) -> Response:  # type: ignore[override]
        self._answer_json(request)
        return super().options(request, *args, **kwargs)

    def handle_exception(self, exc: Exception) -> Response:
        self._answer_json(self.request)
        return super().handle_exception(exc)

    @staticmethod
    def _answer_json(request: Request) -> None:
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type
