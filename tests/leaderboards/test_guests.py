"""Guest accounts ("Play now") are on no leaderboard and never rated; nobody is rated
against them, and the people they played keep their places."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from accounts.services import guest_claim, guest_create
from leaderboards import services
from leaderboards.models import PlayerRating, RatedGame, Standing
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game
from tests.leaderboards.rummy_factories import rummy_game

pytestmark = pytest.mark.django_db

WHEN = datetime(2025, 3, 4, 12, tzinfo=UTC)
WEEK = date(2025, 3, 3)


def board(category: str, variant: str = "gin") -> dict[str, tuple]:
    period = services.period_get_or_create(kind="weekly", start=WEEK)
    assert services.standings_refresh(period_id=period.pk)
    rows = Standing.objects.filter(
        period=period, category=category, variant=variant
    ).select_related("user")
    return {s.user.username: (s.rank, s.score, s.wins, s.games) for s in rows}


def guest():
    return guest_create()[0]


def test_a_guest_is_on_no_board_and_the_people_it_played_keep_their_places():
    ann, bob, visitor = UserFactory(username="ann"), UserFactory(username="bob"), guest()
    finished_game(player=visitor, difficulty="hard", total=300, finished_at=WHEN)
    finished_game(player=ann, difficulty="hard", total=100, finished_at=WHEN)
    finished_game(player=visitor, opponent=bob, total=250, finished_at=WHEN)
    finished_game(player=bob, opponent=ann, total=120, finished_at=WHEN)

    assert board("computer") == {"ann": (1, Decimal("100.00"), 1, 1)}
    assert board("humans") == {
        "bob": (1, Decimal("120.00"), 1, 2),  # his loss to the guest still counts as a game
        "ann": (2, Decimal("0.00"), 0, 1),
    }


def test_a_guest_is_on_no_rummy_board_either():
    ann, visitor = UserFactory(username="ann"), guest()
    rummy_game(places=[visitor, ann, "easy"], totals=[90, -40, -50], finished_at=WHEN)
    assert board("humans", variant="rummy") == {"ann": (1, Decimal("0.00"), 0, 1)}


def test_a_gin_game_with_a_guest_rates_nobody():
    bob, visitor = UserFactory(), guest()
    game = finished_game(player=visitor, opponent=bob, finished_at=WHEN)
    record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied is False
    assert not PlayerRating.objects.filter(user=visitor).exists()
    assert all(
        (row.rating, row.rating_deviation, row.games) == (1500.0, 350.0, 0)
        for row in PlayerRating.objects.filter(user=bob)
    )
    assert services.games_rate_pending(now=WHEN.replace(day=5)) == 0


def test_a_rummy_table_rates_only_the_people_at_it_who_are_not_guests():
    ann, bob, visitor = UserFactory(), UserFactory(), guest()
    game = rummy_game(places=[ann, visitor, bob], totals=[120, -20, -100], finished_at=WHEN)
    record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied
    assert {change["user"] for change in record.changes} == {ann.pk, bob.pk}
    assert {change["user"]: change["score"] for change in record.changes} == {
        ann.pk: 1.0,
        bob.pk: 0.0,
    }
    assert not PlayerRating.objects.filter(user=visitor).exists()
    assert PlayerRating.objects.get(user=ann, variant="rummy").games == 1


def test_a_game_of_guests_only_is_recorded_unrated_and_left_alone_by_the_sweep():
    game = finished_game(player=guest(), opponent=guest(), finished_at=WHEN)
    record = services.game_rate(game_id=game.pk)
    assert record is not None and record.applied is False
    assert not PlayerRating.objects.exists()
    assert services.game_rate(game_id=game.pk) is None
    assert RatedGame.objects.count() == 1


def test_a_claimed_guest_is_on_the_boards_of_open_periods():
    visitor = guest()
    finished_game(player=visitor, difficulty="hard", total=200, finished_at=WHEN)
    assert board("computer") == {}
    guest_claim(user=visitor, username="annie", password="a-brand-new-passphrase-7")
    assert board("computer") == {"annie": (1, Decimal("200.00"), 1, 1)}
