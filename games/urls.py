from django.urls import path, re_path

from . import apis, streams

urlpatterns = [
    path("games", apis.GamesApi.as_view(), name="games"),
    path("games/join", apis.JoinApi.as_view(), name="games-join"),
    path("lobby", apis.LobbyApi.as_view(), name="lobby"),
    path("phrases", apis.PhrasesApi.as_view(), name="phrases"),
    path("me/events", streams.player_events, name="me-events"),
    path("games/<uuid:game_id>", apis.GameDetailApi.as_view(), name="game"),
    path("games/<uuid:game_id>/actions", apis.GameActionsApi.as_view(), name="game-actions"),
    path("games/<uuid:game_id>/moves", apis.GameMovesApi.as_view(), name="game-moves"),
    path("games/<uuid:game_id>/concede", apis.ConcedeApi.as_view(), name="game-concede"),
    path("games/<uuid:game_id>/cancel", apis.CancelApi.as_view(), name="game-cancel"),
    path("games/<uuid:game_id>/rematch", apis.RematchApi.as_view(), name="game-rematch"),
    path("games/<uuid:game_id>/accept", apis.AcceptApi.as_view(), name="game-accept"),
    path("games/<uuid:game_id>/messages", apis.MessagesApi.as_view(), name="game-messages"),
    path("games/<uuid:game_id>/events", streams.game_events, name="game-events"),
    # Views only ever see UUIDs; any other id is a game the caller does not sit at (the
    # stream answers it itself, after authenticating, as it answers every error).
    re_path(r"^games/(?P<game_id>[^/]+)/events$", streams.game_events),
    re_path(r"^games/[^/]+(?:/[a-z]+)?$", apis.MalformedGameIdApi.as_view()),
]
