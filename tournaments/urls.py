from django.urls import path, re_path

from tournaments import streams
from tournaments.apis import entries, errors, results, tournaments

urlpatterns = [
    path("tournaments", tournaments.TournamentsApi.as_view(), name="tournaments"),
    path("tournaments/join", entries.JoinByCodeApi.as_view(), name="tournaments-join-by-code"),
    path(
        "tournaments/limits", tournaments.TournamentLimitsApi.as_view(), name="tournaments-limits"
    ),
    path(
        "tournaments/<uuid:tournament_id>",
        tournaments.TournamentDetailApi.as_view(),
        name="tournament",
    ),
    path(
        "tournaments/<uuid:tournament_id>/join", entries.JoinApi.as_view(), name="tournament-join"
    ),
    path(
        "tournaments/<uuid:tournament_id>/withdraw",
        entries.WithdrawApi.as_view(),
        name="tournament-withdraw",
    ),
    path(
        "tournaments/<uuid:tournament_id>/pause",
        entries.PauseApi.as_view(),
        name="tournament-pause",
    ),
    path(
        "tournaments/<uuid:tournament_id>/cancel",
        tournaments.CancelApi.as_view(),
        name="tournament-cancel",
    ),
    path(
        "tournaments/<uuid:tournament_id>/standings",
        results.StandingsApi.as_view(),
        name="tournament-standings",
    ),
    path(
        "tournaments/<uuid:tournament_id>/players/<str:username>",
        results.SheetApi.as_view(),
        name="tournament-sheet",
    ),
    path(
        "tournaments/<uuid:tournament_id>/pairings",
        results.PairingsApi.as_view(),
        name="tournament-pairings",
    ),
    path(
        "tournaments/<uuid:tournament_id>/bracket",
        results.BracketApi.as_view(),
        name="tournament-bracket",
    ),
    path(
        "tournaments/<uuid:tournament_id>/rounds/<int:round_no>/deals",
        results.DealsApi.as_view(),
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
        errors.MalformedTournamentIdApi.as_view(),
    ),
]
