from django.urls import path

from . import apis

urlpatterns = [
    # ``rating`` first: it would otherwise match ``<period>``.
    path("leaderboards/rating", apis.RatingBoardApi.as_view(), name="leaderboard-rating"),
    path("leaderboards/<str:period>", apis.LeaderboardApi.as_view(), name="leaderboard"),
]
