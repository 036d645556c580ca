"""URL map: the API under ``/api/v1/``, its schema and docs, the admin, the web client."""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from accounts.admin import admin_login
from core.docs import SwaggerDocsView
from core.exceptions import json_not_found
from core.health import HealthApi
from core.web import index as web_client
from core.web import manifest as web_manifest
from core.web import service_worker

api_v1: list[URLPattern | URLResolver] = [
    path("health", HealthApi.as_view(), name="health"),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("leaderboards.urls")),
    path("", include("fairplay.urls")),
    path("", include("tournaments.urls")),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SwaggerDocsView.as_view(url_name="schema"), name="docs"),
    re_path(r"^api/", json_not_found),
    # The admin's login page with the API's failed-login limits (accounts.admin).
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("sw.js", service_worker, name="web-service-worker"),
    path("manifest.webmanifest", web_manifest, name="web-manifest"),
    path("", web_client, name="web-client"),
]

handler400 = "core.exceptions.json_bad_request"
handler403 = "core.exceptions.json_permission_denied"
handler404 = "core.exceptions.json_not_found"
handler500 = "core.exceptions.json_server_error"
