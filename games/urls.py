from django.urls import path, re_path

from games.apis import actions, errors, hints, messages, moves, review, tables
from games.live import streams

urlpatterns = [
    path("games", tables.GamesApi.as_view(), name="games"),
    path("games/join", tables.JoinApi.as_view(), name="games-join"),
    path("lobby", tables.LobbyApi.as_view(), name="lobby"),
    path("phrases", messages.PhrasesApi.as_view(), name="phrases"),
    path("me/events", streams.player_events, name="me-events"),
    path("games/<uuid:game_id>", tables.GameDetailApi.as_view(), name="game"),
    path("games/<uuid:game_id>/actions", actions.GameActionsApi.as_view(), name="game-actions"),
    path("games/<uuid:game_id>/moves", moves.GameMovesApi.as_view(), name="game-moves"),
    path("games/<uuid:game_id>/hint", hints.GameHintApi.as_view(), name="game-hint"),
    path("games/<uuid:game_id>/review", review.GameReviewApi.as_view(), name="game-review"),
    path("games/<uuid:game_id>/concede", tables.ConcedeApi.as_view(), name="game-concede"),
    path("games/<uuid:game_id>/cancel", tables.CancelApi.as_view(), name="game-cancel"),
    path("games/<uuid:game_id>/rematch", tables.RematchApi.as_view(), name="game-rematch"),
    path("games/<uuid:game_id>/accept", tables.AcceptApi.as_view(), name="game-accept"),
    path("games/<uuid:game_id>/messages", messages.MessagesApi.as_view(), name="game-messages"),
    path("games/<uuid:game_id>/events", streams.game_events, name="game-events"),
    # Views only ever see UUIDs; any other id is a game the caller does not sit at (the
    # stream answers it itself, after authenticating, as it answers every error).
    re_path(r"^games/(?P<game_id>[^/]+)/events$", streams.game_events),
    re_path(r"^games/[^/]+(?:/[a-z]+)?$", errors.MalformedGameIdApi.as_view()),
]
