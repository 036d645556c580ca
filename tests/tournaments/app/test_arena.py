"""Arena through the services: pairing on the event itself, the lichess scoring examples
played as games, no back-to-back rematch, the end, pauses, and the cached tallies equal
to the rebuild."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.models import Game
from tests.tournaments.app.helpers import advance, both_move, no_show, play_out, playing, win
from tournaments import formats, services
from tournaments.errors import AlreadyStarted, EntryPaused
from tournaments.models import Entry, Pairing, TournamentStatus
from tournaments.records import entry_of, game_of, settings_of


@pytest.fixture
def started_arena(make_tournament, clock):
    """An arena of ``users``, started (the clock moved on to its start)."""

    def make(users, minutes: int = 60):
        tournament = make_tournament("arena", duration_minutes=minutes)
        for user in users:
            services.tournament_join(user=user, tournament_id=tournament.pk)
        clock.shift(tournament.starts_at - timezone.now())
        return advance(tournament)

    return make


def score(tournament, user) -> float:
    return Entry.objects.get(tournament=tournament, user=user).score


def test_two_waiting_players_are_paired_by_the_join_itself(started_arena, players):
    ann, bob, cat, dan = players(4)
    tournament = started_arena([ann, cat, dan])
    assert tournament.status == TournamentStatus.STARTED
    (first,) = playing(tournament)  # three waiting: the newest arrival waits
    waiting = {ann.pk, cat.pk, dan.pk} - {s.entry.user_id for s in first.seats.all()}
    services.tournament_join(user=bob, tournament_id=tournament.pk)  # no tick in between
    second = next(p for p in playing(tournament) if p.pk != first.pk)
    assert {s.entry.user_id for s in second.seats.all()} == {*waiting, bob.pk}


def test_three_wins_in_a_row_score_two_two_four_and_a_loss_ends_the_fire(started_arena, players):
    ann, bob = players(2)
    tournament = started_arena([ann, bob])
    for winner in (ann, ann, ann, bob, ann):
        (pairing,) = playing(tournament)  # two players: they meet again at once
        win(pairing.game_id, winner)
        advance(tournament)
    assert score(tournament, ann) == 2 + 2 + 4 + 0 + 2
    assert score(tournament, bob) == 2
    assert Entry.objects.get(tournament=tournament, user=ann).streak == 1


def test_a_no_show_scores_nothing_and_the_winner_a_flat_two_without_fire(started_arena, players):
    ann, bob = players(2)
    tournament = started_arena([ann, bob])
    for _ in range(2):
        win(playing(tournament)[0].game_id, ann)
        advance(tournament)
    (pairing,) = playing(tournament)
    no_show(pairing.game_id, bob)
    advance(tournament)
    entry = Entry.objects.get(tournament=tournament, user=ann)
    assert (entry.score, entry.streak) == (2 + 2 + 2, 2)  # on fire, yet the no-show is worth 2
    absent = Entry.objects.get(tournament=tournament, user=bob)
    assert absent.paused and absent.score == 0
    with pytest.raises(EntryPaused):
        services.tournament_join(user=bob, tournament_id=tournament.pk)


def test_a_player_who_never_moves_forfeits_after_the_grace_time(started_arena, players):
    ann, bob = players(2)
    tournament = started_arena([ann, bob])
    (pairing,) = playing(tournament)
    game = Game.objects.get(pk=pairing.game_id)
    absent_seat = game.turn_seat
    advance(tournament, at=timezone.now() + timedelta(seconds=61))
    pairing.refresh_from_db()
    game.refresh_from_db()
    assert game.status == "finished" and game.finish_reason == "concede"
    absent = pairing.seats.get(seat=absent_seat).entry
    assert pairing.conceded_by_id == absent.user_id and absent.score == 0


def test_with_three_active_nobody_meets_their_last_opponent_back_to_back(started_arena, players):
    ann, bob, cat, dan = players(4)
    tournament = started_arena([ann, bob, cat, dan])
    first = playing(tournament)
    assert len(first) == 2
    met = {frozenset(s.entry.user_id for s in p.seats.all()) for p in first}
    win(first[0].game_id, first[0].seats.get(seat=0).entry.user)
    advance(tournament)
    assert len(playing(tournament)) == 1  # the two who just met wait for others
    other = first[1]
    win(other.game_id, other.seats.get(seat=0).entry.user)
    advance(tournament)
    second = playing(tournament)
    assert len(second) == 2
    assert not met & {frozenset(s.entry.user_id for s in p.seats.all()) for p in second}


def test_games_that_end_after_the_arena_do_not_count(started_arena, players):
    ann, bob = players(2)
    tournament = started_arena([ann, bob], minutes=10)
    (pairing,) = playing(tournament)
    both_move(pairing.game_id)
    end = tournament.ends_at
    with time_machine.travel(end + timedelta(seconds=5), tick=False):
        advance(tournament)
        assert tournament.status == TournamentStatus.FINISHED
        win(pairing.game_id, ann, moved=True)
        advance(tournament)
    pairing.refresh_from_db()
    assert pairing.status == "finished" and pairing.ended_at > end
    entry = Entry.objects.get(tournament=tournament, user=ann)
    assert (entry.score, entry.games) == (0, 0)
    assert playing(tournament) == []  # and no game started after the end


def test_no_game_starts_in_the_arena_last_minutes(started_arena, players, clock):
    ann, bob, cat = players(3)
    tournament = started_arena([ann, cat], minutes=60)
    (pairing,) = playing(tournament)
    both_move(pairing.game_id)
    clock.shift(tournament.ends_at - timedelta(minutes=2) - timezone.now())
    win(pairing.game_id, ann, moved=True)
    advance(tournament)
    assert playing(tournament) == []  # two players waiting, and no new game
    with pytest.raises(AlreadyStarted):
        services.tournament_join(user=bob, tournament_id=tournament.pk)


def test_a_paused_player_is_not_paired_and_comes_back_after_the_pause(
    started_arena, players, clock
):
    ann, bob, cat = players(3)
    tournament = started_arena([ann, bob])
    (pairing,) = playing(tournament)
    services.tournament_pause(tournament_id=tournament.pk, user=ann)
    win(pairing.game_id, ann)
    advance(tournament)
    services.tournament_join(user=cat, tournament_id=tournament.pk)
    (pairing,) = playing(tournament)
    assert {s.entry.user_id for s in pairing.seats.all()} == {bob.pk, cat.pk}
    with pytest.raises(EntryPaused) as refused:
        services.tournament_join(user=ann, tournament_id=tournament.pk)
    assert int(refused.value.headers["Retry-After"]) >= 1
    clock.shift(timedelta(seconds=11))
    services.tournament_join(user=ann, tournament_id=tournament.pk)
    assert not Entry.objects.get(tournament=tournament, user=ann).paused


def test_the_cached_tallies_equal_the_standings_rebuilt_from_the_pairings(
    started_arena, players, clock
):
    field = players(5)
    tournament = started_arena(field)
    for round_ in range(6):
        for pairing in playing(tournament):
            if round_ == 2 and pairing.table % 2:
                no_show(pairing.game_id, pairing.seats.get(seat=1).entry.user)
            else:
                play_out(pairing.game_id)
        advance(tournament)
        for entry in Entry.objects.filter(tournament=tournament, paused=True):
            left = max(timedelta(0), entry.paused_until - timezone.now())
            clock.shift(left + timedelta(seconds=1))
            services.tournament_join(user=entry.user, tournament_id=tournament.pk)
    assert Pairing.objects.filter(tournament=tournament, status="finished").count() >= 8
    entries = list(Entry.objects.filter(tournament=tournament))
    users = {e.pk: e.user_id for e in entries}
    records = [
        game_of(p, list(p.seats.order_by("seat")), users)
        for p in Pairing.objects.filter(tournament=tournament).exclude(status="void")
    ]
    rows = formats.standings(settings_of(tournament), [entry_of(e) for e in entries], records)
    rebuilt = {r.player: (r.score, r.streak, r.games, r.wins, r.losses, r.rank) for r in rows}
    cached = {e.user_id: (e.score, e.streak, e.games, e.wins, e.losses, e.rank) for e in entries}
    assert cached == rebuilt
    assert any(score for score, *_ in cached.values())
