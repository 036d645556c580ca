"""The games API, one module per resource (docs/api.md#games): each view parses, calls one
service and answers the caller's view.

* :mod:`.tables` create and list games, join by code, the lobby, one game, concede,
  cancel, rematch, accept
* :mod:`.actions` a player's action; :mod:`.moves` the move log; :mod:`.hints` a hint
* :mod:`.review` a finished game's review (asked for, then read)
* :mod:`.messages` quick chat; :mod:`.errors` a malformed game id
* :mod:`.schema` the documentation of every body (the OpenAPI schema)
"""
