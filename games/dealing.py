"""Where decks come from: the system's CSPRNG, or (for tests and tools) decks chosen ahead.

Every deal asks :func:`shuffler` for the first dealer, the deck and the salt of its
commitment (docs/api.md#fair-shuffle). In production that is :class:`SystemShuffler`; a test
that needs a known position wraps the call that deals in :func:`dealt`::

    with dealt([deck], dealer=0):
        services.game_join(user=bob, code=code)

so games in known states are made through the services, never by rewriting rows.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

from games.variants import AnyVariant


def deck_commitment(salt: str, deck: Sequence[str]) -> str:
    """``sha256(salt + ":" + ",".join(deck))`` as lowercase hex (docs/api.md#fair-shuffle)."""
    return hashlib.sha256(f"{salt}:{','.join(deck)}".encode()).hexdigest()


class Shuffler(Protocol):
    def first_dealer(self, seats: int) -> int:
        """The dealer of round 1."""

    def deck(self, variant: AnyVariant, rules: Mapping[str, Any]) -> list[str]:
        """The next round's deck in dealing order, for a game of ``rules``."""

    def salt(self) -> str:
        """32 lowercase hex characters, kept secret until the round ends."""


class SystemShuffler:
    """Decks and salts from the operating system's CSPRNG."""

    def __init__(self) -> None:
        self._random = secrets.SystemRandom()

    def first_dealer(self, seats: int) -> int:
        return self._random.randrange(seats)

    def deck(self, variant: AnyVariant, rules: Mapping[str, Any]) -> list[str]:
        return variant.rules.new_deck(self._random, rules)

    def salt(self) -> str:
        return secrets.token_hex(16)


class FixedDeals:
    """The given decks, in order (then fresh shuffles), a fixed first dealer and salt."""

    def __init__(self, decks: Sequence[Sequence[str]], *, dealer: int = 0, salt: str) -> None:
        self._decks = [[str(card) for card in deck] for deck in decks]
        self._dealer = dealer
        self._salt = salt
        self._fallback = SystemShuffler()

    def first_dealer(self, seats: int) -> int:
        return self._dealer

    def deck(self, variant: AnyVariant, rules: Mapping[str, Any]) -> list[str]:
        return self._decks.pop(0) if self._decks else self._fallback.deck(variant, rules)

    def salt(self) -> str:
        return self._salt


class SeededShuffler:
    """Decks, dealers and salts from one seeded generator: the same seed deals the same
    games in the same order (for tests and tools that play many games, never for play)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def first_dealer(self, seats: int) -> int:
        return self._random.randrange(seats)

    def deck(self, variant: AnyVariant, rules: Mapping[str, Any]) -> list[str]:
        return variant.rules.new_deck(self._random, rules)

    def salt(self) -> str:
        return f"{self._random.getrandbits(128):032x}"


def planned_deal(planned: object, index: int) -> tuple[list[str], str] | None:
    """The deck and salt fixed ahead for a game's deal number ``index + 1`` (0 for the
    first deal), or None: the game's ``planned_deals`` (a list of ``[deck, salt]``, e.g.
    a tournament's duplicate deals) has no entry there, and that deal is shuffled."""
    if not isinstance(planned, list) or not 0 <= index < len(planned):
        return None
    deck, salt = planned[index]
    return [str(card) for card in deck], str(salt)


_system = SystemShuffler()
_current: ContextVar[Shuffler] = ContextVar("games_shuffler", default=_system)


def shuffler() -> Shuffler:
    """The shuffler deals use now."""
    return _current.get()


@contextmanager
def dealing_from(source: Shuffler) -> Iterator[None]:
    """Deal every game started inside (in this thread's context) from ``source``."""
    token = _current.set(source)
    try:
        yield
    finally:
        _current.reset(token)


@contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Deal every game started inside from :class:`SeededShuffler` ``seed``."""
    with dealing_from(SeededShuffler(seed)):
        yield


@contextmanager
def dealt(
    decks: Sequence[Sequence[object]], *, dealer: int = 0, salt: str = "0" * 32
) -> Iterator[None]:
    """Deal ``decks`` (cards or card strings, dealing order) to games started inside."""
    with dealing_from(FixedDeals([[str(c) for c in d] for d in decks], dealer=dealer, salt=salt)):
        yield
