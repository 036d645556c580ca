"""Signals other apps listen to (accounts imports no other app).

``tokens_revoked`` is sent once the transaction that deleted some of a player's API tokens
has committed (a logout, signing out everywhere, a password change, a deactivation).
Arguments: ``user_id``. The games app connects it to end that player's open event streams
whose token is gone at once, rather than at their next periodic recheck.
"""

from django.dispatch import Signal

tokens_revoked = Signal()
