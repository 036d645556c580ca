"""Creating, starting, cancelling; entry conditions; an operator's removal; the planner."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from leaderboards.models import PlayerRating
from tests.factories import UserFactory
from tests.tournaments.app.helpers import GIN_RULES, advance, playing, soon, win
from tournaments import services
from tournaments.errors import (
    AlreadyStarted,
    Banned,
    ConditionsNotMet,
    Forbidden,
    InvalidSettings,
    TooManyOpenTournaments,
    TournamentFull,
)
from tournaments.formats.types import MAX_CAPACITY
from tournaments.models import Entry, Schedule, Tournament, TournamentEvent, TournamentStatus
from tournaments.services.advance import next_wake
from tournaments.services.field import Field


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"format": "arena", "duration_minutes": 30, "table_size": 3}, "table_size"),
        (
            {"format": "arena", "duration_minutes": 30, "variant": "rummy", "table_size": 5},
            "table_size",
        ),
        (
            {"format": "arena", "duration_minutes": 30, "rules": {"target_score": 0}},
            "rules.target_score",
        ),
        (
            {"format": "arena", "duration_minutes": 30, "min_rating": 1600, "max_rating": 1500},
            "min_rating",
        ),
        ({"format": "knockout", "variant": "rummy", "table_size": 3, "best_of": 3}, "best_of"),
        ({"format": "knockout", "best_of": 3, "duplicate": True}, "duplicate"),
        ({"format": "swiss", "rounds": 3, "capacity": 4, "min_players": 6}, "min_players"),
    ],
)
def test_settings_that_make_no_tournament_are_refused_naming_the_field(staff, data, field):
    with pytest.raises(InvalidSettings) as refused:
        services.tournament_create(data={"starts_at": soon(), **data}, by=staff)
    assert field in (refused.value.fields or {})
    assert not Tournament.objects.exists()


def test_a_guest_creates_only_a_private_sit_and_go_and_takes_its_first_seat(db):
    ann = UserFactory(is_guest=True)
    with pytest.raises(Forbidden):
        services.tournament_create(
            data={"format": "arena", "starts_at": soon(30), "duration_minutes": 30}, by=ann
        )
    with pytest.raises(Forbidden):
        services.tournament_create(data={"format": "sit_and_go", "capacity": 4}, by=ann)
    tournament = services.tournament_create(
        data={"format": "sit_and_go", "capacity": 4, "private": True}, by=ann
    )
    assert len(tournament.invite_code) == 6 and tournament.starts_at is not None
    assert Entry.objects.filter(tournament=tournament, user=ann).exists()
    for _ in range(2):
        services.tournament_create(
            data={"format": "sit_and_go", "capacity": 4, "private": True}, by=ann
        )
    with pytest.raises(TooManyOpenTournaments):
        services.tournament_create(
            data={"format": "sit_and_go", "capacity": 4, "private": True}, by=ann
        )


def test_a_private_sit_and_go_is_joined_with_its_code(players):
    ann, bob = players(2)
    tournament = services.tournament_create(
        data={"format": "sit_and_go", "capacity": 2, "private": True, "rules": GIN_RULES},
        by=ann,
    )
    entry = services.tournament_join(user=bob, code=f" {tournament.invite_code.lower()} ")
    assert entry.tournament_id == tournament.pk
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.STARTED and len(playing(tournament)) == 1


def test_below_the_minimum_field_at_the_start_it_is_cancelled(make_tournament, players, clock):
    tournament = make_tournament("arena", duration_minutes=30, min_players=3)
    for user in players(2):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    clock.shift(timedelta(minutes=2))
    tournament = advance(tournament)
    assert tournament.status == TournamentStatus.CANCELLED
    assert TournamentEvent.objects.filter(tournament=tournament, kind="cancelled").exists()
    assert playing(tournament) == []


def test_a_sit_and_go_not_full_by_its_start_is_cancelled(make_tournament, players, clock):
    tournament = make_tournament("sit_and_go", capacity=4, starts_at=soon(5))
    services.tournament_join(user=players(1)[0], tournament_id=tournament.pk)
    clock.shift(timedelta(minutes=6))
    assert advance(tournament).status == TournamentStatus.CANCELLED


def test_the_creator_cancels_only_before_the_start_and_staff_at_any_time(players, staff):
    ann, bob = players(2)
    tournament = services.tournament_create(
        data={"format": "sit_and_go", "capacity": 2, "private": True}, by=ann
    )
    with pytest.raises(Forbidden):
        services.tournament_cancel(tournament_id=tournament.pk, by=bob)
    services.tournament_join(user=bob, code=tournament.invite_code)
    with pytest.raises(AlreadyStarted):
        services.tournament_cancel(tournament_id=tournament.pk, by=ann)
    services.tournament_cancel(tournament_id=tournament.pk, by=staff)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED


def test_entry_conditions_refuse_players_short_of_rated_games_or_outside_the_band(
    make_tournament, players
):
    ann, bob, cat = players(3)
    PlayerRating.objects.create(user=bob, variant="gin", rating=1700, games=12)
    PlayerRating.objects.create(user=cat, variant="gin", rating=1450, games=30)
    tournament = make_tournament(
        "arena", duration_minutes=30, min_rated_games=10, min_rating=1400, max_rating=1600
    )
    with pytest.raises(ConditionsNotMet, match="at least 10"):
        services.tournament_join(user=ann, tournament_id=tournament.pk)
    with pytest.raises(ConditionsNotMet, match="rated 1400 to 1600"):
        services.tournament_join(user=bob, tournament_id=tournament.pk)
    entry = services.tournament_join(user=cat, tournament_id=tournament.pk)
    assert entry.rating == 1450


def test_removing_a_player_concedes_their_game_bars_them_and_rebuilds_the_standings(
    make_tournament, players, clock
):
    ann, bob, cat, dan = players(4)
    tournament = make_tournament("arena", duration_minutes=60)
    for user in (ann, bob, cat, dan):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    clock.shift(tournament.starts_at - timezone.now())
    tournament = advance(tournament)
    first, second = playing(tournament)
    loser = first.seats.get(seat=1).entry.user
    winner = first.seats.get(seat=0).entry.user
    win(first.game_id, winner)
    advance(tournament)
    removed = second.seats.get(seat=0).entry.user
    services.tournament_remove_player(tournament_id=tournament.pk, user_id=removed.pk)
    second.refresh_from_db()
    assert second.status == "finished" and second.conceded_by_id == removed.pk
    entries = {e.user_id: e for e in Entry.objects.filter(tournament=tournament)}
    assert entries[removed.pk].removed and entries[removed.pk].rank is None
    assert sorted(e.rank for e in entries.values() if e.rank) == [1, 2, 3]
    assert entries[winner.pk].score == 2 and entries[loser.pk].score == 0
    with pytest.raises(Banned):
        services.tournament_join(user=removed, tournament_id=tournament.pk)
    assert all(
        removed.pk not in {s.entry.user_id for s in p.seats.all()} for p in playing(tournament)
    )


def _schedules() -> None:
    Schedule.objects.create(
        name="Hourly sit & go",
        cadence="hourly",
        minute=30,
        template={"format": "sit_and_go", "capacity": 8, "rules": GIN_RULES},
    )
    Schedule.objects.create(
        name="Daily arena",
        cadence="daily",
        hour=18,
        timezone="Europe/Paris",
        template={"format": "arena", "duration_minutes": 60},
    )
    Schedule.objects.create(
        name="Weekly Swiss",
        cadence="weekly",
        weekday=5,
        hour=15,
        template={"format": "swiss", "rounds": 5, "variant": "rummy", "table_size": 4},
    )


def test_the_planner_run_twice_creates_each_start_of_the_next_day_once(db):
    _schedules()
    now = datetime(2030, 6, 1, 12, 10, tzinfo=UTC)  # a Saturday
    created = services.schedules_plan(now=now)
    assert sorted(t.schedule.name for t in created).count("Hourly sit & go") == 24
    assert [t.starts_at for t in created if t.format == "arena"] == [
        datetime(2030, 6, 1, 16, 0, tzinfo=UTC)  # 18:00 in Paris, summer time
    ]
    assert [t.starts_at for t in created if t.format == "swiss"] == [
        datetime(2030, 6, 1, 15, 0, tzinfo=UTC)
    ]
    assert len(created) == 26
    assert services.schedules_plan(now=now) == []
    assert services.schedules_plan(now=now + timedelta(minutes=30)) == [
        t for t in Tournament.objects.filter(starts_at=datetime(2030, 6, 2, 12, 30, tzinfo=UTC))
    ]
    assert Tournament.objects.count() == 27
    keys = list(Tournament.objects.values_list("schedule_key", flat=True))
    assert len(keys) == len(set(keys))


def test_a_template_that_makes_no_tournament_is_refused(db):
    with pytest.raises(InvalidSettings):
        services.schedule_template_check({"format": "arena"})
    with pytest.raises(InvalidSettings):
        services.schedule_template_check({"format": "swiss", "rounds": "5"})
    services.schedule_template_check({"format": "swiss", "rounds": 5})


def test_the_next_due_moment_is_queued_once_whatever_the_number_of_runs(
    make_tournament, players, settings, django_capture_on_commit_callbacks
):
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a worker runs the tasks (none is called here)
    settings.TOURNAMENTS_NO_SHOW_SECONDS = 20
    tournament = make_tournament("sit_and_go", capacity=2)
    for user in players(2):
        services.tournament_join(user=user, tournament_id=tournament.pk)
    (pairing,) = playing(tournament)
    field = Field.load(tournament, now=timezone.now())
    assert next_wake(field) == pairing.created_at + timedelta(seconds=20)  # a no-show's grace
    cache.clear()  # forget that the join's own run queued it already
    with django_capture_on_commit_callbacks() as first:
        services.tournament_advance(tournament_id=tournament.pk)
    with django_capture_on_commit_callbacks() as second:
        services.tournament_advance(tournament_id=tournament.pk)
    assert (len(first), len(second)) == (1, 0)


def test_every_format_has_a_capacity_by_default_and_none_takes_more_than_the_maximum(
    staff, players
):
    arena = services.tournament_create(
        data={"format": "arena", "starts_at": soon(5), "duration_minutes": 30}, by=staff
    )
    assert arena.capacity == MAX_CAPACITY
    field = players(MAX_CAPACITY + 1)
    for user in field[:MAX_CAPACITY]:
        services.tournament_join(user=user, tournament_id=arena.pk)
    with pytest.raises(TournamentFull):
        services.tournament_join(user=field[-1], tournament_id=arena.pk)
    Tournament.objects.filter(pk=arena.pk).update(capacity=None)  # as made before the cap
    with pytest.raises(TournamentFull):
        services.tournament_join(user=field[-1], tournament_id=arena.pk)
    for fmt, more in (("swiss", {"rounds": 3}), ("knockout", {})):
        made = services.tournament_create(
            data={"format": fmt, "starts_at": soon(), **more}, by=staff
        )
        assert made.capacity == MAX_CAPACITY
    # The admin and schedules bypass the API's bounds: the check holds there too.
    with pytest.raises(InvalidSettings) as refused:
        services.tournament_create(
            data={"format": "arena", "starts_at": soon(), "duration_minutes": 30, "capacity": 200},
            by=staff,
        )
    assert "capacity" in (refused.value.fields or {})
