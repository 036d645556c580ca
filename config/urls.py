"""URL map: the API under ``/api/v1/``, its schema and docs, the admin, the web client."""

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from .exceptions import json_not_found
from .health import HealthApi
from .web import index as web_client

api_v1 = [
    path("health", HealthApi.as_view(), name="health"),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("leaderboards.urls")),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    re_path(r"^api/", json_not_found),
    path("admin/", admin.site.urls),
    path("", web_client, name="web-client"),
]

handler400 = "config.exceptions.json_bad_request"
handler403 = "config.exceptions.json_permission_denied"
handler404 = "config.exceptions.json_not_found"
handler500 = "config.exceptions.json_server_error"
