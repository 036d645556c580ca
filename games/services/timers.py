"""Turn timers, lapsed rematch offers and stale tables, and the sweeper that catches up.

A timed human turn has a deadline (``Game.turn_deadline``), enforced by a task queued
with an ETA at the deadline, by the sweeper, and whenever the game is touched (so the
embedded default, whose eager Celery ignores ETAs, enforces them too).
"""

from __future__ import annotations

import random
import secrets
import uuid
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from games.models import FinishReason, Game, GameStatus
from games.services.commit import Before, game_commit_change
from games.services.locking import game_lock_or_none, game_pk
from games.services.play import game_apply_locked
from games.services.results import game_forfeit, game_mark_abandoned

TIMEOUTS_TO_FORFEIT = 3
REMATCH_TTL = timedelta(minutes=10)  # a rematch offer lapses unanswered after this
WAITING_TTL = timedelta(hours=24)  # a table nobody joined is cancelled after this


def _timeouts(game: Game) -> list[int]:
    counts = list(game.timeouts_in_row or [])
    return [*counts, *[0] * game.seat_count][: game.seat_count]


def game_timeouts_reset(*, game: Game, seat: int) -> None:
    """The seat acted itself: its run of timed-out turns ends. The caller holds the lock."""
    counts = _timeouts(game)
    if counts[seat]:
        counts[seat] = 0
        game.timeouts_in_row = counts


def _expire_turn(game: Game) -> None:
    """The seat to act ran out of time: play its whole turn, or forfeit on the third. The
    caller holds the game's lock."""
    seat = game.turn_seat
    assert seat is not None and game.turn_deadline is not None
    deadline = game.turn_deadline
    variant = game.game_variant
    before = Before.of(game)
    counts = _timeouts(game)
    counts[seat] += 1
    game.timeouts_in_row = counts
    if counts[seat] >= TIMEOUTS_TO_FORFEIT:
        game_forfeit(game=game, seat=seat, reason=FinishReason.TIMEOUT, automatic=True)
    else:
        rng = random.Random(secrets.randbits(64))
        while game.status == GameStatus.ACTIVE and game.turn_seat == seat:
            view = variant.rules.view_for(game.rules_state(), seat)
            action = variant.players.absent(view, rng)
            game_apply_locked(game=game, seat=seat, action=action, automatic=True)
    game_commit_change(game=game, before=before, deadline_base=deadline)


@transaction.atomic
def game_expire_turn(*, game_id: uuid.UUID | str, version: int) -> bool:
    """The turn timer (a Celery task with an ETA): if the game is still at ``version`` and
    the deadline has passed, play the absent player's turn. Idempotent on the version."""
    game = game_lock_or_none(game_id=game_id)
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


def timers_due(
    *,
    status: str,
    turn_deadline: datetime | None,
    created_at: datetime,
    is_rematch: bool,
    now: datetime,
) -> bool:
    """Whether a game with these clocks has something to enforce (as :func:`_overdue`
    selects, from a row already read)."""
    if status == GameStatus.ACTIVE:
        return turn_deadline is not None and turn_deadline <= now
    if status == GameStatus.WAITING:
        lapsed = is_rematch and created_at <= now - REMATCH_TTL
        return lapsed or created_at <= now - WAITING_TTL
    return False


def game_timers_due(*, game: Game) -> bool:
    """:func:`timers_due` for a game already loaded (a view reads it, then enforces only
    when something came due, and reads it again)."""
    return timers_due(
        status=game.status,
        turn_deadline=game.turn_deadline,
        created_at=game.created_at,
        is_rematch=game.rematch_of_id is not None,
        now=timezone.now(),
    )


def _overdue(now: datetime) -> Q:
    return (
        Q(status=GameStatus.ACTIVE, turn_deadline__lte=now)
        | Q(status=GameStatus.WAITING, rematch_of__isnull=False, created_at__lte=now - REMATCH_TTL)
        | Q(status=GameStatus.WAITING, created_at__lte=now - WAITING_TTL)
    )


def game_enforce_timers(*, game_id: uuid.UUID | str, due: bool | None = None) -> bool:
    """Enforce whatever came due for this game: expired turns (several, when nobody looked
    for a while), a lapsed rematch offer, a table left waiting for a day. Cheap when nothing
    is due (one indexed read; none when the caller read the clocks already and passes
    ``due``, see :func:`timers_due`). Called whenever a game is touched, and by the
    sweeper."""
    now = timezone.now()
    pk = game_pk(game_id)
    if pk is None or due is False:
        return False
    if due is None and not Game.objects.filter(_overdue(now), pk=pk).exists():
        return False
    with transaction.atomic():
        game = game_lock_or_none(game_id=game_id)
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
                before = Before.of(game)
                game_mark_abandoned(game=game)
                game_commit_change(game=game, before=before)
                changed = True
        return changed


def games_enforce_overdue(*, limit: int = 500) -> int:
    """The sweeper (Celery beat): enforce every overdue game; returns how many changed."""
    now = timezone.now()
    ids = list(Game.objects.filter(_overdue(now)).values_list("pk", flat=True)[:limit])
    return sum(1 for game_id in ids if game_enforce_timers(game_id=game_id))


def games_enforce_for_user(*, user: User) -> None:
    """Enforce the overdue games of one player (before listing them)."""
    now = timezone.now()
    ids = Game.objects.filter(_overdue(now), seats__user=user).values_list("pk", flat=True)
    for game_id in ids:
        game_enforce_timers(game_id=game_id)
