"""Rummy 500 tournaments through the API (docs/tournaments.md): every format at tables of two
to four -- a sit & go, a knockout and a Swiss tournament (with duplicate deals), an arena --
is created, joined and played to its end over ordinary Rummy 500 games on a test clock,
and what its table size cannot deal is refused."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import dealing
from games.models import Game, GameResult
from tests.factories import UserFactory
from tests.tournaments.app.helpers import play_out
from tournaments import formats, tasks
from tournaments.models import DuplicateRound, Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

API = "/api/v1/tournaments"
RULES = {"rounds": 1, "hand_size": 7}


@pytest.fixture
def staff_client(staff, client_for):
    return client_for(staff)


@pytest.fixture(autouse=True)
def same_deals_every_run():
    with dealing.seeded(20261207):
        yield


def test_a_rummy500_tournament_is_accepted_with_its_rules_and_listed_by_variant(staff_client):
    body = {
        "format": "swiss",
        "starts_at": (timezone.now() + timedelta(minutes=30)).isoformat(),
        "rounds": 3,
        "variant": "rummy500",
        "table_size": 4,
        "rules": {"target": 300},
    }
    response = staff_client.post(API, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["variant"] == "rummy500" and data["table_size"] == 4
    assert data["rules"]["target"] == 300 and data["rules"]["top_card_free"] is True
    listed = staff_client.get(f"{API}?variant=rummy500").json()["results"]
    assert [t["id"] for t in listed] == [data["id"]]
    assert staff_client.get(f"{API}?variant=rummy").json()["results"] == []


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"table_size": 4, "rules": {"hand_size": 13}}, 422, "invalid_settings", "rules"),
        ({"table_size": 5}, 422, "invalid_settings", "table_size"),
        ({"rules": {"target": 50}}, 422, "invalid_settings", "rules"),
    ],
    ids=["no-stock-at-four", "five-seats", "target-out-of-range"],
)
def test_a_rummy500_tournament_that_cannot_be_dealt_is_refused(
    staff_client, body, status, code, field
):
    full = {"format": "sit_and_go", "capacity": 4, "variant": "rummy500", **body}
    response = staff_client.post(API, full, format="json")
    assert response.status_code == status, response.json()
    error = response.json()
    assert error["code"] == code
    assert field in {name.split(".")[0] for name in error["fields"]}, error
    assert not Tournament.objects.exists()


FORMATS: dict[str, tuple[dict[str, Any], int]] = {
    "sit-and-go-1v1": ({"format": "sit_and_go", "capacity": 4, "table_size": 2}, 4),
    "sit-and-go-tables-of-3": ({"format": "sit_and_go", "capacity": 6, "table_size": 3}, 6),
    "knockout-1v1-duplicate": ({"format": "knockout", "table_size": 2, "duplicate": True}, 4),
    "knockout-tables-of-4": ({"format": "knockout", "table_size": 4}, 8),
    "swiss-tables-of-3-duplicate": (
        {"format": "swiss", "rounds": 2, "table_size": 3, "duplicate": True},
        6,
    ),
    "arena-1v1": ({"format": "arena", "duration_minutes": 5, "table_size": 2}, 4),
    "arena-tables-of-4": ({"format": "arena", "duration_minutes": 5, "table_size": 4}, 4),
}


@pytest.mark.parametrize(("settings", "size"), FORMATS.values(), ids=FORMATS.keys())
def test_a_rummy500_tournament_is_played_through_the_api_to_its_end(
    staff_client, client_for, clock, settings, size
):
    field = [UserFactory() for _ in range(size)]
    clients = {u.pk: client_for(u) for u in field}
    body: dict[str, Any] = {
        "variant": "rummy500",
        "rules": RULES,
        "capacity": size,
        "turn_seconds": 600,  # no turn runs out while the test clock jumps between moves
        **settings,
    }
    if settings["format"] != "sit_and_go":
        body["starts_at"] = (timezone.now() + timedelta(minutes=1)).isoformat()
    created = staff_client.post(API, body, format="json")
    assert created.status_code == 201, created.json()
    tournament_id = created.json()["id"]
    for user in field:
        joined = clients[user.pk].post(f"{API}/{tournament_id}/join")
        assert joined.status_code == 200, joined.json()
    if settings["format"] != "sit_and_go":  # a sit & go starts when it is full
        clock.shift(timedelta(minutes=1, seconds=1))
        tasks.advance_due()  # beat's run at the start
    watcher = clients[field[0].pk]
    rng = random.Random(size)
    detail: dict[str, Any] = {}
    for _ in range(200):
        detail = watcher.get(f"{API}/{tournament_id}").json()
        if detail["status"] == "finished":
            break
        assert detail["status"] == "started", detail
        live = Pairing.objects.filter(tournament_id=tournament_id, status="playing")
        for game_id in list(live.values_list("game_id", flat=True)):
            game = Game.objects.get(pk=game_id)
            assert game.variant == "rummy500" and 2 <= game.seat_count <= settings["table_size"]
            play_out(game_id, clients=clients, rng=rng)
        clock.shift(timedelta(seconds=30))  # less than a no-show's grace
        tasks.advance_due()  # beat's safety net
    assert detail["status"] == "finished"
    for game_id in Pairing.objects.filter(
        tournament_id=tournament_id, status="playing"
    ).values_list("game_id", flat=True):  # an arena's games left over at its end
        play_out(game_id, clients=clients, rng=rng)

    standings = watcher.get(f"{API}/{tournament_id}/standings").json()
    assert standings["count"] == size
    assert standings["results"][0]["rank"] == 1
    game_ids = [
        str(g)
        for g in Pairing.objects.filter(tournament_id=tournament_id)
        .exclude(status="void")
        .values_list("game_id", flat=True)
    ]
    assert game_ids
    if settings["format"] == "arena":  # players go back to the pool and are paired again
        assert len(game_ids) > size // settings["table_size"]
    games = Game.objects.filter(pk__in=game_ids)
    assert {g.variant for g in games} == {"rummy500"} and {g.status for g in games} == {"finished"}
    assert not any(g.aborted for g in games)
    results = GameResult.objects.filter(game_id__in=game_ids)
    assert results.count() == sum(g.seat_count for g in games)
    assert {r.variant for r in results} == {"rummy500"}
    if settings.get("duplicate"):
        rounds = DuplicateRound.objects.filter(tournament_id=tournament_id)
        assert rounds.exists()
        for deals in rounds:
            assert deals.revealed_at is not None
            assert formats.commitments_match(deals.commitments, deals.decks, deals.salts)
    call_command("verify_games", game=game_ids)
