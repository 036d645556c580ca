"""Signals other apps listen to (the games app never imports them)."""

from django.dispatch import Signal

# Sent inside the transaction that finished a game, after its GameResult rows were written.
# Arguments: ``game`` (the finished Game). Receivers that queue work use
# ``transaction.on_commit``.
game_finished = Signal()

# Sent inside the transaction that finishes a game that was not aborted, before its
# GameResult rows are written, so that what is decided here is in the same commit as the
# results. Arguments: ``game`` (finished: status, winner and reason set; seats loaded).
# A receiver returns a ``games.models.UnratedReason`` value when the game must count for no
# rating and no board (fair play: a forfeit before the loser played, two players on one
# device, a player whose games are unrated), else None; the first reason given wins.
game_rating_check = Signal()

# Sent when a person is about to take a seat at a table with other people: creating one,
# joining one, offering or accepting a rematch (games against the computer send nothing).
# Arguments: ``user`` (the person). A receiver refuses by raising an ``ApplicationError``
# (fair play: a play ban, 403 ``playban``); the service then changes nothing.
player_seating = Signal()
