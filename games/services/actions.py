"""A player's action: ``POST /games/{id}/actions``."""

from __future__ import annotations

import uuid
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
from games.services.timers import game_enforce_timers, game_timeouts_reset
from games.variants import VariantAction


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
    return _apply_action_locked(
        game_id=game_id,
        user=user,
        action=action,
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        fingerprint=fingerprint or "",
    )


@transaction.atomic
def _apply_action_locked(
    *,
    game_id: uuid.UUID,
    user: User,
    action: VariantAction,
    expected_version: int | None,
    idempotency_key: str | None,
    fingerprint: str,
) -> ActionOutcome:
    game = game_lock(game_id=game_id)
    seat = game_seat_for(game=game, user=user)
    if idempotency_key:
        replayed = idempotency_replay(
            game=game, user=user, key=idempotency_key, fingerprint=fingerprint
        )
        if replayed is not None:
            return ActionOutcome(game, seat, status_code=replayed[0], body=replayed[1])
    game_ensure_active(game=game)
    game_ensure_seat_plays(game=game, seat=seat)
    if expected_version is not None and expected_version != game.version:
        raise VersionConflict(current=game.version)
    before = Before.of(game)
    game_apply_locked(game=game, seat=seat, action=action)
    game_timeouts_reset(game=game, seat=seat)
    game_commit_change(game=game, before=before)
    if not idempotency_key:
        return ActionOutcome(game, seat)
    body = json_text(selectors.game_view_for(game=game, seat=seat))
    idempotency_store(
        game=game, user=user, key=idempotency_key, fingerprint=fingerprint, status_code=200,
        body=body,
    )
    return ActionOutcome(game, seat, body=body)
