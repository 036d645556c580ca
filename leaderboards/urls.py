from django.urls import path

from . import apis

urlpatterns = [
    # ``rating`` and ``all-time`` first: they would otherwise match ``<period>``.
    path("leaderboards/rating", apis.RatingBoardApi.as_view(), name="leaderboard-rating"),
    path(
        "leaderboards/all-time", apis.AllTimeLeaderboardApi.as_view(), name="leaderboard-all-time"
    ),
    path("leaderboards/<str:period>", apis.LeaderboardApi.as_view(), name="leaderboard"),
]
