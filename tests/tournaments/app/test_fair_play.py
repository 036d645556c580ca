"""Tournaments and fair play: a banned player's entry refused, a mark's withdrawals and
rewritten standings (once, however often it is sent), and players seen on one device
never paired in an arena nor seated at one sit & go table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from fairplay import services as fairplay
from fairplay.hooks import player_marked
from fairplay.models import Fingerprint, Sanction
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


# --- a mark ----------------------------------------------------------------------------------


def test_a_mark_rewrites_a_finished_arenas_winner_and_twice_is_the_same_as_once(
    started_arena, players, clock
):
    ann, bob, cat = players(3)
    tournament = started_arena([ann, bob, cat], minutes=30)
    for _ in range(4):  # ann wins every game she plays; bob and cat share the rest
        for pairing in playing(tournament):
            users = [s.entry.user for s in pairing.seats.all()]
            winner = ann if ann in users else users[0]
            win(pairing.game_id, winner)
        tournament = advance(tournament)
    clock.shift(timedelta(minutes=31))
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    assert ranks(tournament)[ann.pk] == 1
    runner_up = next(u for u in (bob, cat) if ranks(tournament)[u.pk] == 2)

    sanction, _ = fairplay.sanction_apply(
        user_id=ann.pk, kind="mark", rule="engine_agreement", key="mark"
    )

    after = ranks(tournament)
    assert after[ann.pk] is None and after[runner_up.pk] == 1
    entry = Entry.objects.get(tournament=tournament, user=ann)
    assert entry.removed
    left = events(tournament, "player_left")[-1]
    assert left.data["user"]["username"] == ann.username and left.data["removed"] is True
    leaders = events(tournament, "standings_changed")[-1].data["leaders"]
    assert leaders[0]["user"]["username"] == runner_up.username

    seen = len(events(tournament))
    fairplay.mark_consequences_apply(sanction_id=sanction.pk)
    player_marked.send(sender=Sanction, user_id=ann.pk, since=sanction.created_at)
    assert ranks(tournament) == after
    assert len(events(tournament)) == seen


def test_a_mark_gives_a_finished_sit_and_go_to_the_other_finalist(make_tournament, players):
    field = players(4)
    tournament = make_tournament("sit_and_go", capacity=4)
    for user in field:
        services.tournament_join(user=user, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    for pairing in playing(tournament):
        win(pairing.game_id, pairing.seats.get(seat=0).entry.user)
    tournament = advance(tournament)
    (final,) = playing(tournament)
    champion, finalist = (final.seats.get(seat=n).entry.user for n in (0, 1))
    win(final.game_id, champion)
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED and ranks(tournament)[champion.pk] == 1

    fairplay.sanction_apply(user_id=champion.pk, kind="mark", rule="win_trading", key="m")

    after = ranks(tournament)
    assert after[finalist.pk] == 1 and after[champion.pk] == 2
    assert sorted(after.values()) == [1, 2, 3, 4]
    assert Entry.objects.get(tournament=tournament, user=champion).removed


def test_a_mark_leaves_a_tournament_finished_before_its_window_alone(
    started_arena, players, clock
):
    ann, bob = players(2)
    tournament = started_arena([ann, bob], minutes=30)
    win(playing(tournament)[0].game_id, ann)
    advance(tournament)
    clock.shift(timedelta(minutes=31))
    tournament = advance(tournament)
    before = ranks(tournament)

    player_marked.send(sender=Sanction, user_id=ann.pk, since=timezone.now() + timedelta(1))

    assert ranks(tournament) == before
    assert not Entry.objects.get(tournament=tournament, user=ann).removed


def test_a_mark_withdraws_the_player_from_a_live_arena_with_its_player_left_event(
    started_arena, make_tournament, players
):
    ann, bob, cat = players(3)
    live = started_arena([ann, bob, cat])
    later = timezone.now() + timedelta(days=1)
    upcoming = make_tournament("arena", duration_minutes=30, starts_at=later)
    services.tournament_join(user=cat, tournament_id=upcoming.pk)

    fairplay.sanction_apply(user_id=cat.pk, kind="mark", rule="engine_agreement", key="mark")

    entry = Entry.objects.get(tournament=live, user=cat)
    assert entry.withdrawn and entry.removed
    left = [e.data for e in events(live, "player_left")]
    assert left[0] == {"user": {"username": cat.username, "display_name": cat.public_name}}
    assert left[1]["removed"] is True
    assert not Entry.objects.filter(tournament=upcoming, user=cat).exists()  # before its start
    assert events(upcoming, "player_left")[-1].data["user"]["username"] == cat.username
    assert not any(
        cat.pk in {s.entry.user_id for s in p.seats.all()} for p in playing(advance(live))
    )


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
