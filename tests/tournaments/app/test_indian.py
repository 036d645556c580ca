"""Indian Rummy tournaments: the tournaments app takes every game of the registry, so an
Indian Rummy tournament is accepted, at tables of two to six, and played to its end over
ordinary Indian Rummy games; rules that its table size cannot be dealt with are refused."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Game
from tests.tournaments.app.helpers import advance, play_out, playing, soon
from tournaments import services
from tournaments.models import Entry, Tournament, TournamentStatus

API = "/api/v1/tournaments"


@pytest.fixture
def staff_client(staff, client_for):
    return client_for(staff)


def test_an_indian_rummy_tournament_is_accepted_with_its_rules(staff_client):
    body = {
        "format": "swiss",
        "starts_at": (soon(30)).isoformat(),
        "rounds": 3,
        "variant": "indian",
        "table_size": 6,
        "rules": {"format": "pool", "pool": 201},
    }
    response = staff_client.post(API, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["variant"] == "indian" and data["table_size"] == 6
    assert data["rules"]["format"] == "pool" and data["rules"]["first_drop"] == 25
    listed = staff_client.get(f"{API}?variant=indian").json()["results"]
    assert [t["id"] for t in listed] == [data["id"]]


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"table_size": 3, "rules": {"decks": 1}}, 422, "invalid_settings", "rules.decks"),
        ({"rules": {"format": "rubber"}}, 422, "invalid_settings", "rules.format"),
        ({"table_size": 7}, 400, "validation_error", "table_size"),
    ],
)
def test_an_indian_rummy_tournament_that_cannot_be_dealt_is_refused(
    staff_client, body, status, code, field
):
    full = {"format": "sit_and_go", "capacity": 6, "variant": "indian", **body}
    response = staff_client.post(API, full, format="json")
    assert response.status_code == status, response.json()
    error = response.json()
    assert error["code"] == code
    assert field in error["fields"], error
    assert not Tournament.objects.exists()


def test_a_knockout_at_indian_tables_is_played_to_its_champion(make_tournament, players, clock):
    field = players(6)
    tournament = make_tournament(
        "knockout", variant="indian", table_size=3, rules={"format": "points"}
    )
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    clock.shift(tournament.starts_at - timezone.now())
    tournament = advance(tournament)
    first = playing(tournament)
    assert [len(p.seats.all()) for p in first] == [3, 3]
    for _ in range(10):
        if tournament.status != TournamentStatus.STARTED:
            break
        for pairing in playing(tournament):
            game = Game.objects.get(pk=pairing.game_id)
            assert game.variant == "indian" and game.rules["format"] == "points"
            assert game.turn_seconds is not None  # tournament games are timed
            play_out(pairing.game_id)
        tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    ranks = sorted(Entry.objects.filter(tournament=tournament).values_list("rank", flat=True))
    assert ranks[0] == 1 and len(ranks) == 6
