"""A finished game's review (docs/api.md#game-review, docs/ai.md#the-game-review): for each
of one seat's decisions, the choice the Hard computer player would have made from that
seat's view at that moment, how sure Hard is that it differs, and the points the move
played is estimated to have lost against Hard's.

Asking for it (:func:`game_review_request`) keeps a pending row and queues the
``games.review_game`` task on commit; the task (:func:`game_review_compute`) replays the
game, asks Hard at each of the seat's decisions and writes the review once. A finished
game never changes, so a review is computed once per seat and kept with the game.
"""

from __future__ import annotations

import json
import random
import uuid
from collections import Counter
from typing import Any

from celery import Task, current_app
from django.db import transaction

from accounts.models import User
from games import presenters, replay
from games.errors import ReviewGameNotFinished
from games.models import FORFEIT_REASONS, Game, GameReview, GameStatus, Move
from games.selectors import game_deals
from games.services.locking import game_lock, game_seat_for

REVIEW_GAME = "games.review_game"
REVIEW_LEVEL = "hard"
"""The computer player a review compares each decision with."""
REVIEW_SEEDS = 4
"""How many times Hard is asked at each decision, each time with its own seed (derived
from the game, the version and the ask's number): the review's budget. Seeds, not time,
so a review is the same on any machine."""
REVIEW_MARKED = 3
"""How many of the decisions that cost most a review marks."""
REVIEW_MARK_FROM = 1.0
"""The least estimated loss, in points, of a decision a review marks."""
REVIEW_PLAYOUT_LEVEL = "medium"
"""Who plays every seat to the end of the round in the worlds over which a decision's
loss against Hard's choice is estimated (``variant.move_loss``;
their number, the estimate's budget, is the game's ``review_worlds``: a count, so a
review is the same on any machine)."""


def _task(name: str) -> Task[Any, Any]:
    return current_app.tasks[name]


@transaction.atomic
def game_review_request(*, game_id: uuid.UUID | str, user: User) -> GameReview:
    """Ask for the caller's review of a finished game: the review kept for the caller's
    seat, or a pending one whose computation is queued on commit (asking again while it
    is pending queues it again; the task computes it once). 404 for anyone not seated,
    409 ``game_not_finished`` while the game is played (or was never played)."""
    game = game_lock(game_id=game_id)
    seat = game_seat_for(game=game, user=user)
    if game.status != GameStatus.FINISHED:
        raise ReviewGameNotFinished()
    review, _ = GameReview.objects.get_or_create(
        game=game, seat=seat, defaults={"version": game.version}
    )
    if review.status == GameReview.Status.PENDING:
        game_id, version = str(game.pk), game.version
        transaction.on_commit(
            lambda: _task(REVIEW_GAME).delay(game_id, seat, version), robust=True
        )
    return review


def game_review_compute(*, game_id: uuid.UUID | str, seat: int, version: int) -> bool:
    """Compute the pending review of ``seat`` at ``game_id`` for ``version``; False when
    there is none (or it is already written). The replay and the computer's choices run
    outside any transaction; the write is one conditional update, so a redelivered task
    writes nothing twice."""
    review = (
        GameReview.objects.select_related("game")
        .filter(game_id=game_id, seat=seat, version=version, status=GameReview.Status.PENDING)
        .first()
    )
    if review is None or review.game.status != GameStatus.FINISHED:
        return False
    body = review_body(game=review.game, seat=seat)
    with transaction.atomic():
        written = GameReview.objects.filter(
            pk=review.pk, status=GameReview.Status.PENDING
        ).update(status=GameReview.Status.READY, body=body)
    return bool(written)


def review_body(*, game: Game, seat: int) -> dict[str, Any]:
    """The review of ``seat``'s decisions in the finished ``game``: each decision with the
    seat's view just before it (as the seat saw it then, never more), the move played,
    Hard's choice from that view, its cost and its estimated loss in points; the
    costliest marked (the greatest losses of a point or more)."""
    deals = game_deals(game=game)
    players = presenters.players_json(game)
    own: dict[int, Move] = {}
    for logged in Move.objects.filter(game=game, seat=seat).order_by("seq"):
        if logged.action.get("type") in FORFEIT_REASONS:
            break  # the person left: what a computer played for the seat is not theirs
        own[logged.seq] = logged
    decisions: list[dict[str, Any]] = []
    before: tuple[int, Any] | None = None
    for version, state in replay.states(game):
        move = own.get(version)
        if move is not None and before is not None:
            decisions.append(
                _decision(game, seat, move, before[0], before[1], deals=deals, players=players)
            )
        before = (version, state)
    costly = sorted(
        (d for d in decisions if d["loss"] >= REVIEW_MARK_FROM),
        key=lambda d: (-d["loss"], -d["cost"], d["version"]),
    )
    costliest = sorted(d["version"] for d in costly[:REVIEW_MARKED])
    for decision in decisions:
        decision["marked"] = decision["version"] in costliest
    return {
        "game_version": game.version,
        "seat": seat,
        "level": REVIEW_LEVEL,
        "seeds": REVIEW_SEEDS,
        "measure": "disagreement",
        "worlds": game.game_variant.review_worlds,
        "playout_level": REVIEW_PLAYOUT_LEVEL,
        "decisions": decisions,
        "costliest": costliest,
    }


def _decision(
    game: Game,
    seat: int,
    move: Move,
    version: int,
    state: Any,
    *,
    deals: dict[int, Any],
    players: list[dict[str, Any]],
) -> dict[str, Any]:
    """One decision: the move at ``version + 1``, taken from ``state``."""
    variant = game.game_variant
    rules = variant.rules
    played = rules.action_to_json(rules.action_from_json(move.action))
    asked, hard = hard_choices(game=game, state=state, seat=seat, version=version)
    differ = sum(1 for key in map(_key, asked) if key != _key(played))
    loss = 0.0
    if _key(hard) != _key(played):
        loss = decision_loss(
            game=game, state=state, seat=seat, version=version, played=played, hard=hard
        )
    return {
        "version": version,
        "move": move.seq,
        "automatic": move.automatic,
        "played": played,
        "hard": hard,
        "cost": round(differ / REVIEW_SEEDS, 4),
        "loss": round(loss, 1),
        "view": presenters.game_view(
            game=game, seat=seat, deals=deals, state=state, version=version, players=players
        ),
    }


def hard_choices(
    *, game: Game, state: Any, seat: int, version: int
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Hard's choices from ``seat``'s view of ``state`` (the game at ``version``), one per
    review seed, and the review's Hard choice among them: the most frequent, the first
    asked on a tie."""
    variant = game.game_variant
    rules = variant.rules
    view = rules.view_for(state, seat)
    asked = [
        rules.action_to_json(
            variant.players.choose(view, REVIEW_LEVEL, random.Random(f"{game.pk}:{version}:{n}"))
        )
        for n in range(REVIEW_SEEDS)
    ]
    keys = [_key(action) for action in asked]
    counted = Counter(keys)
    top = max(counted.values())
    return asked, asked[next(i for i, key in enumerate(keys) if counted[key] == top)]


def decision_loss(
    *,
    game: Game,
    state: Any,
    seat: int,
    version: int,
    played: dict[str, Any],
    hard: dict[str, Any],
) -> float:
    """The round points ``played`` (an action body) is estimated to lose against ``hard``
    from ``state`` (the game at ``version``), over the game's review worlds, seeded by
    the game and the version."""
    variant = game.game_variant
    rules = variant.rules
    return variant.move_loss(
        state,
        seat,
        rules.action_from_json(played),
        rules.action_from_json(hard),
        level=REVIEW_PLAYOUT_LEVEL,
        rng=random.Random(f"{game.pk}:{version}:worlds"),
    ).points


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)
