"""Signals other apps listen to (accounts imports no other app).

``tokens_revoked`` is sent once the transaction that deleted some of a player's API tokens
has committed (a logout, signing out everywhere, a password change, a deactivation).
Arguments: ``user_id``. The games app connects it to end that player's open event streams
whose token is gone at once, rather than at their next periodic recheck.

``guest_removing`` is sent inside the transaction that removes an idle guest account
(``accounts.purge_idle_guests``), with the guest's row locked, before the row is deleted.
Arguments: ``user_id``. Each app deletes there what only that guest had a part in (the
games app: the guest's own games, against the computer or tables nobody joined), ends
what the guest still takes part in (the tournaments app: it withdraws from those not
over) and leaves what other players share; a row left that still needs the guest (a seat
at a game with someone else) keeps the account as a deactivated row instead, under the
name it had.
"""

from django.dispatch import Signal

tokens_revoked = Signal()
guest_removing = Signal()
