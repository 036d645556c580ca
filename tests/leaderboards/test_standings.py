"""Standings refresh: period boundaries, categories and weights, scores and tie-breaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from games.models import GameResult
from leaderboards import services
from leaderboards.models import Period, Standing
from tests.factories import UserFactory
from tests.leaderboards.factories import finished_game

pytestmark = pytest.mark.django_db


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def board(kind: str, start: date, category: str = "humans") -> dict[str, tuple]:
    """{username: (rank, score, wins, games)} of one board."""
    rows = Standing.objects.filter(
        period__kind=kind, period__start=start, category=category
    ).select_related("user")
    return {s.user.username: (s.rank, s.score, s.wins, s.games) for s in rows}


def refresh_all(*starts: tuple[str, date]) -> None:
    for kind, start in starts:
        period = services.period_get_or_create(kind=kind, start=start)
        assert services.standings_refresh(period_id=period.pk)


def test_sunday_235959_counts_in_that_week_and_monday_midnight_in_the_next():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=200, finished_at=at(2025, 3, 9, 23, 59, 59))
    finished_game(player=bob, opponent=ann, total=120, finished_at=at(2025, 3, 10, 0, 0, 0))
    refresh_all(("weekly", date(2025, 3, 3)), ("weekly", date(2025, 3, 10)))

    assert board("weekly", date(2025, 3, 3)) == {
        "ann": (1, Decimal("200.00"), 1, 1),
        "bob": (2, Decimal("0.00"), 0, 1),
    }
    assert board("weekly", date(2025, 3, 10)) == {
        "bob": (1, Decimal("120.00"), 1, 1),
        "ann": (2, Decimal("0.00"), 0, 1),
    }


def test_month_and_year_rollover():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=150, finished_at=at(2024, 12, 31, 23, 59, 59))
    finished_game(player=ann, opponent=bob, total=170, finished_at=at(2025, 1, 1, 0, 0, 0))
    refresh_all(
        ("monthly", date(2024, 12, 1)),
        ("monthly", date(2025, 1, 1)),
        ("weekly", date(2024, 12, 30)),  # ISO week 1 of 2025 starts on 30 December 2024
        ("all-time", date(1970, 1, 1)),
    )
    assert board("monthly", date(2024, 12, 1))["ann"] == (1, Decimal(150), 1, 1)
    assert board("monthly", date(2025, 1, 1))["ann"] == (1, Decimal(170), 1, 1)
    assert board("weekly", date(2024, 12, 30))["ann"] == (1, Decimal(320), 2, 2)
    assert board("all-time", date(1970, 1, 1))["ann"] == (1, Decimal(320), 2, 2)


def test_29_february_is_in_february_and_in_its_week():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    finished_game(player=ann, opponent=bob, total=130, finished_at=at(2024, 2, 29, 23, 59, 59))
    finished_game(player=ann, opponent=bob, total=110, finished_at=at(2024, 3, 1, 0, 0, 0))
    refresh_all(
        ("monthly", date(2024, 2, 1)), ("monthly", date(2024, 3, 1)), ("weekly", date(2024, 2, 26))
    )
    assert board("monthly", date(2024, 2, 1))["ann"][1:] == (Decimal(130), 1, 1)
    assert board("monthly", date(2024, 3, 1))["ann"][1:] == (Decimal(110), 1, 1)
    assert board("weekly", date(2024, 2, 26))["ann"][1:] == (Decimal(240), 2, 2)


def test_computer_wins_are_weighted_by_level_and_kept_apart_from_humans():
    farmer, hard, person = (UserFactory(username=n) for n in ("farmer", "hard", "person"))
    when = at(2025, 3, 4, 12)
    for _ in range(3):  # three easy wins of 200: 3 * 200 * 0.25 = 150
        finished_game(player=farmer, difficulty="easy", total=200, finished_at=when)
    finished_game(player=hard, difficulty="hard", total=160, finished_at=when)  # 160
    finished_game(player=hard, difficulty="medium", total=101, finished_at=when)  # 50.5
    finished_game(player=hard, difficulty="hard", won=False, total=60, finished_at=when)
    finished_game(player=person, opponent=farmer, total=300, finished_at=when)
    refresh_all(("weekly", date(2025, 3, 3)))

    assert board("weekly", date(2025, 3, 3), "computer") == {
        "hard": (1, Decimal("210.50"), 2, 3),
        "farmer": (2, Decimal("150.00"), 3, 3),
    }
    assert board("weekly", date(2025, 3, 3), "humans") == {
        "person": (1, Decimal(300), 1, 1),
        "farmer": (2, Decimal(0), 0, 1),
    }


def test_conceded_game_is_a_win_with_the_total_at_that_moment_and_a_game_for_both():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    # bob conceded while ann had 45 (no game bonus) and bob 70.
    finished_game(
        player=ann,
        opponent=bob,
        total=45,
        opponent_total=70,
        reason="concede",
        finished_at=at(2025, 3, 4),
    )
    finished_game(
        player=ann,
        opponent=bob,
        won=False,
        total=12,
        opponent_total=30,
        reason="timeout",
        finished_at=at(2025, 3, 5),
    )
    refresh_all(("weekly", date(2025, 3, 3)))
    assert board("weekly", date(2025, 3, 3)) == {
        "ann": (1, Decimal(45), 1, 2),
        "bob": (2, Decimal(30), 1, 2),
    }


def test_tie_on_score_goes_to_more_wins():
    a, b = UserFactory(username="a"), UserFactory(username="b")
    loser = UserFactory(username="z")
    finished_game(player=a, opponent=loser, total=200, finished_at=at(2025, 3, 4, 10))
    finished_game(player=b, opponent=loser, total=100, finished_at=at(2025, 3, 4, 9))
    finished_game(player=b, opponent=loser, total=100, finished_at=at(2025, 3, 4, 8))
    refresh_all(("weekly", date(2025, 3, 3)))
    result = board("weekly", date(2025, 3, 3))
    assert result["b"][:3] == (1, Decimal(200), 2)
    assert result["a"][:3] == (2, Decimal(200), 1)


def test_tie_on_score_and_wins_goes_to_fewer_games():
    a, b = UserFactory(username="a"), UserFactory(username="b")
    loser = UserFactory(username="z")
    finished_game(player=a, opponent=loser, total=200, finished_at=at(2025, 3, 4, 8))
    finished_game(player=a, opponent=loser, won=False, total=10, finished_at=at(2025, 3, 4, 7))
    finished_game(player=b, opponent=loser, total=200, finished_at=at(2025, 3, 4, 9))
    refresh_all(("weekly", date(2025, 3, 3)))
    result = board("weekly", date(2025, 3, 3))
    assert result["b"] == (1, Decimal(200), 1, 1)
    assert result["a"] == (2, Decimal(200), 1, 2)


def test_full_tie_goes_to_who_reached_the_score_first():
    a, b = UserFactory(username="a"), UserFactory(username="b")
    loser = UserFactory(username="z")
    # a's last win is later than b's, although a's first win was the earliest of all.
    finished_game(player=a, opponent=loser, total=100, finished_at=at(2025, 3, 3, 1))
    finished_game(player=a, opponent=loser, total=100, finished_at=at(2025, 3, 5, 1))
    finished_game(player=b, opponent=loser, total=150, finished_at=at(2025, 3, 4, 1))
    finished_game(player=b, opponent=loser, total=50, finished_at=at(2025, 3, 4, 2))
    refresh_all(("weekly", date(2025, 3, 3)))
    result = board("weekly", date(2025, 3, 3))
    assert result["b"] == (1, Decimal(200), 2, 2)
    assert result["a"] == (2, Decimal(200), 2, 2)
    reached = Standing.objects.get(user=b, category="humans", period__kind="weekly").reached_at
    assert reached == at(2025, 3, 4, 2)


def test_players_tied_on_everything_share_a_rank_and_the_next_rank_is_skipped():
    a, b, c = (UserFactory(username=n) for n in "abc")
    loser = UserFactory(username="z")
    same = at(2025, 3, 4, 12)
    for winner, total in ((a, 200), (b, 200), (c, 100)):
        finished_game(player=winner, opponent=loser, total=total, finished_at=same)
    refresh_all(("weekly", date(2025, 3, 3)))
    ranks = {name: row[0] for name, row in board("weekly", date(2025, 3, 3)).items()}
    assert ranks == {"a": 1, "b": 1, "c": 3, "z": 4}


def test_refresh_updates_changed_rows_and_drops_players_who_no_longer_qualify():
    ann, bob, cy = (UserFactory(username=n) for n in ("ann", "bob", "cy"))
    first = finished_game(player=ann, opponent=bob, total=150, finished_at=at(2025, 3, 4))
    refresh_all(("weekly", date(2025, 3, 3)))
    assert set(board("weekly", date(2025, 3, 3))) == {"ann", "bob"}

    finished_game(player=cy, opponent=ann, total=400, finished_at=at(2025, 3, 5))
    GameResult.objects.filter(game=first).delete()  # e.g. a game removed by an admin
    refresh_all(("weekly", date(2025, 3, 3)))
    assert board("weekly", date(2025, 3, 3)) == {
        "cy": (1, Decimal(400), 1, 1),
        "ann": (2, Decimal(0), 0, 1),
    }

    cy.is_active = False  # deactivated players leave the boards
    cy.save(update_fields=["is_active"])
    refresh_all(("weekly", date(2025, 3, 3)))
    assert board("weekly", date(2025, 3, 3)) == {"ann": (1, Decimal(0), 0, 1)}


def test_refreshing_twice_gives_the_same_rows():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    for day in (4, 5, 6):
        finished_game(player=ann, opponent=bob, total=100 + day, finished_at=at(2025, 3, day))
    refresh_all(("weekly", date(2025, 3, 3)))
    rows = list(Standing.objects.order_by("pk").values())
    refresh_all(("weekly", date(2025, 3, 3)))
    assert list(Standing.objects.order_by("pk").values()) == rows
    assert board("weekly", date(2025, 3, 3))["ann"] == (1, Decimal(315), 3, 3)


def test_refresh_open_creates_the_current_periods_and_refreshes_them():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    now = at(2025, 3, 5, 12)
    finished_game(player=ann, opponent=bob, total=150, finished_at=now - timedelta(hours=1))
    outcome = services.standings_refresh_open(now=now)
    # Nothing to close: no game before this week.
    assert outcome == {"closed": 0, "refreshed": 3}
    kinds = dict(Period.objects.filter(closed_at__isnull=True).values_list("kind", "start"))
    assert kinds == {
        "weekly": date(2025, 3, 3),
        "monthly": date(2025, 3, 1),
        "all-time": date(1970, 1, 1),
    }
    for kind, start in kinds.items():
        assert board(kind, start)["ann"] == (1, Decimal(150), 1, 1)
        assert Period.objects.get(kind=kind, start=start).refreshed_at == now


def test_a_quick_refresh_leaves_the_all_time_board_to_the_minute_refresh():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    now = at(2025, 3, 5, 12)
    finished_game(player=ann, opponent=bob, total=150, finished_at=now)
    outcome = services.standings_refresh_open(now=now, kinds=services.QUICK_KINDS)
    assert outcome == {"closed": 0, "refreshed": 2}
    assert Period.objects.get(kind="all-time").refreshed_at is None
    assert set(Standing.objects.values_list("period__kind", flat=True)) == {"weekly", "monthly"}
    week = Period.objects.get(kind="weekly")
    assert week.players == {"humans": 2, "computer": 0}
