"""Game write operations. Each runs in one transaction with the game row locked.

The flow of every change (STYLE.md): lock the game row, check who may act and the
expected version, let the rules core validate and apply, append the ``Move``, save the
snapshot and the version, and queue follow-up work with ``transaction.on_commit``.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.utils import timezone

from games import ai, notify, rules
from games.errors import (
    CannotAcceptOwnOffer,
    CannotJoinOwnGame,
    GameFull,
    GameNotFinished,
    GameNotFound,
    GameNotWaiting,
    IdempotencyKeyReused,
    InvalidCode,
    InvalidPhrase,
    NotAnOffer,
    NotCreator,
    OfferLapsed,
    TooManyWaitingGames,
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
    Message,
    Move,
    OpponentType,
    PlayerEvent,
    Seat,
    Visibility,
)
from games.phrases import PHRASES
from games.signals import game_finished

INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: nothing to misread
INVITE_LENGTH = 6
IDEMPOTENCY_TTL = timedelta(hours=24)
REMATCH_TTL = timedelta(minutes=10)  # a rematch offer lapses unanswered after this
WAITING_TTL = timedelta(hours=24)  # a table nobody joined is cancelled after this
PLAYER_EVENT_TTL = timedelta(days=7)
TIMEOUTS_TO_FORFEIT = 3
LEVEL_WEIGHTS = {
    Difficulty.EASY: Decimal("0.25"),
    Difficulty.MEDIUM: Decimal("0.50"),
    Difficulty.HARD: Decimal("1.00"),
}
_system_random = secrets.SystemRandom()


# --- snapshots ------------------------------------------------------------------------------


def deck_commitment(salt: str, deck: list[str]) -> str:
    """``sha256(salt + ":" + ",".join(deck))`` as lowercase hex (DESIGN "Fair shuffle")."""
    return hashlib.sha256(f"{salt}:{','.join(deck)}".encode()).hexdigest()


def _deal(game: Game, deal: Callable[[list[rules.Card]], rules.GameState]) -> None:
    """Shuffle a fresh deck with the system's CSPRNG, deal it with ``deal``, and record the
    deck with its commitment and the state right after the deal (event streams that catch
    up replay from there: one round, not the whole game)."""
    deck = rules.new_deck(_system_random)
    state = deal(deck)
    game.set_rules_state(state)
    strings = [str(card) for card in deck]
    salt = secrets.token_hex(16)
    GameRound.objects.create(
        game=game,
        number=state.round.number,
        dealer=state.round.dealer,
        deck=strings,
        salt=salt,
        commitment=deck_commitment(salt, strings),
        start_version=game.version,
        start_state=game.state,
    )


def _start(game: Game) -> None:
    """Deal the first round (dealer drawn at random) and make the game active."""
    dealer = _system_random.randrange(2)
    ruleset = rules.RuleSet.from_dict(game.rules)
    _deal(game, lambda deck: rules.new_game(ruleset, dealer, deck))
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
    before = _Before.of(game)
    _start(game)
    _commit_change(game, before)
    return game


def _new_invite_code() -> str:
    return "".join(_system_random.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


def _ensure_waiting_room(user: Any) -> None:
    """409 ``too_many_waiting_games`` when the user already has the most tables waiting for
    a player (``GAMES_MAX_WAITING_PER_USER``). The user's row is locked first, so two
    concurrent creations by one user are counted one after the other."""
    limit = settings.GAMES_MAX_WAITING_PER_USER
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    waiting = Game.objects.filter(
        created_by=user,
        status=GameStatus.WAITING,
        rematch_of__isnull=True,
        created_at__gt=timezone.now() - WAITING_TTL,  # due to be cancelled: not counted
    ).count()
    if waiting >= limit:
        raise TooManyWaitingGames(limit=limit)


@transaction.atomic
def game_create_vs_human(
    *,
    user: Any,
    visibility: str,
    rules_data: dict[str, Any] | None = None,
    turn_seconds: int | None = None,
) -> Game:
    """A game waiting for a second player, with an invite code unique among waiting games.
    At most ``GAMES_MAX_WAITING_PER_USER`` such tables per user at once."""
    ruleset = _ruleset(rules_data)
    _ensure_waiting_room(user)
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
    if not code:  # a rematch offer waits too, with no invite code
        raise InvalidCode()
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
    before = _Before.of(game)
    Seat.objects.create(game=game, seat=1, user=user)
    game.version += 1  # the start is a change both players see (the event streams)
    _start(game)
    _player_event(
        game.created_by_id,
        PlayerEvent.Kind.FRIEND_JOINED,
        {"game_id": str(game.pk), "by": _public_user(user)},
    )
    _commit_change(game, before)
    return game


# --- the seat of a user ---------------------------------------------------------------------


def _locked() -> Any:
    """Games locked for update, their seats (with users) loaded once for the whole change."""
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("seat"))
    return Game.objects.select_for_update(of=("self",)).prefetch_related(seats)


def _lock_game(game_id: Any) -> Game:
    game = _locked().filter(pk=game_id).first()
    if game is None:
        raise GameNotFound()
    return game


def seat_of(game: Game, user: Any) -> int:
    """The user's seat at ``game``; 404 for anyone not seated (no existence leak)."""
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.seat
    raise GameNotFound()


def _ensure_active(game: Game) -> None:
    """409 ``game_not_active`` (with the current version) unless the game is being played."""
    if game.status != GameStatus.ACTIVE:
        error = rules.GameNotActive("The game is not active.")
        raise from_rules_error(error, version=game.version)


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

    An expired turn deadline is enforced first, in its own transaction (the server's move
    stands even if the late action is then refused). Then, in one transaction with the
    game row locked, in order: seated (404), a known idempotency key (stored response, or
    422 ``idempotency_key_reused``), the game active (409 ``game_not_active``), the expected
    version (409 ``version_conflict``), then the rules (409/422 with their codes).
    """
    game_enforce_timers(game_id=game_id)
    return _apply_action_locked(
        game_id=game_id,
        user=user,
        action=action,
        expected_version=expected_version,
        idempotency_key=idempotency_key,
        fingerprint=fingerprint,
        render=render,
    )


@transaction.atomic
def _apply_action_locked(
    *,
    game_id: Any,
    user: Any,
    action: rules.Action,
    expected_version: int | None,
    idempotency_key: str | None,
    fingerprint: str | None,
    render: Callable[[Game, int], Any] | None,
) -> ActionOutcome:
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
    _ensure_active(game)
    if expected_version is not None and expected_version != game.version:
        raise VersionConflict(current=game.version)
    before = _Before.of(game)
    _apply(game, seat, action)
    _reset_timeouts(game, seat)
    _commit_change(game, before)
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
    state = game.rules_state()
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
        _deal(game, lambda deck: rules.deal_next_round(new_state, deck))
    else:
        game.set_rules_state(new_state)
    if new_state.is_over:
        _finish(game, new_state)


# --- ending games ---------------------------------------------------------------------------


@transaction.atomic
def game_concede(*, game_id: Any, user: Any) -> Game:
    """The caller gives up: the other player wins (DESIGN: ``final.reason`` ``concede``)."""
    game = _lock_game(game_id)
    seat = seat_of(game, user)
    _ensure_active(game)
    before = _Before.of(game)
    _forfeit(game, seat, FinishReason.CONCEDE)
    _commit_change(game, before)
    return game


def _forfeit(game: Game, seat: int, reason: str, *, automatic: bool = False) -> None:
    """End the game with ``seat`` losing by concession or timeout; logged as a move."""
    state = game.rules_state()
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
    game.set_rules_state(new_state)
    _finish(game, new_state)


@transaction.atomic
def game_cancel(*, game_id: Any, user: Any) -> Game:
    """The creator withdraws a game nobody has joined yet (or an unanswered rematch offer);
    it becomes ``abandoned``."""
    game = _lock_game(game_id)
    seat_of(game, user)
    if game.created_by_id != user.pk:
        raise NotCreator()
    if game.status != GameStatus.WAITING:
        raise GameNotWaiting()
    before = _Before.of(game)
    _abandon(game)
    _commit_change(game, before)
    return game


def _abandon(game: Game) -> None:
    game.status = GameStatus.ABANDONED
    game.finished_at = timezone.now()
    game.turn_seat = None
    game.version += 1


@transaction.atomic
def game_abandon(*, game_id: Any) -> Game:
    """Operator action for a stuck game: ``abandoned``, no winner, no results."""
    game = _lock_game(game_id)
    if game.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
        return game
    before = _Before.of(game)
    _abandon(game)
    _commit_change(game, before)
    return game


def _every_seat_moved(game: Game) -> bool:
    """Whether each seat has made a move of its own: the moves the turn timer played for an
    absent player, and the concession or timeout that ends a game, are not moves."""
    moved = (
        Move.objects.filter(game=game, automatic=False)
        .exclude(action__type__in=[FinishReason.CONCEDE, FinishReason.TIMEOUT])
        .values_list("seat", flat=True)
        .distinct()
    )
    return set(moved) >= {seat.seat for seat in game.seats.all()}


def _finish(game: Game, state: rules.GameState) -> None:
    """Mark the game finished and write one result row per human player (same transaction).

    A game that ends before each player has made a move is *aborted* (as lichess does):
    it stays in both players' games with ``final.aborted``, but writes no result rows, so
    it is unrated, off the leaderboards and out of the profile statistics.
    """
    final = state.final
    assert final is not None
    now = timezone.now()
    game.status = GameStatus.FINISHED
    game.winner_seat = final.winner
    game.finish_reason = final.reason
    game.finished_at = now
    game.turn_seat = None
    game.aborted = not _every_seat_moved(game)
    if game.aborted:
        game_finished.send(sender=Game, game=game)
        return
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


@dataclass(frozen=True)
class _Before:
    """Whose turn it was and the status before a change (to see what the change passed on)."""

    turn: int | None
    status: str

    @classmethod
    def of(cls, game: Game) -> _Before:
        return cls(game.turn_seat if game.status == GameStatus.ACTIVE else None, game.status)


def _human_seats(game: Game) -> dict[int, Any]:
    return {s.seat: s.user_id for s in game.seats.all() if s.user_id is not None}


def _commit_change(game: Game, before: _Before, *, deadline_base: datetime | None = None) -> None:
    """Save the changed game and arrange everything that follows from it.

    Inside the transaction: the turn deadline (restarted whenever the turn passes to a
    person at a timed table; counted from ``deadline_base`` when the server played the last
    turn, so late enforcement never gives anyone extra time) and a ``your_turn`` event for
    the player to act. After the commit: wake the event streams, queue the computer's turn
    or the turn timer.
    """
    from games import tasks  # tasks import services

    humans = _human_seats(game)
    active = game.status == GameStatus.ACTIVE and game.turn_seat is not None
    human_turn = active and game.turn_seat in humans
    turn_passed = active and (game.turn_seat != before.turn or before.status != GameStatus.ACTIVE)
    if human_turn and game.turn_seconds:
        if turn_passed or game.turn_deadline is None:
            base = deadline_base or timezone.now()
            game.turn_deadline = base + timedelta(seconds=game.turn_seconds)
    else:
        game.turn_deadline = None
    game.save()

    if human_turn and turn_passed:
        _player_event(
            humans[game.turn_seat],
            PlayerEvent.Kind.YOUR_TURN,
            {"game_id": str(game.pk), "version": game.version},
        )
    notify.publish_on_commit(notify.game_channel(game.pk))
    game_id, version = game.pk, game.version
    # robust: the move is committed whatever happens to the queueing (the broker may be
    # down); a lost computer turn or timer is picked up by the sweeper.
    if active and not human_turn:
        transaction.on_commit(
            lambda: tasks.play_computer_turn.delay(str(game_id), version), robust=True
        )
    if human_turn and game.turn_deadline is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        # Eager Celery ignores ETAs; without a broker deadlines are enforced on touch.
        deadline = game.turn_deadline
        transaction.on_commit(
            lambda: tasks.expire_turn.apply_async((str(game_id), version), eta=deadline),
            robust=True,
        )


def _player_event(user_id: Any, kind: str, data: dict[str, Any]) -> None:
    PlayerEvent.objects.create(user_id=user_id, kind=kind, data=data)
    notify.publish_on_commit(notify.player_channel(user_id))


def _public_user(user: Any) -> dict[str, str]:
    return {"username": user.username, "display_name": user.public_name}


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
    game = _locked().filter(pk=game_id).first()
    if game is None or game.status != GameStatus.ACTIVE or game.version != version:
        return 0
    seats = {s.seat: s for s in game.seats.all()}
    before = _Before.of(game)
    applied = 0
    while game.status == GameStatus.ACTIVE and game.turn_seat is not None:
        seat = seats[game.turn_seat]
        if not seat.computer:
            break
        view = rules.view_for(game.rules_state(), seat.seat)
        _apply(game, seat.seat, choose(view, seat.computer))
        applied += 1
    if applied:
        _commit_change(game, before)
    return applied


# --- turn timers, lapsed offers, stale tables -----------------------------------------------


def _timeouts(game: Game) -> list[int]:
    counts = list(game.timeouts_in_row or [])
    return [*counts, 0, 0][:2]


def _reset_timeouts(game: Game, seat: int) -> None:
    counts = _timeouts(game)
    if counts[seat]:
        counts[seat] = 0
        game.timeouts_in_row = counts


def _absent_action(view: rules.PlayerView, rng: random.Random) -> rules.Action:
    """The baseline player's choice for an absent player, kept to draw-and-discard: the
    server passes the first upcard, draws and discards, but never knocks for anyone."""
    if view.round.phase == rules.Phase.FIRST_UPCARD:
        return rules.Pass()
    action = ai.baseline_action(view, rng)
    if isinstance(action, rules.Knock):
        return rules.Discard(action.card)
    if isinstance(action, rules.BigGin):
        cards = next(a.cards for a in view.round.legal_actions if a.type == "discard")
        assert cards
        hand = list(view.round.hand)
        return rules.Discard(
            min(cards, key=lambda c: (rules.deadwood_value([h for h in hand if h != c]), str(c)))
        )
    return action


def _expire_turn(game: Game) -> None:
    """The seat to act ran out of time: play its whole turn, or forfeit on the third."""
    seat = game.turn_seat
    assert seat is not None and game.turn_deadline is not None
    deadline = game.turn_deadline
    before = _Before.of(game)
    counts = _timeouts(game)
    counts[seat] += 1
    game.timeouts_in_row = counts
    if counts[seat] >= TIMEOUTS_TO_FORFEIT:
        _forfeit(game, seat, FinishReason.TIMEOUT, automatic=True)
    else:
        rng = random.Random(secrets.randbits(64))
        while game.status == GameStatus.ACTIVE and game.turn_seat == seat:
            view = rules.view_for(game.rules_state(), seat)
            _apply(game, seat, _absent_action(view, rng), automatic=True)
    _commit_change(game, before, deadline_base=deadline)


@transaction.atomic
def game_expire_turn(*, game_id: Any, version: int) -> bool:
    """The turn timer (a Celery task with an ETA): if the game is still at ``version`` and
    the deadline has passed, play the absent player's turn. Idempotent on the version."""
    game = _locked().filter(pk=game_id).first()
    if (
        game is None
        or game.status != GameStatus.ACTIVE
        or game.version != version
        or game.turn_deadline is None
        or game.turn_deadline > timezone.now()
    ):
        return False
    _expire_turn(game)
    return True


def _overdue(now: datetime) -> Q:
    return (
        Q(status=GameStatus.ACTIVE, turn_deadline__lte=now)
        | Q(status=GameStatus.WAITING, rematch_of__isnull=False, created_at__lte=now - REMATCH_TTL)
        | Q(status=GameStatus.WAITING, created_at__lte=now - WAITING_TTL)
    )


def game_enforce_timers(*, game_id: Any) -> bool:
    """Enforce whatever came due for this game: expired turns (several, when nobody looked
    for a while), a lapsed rematch offer, a table left waiting for a day. Cheap when nothing
    is due (one indexed read). Called whenever a game is touched, and by the sweeper."""
    now = timezone.now()
    if not Game.objects.filter(_overdue(now), pk=game_id).exists():
        return False
    with transaction.atomic():
        game = _locked().filter(pk=game_id).first()
        if game is None:
            return False
        changed = False
        while (
            game.status == GameStatus.ACTIVE
            and game.turn_deadline is not None
            and game.turn_deadline <= now
        ):
            _expire_turn(game)
            changed = True
        if game.status == GameStatus.WAITING:
            ttl = REMATCH_TTL if game.rematch_of_id else WAITING_TTL
            if game.created_at <= now - ttl:
                before = _Before.of(game)
                _abandon(game)
                _commit_change(game, before)
                changed = True
        return changed


def games_enforce_overdue(*, limit: int = 500) -> int:
    """The sweeper (Celery beat): enforce every overdue game; returns how many changed."""
    now = timezone.now()
    ids = list(Game.objects.filter(_overdue(now)).values_list("pk", flat=True)[:limit])
    return sum(1 for game_id in ids if game_enforce_timers(game_id=game_id))


def games_waiting_for_computer(*, older_than: timedelta) -> list[tuple[Any, int]]:
    """``(game id, version)`` of active games in which a computer seat has held the turn
    for longer than ``older_than``: its task was lost (the broker was down when the turn
    passed, or the worker died). The sweeper plays them."""
    since = timezone.now() - older_than
    computer_turn = Seat.objects.filter(
        game=OuterRef("pk"), seat=OuterRef("turn_seat"), user__isnull=True
    ).exclude(computer="")
    return list(
        Game.objects.filter(status=GameStatus.ACTIVE, updated_at__lte=since)
        .filter(Exists(computer_turn))
        .values_list("pk", "version")[:500]
    )


def games_enforce_for_user(*, user: Any) -> None:
    """Enforce the overdue games of one player (before listing them)."""
    now = timezone.now()
    ids = Game.objects.filter(_overdue(now), seats__user=user).values_list("pk", flat=True)
    for game_id in ids:
        game_enforce_timers(game_id=game_id)


# --- rematch --------------------------------------------------------------------------------


@transaction.atomic
def game_rematch(*, game_id: Any, user: Any) -> tuple[Game, bool]:
    """A new game with the same players and rules; returns ``(game, created)``.

    Against the computer it starts at once. Against a person it is offered: ``waiting``
    with both seats taken until the other player accepts (10 minutes). Asking again, by
    either player, returns the pending or running rematch instead of a second one.
    """
    game = _lock_game(game_id)
    seat = seat_of(game, user)
    if game.status != GameStatus.FINISHED:
        raise GameNotFinished()
    existing = game.rematches.exclude(status=GameStatus.ABANDONED).order_by("created_at").first()
    if existing is not None:
        return existing, False
    seats = {s.seat: s for s in game.seats.all()}
    new = Game.objects.create(
        opponent_type=game.opponent_type,
        difficulty=game.difficulty,
        visibility=Visibility.PRIVATE,
        rules=game.rules,
        turn_seconds=game.turn_seconds,
        created_by=user,
        rematch_of=game,
    )
    Seat.objects.bulk_create(
        [
            Seat(game=new, seat=number, user_id=s.user_id, computer=s.computer)
            for number, s in seats.items()
        ]
    )
    before = _Before.of(new)
    if game.opponent_type == OpponentType.COMPUTER:
        _start(new)
    else:
        other = seats[1 - seat].user_id
        _player_event(
            other,
            PlayerEvent.Kind.REMATCH_OFFERED,
            {"game_id": str(new.pk), "rematch_of": str(game.pk), "by": _public_user(user)},
        )
    _commit_change(new, before)
    return new, True


def game_accept(*, game_id: Any, user: Any) -> Game:
    """The other player accepts a rematch offer; the game starts."""
    game_enforce_timers(game_id=game_id)  # a lapsed offer is abandoned first
    return _accept_locked(game_id=game_id, user=user)


@transaction.atomic
def _accept_locked(*, game_id: Any, user: Any) -> Game:
    game = _lock_game(game_id)
    seat_of(game, user)
    if game.rematch_of_id is None or game.opponent_type != OpponentType.HUMAN:
        raise NotAnOffer()
    if game.created_by_id == user.pk:
        raise CannotAcceptOwnOffer()
    if game.status == GameStatus.ABANDONED and game.created_at <= timezone.now() - REMATCH_TTL:
        raise OfferLapsed()
    if game.status != GameStatus.WAITING:
        if game.status == GameStatus.ACTIVE:
            return game  # accepted already (a retry)
        raise GameNotWaiting("This offer is no longer open.")
    before = _Before.of(game)
    game.version += 1  # the start is a change both players see
    _start(game)
    _commit_change(game, before)
    return game


# --- quick chat -----------------------------------------------------------------------------


def game_post_message(*, game_id: Any, user: Any, phrase: str) -> Message:
    """Post one of the fixed phrases to the game's seated players."""
    if phrase not in PHRASES:
        raise InvalidPhrase(f"Unknown phrase {phrase!r}; see GET /phrases.")
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None:
        raise GameNotFound()
    seat = seat_of(game, user)
    with transaction.atomic():
        message = Message.objects.create(game=game, seat=seat, user=user, phrase=phrase)
        notify.publish_on_commit(notify.game_channel(game.pk))
    return message


# --- housekeeping ---------------------------------------------------------------------------


def idempotency_purge() -> int:
    """Delete idempotency records older than 24 hours; returns how many."""
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - IDEMPOTENCY_TTL
    ).delete()
    return deleted


def player_events_purge() -> int:
    """Delete account-stream events older than a week; returns how many."""
    deleted, _ = PlayerEvent.objects.filter(
        created_at__lt=timezone.now() - PLAYER_EVENT_TTL
    ).delete()
    return deleted
