"""A player's action: ``POST /games/{id}/actions``."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db import transaction
from rest_framework import status

from accounts.models import User
from core.api import json_text
from core.exceptions import ApplicationError, error_body
from games import selectors
from games.errors import VersionConflict
from games.models import Game
from games.services.commit import Before, game_commit_change
from games.services.idempotency import (
    idempotency_replay,
    idempotency_store,
    kept_refusal_text,
    request_fingerprint,
)
from games.services.locking import (
    game_ensure_active,
    game_ensure_seat_plays,
    game_lock,
    game_seat_for,
)
from games.services.play import game_apply_locked
from games.services.timers import game_enforce_timers, game_timeouts_reset, game_timers_due
from games.variants import ALL_ACTION_TYPES, VARIANTS, AnyVariant, RulesError

ACTION_NOT_IN_GAME = "action_not_in_game"
"""The code of a well-formed action of another game (a knock sent to a rummy table)."""


_KEPT_REFUSALS = frozenset(
    {
        status.HTTP_400_BAD_REQUEST,
        status.HTTP_409_CONFLICT,
        status.HTTP_422_UNPROCESSABLE_ENTITY,
    }
)
"""The refusals kept with an idempotency key, as its first answer: the ones the request
itself earned (a 503 while the database is away is not an answer, and is not kept)."""


@dataclass(frozen=True)
class ActionOutcome:
    """What the API answers: the game and the caller's seat, and with an idempotency key
    the response text and status (stored with the change, or the ones stored for a retry;
    no text where a retry's 200 answers the view as it is now)."""

    game: Game
    seat: int
    status_code: int = 200
    body: str | None = None


@dataclass(frozen=True)
class ActionInput:
    """An action body read with the game's variant."""

    action: object
    expected_version: int | None


def action_input(*, variant: AnyVariant, body: object) -> ActionInput:
    """The action and ``expected_version`` of a request body, read with the game's
    variant; 400 for a malformed body (a bad card is ``invalid_card``, every message
    names the offending input), 422 ``action_not_in_game`` for another game's action."""
    if not isinstance(body, dict):
        raise ApplicationError(
            "Expected a JSON object.",
            code="validation_error",
            fields={"non_field_errors": ["Expected a JSON object."]},
        )
    expected_version = body.get("expected_version")
    if expected_version is not None and (
        isinstance(expected_version, bool)
        or not isinstance(expected_version, int)
        or expected_version < 0
    ):
        raise ApplicationError(
            "expected_version must be a non-negative integer.",
            code="validation_error",
            fields={"expected_version": ["Must be a non-negative integer."]},
        )
    kind = body.get("type")
    own = variant.rules.action_types
    if isinstance(kind, str) and kind in ALL_ACTION_TYPES and kind not in own:
        raise ApplicationError(
            f"A {variant.name} game has no {kind} action; use one of "
            f"{', '.join(own)}.",
            code=ACTION_NOT_IN_GAME,
            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
            fields={"type": [f"Not an action of a {variant.name} game."]},
        )
    data = {key: value for key, value in body.items() if key != "expected_version"}
    try:
        action = variant.rules.action_from_json(data)
    except RulesError as error:
        # the body may be another game's form of an action this game has too (Rummy 500's
        # draw_discard naming a card of its open pile): well-formed by the schema, so 422
        other = _game_reading(data, besides=variant) if error.code == "validation_error" else None
        if other is None:
            raise
        raise ApplicationError(
            f"A {variant.name} game does not take this {kind} action (a {other} game does).",
            code=ACTION_NOT_IN_GAME,
            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
            fields={"type": [f"Not an action of a {variant.name} game in this form."]},
        ) from None
    return ActionInput(action, expected_version)


def _game_reading(data: dict[str, object], *, besides: AnyVariant) -> str | None:
    """The name of a game, other than ``besides``, whose rules read ``data`` as an
    action; ``None`` when none does."""
    for other in VARIANTS.values():
        if other.name == besides.name or data.get("type") not in other.rules.action_types:
            continue
        try:
            other.rules.action_from_json(data)
        except RulesError:  # any refusal: this game does not read it either
            continue
        return other.name
    return None


def game_apply_action(
    *,
    game_id: uuid.UUID,
    user: User,
    body: object,
    idempotency_key: str | None = None,
) -> ActionOutcome:
    """Apply one player action, given as its request body.

    In order: seated (404); an expired turn deadline enforced first, in its own
    transaction (the server's move stands even if the late action is then refused); then,
    in one transaction with the game row locked: the ``Idempotency-Key`` (1-255
    characters, else 400), a known key (its first answer, or 422
    ``idempotency_key_reused`` for another body), the body (400), the game active (409
    ``game_not_active``), the expected version (409 ``version_conflict``), the rules
    (409/422 with their codes). With a key, the answer is kept in the same transaction:
    the caller's view, or the refusal (400, 409, 422), which then changes nothing else —
    so a key names one request whatever its first answer was. What is kept is bounded
    (:mod:`games.services.idempotency`): a view over the bound is kept as its status only,
    and its retry answers the view as it is then.
    """
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        seat = game_seat_for(game=game, user=user)
        if not game_timers_due(game=game):
            return _answer_locked(game, seat, user, body, idempotency_key)
    game_enforce_timers(game_id=game_id, due=True)
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        seat = game_seat_for(game=game, user=user)
        return _answer_locked(game, seat, user, body, idempotency_key)


def _answer_locked(
    game: Game, seat: int, user: User, body: object, key: str | None
) -> ActionOutcome:
    """The answer to an action at a seat of a locked game (the caller holds the lock)."""
    if key is None:
        return _apply_locked(game, seat, body)
    if not 1 <= len(key) <= 255:
        raise ApplicationError(
            "Idempotency-Key must be 1 to 255 characters.",
            code="validation_error",
            fields={"Idempotency-Key": ["Must be 1 to 255 characters."]},
        )
    fingerprint = request_fingerprint(body)
    replayed = idempotency_replay(game=game, user=user, key=key, fingerprint=fingerprint)
    if replayed is not None:
        # a 200 kept as its status only (a view over the cap): the view as it is now
        return ActionOutcome(game, seat, status_code=replayed[0], body=replayed[1])
    try:
        with transaction.atomic():  # a refusal rolls back to here and keeps only its record
            outcome = _apply_locked(game, seat, body)
    except Exception as exc:
        refusal = error_body(exc)
        if refusal is None or refusal[1] not in _KEPT_REFUSALS:
            raise
        text, status_code = kept_refusal_text(refusal[0]), refusal[1]
    else:
        text = json_text(selectors.game_view_for(game=outcome.game, seat=seat))
        status_code = status.HTTP_200_OK
    idempotency_store(
        game=game, user=user, key=key, fingerprint=fingerprint, status_code=status_code, body=text
    )
    return ActionOutcome(game, seat, status_code=status_code, body=text)


def _apply_locked(game: Game, seat: int, body: object) -> ActionOutcome:
    """The checks after the seat, and the change itself. The caller holds the lock."""
    request = action_input(variant=game.game_variant, body=body)
    game_ensure_active(game=game)
    game_ensure_seat_plays(game=game, seat=seat)
    if request.expected_version is not None and request.expected_version != game.version:
        raise VersionConflict(current=game.version)
    before = Before.of(game)
    game_apply_locked(game=game, seat=seat, action=request.action)
    game_timeouts_reset(game=game, seat=seat)
    game_commit_change(game=game, before=before)
    return ActionOutcome(game, seat)


__all__ = [
    "ACTION_NOT_IN_GAME",
    "ALL_ACTION_TYPES",
    "ActionInput",
    "ActionOutcome",
    "action_input",
    "game_apply_action",
]
