from django.urls import path

from . import apis

urlpatterns = [
    path("reports", apis.ReportApi.as_view(), name="fair-play-report"),
    path("me/fair-play", apis.MyFairPlayApi.as_view(), name="fair-play-me"),
    path("me/fair-play/appeal", apis.AppealApi.as_view(), name="fair-play-appeal"),
    path("staff/signals", apis.StaffSignalsApi.as_view(), name="fair-play-staff-signals"),
    path(
        "staff/signals/<int:signal_id>/resolve",
        apis.StaffResolveApi.as_view(),
        name="fair-play-staff-resolve",
    ),
]
