"""Tournaments and fair play: a banned player's entry refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from fairplay import services as fairplay
from tournaments import services
from tournaments.models import Entry, Tournament, TournamentEvent

API = "/api/v1/tournaments"


def events(tournament: Tournament, kind: str | None = None) -> list[TournamentEvent]:
    rows = TournamentEvent.objects.filter(tournament=tournament).order_by("id")
    return list(rows.filter(kind=kind) if kind else rows)


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
