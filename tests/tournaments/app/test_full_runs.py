"""Whole tournaments played through the API by bots driving the people's seats: a sit & go
of eight, and a ten-minute arena of twelve on a test clock (seconds, not ten minutes).

Tasks run eagerly here, on each commit, as they do without a broker: a game's end runs the
pairing run at once, which is what a worker does with the task the end queues. What comes
due by the clock (the arena's start and end) is run by beat's safety net, called here as
beat calls it; reading the tournament runs nothing."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import dealing
from games.models import Game, GameResult
from leaderboards.models import RatedGame
from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, bot_body
from tournaments import formats, tasks
from tournaments.formats.arena import arena_pairing_closes_at
from tournaments.models import Entry, Pairing
from tournaments.records import entry_of, game_of, settings_of

pytestmark = pytest.mark.django_db(transaction=True)

API = "/api/v1/tournaments"


@pytest.fixture(autouse=True)
def same_deals_every_run():
    """Every game dealt from one seeded shuffler: how long each game lasts, and so how
    many waves an arena pairs, is the same on every run."""
    with dealing.seeded(20261203):
        yield


def act_once(game_id, clients, rng) -> bool:
    """The seat to act plays one bot move through its player's client; False when over."""
    game = Game.objects.get(pk=game_id)
    if game.status != "active":
        return False
    seat = game.seats.get(seat=game.turn_seat)
    body = {**bot_body(game, seat.seat, rng), "expected_version": game.version}
    response = clients[seat.user_id].post(f"/api/v1/games/{game_id}/actions", body, format="json")
    assert response.status_code == 200, response.json()
    return True


def rebuilt_equals_cached(tournament_id) -> None:
    entries = list(Entry.objects.filter(tournament_id=tournament_id))
    tournament = entries[0].tournament
    users = {e.pk: e.user_id for e in entries}
    records = [
        game_of(p, list(p.seats.order_by("seat")), users)
        for p in Pairing.objects.filter(tournament_id=tournament_id).exclude(status="void")
    ]
    rows = formats.standings(settings_of(tournament), [entry_of(e) for e in entries], records)
    assert {r.player: (r.score, r.streak, r.games, r.rank) for r in rows} == {
        e.user_id: (e.score, e.streak, e.games, e.rank) for e in entries
    }


def test_a_sit_and_go_of_eight_is_played_through_the_api_to_its_champion(client_for, staff):
    field = [UserFactory() for _ in range(8)]
    clients = {u.pk: client_for(u) for u in field}
    created = client_for(staff).post(
        API, {"format": "sit_and_go", "capacity": 8, "rules": GIN_RULES}, format="json"
    )
    tournament_id = created.json()["id"]
    for user in field:
        assert clients[user.pk].post(f"{API}/{tournament_id}/join").status_code == 200
    rng = random.Random(11)
    for _ in range(200):
        detail = clients[field[0].pk].get(f"{API}/{tournament_id}").json()
        if detail["status"] == "finished":
            break
        games = {
            clients[u.pk].get(f"{API}/{tournament_id}").json()["you"]["game_id"] for u in field
        } - {None}
        assert games, "a tournament under way has a game being played"
        for game_id in games:
            while act_once(game_id, clients, rng):
                pass
    assert detail["status"] == "finished"
    bracket = clients[field[0].pk].get(f"{API}/{tournament_id}/bracket").json()
    assert bracket["over"] and [len(r["matches"]) for r in bracket["rounds"]] == [4, 2, 1]
    assert detail["winner"] == bracket["champion"] == bracket["rounds"][2]["matches"][0]["winner"]
    standings = clients[field[0].pk].get(f"{API}/{tournament_id}/standings").json()["results"]
    assert [r["rank"] for r in standings] == list(range(1, 9))
    assert standings[0]["user"] == detail["winner"]
    assert [r["eliminated_round"] for r in standings] == [None, 3, 2, 2, 1, 1, 1, 1]
    game_ids = list(
        Pairing.objects.filter(tournament_id=tournament_id).values_list("game", flat=True)
    )
    assert len(game_ids) == 7
    # Ordinary games: results for the boards, each rated between the two people.
    assert GameResult.objects.filter(game__in=game_ids).count() == 14
    assert RatedGame.objects.filter(game__in=game_ids, applied=True).count() == 7
    rebuilt_equals_cached(tournament_id)


def test_a_ten_minute_arena_of_twelve_is_played_through_the_api_on_a_test_clock(
    client_for, staff, clock
):
    field = [UserFactory() for _ in range(12)]
    clients = {u.pk: client_for(u) for u in field}
    starts_at = timezone.now() + timedelta(minutes=1)
    created = client_for(staff).post(
        API,
        {
            "format": "arena",
            "starts_at": starts_at.isoformat().replace("+00:00", "Z"),
            "duration_minutes": 10,
            "rules": GIN_RULES,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    tournament_id = created.json()["id"]
    for user in field:
        assert clients[user.pk].post(f"{API}/{tournament_id}/join").status_code == 200
    clock.shift(timedelta(minutes=1, seconds=1))
    watcher = clients[field[0].pk]
    assert watcher.get(f"{API}/{tournament_id}").json()["status"] == "created"
    tasks.advance_due()  # beat's run at the start
    assert watcher.get(f"{API}/{tournament_id}").json()["status"] == "started"
    rng = random.Random(5)
    for tick in range(2000):  # one move at every table, then five seconds pass
        if tick % 2:
            tasks.advance_due()  # beat's safety net, every 10 seconds
        status = watcher.get(f"{API}/{tournament_id}").json()["status"]
        if status == "finished":
            break
        live = Pairing.objects.filter(tournament_id=tournament_id, status="playing")
        for game_id in list(live.values_list("game_id", flat=True)):
            act_once(game_id, clients, rng)
        clock.shift(timedelta(seconds=5))
    assert status == "finished"
    for game_id in Pairing.objects.filter(
        tournament_id=tournament_id, status="playing"
    ).values_list("game_id", flat=True):  # games left over at the end play out
        while act_once(game_id, clients, rng):
            pass
    pairings = list(Pairing.objects.filter(tournament_id=tournament_id).order_by("created_at"))
    tournament = pairings[0].tournament
    settings = settings_of(tournament)
    closes = arena_pairing_closes_at(settings)
    assert len(pairings) > 12  # the first six games, and waves of pairings after them
    assert all(p.created_at < closes for p in pairings)
    assert {p.status for p in pairings} == {"finished"}
    # Nobody met their last opponent again straight away (twelve players take part).
    last: dict[int, int] = {}
    for pairing in pairings:
        a, b = (s.entry.user_id for s in pairing.seats.order_by("seat"))
        assert last.get(a) != b and last.get(b) != a
        last[a], last[b] = b, a
    late = [p for p in pairings if p.ended_at > tournament.ends_at]
    counted = sum(e.games for e in Entry.objects.filter(tournament=tournament))
    assert counted == 2 * (len(pairings) - len(late))
    rebuilt_equals_cached(tournament.pk)
    standings = watcher.get(f"{API}/{tournament_id}/standings").json()
    assert standings["count"] == 12 and standings["results"][0]["score"] > 0
