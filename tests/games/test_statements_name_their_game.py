"""Every statement on the action path names the game it is about, so the hot tables can be
distributed by the game's id (docs/scaling.md: Citus, with ``games_game`` distributed by
``id`` and its seats, moves, deals and idempotency records by ``game_id``, co-located).

A statement that touches a hot table must reach it through the game's id: a read, update
or delete filters one of them by the game's id (``"games_game"."id" = '<id>'`` or
``"<table>"."game_id" = '<id>'``) and joins any other hot table on those same columns; an
insert writes the game's id into ``game_id``. Then every statement of an action goes to the
one shard that holds the game. Captured on PostgreSQL, with the parameters in place, for
whole games: a person's actions against the computer (with ``Idempotency-Key``s, and a
retry that replays its first answer) and the computer's turns that follow them, and the
actions of two people at one table.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.games.helpers import act, choose

pytestmark = pytest.mark.django_db(transaction=True)

# Each hot table and the column it would be distributed by.
DISTRIBUTION = {
    "games_game": "id",
    "games_seat": "game_id",
    "games_move": "game_id",
    "games_gameround": "game_id",
    "games_idempotencyrecord": "game_id",
}
TABLE = re.compile(r'(?:FROM|JOIN|INTO|UPDATE) "(\w+)"')


def hot_tables(sql: str) -> set[str]:
    return set(TABLE.findall(sql)) & set(DISTRIBUTION)


def names_its_game(sql: str, game_id: str) -> bool:
    """Whether ``sql`` reaches every hot table it touches through ``game_id``."""
    tables = hot_tables(sql)
    literal = f"'{uuid.UUID(game_id).hex}'::uuid"
    if sql.startswith("INSERT"):
        columns = re.match(r'INSERT INTO "\w+" \(([^)]*)\)', sql)
        return bool(columns) and '"game_id"' in columns[1] and literal in sql
    reached = {
        t
        for t in tables
        if re.search(rf'"{t}"\."{DISTRIBUTION[t]}" (?:= |IN \()(?:{re.escape(literal)})', sql)
    }
    joined = True
    while joined:  # hot tables joined to a reached one on their distribution columns
        joined = False
        for t in tables - reached:
            for r in reached:
                pair = (rf'"{t}"\."{DISTRIBUTION[t]}"', rf'"{r}"\."{DISTRIBUTION[r]}"')
                if re.search(rf"{pair[0]} = {pair[1]}|{pair[1]} = {pair[0]}", sql):
                    reached.add(t)
                    joined = True
                    break
    return bool(tables) and reached == tables


def captured(client: Any, game_id: str, body: dict[str, Any], key: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = act(client, game_id, body, HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 200, response.json()
    return [q["sql"] for q in queries.captured_queries]


def moved_seats(statements: list[str]) -> set[int]:
    """The seats of the moves the statements inserted."""
    seats = set()
    for sql in statements:
        move = re.match(r'INSERT INTO "games_move" \("game_id", "seq", "round", "seat"', sql)
        values = re.search(r"VALUES \('\w+'::uuid, \d+, \d+, (\d+),", sql)
        if move and values:
            seats.add(int(values[1]))
    return seats


def offenders(statements: list[str], game_id: str) -> list[str]:
    return [s[:300] for s in statements if hot_tables(s) and not names_its_game(s, game_id)]


def test_the_check_tells_a_statement_that_names_its_game_from_one_that_does_not():
    game = "191d9739-332a-4028-b977-39b7c9706038"
    hexed = f"'{uuid.UUID(game).hex}'::uuid"
    assert names_its_game(
        f'UPDATE "games_game" SET "version" = 2 WHERE "games_game"."id" = {hexed}', game
    )
    assert names_its_game(
        f'SELECT 1 FROM "games_seat" INNER JOIN "games_game" ON ("games_seat"."game_id" = '
        f'"games_game"."id") WHERE "games_seat"."game_id" = {hexed}',
        game,
    )
    assert names_its_game(f'INSERT INTO "games_move" ("game_id", "seq") VALUES ({hexed}, 3)', game)
    # By another key, by another game, or a join on something else: not single-shard.
    assert not names_its_game(
        'UPDATE "games_gameround" SET "result" = 1 WHERE "games_gameround"."id" = 7', game
    )
    other = f"'{uuid.uuid4().hex}'::uuid"
    assert not names_its_game(
        f'SELECT 1 FROM "games_move" WHERE "games_move"."game_id" = {other}', game
    )
    assert not names_its_game(
        f'SELECT 1 FROM "games_seat" INNER JOIN "games_game" ON ("games_seat"."user_id" = '
        f'"games_game"."created_by_id") WHERE "games_seat"."game_id" = {hexed}',
        game,
    )
    assert not names_its_game('INSERT INTO "games_move" ("seq") VALUES (3)', game)


def test_every_statement_of_a_game_against_the_computer_names_the_game(user, client_for):
    client = client_for(user)
    created = client.post("/api/v1/games", {"opponent": "computer"}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    statements: list[str] = []
    for _ in range(400):
        view = client.get(f"/api/v1/games/{game_id}").json()
        if view["status"] != "active":
            break
        body = {**choose(view), "expected_version": view["version"]}
        key = str(uuid.uuid4())
        statements += captured(client, game_id, body, key)
        if view["version"] == 3:  # a retry: the first answer, replayed
            statements += captured(client, game_id, body, key)
    assert view["status"] == "finished", "the game did not end"
    assert offenders(statements, game_id) == []
    # Every hot table was touched, every way the action path touches it: the person's
    # moves and the computer's (its turns run in the tasks queued by each action), the
    # deals and their results, the idempotency records read, replaced and written.
    kinds = {(s.split()[0], t) for s in statements for t in hot_tables(s)}
    assert {
        ("SELECT", "games_seat"),
        ("SELECT", "games_game"),
        ("UPDATE", "games_game"),
        ("INSERT", "games_move"),
        ("INSERT", "games_gameround"),
        ("UPDATE", "games_gameround"),
        ("SELECT", "games_idempotencyrecord"),
        ("DELETE", "games_idempotencyrecord"),
        ("INSERT", "games_idempotencyrecord"),
    } <= kinds, kinds
    assert moved_seats(statements) == {0, 1}, "the person's and the computer's moves"


def test_every_statement_of_two_people_playing_names_the_game(human_game):
    game = human_game()
    statements: list[str] = []
    for _ in range(12):
        for client in game["clients"].values():
            view = client.get(f"/api/v1/games/{game['id']}").json()
            if view["round"]["turn"] == view["you"]:
                body = {**choose(view), "expected_version": view["version"]}
                statements += captured(client, game["id"], body, str(uuid.uuid4()))
    assert len([s for s in statements if s.startswith('INSERT INTO "games_move"')]) >= 12
    assert offenders(statements, game["id"]) == []
