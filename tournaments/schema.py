"""OpenAPI: the tournament's event stream (a plain async Django view, documented here)."""

from __future__ import annotations

from typing import Any

STREAM_PATH = "/api/v1/tournaments/{tournament_id}/events"

_DESCRIPTION = (
    "For any player with the tournament's id. Server-Sent Events (`text/event-stream`), one "
    "frame per event: `id: <n>`, `event: <kind>`, `data: <JSON>` (the event's `id`, `kind`, "
    "its fields and `created_at`), a blank line. Kinds: `player_joined`, `player_left`, "
    "`started`, `round_started` (`round`, `deadline`, `tables`, a duplicate round's "
    "`commitments`), `pairing_made` (`pairing`, `round`, `table`, `game_id`, `players`), "
    "`game_ended` (`pairing`, `game_id`, `void`, `places`), `standings_changed` (`leaders`: "
    "the top ten), `deals_revealed` (`round`), `finished` (`winner`), `cancelled` "
    "(`reason`). A player whose account was deleted is named `{\"username\": null, "
    "\"display_name\": <the name they had>}`, in the events stored before too. A new "
    "stream starts with what happens next; resume with `?after=<n>` (wins) "
    "or the `Last-Event-ID` header: every later event exactly once, in order. `: ping` "
    "comments after 15 s of silence. Errors (401, 404, 400) are JSON, before any stream "
    "starts. After a logout, a revoked token or a deactivated account the stream sends one "
    '`event: closed` frame (`{"code": "authentication_failed", "detail": ...}`) within 15 s '
    "and ends. Your own next game is announced on `/me/events` (`tournament_game`)."
)


_EXAMPLE = (
    "id: 41\n"
    "event: pairing_made\n"
    'data: {"id":41,"kind":"pairing_made","pairing":12,"round":0,"table":7,'
    '"game_id":"0178711d-bdfe-4c29-9e6d-c48f00bfe6bc","players":[{"username":"ann",'
    '"display_name":"Ann"},{"username":"bob","display_name":"bob"}],'
    '"created_at":"2030-06-01T18:04:12Z"}\n\n'
)


def add_tournament_events(result: dict, generator: object, request: object, public: bool) -> dict:
    """Postprocessing hook: document ``GET /tournaments/{id}/events``."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    bound = {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}
    operation: dict[str, Any] = {
        "operationId": "tournaments_events",
        "summary": "A tournament's live events",
        "description": _DESCRIPTION,
        "tags": ["tournaments"],
        "parameters": [
            {
                "name": "tournament_id",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "format": "uuid"},
            },
            {
                "name": "after",
                "in": "query",
                "required": False,
                "schema": bound,
                "description": "Resume after this event id.",
            },
            {
                "name": "Last-Event-ID",
                "in": "header",
                "required": False,
                "schema": bound,
                "description": "Resume after this event id (sent by EventSource on reconnect).",
            },
        ],
        "security": [{"tokenAuth": []}],
        "responses": {
            "200": {
                "description": "An event stream.",
                "content": {
                    "text/event-stream": {
                        "schema": {"type": "string"},
                        "example": _EXAMPLE,
                    }
                },
            },
            "400": {"description": "Bad `after` (`validation_error`).", "content": error},
            "401": {"description": "Missing or invalid token.", "content": error},
            "404": {"description": "No such tournament (`not_found`).", "content": error},
            "429": {
                "description": "Too many open streams (`too_many_streams`): at most 5 per "
                "player, every kind together; see the `Retry-After` header.",
                "content": error,
            },
            "503": {
                "description": "Reached a process that does not serve event streams "
                "(`streams_not_served_here`): a deployment routing error.",
                "content": error,
            },
        },
    }
    result.setdefault("paths", {})[STREAM_PATH] = {"get": operation}
    return result
