"""Signals fair play sends to the apps above it (tournaments listen; fair play never
imports them). Named ``hooks`` because ``fairplay.signals`` is the detectors' library."""

from django.dispatch import Signal

# Sent after a mark's consequences were applied (in their transaction; receivers that
# queue work use ``transaction.on_commit``), every time ``sanction_apply`` or
# ``mark_consequences_apply`` runs for it: receivers must be idempotent.
# Arguments: ``user_id`` (the marked player), ``since`` (a datetime: undo what they played
# from then on). Tournaments withdraw the player from every tournament under way and
# rebuild the standings and winners of those they played in since then.
player_marked = Signal()
