"""The snapshot an action reads and writes holds one round, whatever the game's length: the
finished rounds' results are kept on their deals (``games.snapshots``), the data migration
that moves them there goes back and forth without losing a byte, an action's queries are
pinned, and each of them is answered from an index."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext

from games import selectors, snapshots
from games.models import Game, GameRound
from games.rules import gin as rules
from tests.games.helpers import act, choose

pytestmark = pytest.mark.django_db(transaction=True)

MAX_REQUESTS = 3000


def _computer_game(client, finished_rounds: int) -> tuple[str, dict[str, Any]]:
    """A game against the computer played (eager tasks) until ``finished_rounds`` rounds
    are over; returns its id and the player's view."""
    created = client.post("/api/v1/games", {"opponent": "computer"}, format="json")
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    for _ in range(MAX_REQUESTS):
        view = client.get(f"/api/v1/games/{game_id}").json()
        if len(view["rounds"]) >= finished_rounds or view["status"] != "active":
            break
        response = act(client, game_id, {**choose(view), "expected_version": view["version"]})
        assert response.status_code == 200, response.json()
    assert len(view["rounds"]) >= finished_rounds, "the game ended first"
    return game_id, view


def _rows(game_id: str) -> tuple[Any, list[tuple[Any, ...]]]:
    state = Game.objects.filter(pk=game_id).values_list("state", flat=True).get()
    deals = list(
        GameRound.objects.filter(game_id=game_id)
        .order_by("number")
        .values_list("number", "result", "start_state")
    )
    return state, deals


def test_the_snapshot_names_the_finished_rounds_kept_on_their_deals(user, client_for):
    client = client_for(user)
    game_id, view = _computer_game(client, finished_rounds=2)
    state, deals = _rows(game_id)
    finished = len(view["rounds"])
    assert state["rounds"]["count"] == finished
    assert [number for number, result, _ in deals if result is not None] == list(
        range(1, finished + 1)
    )
    assert deals[-1][1] is None  # the round being played has no result yet
    assert all(isinstance(start["rounds"], dict) for _, _, start in deals)
    # The whole state is what the codec writes with the results put back.
    game = Game.objects.get(pk=game_id)
    whole = rules.state_to_json(game.rules_state())
    assert whole["rounds"] == [result for _, result, _ in deals[:finished]]
    assert {**whole, "rounds": state["rounds"]} == state
    call_command("verify_games", game=[game_id])


def test_an_actions_snapshot_does_not_grow_with_the_finished_rounds(user, client_for):
    client = client_for(user)
    game_id, _ = _computer_game(client, finished_rounds=3)
    state, deals = _rows(game_id)
    whole = rules.state_to_json(Game.objects.get(pk=game_id).rules_state())
    finished = len(whole["rounds"])
    # A reference in place of the results, in the snapshot and in the last deal's start.
    assert set(state["rounds"]) == {"count", "digest"} and state["rounds"]["count"] == finished
    assert deals[-1][2]["rounds"] == state["rounds"]
    assert len(json.dumps(state["rounds"])) < 100 < len(json.dumps(whole["rounds"])) / finished


def test_verify_games_reports_a_result_changed_on_its_deal(user, client_for, capsys):
    client = client_for(user)
    game_id, _ = _computer_game(client, finished_rounds=1)
    deal = GameRound.objects.get(game_id=game_id, number=1)
    deal.result = {**deal.result, "winner": 1 - deal.result.get("winner", 0)}
    deal.save(update_fields=["result"])
    with pytest.raises(Exception, match="1 mismatch"):
        call_command("verify_games", game=[game_id])
    assert "are not the snapshot's" in capsys.readouterr().out


def test_a_process_that_has_not_seen_the_rounds_reads_them_once(user, client_for):
    client = client_for(user)
    game_id, view = _computer_game(client, finished_rounds=1)
    snapshots.forget()
    with CaptureQueriesContext(connection) as first:
        again = client.get(f"/api/v1/games/{game_id}").json()
    with CaptureQueriesContext(connection) as second:
        assert client.get(f"/api/v1/games/{game_id}").json() == again
    result_reads = [q["sql"] for q in first.captured_queries if '"result"' in q["sql"]]
    assert len(result_reads) == 1
    assert len(second.captured_queries) == len(first.captured_queries) - 1
    assert again["rounds"] == view["rounds"]


def _migrations() -> tuple[MigrationExecutor, tuple[str, str], list[tuple[str, str]]]:
    executor = MigrationExecutor(connection)
    graph = executor.loader.graph
    apart = next(k for k in graph.nodes if k[0] == "games" and k[1].endswith("_rounds_apart"))
    before = [p.key for p in graph.node_map[apart].parents if p.key[0] == "games"]
    return executor, apart, before


def test_the_data_migration_goes_back_and_forth_leaving_every_row_as_it_was(user, client_for):
    client = client_for(user)
    game_id, _ = _computer_game(client, finished_rounds=2)
    played = client.get(f"/api/v1/games/{game_id}").json()
    state, deals = _rows(game_id)
    executor, _, before = _migrations()
    try:
        executor.migrate(before)
        back_state, back_deals = _rows(game_id)
        results = [result for _, result, _ in deals if result is not None]
        assert back_state == {**state, "rounds": results}
        assert all(result is None for _, result, _ in back_deals)
        for (_, _, start), (_, _, back_start) in zip(deals, back_deals, strict=True):
            count = start["rounds"]["count"]
            assert back_start == {**start, "rounds": results[:count]}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert _rows(game_id) == (state, deals)
    snapshots.forget()
    assert client.get(f"/api/v1/games/{game_id}").json() == played
    call_command("verify_games", game=[game_id])
    # Rows still in the old form (rounds in the snapshot, none on the deals) are read, and
    # replayed, as they were: put them back under today's schema.
    Game.objects.filter(pk=game_id).update(state=back_state)
    for number, result, start in back_deals:
        GameRound.objects.filter(game_id=game_id, number=number).update(
            result=result, start_state=start
        )
    snapshots.forget()
    assert client.get(f"/api/v1/games/{game_id}").json() == played
    call_command("verify_games", game=[game_id])


def _human_turn(game: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    for seat, client in game["clients"].items():
        view = client.get(f"/api/v1/games/{game['id']}").json()
        if view["round"]["turn"] == view["you"]:
            return seat, view
    raise AssertionError("nobody to act")


def _action(game: dict[str, Any], kind: str) -> list[str]:
    """The SQL of the next action of ``kind`` (passes on the first upcard until then)."""
    for _ in range(6):
        seat, view = _human_turn(game)
        legal = {a["type"]: a for a in view["round"]["legal_actions"]}
        if kind in legal:
            body: dict[str, Any] = {"type": kind, "expected_version": view["version"]}
            if kind == "discard":
                body["card"] = legal["discard"]["cards"][0]
            with CaptureQueriesContext(connection) as captured:
                response = act(game["clients"][seat], game["id"], body)
            assert response.status_code == 200, response.json()
            return [q["sql"] for q in captured.captured_queries]
        step = {"type": "pass"} if "pass" in legal else {"type": "draw_stock"}
        assert act(game["clients"][seat], game["id"], step).status_code == 200
    raise AssertionError(f"no {kind} came")


def _kinds(sql: list[str]) -> list[str]:
    """Each statement as its verb and its first table."""
    named = []
    for statement in sql:
        table = re.search(r'(?:FROM|INTO|UPDATE) "(\w+)"', statement)
        named.append(f"{statement.split()[0]} {table.group(1) if table else ''}".strip())
    return named


@pytest.mark.parametrize(
    "kind, expected",
    [
        (
            "draw_stock",
            ["BEGIN", "SELECT games_seat", "INSERT games_move", "UPDATE games_game", "COMMIT"],
        ),
        (
            "discard",
            [
                "BEGIN",
                "SELECT games_seat",
                "INSERT games_move",
                "UPDATE games_game",
                "INSERT games_playerevent",
                "COMMIT",
            ],
        ),
    ],
)
def test_an_actions_queries_are_these_and_no_more(shared_cache, human_game, kind, expected):
    # The shared cache, as in production: the token is read once, then kept.
    game = human_game()
    assert _kinds(_action(game, kind)) == expected


def _plans(sql: list[str]) -> dict[str, str]:
    """Each read and update's plan with sequential scans priced out: a plan that still
    scans a table has no index to use for that query."""
    plans = {}
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        for statement in sql:
            if statement.split()[0] not in {"SELECT", "UPDATE", "DELETE"}:
                continue
            cursor.execute(f"EXPLAIN {statement}")
            plans[statement] = "\n".join(row[0] for row in cursor.fetchall())
    return plans


def test_the_action_paths_queries_are_answered_from_indexes(
    shared_cache, human_game, user, client_for
):
    game = human_game()
    sql = _action(game, "draw_stock") + _action(game, "discard")
    seat, _ = _human_turn(game)
    with CaptureQueriesContext(connection) as view:
        assert game["clients"][seat].get(f"/api/v1/games/{game['id']}").status_code == 200
    sql += [q["sql"] for q in view.captured_queries]
    # The finished rounds a process has not seen yet, read from the deals.
    game_id, _ = _computer_game(client_for(user), finished_rounds=1)
    snapshots.forget()
    with CaptureQueriesContext(connection) as rounds, transaction.atomic():
        played = Game.objects.get(pk=game_id)
        played.rules_state()
        selectors.game_deals(game=played)  # read, not kept, inside a transaction
        # The write of a round's result when it ends (here the same result again).
        played._keep_result(1, GameRound.objects.get(game_id=game_id, number=1).result)
    sql += [q["sql"] for q in rounds.captured_queries]
    plans = _plans(sql)
    assert len(plans) >= 8, plans
    assert any(s.startswith('SELECT "games_gameround"."result"') for s in plans)
    assert any(s.startswith('UPDATE "games_gameround" SET "result"') for s in plans)
    for statement, plan in plans.items():
        assert "Seq Scan" not in plan, f"{statement}\n{plan}"
