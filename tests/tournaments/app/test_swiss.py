"""Swiss through the services: a hand-made field played round by round -- no rematch, one
bye each on an odd field, the Sonneborn-Berger tie-break -- late joins, pauses, the round
deadline, and duplicate deals."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations

import pytest
from django.utils import timezone

from games.models import Game, GameRound
from tests.tournaments.app.helpers import advance, both_move, play_out, playing, win
from tournaments import formats, services
from tournaments.errors import AlreadyStarted
from tournaments.models import Bye, DuplicateRound, Entry, Pairing, TournamentStatus


@pytest.fixture
def started_swiss(make_tournament, clock):
    def make(users, rounds: int, **more):
        tournament = make_tournament("swiss", rounds=rounds, **more)
        for user in users:
            services.tournament_join(user=user, tournament_id=tournament.pk)
        clock.shift(tournament.starts_at - timezone.now())
        return advance(tournament)

    return make


def play_round(tournament, decide):
    """Finish every game of the current round: ``decide(a, b)`` names the winner."""
    for pairing in playing(tournament):
        a, b = (pairing.seats.get(seat=n).entry.user for n in (0, 1))
        win(pairing.game_id, decide(a, b))
    return advance(tournament)


def pairs_of(tournament) -> list[frozenset[int]]:
    return [
        frozenset(s.entry.user_id for s in p.seats.all())
        for p in Pairing.objects.filter(tournament=tournament)
    ]


def test_six_players_meet_each_other_once_and_sonneborn_berger_breaks_the_tie(
    started_swiss, players
):
    field = players(6)
    strength = {u.pk: i for i, u in enumerate(field)}  # the lower index wins...
    upset = frozenset((field[0].pk, field[3].pk))  # ...except player 3 beats player 0

    def decide(a, b):
        if frozenset((a.pk, b.pk)) == upset:
            return field[3]
        return a if strength[a.pk] < strength[b.pk] else b

    tournament = started_swiss(field, rounds=5)
    for _ in range(5):
        tournament = play_round(tournament, decide)
    assert tournament.status == TournamentStatus.FINISHED
    met = pairs_of(tournament)
    assert len(met) == 15 and len(set(met)) == 15  # a round robin: every pair exactly once
    assert not Bye.objects.filter(tournament=tournament).exists()
    # Independent oracle: scores and Sonneborn-Berger from the results themselves.
    scores = {u.pk: 0.0 for u in field}
    beaten: dict[int, list[int]] = {u.pk: [] for u in field}
    for a, b in combinations(field, 2):
        winner = decide(a, b)
        loser = b if winner.pk == a.pk else a
        scores[winner.pk] += 1
        beaten[winner.pk].append(loser.pk)
    sb = {p: sum(scores[o] for o in beaten[p]) for p in scores}
    entries = {e.user_id: e for e in Entry.objects.filter(tournament=tournament)}
    assert {p: e.score for p, e in entries.items()} == scores
    assert {p: e.sonneborn_berger for p, e in entries.items()} == sb
    # Players 0 and 1 both score 4; player 0 beat the stronger field (SB 8 against 7).
    zero, one = entries[field[0].pk], entries[field[1].pk]
    assert zero.score == one.score == 4
    assert zero.sonneborn_berger > one.sonneborn_berger and zero.rank < one.rank
    ranked = sorted(entries.values(), key=lambda e: e.rank)
    assert [e.rank for e in ranked] == [1, 2, 3, 4, 5, 6]


def test_on_an_odd_field_everybody_gets_one_bye_and_nobody_a_rematch(started_swiss, players):
    field = players(5)
    tournament = started_swiss(field, rounds=5)
    for _ in range(5):
        tournament = play_round(tournament, lambda a, b: a)
    assert tournament.status == TournamentStatus.FINISHED
    met = pairs_of(tournament)
    assert len(met) == 10 and len(set(met)) == 10
    byes = Bye.objects.filter(tournament=tournament)
    assert sorted(b.entry.user_id for b in byes) == sorted(u.pk for u in field)  # one each
    assert {b.kind for b in byes} == {"pairing"}
    for entry in Entry.objects.filter(tournament=tournament):
        assert entry.byes == 1 and entry.games == 4


def test_a_late_joiner_gets_one_half_point_bye_and_joining_closes_past_half(started_swiss, players):
    field = players(4)
    late, later = players(2)
    tournament = started_swiss(field, rounds=3)
    services.tournament_join(user=late, tournament_id=tournament.pk)
    entry = Entry.objects.get(tournament=tournament, user=late)
    assert (entry.score, entry.byes) == (0.5, 1)
    tournament = play_round(tournament, lambda a, b: a)
    assert any(late.pk in p for p in pairs_of(tournament))  # paired from round 2
    tournament = play_round(tournament, lambda a, b: a)
    with pytest.raises(AlreadyStarted):
        services.tournament_join(user=later, tournament_id=tournament.pk)


def test_a_paused_player_sits_out_without_a_bye(started_swiss, players):
    field = players(5)
    tournament = started_swiss(field, rounds=2)
    resting = Entry.objects.get(tournament=tournament, byes=1).user  # round 1's bye
    other = next(u for u in field if u.pk != resting.pk)
    services.tournament_pause(tournament_id=tournament.pk, user=other)
    tournament = play_round(tournament, lambda a, b: a)
    assert tournament.current_round == 2
    assert Entry.objects.get(tournament=tournament, user=other).byes == 0
    round_two = [frozenset(s.entry.user_id for s in p.seats.all()) for p in playing(tournament)]
    assert all(other.pk not in pair for pair in round_two) and len(round_two) == 2


def test_games_unfinished_at_the_round_deadline_are_void_and_the_next_round_starts(
    started_swiss, players, clock
):
    field = players(4)
    tournament = started_swiss(field, rounds=2, round_minutes=5)
    first, second = playing(tournament)
    win(first.game_id, first.seats.get(seat=0).entry.user)
    both_move(second.game_id)  # they play on, slowly
    advance(tournament)
    assert tournament.current_round == 1
    clock.shift(tournament.round_deadline - timezone.now() + timedelta(seconds=1))
    tournament = advance(tournament)
    second.refresh_from_db()
    assert second.status == "void" and Game.objects.get(pk=second.game_id).status == "abandoned"
    assert tournament.current_round == 2
    players_of_void = {s.entry.user_id for s in second.seats.all()}
    for entry in Entry.objects.filter(tournament=tournament, user__in=players_of_void):
        assert (entry.score, entry.games) == (0, 0)
    # A void game still counts as a meeting: its players do not meet again.
    assert frozenset(players_of_void) not in [
        frozenset(s.entry.user_id for s in p.seats.all()) for p in playing(tournament)
    ]


def test_duplicate_deals_give_every_table_the_committed_decks_and_reveals_verify(
    started_swiss, players
):
    field = players(6)
    tournament = started_swiss(
        field,
        rounds=1,
        variant="rummy",
        table_size=3,
        rules={"hand_size": 7, "rounds": 1},
        duplicate=True,
    )
    tables = playing(tournament)
    assert len(tables) == 2
    deals = DuplicateRound.objects.get(tournament=tournament, round=1)
    assert deals.revealed_at is None and len(deals.commitments) == 10
    for pairing in tables:
        first_deal = GameRound.objects.get(game_id=pairing.game_id, number=1)
        assert first_deal.commitment == deals.commitments[0]
        assert first_deal.dealer == 0
    decks = [GameRound.objects.get(game_id=p.game_id, number=1).deck for p in tables]
    assert decks[0] == decks[1]  # seat for seat, the same cards
    for pairing in tables:
        play_out(pairing.game_id)
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.FINISHED
    deals.refresh_from_db()
    assert deals.revealed_at is not None
    assert formats.commitments_match(deals.commitments, deals.decks, deals.salts)
    for pairing in tables:
        revealed = GameRound.objects.get(game_id=pairing.game_id, number=1)
        assert (revealed.deck, revealed.salt) == (deals.decks[0], deals.salts[0])
