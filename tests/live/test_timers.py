"""Turn timers: the server plays an absent player's turn; three in a row forfeit."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.utils import timezone

from games import tasks
from games.models import Game, GameResult, GameStatus, Move, PlayerEvent
from tests.games.helpers import act

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def timed(human_game):
    game = human_game(visibility="public", turn_seconds=30)
    return game


def state(game_id) -> Game:
    return Game.objects.get(pk=game_id)


def test_turn_deadline_is_shown_and_restarts_when_the_turn_passes(human_game):
    # The clock stands still while the game starts and while a turn is played, so the
    # deadlines are exact whatever the time the requests take.
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        timed = human_game(visibility="public", turn_seconds=30)
        view = timed["clients"][0].get(f"/api/v1/games/{timed['id']}").json()
    deadline = view["round"]["turn_deadline"]
    assert deadline and deadline.endswith("Z")
    game = state(timed["id"])
    assert game.turn_deadline == start + timedelta(seconds=30)  # the turn began at the join
    turn = view["round"]["turn"]
    with time_machine.travel(start + timedelta(seconds=10), tick=False):
        assert act(timed["clients"][turn], timed["id"], {"type": "pass"}).status_code == 200
    moved = state(timed["id"])
    assert moved.turn_deadline == start + timedelta(seconds=40)  # 30 s from that pass


def test_untimed_games_have_no_deadline(human_game):
    game = human_game()  # private: untimed by default
    view = game["clients"][0].get(f"/api/v1/games/{game['id']}").json()
    assert view["turn_seconds"] is None and view["round"]["turn_deadline"] is None
    assert state(game["id"]).turn_deadline is None


def test_timer_task_plays_the_baseline_turn_at_the_deadline(timed):
    game = state(timed["id"])
    seat, version = game.turn_seat, game.version
    assert tasks.expire_turn(str(game.pk), version) is False  # not due yet
    with time_machine.travel(game.turn_deadline + timedelta(seconds=1)):
        assert tasks.expire_turn(str(game.pk), version) is True
        assert tasks.expire_turn(str(game.pk), version) is False  # redelivered: no-op
    game.refresh_from_db()
    moves = list(Move.objects.filter(game=game, seq__gt=version))
    assert moves and all(m.automatic and m.seat == seat for m in moves)
    # First upcard: the absent player passes; otherwise draws and discards.
    assert [m.action["type"] for m in moves] in (
        ["pass"],
        ["draw_stock", "discard"],
        ["draw_discard", "discard"],
    )
    assert game.turn_seat == 1 - seat and game.timeouts_in_row[seat] == 1
    assert game.version == version + len(moves)
    assert PlayerEvent.objects.filter(kind="your_turn", user=timed["users"][1 - seat]).exists()


def test_expired_deadline_is_enforced_when_the_game_is_touched(timed):
    game = state(timed["id"])
    seat = game.turn_seat
    with time_machine.travel(game.turn_deadline + timedelta(seconds=1)):
        view = timed["clients"][1 - seat].get(f"/api/v1/games/{timed['id']}").json()
    assert view["round"]["turn"] == 1 - seat
    assert Move.objects.filter(game=game, automatic=True).exists()


def test_late_action_after_the_server_moved_gets_409_with_the_current_version(timed):
    game = state(timed["id"])
    seat, version = game.turn_seat, game.version
    with time_machine.travel(game.turn_deadline + timedelta(seconds=2)):
        late = act(
            timed["clients"][seat], timed["id"], {"type": "pass", "expected_version": version}
        )
    assert late.status_code == 409
    body = late.json()
    assert body["code"] == "version_conflict"
    assert body["current_version"] == state(timed["id"]).version > version


def test_three_expired_turns_in_a_row_forfeit(timed):
    game = state(timed["id"])
    absent = game.turn_seat
    present = 1 - absent
    for expiry in range(1, 4):
        game = state(timed["id"])
        if game.status != GameStatus.ACTIVE:
            break
        assert game.turn_seat == absent
        with time_machine.travel(game.turn_deadline + timedelta(seconds=1)):
            assert tasks.expire_turn(str(game.pk), game.version)
        game = state(timed["id"])
        if expiry < 3:
            assert game.timeouts_in_row[absent] == expiry
            # The present player plays a whole turn by hand, keeping their count at zero.
            client = timed["clients"][present]
            while state(timed["id"]).turn_seat == present:
                view = client.get(f"/api/v1/games/{timed['id']}").json()
                legal = {a["type"]: a for a in view["round"]["legal_actions"]}
                if "draw_stock" in legal:
                    body = {"type": "draw_stock"}
                elif "pass" in legal:
                    body = {"type": "pass"}
                else:
                    body = {"type": "discard", "card": legal["discard"]["cards"][0]}
                assert act(client, timed["id"], body).status_code == 200
    game = state(timed["id"])
    assert game.status == GameStatus.FINISHED and game.finish_reason == "timeout"
    assert game.winner_seat == present
    view = timed["clients"][present].get(f"/api/v1/games/{timed['id']}").json()
    assert view["final"]["reason"] == "timeout" and view["final"]["winner"] == present
    # The absent player never made a move of their own (the timer's moves do not count):
    # the game is aborted, so it is neither rated nor on the boards (docs/leaderboards.md).
    assert view["final"]["aborted"] is True and game.aborted
    assert not GameResult.objects.filter(game=game).exists()
    assert Move.objects.filter(game=game).last().action == {"type": "timeout"}


def test_both_players_away_play_out_until_one_forfeits(timed):
    game = state(timed["id"])
    first = game.turn_seat
    with time_machine.travel(timezone.now() + timedelta(hours=1)):
        timed["clients"][0].get(f"/api/v1/games/{timed['id']}")
    game = state(timed["id"])
    assert game.status == GameStatus.FINISHED and game.finish_reason == "timeout"
    # Turns alternate, so the player who was first to act is first to reach three.
    assert game.winner_seat == 1 - first
    assert Move.objects.filter(game=game, automatic=False).count() == 0


def test_human_action_racing_the_timer_applies_exactly_one_turn(timed):
    game = state(timed["id"])
    seat, version = game.turn_seat, game.version
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now())
    barrier = threading.Barrier(2)
    outcome = {}

    def human() -> None:
        try:
            barrier.wait()
            response = act(
                timed["clients"][seat], timed["id"], {"type": "pass", "expected_version": version}
            )
            outcome["human"] = response.status_code
        finally:
            connection.close()

    def timer() -> None:
        try:
            barrier.wait()
            outcome["timer"] = tasks.expire_turn(str(game.pk), version)
        finally:
            connection.close()

    threads = [threading.Thread(target=human), threading.Thread(target=timer)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    moves = list(Move.objects.filter(game=game, seq__gt=version))
    assert moves, outcome
    automatic = {m.automatic for m in moves}
    assert len(automatic) == 1, "a turn is played by the player or by the timer, never both"
    if automatic == {True}:
        assert outcome["human"] == 409
    else:
        assert outcome == {"human": 200, "timer": False}
        assert len(moves) == 1
    assert all(m.seat == seat for m in moves)
    assert state(timed["id"]).turn_seat == 1 - seat


def test_sweeper_abandons_tables_left_waiting_for_a_day(make_user, client_for):
    client = client_for(make_user())
    game_id = client.post(
        "/api/v1/games", {"opponent": "human", "visibility": "public"}, format="json"
    ).json()["id"]
    assert tasks.sweep_overdue() == 0
    with time_machine.travel(timezone.now() + timedelta(hours=23)):
        assert tasks.sweep_overdue() == 0
    with time_machine.travel(timezone.now() + timedelta(hours=25)):
        assert tasks.sweep_overdue() == 1
    assert state(game_id).status == GameStatus.ABANDONED
    assert client.get("/api/v1/lobby").json()["count"] == 0


def test_sweeper_plays_expired_turns_whose_timer_was_lost(timed):
    game = state(timed["id"])
    with time_machine.travel(game.turn_deadline + timedelta(seconds=1)):
        assert tasks.sweep_overdue() == 1
    assert Move.objects.filter(game=game, automatic=True).exists()
