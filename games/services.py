"""Game write operations. Each runs in one transaction with the game row locked.

The flow of every change (STYLE.md): lock the game row, check who may act and the
expected version, let the rules core validate and apply, append the ``Move``, save the
snapshot and the version, and queue follow-up work with ``transaction.on_commit``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import rules
from games.errors import (
    CannotJoinOwnGame,
    GameFull,
    GameNotFound,
    GameNotWaiting,
    IdempotencyKeyReused,
    InvalidCode,
    NotCreator,
    VersionConflict,
    from_rules_error,
)
from games.models import (
    Difficulty,
    FinishReason,
    Game,
    GameResult,
    GameRound,
    GameStatus,
    IdempotencyRecord,
    Move,
    OpponentType,
    Seat,
    Visibility,
)
from games.signals import game_finished

INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: nothing to misread
INVITE_LENGTH = 6
IDEMPOTENCY_TTL = timedelta(hours=24)
LEVEL_WEIGHTS = {
    Difficulty.EASY: Decimal("0.25"),
    Difficulty.MEDIUM: Decimal("0.50"),
    Difficulty.HARD: Decimal("1.00"),
}
_system_random = secrets.SystemRandom()


# --- snapshots ------------------------------------------------------------------------------


def game_state(game: Game) -> rules.GameState:
    """The rules-core state of an active or finished game."""
    return rules.state_from_json(game.state)


def _store_state(game: Game, state: rules.GameState) -> None:
    game.state = rules.state_to_json(state)
    game.turn_seat = state.turn
    game.scores = list(state.scores)
    game.round_number = state.round.number


def deck_commitment(salt: str, deck: list[str]) -> str:
    """``sha256(salt + ":" + ",".join(deck))`` as lowercase hex (DESIGN "Fair shuffle")."""
    return hashlib.sha256(f"{salt}:{','.join(deck)}".encode()).hexdigest()


def _deal(game: Game, *, number: int, dealer: int) -> list[rules.Card]:
    """Shuffle a fresh deck with the system's CSPRNG and record it (with its commitment)."""
    deck = rules.new_deck(_system_random)
    strings = [str(card) for card in deck]
    salt = secrets.token_hex(16)
    GameRound.objects.create(
        game=game,
        number=number,
        dealer=dealer,
        deck=strings,
        salt=salt,
        commitment=deck_commitment(salt, strings),
    )
    return deck


def _start(game: Game) -> None:
    """Deal the first round (dealer drawn at random) and make the game active."""
    dealer = _system_random.randrange(2)
    deck = _deal(game, number=1, dealer=dealer)
    ruleset = rules.RuleSet.from_dict(game.rules)
    _store_state(game, rules.new_game(ruleset, dealer, deck))
    game.status = GameStatus.ACTIVE
    game.started_at = timezone.now()


# --- creating and joining -------------------------------------------------------------------


def _ruleset(data: dict[str, Any] | None) -> rules.RuleSet:
    try:
        return rules.RuleSet.from_dict(data or {})
    except rules.RulesError as exc:
        error = from_rules_error(exc)
        if error.fields:
            error.fields = {f"rules.{key}": msgs for key, msgs in error.fields.items()}
        raise error from exc


@transaction.atomic
def game_create_vs_computer(
    *, user: Any, difficulty: str, rules_data: dict[str, Any] | None = None
) -> Game:
    """A game against the computer, active at once (seat 0 the player, seat 1 the computer)."""
    ruleset = _ruleset(rules_data)
    game = Game.objects.create(
        opponent_type=OpponentType.COMPUTER,
        difficulty=difficulty,
        visibility=Visibility.PRIVATE,
        rules=ruleset.to_dict(),
        created_by=user,
    )
    Seat.objects.bulk_create(
        [Seat(game=game, seat=0, user=user), Seat(game=game, seat=1, computer=difficulty)]
    )
    _start(game)
    game.save()
    _after_change(game)
    return game


def _new_invite_code() -> str:
    return "".join(_system_random.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


def game_create_vs_human(
    *,
    user: Any,
    visibility: str,
    rules_data: dict[str, Any] | None = None,
    turn_seconds: int | None = None,
) -> Game:
    """A game waiting for a second player, with an invite code unique among waiting games."""
    ruleset = _ruleset(rules_data)
    for _ in range(20):
        try:
            with transaction.atomic():
                game = Game.objects.create(
                    opponent_type=OpponentType.HUMAN,
                    visibility=visibility,
                    rules=ruleset.to_dict(),
                    turn_seconds=turn_seconds,
                    invite_code=_new_invite_code(),
                    created_by=user,
                )
                Seat.objects.create(game=game, seat=0, user=user)
                return game
        except IntegrityError:  # the code is taken by another waiting game: draw again
            continue
    raise RuntimeError("could not find a free invite code")  # 31**6 codes: never in practice


@transaction.atomic
def game_join(*, user: Any, code: str) -> Game:
    """Take the second seat of the waiting game with this invite code; the game starts."""
    code = code.strip().upper()
    game = (
        Game.objects.select_for_update(of=("self",))
        .filter(invite_code=code, status=GameStatus.WAITING)
        .first()
    )
    if game is None:
        started = (
            Game.objects.filter(invite_code=code, status=GameStatus.ACTIVE)
            .order_by("-started_at")
            .first()
        )
        if started is None:
            raise InvalidCode()
        if started.seats.filter(user=user).exists():
            return started  # a retried join: the player is already seated
        raise GameFull()
    if game.created_by_id == user.pk:
        raise CannotJoinOwnGame()
    Seat.objects.create(game=game, seat=1, user=user)
    _start(game)
    game.save()
    _after_change(game)
    return game


# --- the seat of a user ---------------------------------------------------------------------


def _lock_game(game_id: Any) -> Game:
    game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
    if game is None:
        raise GameNotFound()
    return game


def seat_of(game: Game, user: Any) -> int:
    """The user's seat at ``game``; 404 for anyone not seated (no existence leak)."""
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.seat
    raise GameNotFound()


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionOutcome:
    """What the API answers: the game, and a stored response when a retry was recognised."""

    game: Game
    seat: int
    replayed: tuple[int, Any] | None = None
    body: Any = None


def request_fingerprint(body: Any) -> str:
    return hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


@transaction.atomic
def game_apply_action(
    *,
    game_id: Any,
    user: Any,
    action: rules.Action,
    expected_version: int | None = None,
    idempotency_key: str | None = None,
    fingerprint: str | None = None,
    render: Callable[[Game, int], Any] | None = None,
) -> ActionOutcome:
    """Apply one player action; ``render`` builds the response stored for the idempotency key.

    Checks, in order: seated (404), a known idempotency key (stored response, or 422
    ``idempotency_key_reused``), the game active (409 ``game_not_active``), the expected
    version (409 ``version_conflict``), then the rules (409/422 with their codes).
    """
    game = _lock_game(game_id)
    seat = seat_of(game, user)
    if idempotency_key:
        record = IdempotencyRecord.objects.filter(
            user=user,
            game=game,
            key=idempotency_key,
            created_at__gte=timezone.now() - IDEMPOTENCY_TTL,
        ).first()
        if record is not None:
            if record.request_hash != fingerprint:
                raise IdempotencyKeyReused()
            return ActionOutcome(game, seat, replayed=(record.status_code, record.body))
    if game.status != GameStatus.ACTIVE:
        raise from_rules_error(rules.GameNotActive("The game is not active."), version=game.version)
    if expected_version is not None and expected_version != game.version:
        raise VersionConflict(current=game.version)
    _apply(game, seat, action)
    game.save()
    _after_change(game)
    if idempotency_key and render is not None:
        body = render(game, seat)
        IdempotencyRecord.objects.filter(user=user, game=game, key=idempotency_key).delete()
        IdempotencyRecord.objects.create(
            user=user,
            game=game,
            key=idempotency_key,
            request_hash=fingerprint or "",
            status_code=200,
            body=body,
        )
        return ActionOutcome(game, seat, body=body)
    return ActionOutcome(game, seat)


def _apply(game: Game, seat: int, action: rules.Action, *, automatic: bool = False) -> None:
    """Apply a validated action to the locked game: move, snapshot, version, next deal."""
    state = game_state(game)
    try:
        new_state = rules.apply_action(state, action, seat)
    except rules.RulesError as exc:
        raise from_rules_error(exc, version=game.version) from exc
    card = ""
    if isinstance(action, rules.DrawStock | rules.DrawDiscard):
        drawn = new_state.round.history[-1].card
        card = str(drawn) if drawn is not None else ""
    game.version += 1
    Move.objects.create(
        game=game,
        seq=game.version,
        round=state.round.number,
        seat=seat,
        action=rules.action_to_json(action),
        card=card,
        automatic=automatic,
    )
    if new_state.awaiting_deal:
        number = new_state.round.number + 1
        dealer = 1 - new_state.round.dealer
        new_state = rules.deal_next_round(new_state, _deal(game, number=number, dealer=dealer))
    _store_state(game, new_state)
    if new_state.is_over:
        _finish(game, new_state)


# --- ending games ---------------------------------------------------------------------------


@transaction.atomic
def game_concede(*, game_id: Any, user: Any) -> Game:
    """The caller gives up: the other player wins (DESIGN: ``final.reason`` ``concede``)."""
    game = _lock_game(game_id)
    seat = seat_of(game, user)
    if game.status != GameStatus.ACTIVE:
        raise from_rules_error(rules.GameNotActive("The game is not active."), version=game.version)
    _forfeit(game, seat, FinishReason.CONCEDE)
    game.save()
    _after_change(game)
    return game


def _forfeit(game: Game, seat: int, reason: str, *, automatic: bool = False) -> None:
    """End the game with ``seat`` losing by concession or timeout; logged as a move."""
    state = game_state(game)
    game.version += 1
    Move.objects.create(
        game=game,
        seq=game.version,
        round=state.round.number,
        seat=seat,
        action={"type": reason},
        automatic=automatic,
    )
    new_state = rules.concede(state, seat, reason)
    _store_state(game, new_state)
    _finish(game, new_state)


@transaction.atomic
def game_cancel(*, game_id: Any, user: Any) -> Game:
    """The creator withdraws a game nobody has joined yet; it becomes ``abandoned``."""
    game = _lock_game(game_id)
    seat_of(game, user)
    if game.created_by_id != user.pk:
        raise NotCreator()
    if game.status != GameStatus.WAITING:
        raise GameNotWaiting()
    game.status = GameStatus.ABANDONED
    game.finished_at = timezone.now()
    game.version += 1
    game.save()
    _after_change(game)
    return game


@transaction.atomic
def game_abandon(*, game_id: Any) -> Game:
    """Operator action for a stuck game: ``abandoned``, no winner, no results."""
    game = _lock_game(game_id)
    if game.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
        return game
    game.status = GameStatus.ABANDONED
    game.finished_at = timezone.now()
    game.turn_seat = None
    game.turn_deadline = None
    game.version += 1
    game.save()
    _after_change(game)
    return game


def _finish(game: Game, state: rules.GameState) -> None:
    """Mark the game finished and write one result row per human player (same transaction)."""
    final = state.final
    assert final is not None
    now = timezone.now()
    game.status = GameStatus.FINISHED
    game.winner_seat = final.winner
    game.finish_reason = final.reason
    game.finished_at = now
    game.turn_seat = None
    game.turn_deadline = None
    seats = {seat.seat: seat for seat in game.seats.all()}
    results = []
    for number, seat in seats.items():
        if seat.user_id is None:
            continue
        other = seats[1 - number]
        won_rounds = [r for r in state.rounds if r.winner == number]
        results.append(
            GameResult(
                game=game,
                user_id=seat.user_id,
                seat=number,
                opponent_type=game.opponent_type,
                difficulty=game.difficulty,
                opponent_id=other.user_id,
                won=final.winner == number,
                reason=final.reason,
                total=final.totals[number],
                opponent_total=final.totals[1 - number],
                weight=LEVEL_WEIGHTS.get(game.difficulty, Decimal("1.00"))
                if game.opponent_type == OpponentType.COMPUTER
                else Decimal("1.00"),
                hand_points=sum(r.points for r in won_rounds),
                hands=len(state.rounds),
                hands_won=len(won_rounds),
                gins=sum(1 for r in won_rounds if r.outcome == rules.Outcome.GIN),
                big_gins=sum(1 for r in won_rounds if r.outcome == rules.Outcome.BIG_GIN),
                undercuts=sum(1 for r in won_rounds if r.outcome == rules.Outcome.UNDERCUT),
                finished_at=now,
            )
        )
    GameResult.objects.bulk_create(results)
    game_finished.send(sender=Game, game=game)


# --- after every change ---------------------------------------------------------------------


def _after_change(game: Game) -> None:
    """Queue what must follow a committed change: the computer's turn."""
    from games import tasks  # tasks import services

    if game.status != GameStatus.ACTIVE or game.turn_seat is None:
        return
    computer_seats = {s.seat for s in game.seats.all() if s.computer}
    if game.turn_seat in computer_seats:
        game_id, version = game.pk, game.version
        transaction.on_commit(lambda: tasks.play_computer_turn.delay(str(game_id), version))


# --- the computer's turn --------------------------------------------------------------------


@transaction.atomic
def game_play_computer_turn(
    *, game_id: Any, version: int, choose: Callable[..., rules.Action]
) -> int:
    """Apply the computer's actions until a human must act or the game ends.

    Idempotent: nothing happens unless the game is still at ``version`` with the computer
    to act (a redelivered or late task finds the version moved on). Returns the number of
    actions applied.
    """
    game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
    if game is None or game.status != GameStatus.ACTIVE or game.version != version:
        return 0
    seats = {s.seat: s for s in game.seats.all()}
    applied = 0
    while game.status == GameStatus.ACTIVE and game.turn_seat is not None:
        seat = seats[game.turn_seat]
        if not seat.computer:
            break
        view = rules.view_for(game_state(game), seat.seat)
        _apply(game, seat.seat, choose(view, seat.computer))
        applied += 1
    if applied:
        game.save()
        _after_change(game)
    return applied


def idempotency_purge() -> int:
    """Delete idempotency records older than 24 hours; returns how many."""
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - IDEMPOTENCY_TTL
    ).delete()
    return deleted
