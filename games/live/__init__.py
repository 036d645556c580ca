"""Live tables: Server-Sent Events for a game's seats and for each player.

* :mod:`.streams` the two event streams (``GET /games/{id}/events``, ``GET /me/events``):
  one shared read and one rendering per version and seat, catch-up from ``after`` /
  ``Last-Event-ID``, pings, token rechecks
* :mod:`.notify` the wake-up signal after every commit (Redis pub/sub, or in-process)
* :mod:`.slots` the cap on the streams one player may hold open, kept in Redis
"""
