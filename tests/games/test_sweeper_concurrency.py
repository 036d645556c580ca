"""The sweeper run by several workers at once (a slow sweep overlapping the next, or two
beats for a moment) on PostgreSQL with real threads: every overdue turn is played once."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import tasks
from games.models import Game, Move
from tests.games.helpers import run_in_threads
from tests.games.test_faults import computer_game, hand_turn_to_computer

pytestmark = pytest.mark.django_db(transaction=True)

SWEEPERS = 4


def move_log_is_whole(game: Game) -> bool:
    """The log's ``seq`` runs without a gap or a repeat up to the game's version (the
    version the deal left comes before the first move)."""
    seqs = list(Move.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    return bool(seqs) and seqs == list(range(seqs[0], game.version + 1))


def test_overdue_turns_swept_by_several_workers_at_once_are_each_played_once(
    human_game, make_user, client_for, monkeypatch
):
    # Timed tables whose player to act is absent, and computer games whose turn task was lost.
    timed = [human_game(turn_seconds=30)["id"] for _ in range(6)]
    computer = []
    for _ in range(4):
        client = client_for(make_user())
        game_id = computer_game(client)  # the computer replies at once while its task runs
        with monkeypatch.context() as lost:
            lost.setattr(tasks.play_computer_turn, "delay", lambda *args: None)
            hand_turn_to_computer(client, game_id)
        computer.append(game_id)
    before = {str(game.pk): game for game in Game.objects.filter(pk__in=[*timed, *computer])}
    latest = max(game.turn_deadline for game in before.values() if game.turn_deadline)

    with time_machine.travel(latest + timedelta(seconds=1)):
        changed = run_in_threads(lambda i: tasks.sweep_overdue(), count=SWEEPERS)

    # Each game counted as changed by exactly one of the sweeps.
    assert sum(changed) == len(timed) + len(computer), changed
    for game_id in timed:
        game, was = Game.objects.get(pk=game_id), before[game_id]
        seat = was.turn_seat
        played = Move.objects.filter(game=game, seq__gt=was.version)
        assert played.exists() and all(m.automatic and m.seat == seat for m in played)
        assert game.timeouts_in_row[seat] == 1  # one expired turn, not two
        assert game.turn_seat == 1 - seat and game.turn_deadline > timezone.now()
        assert move_log_is_whole(game)
    for game_id in computer:
        game, was = Game.objects.get(pk=game_id), before[game_id]
        played = Move.objects.filter(game=game, seq__gt=was.version)
        assert played.exists() and {m.seat for m in played} == {was.turn_seat}
        assert game.turn_seat != was.turn_seat or game.status != "active"
        assert move_log_is_whole(game)
