"""Sit & go through the services: registration, the start when the last seat is taken, the
knockout played to its champion, and concurrent joins on PostgreSQL."""

from __future__ import annotations

from django.db import connection

from games.models import Game, GameStatus
from tests.games.helpers import run_in_threads
from tests.tournaments.app.helpers import advance, playing, win
from tournaments import services
from tournaments.errors import TournamentFull
from tournaments.models import Entry, Pairing, TournamentEvent, TournamentStatus


def test_the_last_seat_starts_the_sit_and_go_and_seats_the_first_round(make_tournament, players):
    tournament = make_tournament("sit_and_go", capacity=4)
    field = players(4)
    for user in field[:3]:
        services.tournament_join(user=user, tournament_id=tournament.pk)
        tournament.refresh_from_db()
        assert tournament.status == TournamentStatus.CREATED
    services.tournament_join(user=field[3], tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.STARTED
    games = playing(tournament)
    assert len(games) == 2
    seated = sorted(s.entry.user_id for p in games for s in p.seats.all())
    assert seated == sorted(u.pk for u in field)
    for pairing in games:
        game = Game.objects.get(pk=pairing.game_id)
        assert game.status == GameStatus.ACTIVE and game.turn_seconds == 60
        assert game.turn_deadline is not None  # timers on from the first turn


def test_a_knockout_of_four_is_played_to_its_champion(make_tournament, players):
    tournament = make_tournament("sit_and_go", capacity=4)
    field = players(4)
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    for pairing in playing(tournament):
        first = pairing.seats.get(seat=0).entry.user
        win(pairing.game_id, first)
    tournament = advance(tournament)
    final = playing(tournament)
    assert [p.round for p in final] == [2]
    champion = final[0].seats.get(seat=1).entry.user
    win(final[0].game_id, champion)
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    ranks = dict(Entry.objects.filter(tournament=tournament).values_list("user_id", "rank"))
    assert ranks[champion.pk] == 1
    assert sorted(ranks.values()) == [1, 2, 3, 4]
    finished = TournamentEvent.objects.filter(tournament=tournament, kind="finished").get()
    assert finished.data["winner"]["username"] == champion.username


def test_sixteen_concurrent_joins_seat_exactly_eight_and_start_once(
    transactional_db, make_tournament, players
):
    assert connection.vendor == "postgresql"
    tournament = make_tournament("sit_and_go", capacity=8)
    field = players(16)

    def join(i: int) -> str:
        try:
            services.tournament_join(user=field[i], tournament_id=tournament.pk)
        except TournamentFull:
            return "full"
        return "joined"

    results = run_in_threads(join, count=16)
    assert results.count("joined") == 8 and results.count("full") == 8
    assert Entry.objects.filter(tournament=tournament).count() == 8
    assert TournamentEvent.objects.filter(tournament=tournament, kind="started").count() == 1
    pairings = Pairing.objects.filter(tournament=tournament)
    assert pairings.count() == 4
    seated = [s.entry_id for p in pairings for s in p.seats.all()]
    entries = Entry.objects.filter(tournament=tournament).values_list("pk", flat=True)
    assert sorted(seated) == sorted(entries)
