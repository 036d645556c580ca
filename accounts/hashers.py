"""The password hasher: Django's PBKDF2, with a bound on the hashes one process runs at once.

A hash is slow on purpose (PBKDF2-SHA256, 1,000,000 rounds: about half a second of one core
on a quiet machine, several seconds on a busy one) and runs outside every transaction
(:mod:`accounts.services`), so it holds no lock; but a threaded server runs as many at
once as requests arrive, and ten registrations, or ten wrong logins, would take every core
from the players' actions (``make run`` serves everything from one process). At most
``PASSWORD_HASHES_AT_ONCE`` hashes run at once in a process (default: half its cores, at
least one); the others wait their turn, holding nothing. The algorithm's name and rounds
are Django's, so stored hashes stay valid either way.
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher

_lock = threading.Lock()
_slots: tuple[int, threading.BoundedSemaphore] | None = None


def hash_slots() -> threading.BoundedSemaphore:
    """The process's hashing slots (made again when the setting changes)."""
    global _slots
    size = max(1, int(settings.PASSWORD_HASHES_AT_ONCE))
    with _lock:
        if _slots is None or _slots[0] != size:
            _slots = (size, threading.BoundedSemaphore(size))
        return _slots[1]


class BoundedPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    """Django's PBKDF2 hasher; each hash (making one, checking a password, or the dummy
    hash of a login for an unknown user) takes one of :func:`hash_slots` while it runs."""

    def encode(self, password: str, salt: str, iterations: int | None = None) -> str:
        with hash_slots():
            return super().encode(password, salt, iterations)
