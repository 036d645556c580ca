"""Game write operations, one module per concern. Each public service runs in one
transaction; the ones that change a game lock its row first (:mod:`.locking`), and
helpers that expect that lock say so in their docstring.

* :mod:`.lifecycle` create, join, cancel, abandon, concede
* :mod:`.actions` a player's action (with :mod:`.idempotency`)
* :mod:`.play` one action applied to a locked game (players, computer, timer)
* :mod:`.rounds` dealing; :mod:`.results` finishing (result rows, forfeits)
* :mod:`.commit` after every change: save, turn clock, events, queued tasks
* :mod:`.computer` the computer's turn; :mod:`.timers` deadlines and the sweeper
* :mod:`.rematch`, :mod:`.chat`, :mod:`.events` (account-stream events)
* :mod:`.review` a finished game's review (asked for, then computed by a task)
* :mod:`.seated` games whose players another app chose (tournaments), and their results

The names below are the services the views, tasks and admin call.
"""

from games.services.actions import (
    ACTION_NOT_IN_GAME,
    ALL_ACTION_TYPES,
    ActionOutcome,
    game_apply_action,
)
from games.services.chat import game_post_message
from games.services.computer import game_play_computer_turn, games_waiting_for_computer
from games.services.events import player_event_add, player_events_purge
from games.services.idempotency import idempotency_purge, request_fingerprint
from games.services.lifecycle import (
    game_abandon,
    game_cancel,
    game_concede,
    game_create_vs_computer,
    game_create_vs_human,
    game_join,
)
from games.services.rematch import game_accept, game_rematch, rematch_refusal_register
from games.services.review import game_review_compute, game_review_request
from games.services.seated import (
    InvalidGameRules,
    SeatedResult,
    deals_draw,
    game_create_seated,
    game_rules_for,
    game_seated_results,
)
from games.services.timers import (
    game_enforce_timers,
    game_expire_turn,
    game_timers_due,
    games_enforce_for_user,
    games_enforce_overdue,
)

__all__ = [
    "ACTION_NOT_IN_GAME",
    "ALL_ACTION_TYPES",
    "ActionOutcome",
    "InvalidGameRules",
    "SeatedResult",
    "deals_draw",
    "game_abandon",
    "game_accept",
    "game_apply_action",
    "game_cancel",
    "game_concede",
    "game_create_seated",
    "game_create_vs_computer",
    "game_create_vs_human",
    "game_enforce_timers",
    "game_expire_turn",
    "game_join",
    "game_play_computer_turn",
    "game_post_message",
    "game_rematch",
    "game_review_compute",
    "game_review_request",
    "game_rules_for",
    "game_seated_results",
    "game_timers_due",
    "games_enforce_for_user",
    "games_enforce_overdue",
    "games_waiting_for_computer",
    "idempotency_purge",
    "player_event_add",
    "player_events_purge",
    "rematch_refusal_register",
    "request_fingerprint",
]
