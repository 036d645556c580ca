"""Signals other apps listen to (the games app never imports them)."""

from django.dispatch import Signal

# Sent inside the transaction that finished a game, after its GameResult rows were written.
# Arguments: ``game`` (the finished Game). Receivers that queue work use
# ``transaction.on_commit``.
game_finished = Signal()
