"""The action path's reads: how many queries an action and a view take, the timers read
from the row the endpoint loaded, and the deals each process keeps."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import selectors
from games.models import Game, GameRound, GameStatus
from games.services.commit import Before, game_commit_change
from games.services.locking import game_lock
from games.services.timers import _overdue, timers_due
from tests.games.helpers import act


def _to_act(game: dict) -> tuple[int, dict]:
    for seat, client in game["clients"].items():
        view = client.get(f"/api/v1/games/{game['id']}").json()
        if view["round"]["turn"] == view["you"]:
            return seat, view
    raise AssertionError("nobody to act")


def _queries(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries]


def test_an_action_reads_the_game_once_locked_and_asks_no_timer_query(human_game):
    game = human_game()
    seat, view = _to_act(game)
    body = {"type": "pass", "expected_version": view["version"]}
    with CaptureQueriesContext(connection) as captured:
        response = act(game["clients"][seat], game["id"], body)
    assert response.status_code == 200
    sql = _queries(captured)
    # token, the lock with the seats (the 404, the variant and the clocks come from it), the
    # move, the game, the your_turn event, the deals (this test's transaction keeps nothing
    # cached), and the savepoint of the action's transaction (two statements in a test).
    assert len(sql) <= 8, sql
    assert not any("turn_deadline\" <=" in q for q in sql), "the clocks come from the lock"
    locks = [q for q in sql if "FOR UPDATE" in q]
    assert len(locks) == 1 and locks[0].endswith('FOR UPDATE OF "games_game"')
    update = next(q for q in sql if q.startswith('UPDATE "games_game"'))
    assert '"version"' in update and '"state"' in update and '"updated_at"' in update
    assert '"rules" = ' not in update and '"created_by_id" = ' not in update  # what changed


def test_action_queries_stay_bounded(human_game, django_assert_max_num_queries):
    game = human_game()
    for _ in range(6):  # pass, pass, then draws and discards: every kind of turn
        seat, view = _to_act(game)
        legal = {a["type"]: a for a in view["round"]["legal_actions"]}
        if "pass" in legal:
            body = {"type": "pass"}
        elif "discard" in legal:
            body = {"type": "discard", "card": legal["discard"]["cards"][0]}
        else:
            body = {"type": "draw_stock"}
        with django_assert_max_num_queries(8):
            response = act(game["clients"][seat], game["id"], body)
        assert response.status_code == 200, response.json()


def test_a_view_reads_the_game_once_when_nothing_is_due(human_game, django_assert_max_num_queries):
    game = human_game()
    with django_assert_max_num_queries(3):  # token, the game with its seats, the deals
        response = game["clients"][0].get(f"/api/v1/games/{game['id']}")
    assert response.status_code == 200


def test_a_view_still_plays_an_expired_turn_first(human_game):
    game = human_game(turn_seconds=30)
    before = Game.objects.get(pk=game["id"])
    Game.objects.filter(pk=before.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    view = game["clients"][0].get(f"/api/v1/games/{game['id']}").json()
    assert view["version"] > before.version  # the timer played the absent seat's turn
    assert Game.objects.get(pk=game["id"]).timeouts_in_row[before.turn_seat] == 1


def test_an_action_after_an_expired_turn_sees_the_timer_play_first(human_game):
    game = human_game(turn_seconds=30)
    seat, view = _to_act(game)
    Game.objects.filter(pk=game["id"]).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    body = {"type": "pass", "expected_version": view["version"]}
    response = act(game["clients"][seat], game["id"], body)
    assert response.status_code == 409
    assert response.json()["code"] == "version_conflict"
    assert Game.objects.get(pk=game["id"]).timeouts_in_row[seat] == 1


@pytest.mark.parametrize("status", [GameStatus.ACTIVE, GameStatus.WAITING, GameStatus.FINISHED])
@pytest.mark.parametrize("deadline", [None, -5, 5])
@pytest.mark.parametrize("age", [timedelta(0), timedelta(minutes=11), timedelta(hours=25)])
@pytest.mark.parametrize("rematch", [False, True])
def test_timers_due_agrees_with_the_sweepers_query(human_game, status, deadline, age, rematch):
    game = Game.objects.get(pk=human_game()["id"])
    now = timezone.now()
    other = None
    if rematch:
        other = Game.objects.create(
            opponent_type=game.opponent_type, rules=game.rules, created_by=game.created_by
        )
    Game.objects.filter(pk=game.pk).update(
        status=status,
        turn_deadline=None if deadline is None else now + timedelta(seconds=deadline),
        created_at=now - age,
        rematch_of=other,
    )
    game.refresh_from_db()
    in_python = timers_due(
        status=game.status,
        turn_deadline=game.turn_deadline,
        created_at=game.created_at,
        is_rematch=game.rematch_of_id is not None,
        now=now,
    )
    assert in_python == Game.objects.filter(_overdue(now), pk=game.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_committed_deals_are_kept_until_a_round_is_dealt(human_game):
    game = Game.objects.get(pk=human_game()["id"])
    first = selectors.game_deals(game=game)
    assert set(first) == {1}
    with CaptureQueriesContext(connection) as captured:
        again = selectors.game_deals(game=game)
    assert len(captured.captured_queries) == 0 and again[1].deck == first[1].deck
    GameRound.objects.create(
        game=game, number=2, dealer=1, deck=first[1].deck, salt="s", commitment="c"
    )
    game.round_number = 2
    with CaptureQueriesContext(connection) as captured:
        after = selectors.game_deals(game=game)
    assert len(captured.captured_queries) == 1 and set(after) == {1, 2}


def test_deals_read_inside_a_transaction_are_not_kept(human_game):
    game = Game.objects.get(pk=human_game()["id"])  # the test runs in a transaction
    selectors.game_deals(game=game)
    with CaptureQueriesContext(connection) as captured:
        selectors.game_deals(game=game)
    assert len(captured.captured_queries) == 1


def test_the_lock_loads_the_seats_with_their_users(human_game, django_assert_num_queries):
    game_id = human_game()["id"]
    with transaction.atomic(), django_assert_num_queries(1):
        game = game_lock(game_id=game_id)
        seats = list(game.seats.all())
        names = [seat.user.username for seat in seats]
        assert all(seat.game is game for seat in seats)
    assert [seat.seat for seat in seats] == [0, 1] and len(names) == 2
    assert game.pk == seats[0].game_id


def test_a_game_saved_after_the_lock_keeps_every_change(human_game):
    game_id = human_game()["id"]
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        before = Before.of(game)
        game.winner_seat, game.aborted, game.scores = 1, True, [7, 9]
        game_commit_change(game=game, before=before)
        game.finish_reason = "concede"  # a second change in the same transaction
        game_commit_change(game=game, before=before)
    saved = Game.objects.get(pk=game_id)
    assert (saved.winner_seat, saved.aborted, saved.scores) == (1, True, [7, 9])
    assert saved.finish_reason == "concede"


def test_a_stranger_gets_404_before_a_bad_body_is_read(human_game, make_user, client_for):
    game = human_game()
    stranger = client_for(make_user())
    assert act(stranger, game["id"], {"type": "nonsense"}).status_code == 404
    seat, view = _to_act(game)
    response = act(game["clients"][seat], game["id"], {"type": "nonsense"})
    assert response.status_code == 400
    assert Game.objects.get(pk=game["id"]).version == view["version"]  # nothing applied


def test_a_bad_body_after_an_expired_turn_is_400_and_the_timer_has_played(human_game):
    game = human_game(turn_seconds=30)
    seat, view = _to_act(game)
    Game.objects.filter(pk=game["id"]).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    response = act(game["clients"][seat], game["id"], {"type": "discard", "card": "ZZ"})
    assert response.status_code == 400
    assert Game.objects.get(pk=game["id"]).version > view["version"]  # the server's move stands
