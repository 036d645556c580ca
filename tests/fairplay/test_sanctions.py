"""Sanctions, applied by one idempotent service: a mark undoes what the player's games
did (refunds once per victim and game, capped; every board recomputed, closed ones too;
the tournaments told), ``unrated_only`` unrates their new games, play bans grow."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.exceptions import ApplicationError
from fairplay import selectors, services
from fairplay.errors import PlayBanned, TournamentBanned
from fairplay.hooks import player_marked
from fairplay.models import RatingRefund, Sanction
from games.models import GameResult
from leaderboards import services as boards
from leaderboards.models import Period, PlayerRating, RatedGame, Standing
from tests.factories import UserFactory
from tests.fairplay.helpers import concede, play_draws, table
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db(transaction=True)


def rating(user) -> float:
    return PlayerRating.objects.get(user=user, variant="gin").rating


def lost_in(game, user) -> float:
    change = next(c for c in RatedGame.objects.get(game=game).changes if c["user"] == user.pk)
    return change["before"][0] - change["after"][0]


def listed(user) -> set[tuple[str, bool]]:
    rows = Standing.objects.filter(user=user).select_related("period")
    return {(row.period.kind, row.period.closed_at is not None) for row in rows}


@pytest.fixture
def heard():
    calls: list[dict] = []

    def receiver(sender, **kwargs):
        calls.append(kwargs)

    player_marked.connect(receiver, dispatch_uid="tests.fairplay.heard")
    yield calls
    player_marked.disconnect(dispatch_uid="tests.fairplay.heard")


def test_a_mark_refunds_each_victim_once_capped_and_rescores_every_board(settings, heard):
    settings.FAIRPLAY_REFUND_CAP = 100.0
    cheat, ann, bob = UserFactory(), UserFactory(), UserFactory()
    now = timezone.now()
    beat_ann = finished_game(
        player=cheat, opponent=ann, finished_at=now - timedelta(days=9), signal=True
    )
    beat_bob = finished_game(
        player=cheat, opponent=bob, finished_at=now - timedelta(hours=2), signal=True
    )
    lost_to_ann = finished_game(
        player=ann, opponent=cheat, finished_at=now - timedelta(hours=1), signal=True
    )
    boards.standings_refresh_open(now=now)  # closes the week of the first game
    assert ("weekly", True) in listed(cheat) and ("all-time", False) in listed(cheat)
    ann_lost, bob_lost = lost_in(beat_ann, ann), lost_in(beat_bob, bob)
    assert ann_lost > 100 and bob_lost > 0  # a new account's first loss is big: capped
    ann_before, bob_before = rating(ann), rating(bob)
    closed = Period.objects.filter(closed_at__isnull=False).count()

    sanction, created = services.sanction_apply(
        user_id=cheat.pk, kind="mark", rule="win_trading", key="staff:test"
    )
    assert created and sanction.applied_at is not None
    assert rating(ann) == pytest.approx(ann_before + 100.0)
    assert rating(bob) == pytest.approx(bob_before + min(bob_lost, 100.0))
    refunds = set(RatingRefund.objects.values_list("victim_id", "game_id"))
    assert refunds == {(ann.pk, beat_ann.pk), (bob.pk, beat_bob.pk)}  # not the game ann won
    assert set(GameResult.objects.filter(user=cheat).values_list("rated", "unrated_reason")) == {
        (False, "marked")
    }
    assert listed(cheat) == set()  # every board, the closed week's too
    assert ("weekly", True) in listed(ann)  # the victims stay where they were
    assert Period.objects.filter(closed_at__isnull=False).count() == closed  # still closed
    assert [(call["user_id"], call["since"]) for call in heard] == [
        (cheat.pk, sanction.created_at - timedelta(days=30))
    ]

    # Run again (a retried task, staff pressing twice): nothing is given twice.
    services.mark_consequences_apply(sanction_id=sanction.pk)
    again, created = services.sanction_apply(
        user_id=cheat.pk, kind="mark", rule="win_trading", key="staff:test"
    )
    assert not created and again.pk == sanction.pk
    assert services.refunds_apply(offender_id=cheat.pk, since=now - timedelta(days=30)) == 0
    assert RatingRefund.objects.count() == 2
    assert rating(ann) == pytest.approx(ann_before + 100.0)
    assert rating(bob) == pytest.approx(bob_before + min(bob_lost, 100.0))
    assert lost_to_ann is not None and len(heard) == 2  # the tournaments are told each time


def test_refunds_look_back_the_mark_days_and_no_further(settings):
    cheat, ann = UserFactory(), UserFactory()
    now = timezone.now()
    finished_game(player=cheat, opponent=ann, finished_at=now - timedelta(days=31), signal=True)
    assert services.refunds_apply(offender_id=cheat.pk, since=now - timedelta(days=30)) == 0
    assert services.refunds_apply(offender_id=cheat.pk, since=now - timedelta(days=32)) == 1


def test_applying_a_sanction_twice_with_one_key_makes_one(settings):
    user = UserFactory()
    first, made = services.sanction_apply(
        user_id=user.pk, kind="tournament_ban", rule="report", key="k"
    )
    second, again = services.sanction_apply(
        user_id=user.pk, kind="tournament_ban", rule="report", key="k"
    )
    assert made and not again and first.pk == second.pk
    assert Sanction.objects.count() == 1


def test_an_unknown_kind_is_refused_before_anything_is_written():
    with pytest.raises(ValueError):
        services.sanction_apply(user_id=UserFactory().pk, kind="exile", rule="report", key="k")
    assert not Sanction.objects.exists()


def test_play_bans_start_short_and_grow_on_repeats():
    user = UserFactory()
    lengths = []
    for number in range(3):
        ban = services.playban_apply(user_id=user.pk, rule="sitting", key=f"ban-{number}")
        lengths.append(round((ban.until - ban.created_at).total_seconds() / 60))
    assert lengths == [15, 45, 135]
    assert services.playban_apply(user_id=user.pk, rule="sitting", key="ban-2").pk == ban.pk


def test_unrated_only_makes_the_player_s_new_games_unrated(players):
    users, clients = players(2)
    services.sanction_apply(
        user_id=users[0].pk, kind="unrated_only", rule="win_trading", key="restrict"
    )
    game_id = table(clients)
    play_draws(clients, game_id, {1: 3})
    final = concede(clients[1], game_id)["final"]
    assert final["rated"] is False and final["unrated_reason"] == "restricted"
    assert not RatedGame.objects.filter(game_id=game_id, applied=True).exists()
    computer = clients[0].post("/api/v1/games", {"opponent": "computer"}, format="json").json()
    assert computer["status"] == "active"  # still free to play


def test_entering_a_tournament_is_refused_to_a_banned_or_marked_player_only():
    free, banned, marked, benched = (UserFactory() for _ in range(4))
    services.sanction_apply(user_id=banned.pk, kind="tournament_ban", rule="report", key="a")
    services.sanction_apply(user_id=marked.pk, kind="mark", rule="engine_agreement", key="b")
    services.playban_apply(user_id=benched.pk, rule="sitting", key="c")
    selectors.tournament_entry_check(user_id=free.pk)
    for user, error in (
        (banned, TournamentBanned),
        (marked, TournamentBanned),
        (benched, PlayBanned),
    ):
        with pytest.raises(error) as refused:
            selectors.tournament_entry_check(user_id=user.pk)
        assert isinstance(refused.value, ApplicationError) and refused.value.status_code == 403
    lifted = Sanction.objects.get(key="a")
    services.sanction_lift(sanction_id=lifted.pk, by=None)
    selectors.tournament_entry_check(user_id=banned.pk)


def test_a_sanction_past_its_end_is_no_longer_in_force():
    user = UserFactory()
    ban = services.playban_apply(user_id=user.pk, rule="sitting", key="old")
    Sanction.objects.filter(pk=ban.pk).update(until=timezone.now() - timedelta(seconds=1))
    selectors.seating_check(user_id=user.pk)
    assert not selectors.sanctions_in_force(user_ids=[user.pk]).exists()


def test_a_play_ban_refuses_a_rematch_offer_and_its_acceptance(players):
    users, clients = players(2)
    game_id = table(clients)
    play_draws(clients, game_id, {1: 3})
    concede(clients[1], game_id)
    services.playban_apply(user_id=users[1].pk, rule="sitting", key="ban")
    offered = clients[1].post(f"/api/v1/games/{game_id}/rematch")
    assert offered.status_code == 403 and offered.json()["code"] == "playban"
    new = clients[0].post(f"/api/v1/games/{game_id}/rematch")
    assert new.status_code == 201
    refused = clients[1].post(f"/api/v1/games/{new.json()['id']}/accept")
    assert refused.status_code == 403 and refused.json()["code"] == "playban"
    assert clients[1].get(f"/api/v1/games/{new.json()['id']}").json()["status"] == "waiting"
