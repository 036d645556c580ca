"""Glicko-2 ratings of games between humans: applied once per game, provisional until 110."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from games.models import GameResult
from leaderboards import glicko2, services, tasks
from leaderboards.models import PlayerRating, RatedGame, Standing
from leaderboards.selectors import RatingRows, player_rating
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game, leaderboards_callbacks

pytestmark = pytest.mark.django_db

WHEN = datetime(2025, 3, 4, 12, tzinfo=UTC)


def values(user) -> tuple[float, float, float, int]:
    row = PlayerRating.objects.get(user=user)
    return row.rating, row.rating_deviation, row.volatility, row.games


def test_a_game_updates_both_players_from_their_ratings_before_it():
    ann, bob = UserFactory(), UserFactory()
    PlayerRating.objects.create(user=bob, rating=1700, rating_deviation=80, volatility=0.05)
    game = finished_game(player=ann, opponent=bob, won=True, finished_at=WHEN)

    record = services.game_rate(game_id=game.pk)

    ann_new = glicko2.rate(glicko2.Rating(), [glicko2.Outcome(glicko2.Rating(1700, 80, 0.05), 1)])
    bob_new = glicko2.rate(glicko2.Rating(1700, 80, 0.05), [glicko2.Outcome(glicko2.Rating(), 0)])
    assert values(ann) == (ann_new.rating, ann_new.deviation, ann_new.volatility, 1)
    assert values(bob) == (bob_new.rating, bob_new.deviation, bob_new.volatility, 1)
    assert ann_new.rating > 1500 and bob_new.rating < 1700
    assert record is not None and record.applied
    assert {c["user"]: c["score"] for c in record.changes} == {ann.pk: 1.0, bob.pk: 0.0}
    before = {c["user"]: c["before"] for c in record.changes}
    assert before[bob.pk] == [1700, 80, 0.05]


def test_a_redelivered_rating_task_applies_once():
    ann, bob = UserFactory(), UserFactory()
    game = finished_game(player=ann, opponent=bob, finished_at=WHEN)
    assert tasks.rate_game.delay(str(game.pk)).get() is True
    once = (values(ann), values(bob))
    assert tasks.rate_game.delay(str(game.pk)).get() is False
    assert tasks.rate_game.delay(str(game.pk)).get() is False
    assert (values(ann), values(bob)) == once
    assert once[0][3] == 1 and RatedGame.objects.count() == 1


def test_computer_games_are_not_rated():
    ann = UserFactory()
    game = finished_game(player=ann, difficulty="hard", finished_at=WHEN)
    assert services.game_rate(game_id=game.pk) is None
    assert not PlayerRating.objects.exists() and not RatedGame.objects.exists()


def test_a_game_missing_a_player_is_recorded_as_not_rated():
    ann, bob = UserFactory(), UserFactory()
    game = finished_game(player=ann, opponent=bob, finished_at=WHEN)
    GameResult.objects.filter(game=game, user=bob).delete()
    record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied is False
    assert values(ann)[:2] == (1500.0, 350.0)
    assert services.game_rate(game_id=game.pk) is None


def test_new_players_are_provisional_until_the_deviation_is_at_most_110():
    rookie, veteran = UserFactory(), UserFactory()
    PlayerRating.objects.create(user=veteran, rating=1500, rating_deviation=60)
    assert player_rating(user=rookie) == {
        "rating": 1500.0,
        "rating_deviation": 350.0,
        "rating_provisional": True,
    }
    deviations = []
    for i in range(30):
        game = finished_game(
            player=rookie, opponent=veteran, won=i % 2 == 0, finished_at=WHEN + timedelta(i)
        )
        services.game_rate(game_id=game.pk)
        deviations.append(player_rating(user=rookie)["rating_deviation"])
        if deviations[-1] <= 110:
            break
    assert deviations == sorted(deviations, reverse=True)  # every game narrows it
    assert deviations[-1] <= 110 < deviations[-2]
    assert player_rating(user=rookie)["rating_provisional"] is False
    board = RatingRows(rookie)[0:10]
    assert rookie.username in [entry["user"]["username"] for entry in board]


def test_sweep_rates_recent_unrated_games_oldest_first():
    ann, bob, cy = UserFactory(), UserFactory(), UserFactory()
    now = timezone.now()
    old = finished_game(player=ann, opponent=bob, finished_at=now - timedelta(days=8))
    first = finished_game(player=ann, opponent=bob, finished_at=now - timedelta(hours=2))
    second = finished_game(player=bob, opponent=cy, finished_at=now - timedelta(hours=1))
    rated = finished_game(player=cy, opponent=ann, finished_at=now - timedelta(minutes=30))
    services.game_rate(game_id=rated.pk)
    fresh = finished_game(player=cy, opponent=ann, finished_at=now - timedelta(seconds=5))

    assert tasks.rate_pending_games.delay().get() == 2
    records = {r.game_id: r.rated_at for r in RatedGame.objects.all()}
    assert set(records) == {rated.pk, first.pk, second.pk}
    assert records[first.pk] < records[second.pk]
    assert not RatedGame.objects.filter(game__in=[old, fresh]).exists()
    assert values(bob)[3] == 2
    assert services.games_rate_pending() == 0


def test_finishing_a_game_rates_it_and_refreshes_the_boards(django_capture_on_commit_callbacks):
    ann, bob = UserFactory(), UserFactory()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = finished_game(player=ann, opponent=bob, finished_at=timezone.now(), signal=True)
    assert len(leaderboards_callbacks(callbacks)) == 2
    assert RatedGame.objects.filter(game=game, applied=True).exists()
    assert values(ann)[3] == 1
    kinds = set(Standing.objects.filter(user=ann, wins=1).values_list("period__kind", flat=True))
    assert kinds == {"weekly", "monthly", "all-time"}


def test_finishing_a_computer_game_only_refreshes(django_capture_on_commit_callbacks):
    ann = UserFactory()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        finished_game(player=ann, difficulty="medium", finished_at=timezone.now(), signal=True)
    assert len(leaderboards_callbacks(callbacks)) == 1
    assert not PlayerRating.objects.exists()
    assert Standing.objects.filter(user=ann, category="computer").count() == 3
