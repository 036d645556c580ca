"""Ending a game: the result rows the leaderboards and profiles read, and forfeits."""

from __future__ import annotations

from django.utils import timezone

from games.errors import at_version
from games.models import (
    FORFEIT_REASONS,
    Difficulty,
    Game,
    GameResult,
    GameStatus,
    Move,
    UnratedReason,
)
from games.signals import game_finished, game_rating_check
from games.variants import RulesError


def _every_seat_moved(game: Game) -> bool:
    """Whether each seat has made a move of its own: the moves the turn timer played for an
    absent player, and the concession or timeout that ends a game, are not moves."""
    moved = (
        Move.objects.filter(game=game, automatic=False)
        .exclude(action__type__in=FORFEIT_REASONS)
        .values_list("seat", flat=True)
        .distinct()
    )
    return set(moved) >= {seat.seat for seat in game.seats.all()}


def game_finish(*, game: Game, state: object) -> None:
    """Mark the game finished and write one result row per human player (same
    transaction), then send ``game_finished``. The caller holds the game's lock.

    A game that ends before each player has made a move is *aborted* (as lichess does):
    it stays in both players' games with ``final.aborted``, but writes no result rows, so
    it is unrated, off the leaderboards and out of the profile statistics.

    Any other game asks ``game_rating_check`` whether it must be unrated (fair play); if a
    receiver gives a reason, the game and every result row say so (``rated: false``,
    ``unrated_reason``), in this transaction, so that neither the ratings nor the boards
    nor the profile statistics ever count it.
    """
    outcome = game.game_variant.rules.outcome(state)
    now = timezone.now()
    game.status = GameStatus.FINISHED
    game.winner_seat = outcome.winner
    game.finish_reason = outcome.reason
    game.finished_at = now
    game.turn_seat = None
    game.aborted = not _every_seat_moved(game)
    if game.aborted:
        game_finished.send(sender=Game, game=game)
        return
    game.unrated_reason = _unrated_reason(game)
    seats = {seat.seat: seat for seat in game.seats.all()}
    records = {record.seat: record for record in outcome.seats}
    results = []
    for number, seat in seats.items():
        if seat.user_id is None:
            continue
        others = [other for other in seats if other != number]
        opponent = others[0] if len(others) == 1 else None
        record = records[number]
        results.append(
            GameResult(
                game=game,
                user_id=seat.user_id,
                seat=number,
                opponent_type=game.opponent_type,
                difficulty=game.difficulty,
                opponent_id=seats[opponent].user_id if opponent is not None else None,
                variant=game.variant,
                won=outcome.winner == number,
                placement=outcome.placement.index(number) + 1,
                reason=outcome.reason,
                total=record.total,
                opponent_total=records[opponent].total if opponent is not None else 0,
                hand_points=record.hand_points,
                hands=outcome.hands,
                hands_won=record.hands_won,
                gins=record.gins,
                big_gins=record.big_gins,
                undercuts=record.undercuts,
                finished_at=now,
                rated=not game.unrated_reason,
                unrated_reason=game.unrated_reason,
            )
        )
    GameResult.objects.bulk_create(results)
    game_finished.send(sender=Game, game=game)


def _unrated_reason(game: Game) -> str:
    """The first reason a ``game_rating_check`` receiver gives for leaving the game
    unrated, or "" (rated). The caller holds the game's lock."""
    for _receiver, reason in game_rating_check.send(sender=Game, game=game):
        if reason:
            return str(UnratedReason(reason))
    return ""


def game_forfeit(*, game: Game, seat: int, reason: str, automatic: bool = False) -> None:
    """``seat`` gives up (concession or timeout), logged as a move. The game ends with the
    seat losing, or -- at a table of three or more, as the variant's rules say -- the seat
    leaves and play goes on (:func:`game_seat_leave`). The caller holds the game's lock."""
    variant = game.game_variant
    new_state = _log_forfeit(game=game, seat=seat, reason=reason, automatic=automatic)
    if variant.rules.progress(new_state).is_over:
        game_finish(game=game, state=new_state)
        return
    game_seat_leave(game=game, seat=seat)
    if any(row.is_person for row in game.seats.all()):
        return
    # The last person left: the computers do not play on alone. They give up too, the
    # lowest placed first, so the placement stands as it is now, the people last. A seat
    # the rules no longer let give up (already out of the game, e.g. out of an Indian
    # Rummy pool) is passed over.
    standings = variant.rules.standings(new_state)
    for other in reversed(standings):
        if variant.rules.progress(new_state).is_over:
            break
        if variant.rules.has_left(new_state, other):
            continue
        try:
            new_state = _log_forfeit(game=game, seat=other, reason=reason, automatic=True)
        except RulesError:
            continue
    game_finish(game=game, state=new_state)


def _log_forfeit(*, game: Game, seat: int, reason: str, automatic: bool) -> object:
    """Apply ``seat``'s forfeit and log it as a move; returns the new state. A forfeit the
    rules refuse raises their error before anything is written."""
    variant = game.game_variant
    state = game.rules_state()
    try:
        new_state = variant.rules.concede(state, seat, reason)
    except RulesError as exc:  # e.g. a seat already out of the game: 409 game_not_active
        at_version(exc, game.version)
        raise
    game.version += 1
    Move.objects.create(
        game=game,
        seq=game.version,
        round=game.round_number,
        seat=seat,
        action={"type": reason},
        automatic=automatic,
    )
    game.set_rules_state(new_state)
    return new_state


def game_seat_leave(*, game: Game, seat: int) -> None:
    """The player at ``seat`` left a game that goes on: the variant's
    ``leaver_stand_in`` (the computer at ``easy`` in Rummy, docs/games/rummy.md) plays the seat from
    now on, or nobody does (Indian Rummy, docs/games/indian-rummy.md: the seat is out of the game
    and its
    rules never give it the turn again). The row keeps its ``user`` (the player's result
    row, placed last, is written when the game ends) and records ``left_at``. The caller
    holds the game's lock."""
    stand_in = game.game_variant.leaver_stand_in
    for row in game.seats.all():  # the loaded seats, so the rest of this change sees it
        if row.seat == seat:
            row.computer = Difficulty(stand_in) if stand_in else ""
            row.left_at = timezone.now()
            row.save(update_fields=["computer", "left_at"])


def game_mark_abandoned(*, game: Game) -> None:
    """Abandoned: no winner, no results. The caller holds the game's lock."""
    game.status = GameStatus.ABANDONED
    game.finished_at = timezone.now()
    game.turn_seat = None
    game.version += 1
