"""The boards and public profiles are read from the read replica when one is configured
(``DATABASE_REPLICA_URL``), and from the primary when none is; a game and a player's own
account are never read from it.

The replica here is a second alias on the test database (``config/settings/test.py``), so
both doors see the same rows and the queries each connection ran say which door a read
took. The benchmark against a real streaming standby is ``bench/replica_reads.py``."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext

from leaderboards import services
from leaderboards.models import PlayerRating
from tests.factories import UserFactory
from tests.games.helpers import act
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "replica"])

BOARD_TABLES = {
    "leaderboards_period",
    "leaderboards_standing",
    "leaderboards_playerrating",
    "games_gameresult",
}
PAGES = (
    "/api/v1/leaderboards/weekly",
    "/api/v1/leaderboards/all-time?category=humans",
    "/api/v1/leaderboards/rating",
    "/api/v1/users/winner",
)


def tables(captured: CaptureQueriesContext) -> set[str]:
    """Every table the captured statements read or wrote."""
    return {
        name
        for query in captured.captured_queries
        for name in re.findall(r'(?:FROM|JOIN|INTO|UPDATE) "(\w+)"', query["sql"])
    }


@contextmanager
def doors() -> Iterator[dict[str, CaptureQueriesContext]]:
    """The statements run on the primary (``default``) and on the replica alias."""
    with ExitStack() as stack:
        yield {
            alias: stack.enter_context(CaptureQueriesContext(connections[alias]))
            for alias in ("default", "replica")
        }


@pytest.fixture
def boards(client_for):
    """A winner on this week's board and rated, and a client signed in as someone else."""
    winner = UserFactory(username="winner")
    loser = UserFactory(username="loser")
    finished_game(
        player=winner, opponent=loser, finished_at=datetime.now(UTC) - timedelta(minutes=1)
    )
    services.standings_refresh_open()
    PlayerRating.objects.create(user=winner, variant="gin", rating=1700, rating_deviation=80)
    return client_for(UserFactory())


def read_all(client) -> list[dict]:
    bodies = []
    for page in PAGES:
        response = client.get(page)
        assert response.status_code == 200, (page, response.json())
        bodies.append(response.json())
    return bodies


def test_boards_and_profiles_read_from_the_replica_when_one_is_configured(boards, settings):
    on_primary = read_all(boards)
    settings.REPLICA_DATABASE = "replica"
    with doors() as captured:
        on_replica = read_all(boards)
    assert on_replica == on_primary
    assert BOARD_TABLES | {"accounts_user"} <= tables(captured["replica"])
    # The primary only checked the caller's token.
    assert not tables(captured["default"]) & BOARD_TABLES, captured["default"].captured_queries
    assert all(
        "accounts_authtoken" in q["sql"] or "accounts_user" in q["sql"]
        for q in captured["default"].captured_queries
    ), captured["default"].captured_queries
    assert not tables(captured["replica"]) & {"accounts_authtoken"}


def test_without_a_replica_the_boards_and_profiles_read_from_the_primary(boards, settings):
    assert settings.REPLICA_DATABASE == "default"
    with doors() as captured:
        read_all(boards)
    assert captured["replica"].captured_queries == []
    assert tables(captured["default"]) >= BOARD_TABLES


def test_games_and_the_players_own_account_never_read_from_the_replica(human_game, settings):
    settings.REPLICA_DATABASE = "replica"
    game = human_game()
    with doors() as captured:
        for seat, client in game["clients"].items():
            view = client.get(f"/api/v1/games/{game['id']}").json()
            if view["round"]["turn"] == seat:
                body = {"type": "pass", "expected_version": view["version"]}
                assert act(client, game["id"], body).status_code == 200
            assert client.get("/api/v1/me").status_code == 200
    assert captured["replica"].captured_queries == []
    assert {"games_game", "games_move"} <= tables(captured["default"])


def test_database_replica_url_configures_the_replica_alias(monkeypatch):
    hosts = "db1:5432,db2:5432"
    monkeypatch.setenv(
        "DATABASE_REPLICA_URL",
        f"postgres://app:secret@{hosts}/ginrummy?target_session_attrs=prefer-standby",
    )
    loaded = sys.modules.pop("config.settings.base")
    try:
        base = importlib.import_module("config.settings.base")
    finally:
        sys.modules["config.settings.base"] = loaded
    replica = base.DATABASES["replica"]
    assert base.REPLICA_DATABASE == "replica"
    assert (replica["HOST"], replica["PORT"]) == ("db1,db2", "5432,5432")
    assert replica["OPTIONS"]["target_session_attrs"] == "prefer-standby"
    assert replica["CONN_HEALTH_CHECKS"] is True
    assert base.DATABASE_ROUTERS == ["core.replica.ReplicaRouter"]
