"""Knockout through the services and the bracket endpoint: byes to the top seeds on fields
of 5, 8 and 13, a bracket played to its champion, withdrawals, and tables."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.tournaments.app.helpers import advance, play_out, playing, win
from tournaments import services
from tournaments.models import Entry, TournamentStatus


@pytest.fixture
def started_knockout(make_tournament, clock):
    def make(users, **more):
        tournament = make_tournament("knockout", **more)
        for user in users:
            services.tournament_join(user=user, tournament_id=tournament.pk)
        clock.shift(tournament.starts_at - timezone.now())
        return advance(tournament)

    return make


@pytest.mark.parametrize(("size", "byes"), [(5, 3), (8, 0), (13, 3)])
def test_the_bracket_gives_its_byes_to_the_top_seeds(
    started_knockout, players, client_for, size, byes
):
    field = players(size)  # equal ratings: seeded in the order they joined
    tournament = started_knockout(field)
    bracket = client_for(field[0]).get(f"/api/v1/tournaments/{tournament.pk}/bracket").json()
    first = bracket["rounds"][0]["matches"]
    slots = 1 << (size - 1).bit_length()
    assert len(first) == slots // 2
    bye_holders = [m["players"][0]["username"] for m in first if m["bye"]]
    assert sorted(bye_holders) == sorted(u.username for u in field[:byes])
    assert len([p for p in playing(tournament) if p.round == 1]) == slots // 2 - byes
    assert [s["username"] for s in bracket["seeds"]] == [u.username for u in field]
    # Seed 1 meets the last seed (or has the bye); seeds 1 and 2 are in opposite halves.
    assert first[0]["players"][0]["username"] == field[0].username
    halves = [first[: len(first) // 2], first[len(first) // 2 :]]
    names = [{p["username"] for m in half for p in m["players"] if p} for half in halves]
    assert field[0].username in names[0] and field[1].username in names[1]


def test_a_bracket_of_five_is_played_to_its_champion(started_knockout, players):
    field = players(5)
    tournament = started_knockout(field)
    while tournament.status == TournamentStatus.STARTED:
        for pairing in playing(tournament):
            win(pairing.game_id, pairing.seats.get(seat=1).entry.user)  # the lower seed wins
        tournament = advance(tournament)
    entries = {e.user_id: e for e in Entry.objects.filter(tournament=tournament)}
    champion = next(e for e in entries.values() if e.rank == 1)
    assert champion.eliminated_round is None
    assert sorted(e.rank for e in entries.values()) == [1, 2, 3, 4, 5]
    assert {e.eliminated_round for e in entries.values() if e.rank > 1} <= {1, 2, 3}


def test_a_player_who_withdraws_concedes_and_their_opponent_goes_through(started_knockout, players):
    field = players(4)
    tournament = started_knockout(field)
    pairing = playing(tournament)[0]
    leaver, stayer = (pairing.seats.get(seat=n).entry.user for n in (0, 1))
    services.tournament_withdraw(tournament_id=tournament.pk, user=leaver)
    pairing.refresh_from_db()
    assert pairing.status == "finished" and pairing.conceded_by_id == leaver.pk
    other = playing(tournament)[0]
    win(other.game_id, other.seats.get(seat=0).entry.user)
    tournament = advance(tournament)
    (final,) = playing(tournament)
    assert stayer.pk in {s.entry.user_id for s in final.seats.all()}


def test_a_knockout_at_tables_sends_the_top_half_of_each_table_through(started_knockout, players):
    field = players(8)
    tournament = started_knockout(
        field, variant="rummy", table_size=4, rules={"hand_size": 7, "rounds": 1}
    )
    first = playing(tournament)
    assert [len(p.seats.all()) for p in first] == [4, 4]
    for pairing in first:
        play_out(pairing.game_id)
    tournament = advance(tournament)
    (final,) = playing(tournament)
    through = [s.entry.user_id for s in final.seats.all()]
    for pairing in first:
        best = sorted(pairing.seats.all(), key=lambda s: s.place)[:2]
        assert {s.entry.user_id for s in best} <= set(through)
    play_out(final.game_id)
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    final.refresh_from_db()
    winner = final.seats.get(place=1).entry
    assert winner.rank == 1
