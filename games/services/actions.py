"""A player's action: ``POST /games/{id}/actions``."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from accounts.models import User
from config.api import json_text
from games import selectors
from games.errors import VersionConflict
from games.models import Game
from games.services.commit import Before, game_commit_change
from games.services.idempotency import idempotency_replay, idempotency_store
from games.services.locking import (
    game_ensure_active,
    game_ensure_seat_plays,
    game_lock,
    game_seat_for,
)
from games.services.play import game_apply_locked
from games.services.timers import game_enforce_timers, game_timeouts_reset, game_timers_due
from games.variants import GameVariant, VariantAction


@dataclass(frozen=True)
class ActionOutcome:
    """What the API answers: the game and the caller's seat, and with an idempotency key
    the response text (stored with the change, or the one stored for a retry)."""

    game: Game
    seat: int
    status_code: int = 200
    body: str | None = None


def game_apply_action(
    *,
    game_id: uuid.UUID,
    user: User,
    action: VariantAction,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    fingerprint: str | None = None,
) -> ActionOutcome:
    """Apply one player action (parsed by the game's variant).

    An expired turn deadline is enforced first, in its own transaction (the server's move
    stands even if the late action is then refused). Then, in one transaction with the
    game row locked, in order: seated (404), a known idempotency key (stored response, or
    422 ``idempotency_key_reused``), the game active (409 ``game_not_active``), the expected
    version (409 ``version_conflict``), then the rules (409/422 with their codes). With a
    key, the caller's view is rendered and stored in the same transaction.
    """
    game_enforce_timers(game_id=game_id)
    request = ActionRequest(action, expected_version, idempotency_key, fingerprint)
    return _apply_action_locked(game_id=game_id, user=user, parse=lambda _variant: request)


@dataclass(frozen=True)
class ActionRequest:
    """An action request as the endpoint parsed it (with the game's variant)."""

    action: VariantAction
    expected_version: int | None = None
    idempotency_key: str | None = None
    fingerprint: str | None = None


def game_apply_request(
    *, game_id: uuid.UUID, user: User, parse: Callable[[GameVariant], ActionRequest]
) -> ActionOutcome:
    """:func:`game_apply_action` for a request body not parsed yet: ``parse`` reads it with
    the game's variant (raising 400 for a bad body) once the caller is known to be seated,
    so the game and its seats are read once, locked, for the 404, the parse and the action.
    The order of checks is :func:`game_apply_action`'s: seated (404), an expired turn played
    first in its own transaction, the body (400), then the rest."""
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        seat = game_seat_for(game=game, user=user)
        if not game_timers_due(game=game):
            return _apply_to_locked(game, seat, user, parse(game.game_variant))
    game_enforce_timers(game_id=game_id, due=True)
    return _apply_action_locked(game_id=game_id, user=user, parse=parse)


@transaction.atomic
def _apply_action_locked(
    *, game_id: uuid.UUID, user: User, parse: Callable[[GameVariant], ActionRequest]
) -> ActionOutcome:
    game = game_lock(game_id=game_id)
    seat = game_seat_for(game=game, user=user)
    return _apply_to_locked(game, seat, user, parse(game.game_variant))


def _apply_to_locked(game: Game, seat: int, user: User, request: ActionRequest) -> ActionOutcome:
    """The checks after the seat and the change itself. The caller holds the game's lock."""
    key, fingerprint = request.idempotency_key, request.fingerprint or ""
    if key:
        replayed = idempotency_replay(game=game, user=user, key=key, fingerprint=fingerprint)
        if replayed is not None:
            return ActionOutcome(game, seat, status_code=replayed[0], body=replayed[1])
    game_ensure_active(game=game)
    game_ensure_seat_plays(game=game, seat=seat)
    if request.expected_version is not None and request.expected_version != game.version:
        raise VersionConflict(current=game.version)
    before = Before.of(game)
    game_apply_locked(game=game, seat=seat, action=request.action)
    game_timeouts_reset(game=game, seat=seat)
    game_commit_change(game=game, before=before)
    if not key:
        return ActionOutcome(game, seat)
    body = json_text(selectors.game_view_for(game=game, seat=seat))
    idempotency_store(
        game=game, user=user, key=key, fingerprint=fingerprint, status_code=200, body=body,
    )
    return ActionOutcome(game, seat, body=body)
