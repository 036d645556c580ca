from django.urls import path, re_path

from tournaments import apis, streams

urlpatterns = [
    path("tournaments", apis.TournamentsApi.as_view(), name="tournaments"),
    path("tournaments/join", apis.JoinByCodeApi.as_view(), name="tournaments-join-by-code"),
    path("tournaments/<uuid:tournament_id>", apis.TournamentDetailApi.as_view(), name="tournament"),
    path("tournaments/<uuid:tournament_id>/join", apis.JoinApi.as_view(), name="tournament-join"),
    path(
        "tournaments/<uuid:tournament_id>/withdraw",
        apis.WithdrawApi.as_view(),
        name="tournament-withdraw",
    ),
    path(
        "tournaments/<uuid:tournament_id>/pause", apis.PauseApi.as_view(), name="tournament-pause"
    ),
    path(
        "tournaments/<uuid:tournament_id>/cancel",
        apis.CancelApi.as_view(),
        name="tournament-cancel",
    ),
    path(
        "tournaments/<uuid:tournament_id>/standings",
        apis.StandingsApi.as_view(),
        name="tournament-standings",
    ),
    path(
        "tournaments/<uuid:tournament_id>/players/<str:username>",
        apis.SheetApi.as_view(),
        name="tournament-sheet",
    ),
    path(
        "tournaments/<uuid:tournament_id>/pairings",
        apis.PairingsApi.as_view(),
        name="tournament-pairings",
    ),
    path(
        "tournaments/<uuid:tournament_id>/bracket",
        apis.BracketApi.as_view(),
        name="tournament-bracket",
    ),
    path(
        "tournaments/<uuid:tournament_id>/rounds/<int:round_no>/deals",
        apis.DealsApi.as_view(),
        name="tournament-deals",
    ),
    path(
        "tournaments/<uuid:tournament_id>/events",
        streams.tournament_events,
        name="tournament-events",
    ),
    # Views only ever see UUIDs; any other id is a tournament the caller cannot see (the
    # stream answers it itself, after authenticating, as it answers every error).
    re_path(r"^tournaments/(?P<tournament_id>[^/]+)/events$", streams.tournament_events),
    re_path(
        r"^tournaments/[^/]+(?:/[a-z]+)?(?:/[^/]+)?(?:/deals)?$",
        apis.MalformedTournamentIdApi.as_view(),
    ),
]
