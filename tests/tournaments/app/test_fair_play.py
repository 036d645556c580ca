"""Tournaments and fair play: a banned player's entry refused, and players seen on one
device never paired in an arena nor seated at one sit & go table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from fairplay import services as fairplay
from fairplay.models import Fingerprint
from tests.tournaments.app.helpers import RUMMY_RULES, advance, playing, win
from tournaments import services
from tournaments.models import Entry, Pairing, Tournament, TournamentEvent, TournamentStatus

API = "/api/v1/tournaments"


def same_device(*users) -> None:
    """Fair play saw ``users`` on one device (the trace the middleware would keep)."""
    for user in users:
        Fingerprint.objects.create(
            user=user, trace="device", digest="d" * 64, last_seen=timezone.now()
        )


def seated_together(tournament: Tournament, a, b) -> bool:
    for pairing in Pairing.objects.filter(tournament=tournament):
        users = {s.entry.user_id for s in pairing.seats.all()}
        if {a.pk, b.pk} <= users:
            return True
    return False


def events(tournament: Tournament, kind: str | None = None) -> list[TournamentEvent]:
    rows = TournamentEvent.objects.filter(tournament=tournament).order_by("id")
    return list(rows.filter(kind=kind) if kind else rows)


def ranks(tournament: Tournament) -> dict[int, int | None]:
    return dict(Entry.objects.filter(tournament=tournament).values_list("user_id", "rank"))


@pytest.fixture
def started_arena(make_tournament, clock):
    def make(users, minutes: int = 60, **data):
        tournament = make_tournament("arena", duration_minutes=minutes, **data)
        for user in users:
            services.tournament_join(user=user, tournament_id=tournament.pk)
        clock.shift(tournament.starts_at - timezone.now())
        return advance(tournament)

    return make


# --- entries ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["tournament_ban", "mark"])
def test_a_player_banned_from_tournaments_is_refused_with_tournament_ban_and_nothing_changes(
    make_tournament, players, client_for, kind
):
    (ann,) = players(1)
    tournament = make_tournament("arena", duration_minutes=30)
    fairplay.sanction_apply(user_id=ann.pk, kind=kind, rule="report", key="ban")
    before = len(events(tournament))

    refused = client_for(ann).post(f"{API}/{tournament.pk}/join")

    assert refused.status_code == 403
    body = refused.json()
    assert body["code"] == "tournament_ban" and body["until"] is None and body["rule"]
    assert "tournaments" in body["detail"]
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert len(events(tournament)) == before


def test_a_paused_player_banned_meanwhile_cannot_come_back_and_stays_paused(
    make_tournament, players, client_for
):
    ann, bob = players(2)
    tournament = make_tournament("arena", duration_minutes=30)
    for user in (ann, bob):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    services.tournament_pause(tournament_id=tournament.pk, user=ann)
    until = timezone.now() + timedelta(days=3)
    fairplay.sanction_apply(
        user_id=ann.pk, kind="tournament_ban", rule="report", key="ban", until=until
    )

    refused = client_for(ann).post(f"{API}/{tournament.pk}/join")

    assert (refused.status_code, refused.json()["code"]) == (403, "tournament_ban")
    assert refused.json()["until"] is not None
    assert Entry.objects.get(tournament=tournament, user=ann).paused


def test_a_player_banned_from_tournaments_cannot_create_a_sit_and_go_of_their_own(
    players, client_for
):
    (ann,) = players(1)
    fairplay.sanction_apply(user_id=ann.pk, kind="tournament_ban", rule="report", key="ban")
    body = {"format": "sit_and_go", "private": True, "capacity": 2, "rules": {"target_score": 10}}

    refused = client_for(ann).post(API, body, format="json")

    assert (refused.status_code, refused.json()["code"]) == (403, "tournament_ban")
    assert not Tournament.objects.exists()


def test_a_player_banned_from_playing_people_is_refused_a_tournament_with_playban(
    make_tournament, players, client_for
):
    (ann,) = players(1)
    tournament = make_tournament("arena", duration_minutes=30)
    until = timezone.now() + timedelta(minutes=45)
    fairplay.sanction_apply(user_id=ann.pk, kind="playban", rule="sitting", key="p", until=until)

    refused = client_for(ann).post(f"{API}/{tournament.pk}/join")

    assert (refused.status_code, refused.json()["code"]) == (403, "playban")
    assert not Entry.objects.filter(tournament=tournament).exists()


# --- one device ------------------------------------------------------------------------------


def test_players_seen_on_one_device_are_never_paired_in_an_arena(started_arena, players):
    ann, bob, cat, dan = players(4)
    same_device(ann, bob)
    tournament = started_arena([ann, bob, cat, dan])
    for _ in range(6):
        pairs = playing(tournament)
        assert pairs, "someone else was free to play"
        for pairing in pairs:
            win(pairing.game_id, pairing.seats.get(seat=0).entry.user)
        tournament = advance(tournament)
    assert not seated_together(tournament, ann, bob)
    assert seated_together(tournament, ann, cat) and seated_together(tournament, bob, dan)


def test_two_players_on_one_device_alone_in_an_arena_wait_rather_than_meet(
    started_arena, players
):
    ann, bob = players(2)
    same_device(ann, bob)
    tournament = started_arena([ann, bob])
    assert playing(tournament) == []


def test_players_seen_on_one_device_are_never_seated_at_one_sit_and_go_table(
    make_tournament, players
):
    field = players(6)
    ann, bob = field[0], field[3]  # seeds 1 and 4: one table, dealt by the snake alone
    same_device(ann, bob)
    tournament = make_tournament(
        "sit_and_go", capacity=6, variant="rummy", table_size=3, rules=RUMMY_RULES
    )
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.STARTED
    tables = playing(tournament)
    assert sorted(len(p.seats.all()) for p in tables) == [3, 3]
    assert not seated_together(tournament, ann, bob)
    assert tournament.apart == [sorted([ann.pk, bob.pk])]
    # the bracket, rebuilt on every run and read by the API, seats the same tables
    advance(tournament)
    assert {p.pk for p in playing(tournament)} == {p.pk for p in tables}


def test_players_seen_on_one_device_are_not_drawn_against_each_other_in_a_gin_sit_and_go(
    make_tournament, players, client_for
):
    field = players(4)
    ann, bob = field[0], field[3]  # seeds 1 and 4 meet in the first round by the bracket
    same_device(ann, bob)
    tournament = make_tournament("sit_and_go", capacity=4)
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    first = playing(tournament)
    assert len(first) == 2 and not seated_together(tournament, ann, bob)
    bracket = client_for(ann).get(f"{API}/{tournament.pk}/bracket")
    assert bracket.status_code == 200
    for pairing in first:
        win(pairing.game_id, pairing.seats.get(seat=0).entry.user)
    tournament = advance(tournament)
    assert [p.round for p in playing(tournament)] == [2]
