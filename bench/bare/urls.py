from django.urls import include, path

from bare.views import BareActionApi

urlpatterns = [
    path("api/v1/bare/<uuid:game_id>", BareActionApi.as_view()),
    path("", include("config.urls")),
]
